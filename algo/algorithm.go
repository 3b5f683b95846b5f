// Package algo says what an algorithm is to distviz: a registry entry
// (parameters, message types, actions, invariants, the theory's message
// counts, scenarios, experiment presets, texts in every language) and the
// per-process state machines its Make function builds for the engine. Each
// algorithm lives in a folder of its own under algos/; the catalog in algos
// lists them in picker order.
package algo

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"distviz/engine"
	"distviz/param"
)

// Family groups algorithms in the picker.
const (
	FamilyElection = "election"
	FamilyMutex    = "mutex"
	FamilyGroup    = "group"
	FamilyTime     = "time" // clocks and their synchronisation
)

// FamilyFailure is the failure detectors' family.
const FamilyFailure = "failure"

// Views say which SVG view draws an algorithm.
const (
	ViewRing     = "ring"
	ViewComplete = "complete"
	ViewTree     = "tree"
	ViewGrid     = "grid"
	ViewGroup    = "group"
	ViewClocks   = "clocks" // every process's clock against real time
	ViewGraph    = "graph"
)

// Algorithm is a registry entry.
type Algorithm struct {
	ID           string       `json:"id"`
	Name         string       `json:"name"`
	Family       string       `json:"family"`
	View         string       `json:"view"`
	Summary      string       `json:"summary"`
	Params       []param.Spec `json:"params"`
	MessageTypes []string     `json:"messageTypes"`
	Actions      []ActionSpec `json:"actions"`
	Invariants   []Doc        `json:"invariants"`
	Theory       []Bound      `json:"theory"`
	Scenarios    []Scenario   `json:"scenarios"`
	// Experiments are ready-made experiments (POST /api/experiments) that
	// reproduce the lectures' statements about message counts; register
	// takes them from the presets table in experiments.go.
	Experiments []Preset `json:"experiments"`
	// Bus says the processes sit on a bus of cables (engine.Topology): the
	// views draw the cables, and a device cannot crash (it drops off the bus:
	// unplug). Hotplug says devices can be plugged in and out during a run
	// (the plug and unplug actions). TimeUnit names the unit of virtual time
	// ("ns" for FireWire; empty: abstract ticks).
	Bus      bool   `json:"bus,omitempty"`
	Hotplug  bool   `json:"hotplug,omitempty"`
	TimeUnit string `json:"timeUnit,omitempty"`
	// I18n translates the English texts the page shows: language ("de",
	// "es") → English text → its translation. Define derives it from Text,
	// so the page gets the translations with the registry it embeds.
	I18n map[string]map[string]string `json:"i18n"`
	// Roles, Vars, Outcome and Looks are the vocabulary the page draws
	// from (vocab.go): each role's look, each process variable's and
	// outcome field's kind, each message type's look.
	Roles   []Role        `json:"roles"`
	Vars    []Var         `json:"vars"`
	Outcome []Var         `json:"outcome"`
	Looks   []MessageLook `json:"looks"`
	// Labels are the views' words for the vocabulary, by language and key
	// (role.<name>, var.<name>, outcome.<name>): Define takes them from Text.
	Labels map[string]map[string]string `json:"labels"`
	// Text is the algorithm's texts in every language under stable keys,
	// its folder's texts/*.json merged over its kits' (see Texts).
	Text Texts `json:"-"`

	// Complete fills computed defaults (using the run's seeded generator)
	// and checks what single-parameter bounds cannot (lengths, distinctness).
	Complete func(v param.Values, rng *rand.Rand) error `json:"-"`
	// Make turns resolved parameters into the engine's configuration.
	Make func(v param.Values) (engine.Config, []Node, error) `json:"-"`
}

// ActionSpec is an algorithm-specific action on a process, offered in the UI.
type ActionSpec struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Doc   string `json:"description"`
}

// Doc names and explains an invariant.
type Doc struct {
	Name string `json:"name"`
	Doc  string `json:"description"`
}

// Bound is a published message count, evaluated for a run's parameters.
type Bound struct {
	// ID names the bound's texts: bound.<ID>, bound.<ID>.when, bound.<ID>.counts.
	ID      string `json:"-"`
	Name    string `json:"name"`           // "worst case", "best case", "average"
	Formula string `json:"formula"`        // as the lecture prints it, e.g. "n(n+1)/2"
	Counts  string `json:"counts"`         // what is counted, e.g. "ELECTION messages"
	When    string `json:"when,omitempty"` // when it applies, e.g. "variant lcr"
	// Measure is the row field the bound predicts, as the experiments name
	// it ("messages.sent", "messages.byType.ELECTION",
	// "outcome.messagesPerEntry", "outcome.contentionRounds"); every bound
	// names one unless it is a Reference.
	Measure string `json:"measure,omitempty"`
	// Reference marks a bound that predicts no measured value (a lower
	// bound for every algorithm of a kind): it has no Measure.
	Reference bool                         `json:"-"`
	Eval      func(v param.Values) float64 `json:"-"`
	// Distribution, where the theory predicts more than a mean, gives the
	// probability of each value (FireWire's contention rounds: ½, ¼, …), for
	// histograms; nil: none.
	Distribution func(v param.Values) []Prob `json:"-"`
	Applies      func(v param.Values) bool   `json:"-"` // nil: always
}

// Scenario is a named parameter set; the lecture's worked examples come first.
type Scenario struct {
	ID     string         `json:"id"`
	Name   string         `json:"name"`
	Doc    string         `json:"description"`
	Params map[string]any `json:"params"`
	Seed   int64          `json:"seed"`
	// Violates names the invariants the scenario shows broken (a crashed
	// coordinator's deadlock, a timeout too short): the run must end with
	// exactly these violated, and a scenario without any must break none.
	Violates []string `json:"violates,omitempty"`
}

// Node describes a process for views and traces.
type Node struct {
	ID    int    `json:"id"`    // the election ID (the value compared)
	Label string `json:"label"` // how narration names it, e.g. "P4"
}

// Evaluated is a Bound's value for one run.
type Evaluated struct {
	Name    string  `json:"name"`
	Formula string  `json:"formula"`
	Counts  string  `json:"counts"`
	When    string  `json:"when,omitempty"`
	Measure string  `json:"measure"` // "" for a reference that predicts no measured value
	Value   float64 `json:"value"`
	// Distribution is the predicted probability of each value, if the theory gives one.
	Distribution []Prob `json:"distribution,omitempty"`
}

// Prob is one value of a predicted distribution and its probability.
type Prob struct {
	X float64 `json:"x"`
	P float64 `json:"p"`
}

// MaxSeed keeps seeds exact in JavaScript numbers.
const MaxSeed = 1<<53 - 1

// Scenario finds a named scenario.
func (a *Algorithm) Scenario(id string) (Scenario, error) {
	for _, s := range a.Scenarios {
		if s.ID == id {
			return s, nil
		}
	}
	return Scenario{}, fmt.Errorf("%s has no scenario %q", a.ID, id)
}

// Resolve checks raw parameters and fills every default, including the ones
// computed from the seed, so that the result alone reproduces the run.
func (a *Algorithm) Resolve(raw map[string]json.RawMessage, seed int64) (param.Values, error) {
	if err := checkSeed(seed); err != nil {
		return param.Values{}, err
	}
	v, err := param.Resolve(a.Params, raw)
	if err != nil {
		return v, err
	}
	return v, a.complete(v, seed)
}

// Seeded is Resolve for many seeds of the same raw parameters: base is
// param.Resolve's answer for them (checked once), and Seeded fills in, on a
// copy, what the seed computes.
func (a *Algorithm) Seeded(base param.Values, seed int64) (param.Values, error) {
	if err := checkSeed(seed); err != nil {
		return param.Values{}, err
	}
	v := base.Clone()
	return v, a.complete(v, seed)
}

func checkSeed(seed int64) error {
	if seed < 0 || seed > MaxSeed {
		return fmt.Errorf("seed %d is outside 0..%d", seed, int64(MaxSeed))
	}
	return nil
}

// complete fills the defaults computed from the seed.
func (a *Algorithm) complete(v param.Values, seed int64) error {
	if a.Complete == nil {
		return nil
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x706172616d73)) // "params"
	return a.Complete(v, rng)
}

// ResolveAny is Resolve for parameters given as Go values (as a JSON request
// would carry them): the form tests and tools use.
func (a *Algorithm) ResolveAny(params map[string]any, seed int64) (param.Values, error) {
	raw := make(map[string]json.RawMessage, len(params))
	for k, v := range params {
		b, err := json.Marshal(v)
		if err != nil {
			return param.Values{}, fmt.Errorf("parameter %s: %w", k, err)
		}
		raw[k] = b
	}
	return a.Resolve(raw, seed)
}

// Build makes the engine configuration and node descriptions for resolved parameters.
func (a *Algorithm) Build(v param.Values) (engine.Config, []Node, error) {
	cfg, nodes, err := a.Make(v)
	if err != nil {
		return cfg, nil, err
	}
	cfg.MessageTypes = a.MessageTypes
	return cfg, nodes, nil
}

// Evaluate gives the theory's counts for a run's parameters.
func (a *Algorithm) Evaluate(v param.Values) []Evaluated {
	out := make([]Evaluated, 0, len(a.Theory))
	for _, b := range a.Theory {
		if b.Applies != nil && !b.Applies(v) {
			continue
		}
		e := Evaluated{Name: b.Name, Formula: b.Formula, Counts: b.Counts, When: b.When, Value: b.Eval(v)}
		if !b.Reference {
			e.Measure = b.Measure
		}
		if b.Distribution != nil {
			e.Distribution = b.Distribution(v)
		}
		out = append(out, e)
	}
	return out
}
