package changroberts

import (
	"embed"
	"math"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/election"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is Chang–Roberts' registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID:     "chang-roberts",
	Family: algo.FamilyElection,
	View:   algo.ViewRing,
	Params: []param.Spec{
		kit.N(2, 8, 100000),
		{Name: "variant", Type: param.Enum, Default: "lcr", Options: []string{"lcr", "participant"}},
		kit.Positions("initiators"),
		kit.IDs(),
		kit.IDOrder(),
		kit.Delay(engine.Delay{Min: 1, Max: 1}),
		kit.FIFO(),
		kit.Loss(),
	},
	MessageTypes: []string{msgElection, msgElected},
	Looks:        algo.LooksInOrder(msgElection, msgElected),
	Roles: []algo.Role{
		{Name: "idle", Tone: "idle"},
		{Name: "leader", Tone: "leader", Icon: "crown", Rare: true},
		{Name: "informed", Tone: "informed", Icon: "check"},
		{Name: "electable", Tone: "candidate", Halo: "dashed"},
		{Name: "relay", Tone: "relay", Icon: "chevron"},
		{Name: "participant", Tone: "active", Halo: "solid"},
		{Name: "crashed", Tone: "crashed", Icon: "cross", Rare: true},
	},
	Vars: []algo.Var{
		{Name: "id", Kind: "number"},
		{Name: "electable", Kind: "flag"},
		{Name: "participant", Kind: "flag"},
		{Name: "leader", Kind: "number"},
	},
	Outcome:    election.OutcomeVars,
	Actions:    []algo.ActionSpec{{ID: actStart}},
	Invariants: []algo.Doc{{Name: "uniqueness"}, {Name: "agreement"}, {Name: "termination"}},
	Theory: []algo.Bound{
		{ID: "worst", Formula: "n(n+1)/2", Counts: msgElection, Measure: byType + msgElection, Applies: isLCR,
			Eval: func(v param.Values) float64 { n := float64(v.Int("n")); return n * (n + 1) / 2 }},
		{ID: "average", Formula: "n·H_n", Counts: msgElection, Measure: byType + msgElection, Applies: isLCR,
			Eval: func(v param.Values) float64 { n := v.Int("n"); return float64(n) * kit.Harmonic(n) }},
		{ID: "best", Formula: "2n−1", Counts: msgElection, Measure: byType + msgElection, Applies: isLCR,
			Eval: func(v param.Values) float64 { return float64(2*v.Int("n") - 1) }},
		{ID: "announcement", Formula: "n", Counts: msgElected, Measure: byType + msgElected,
			Eval: func(v param.Values) float64 { return float64(v.Int("n")) }},
		{ID: "lower", Formula: "n·log₂n", Reference: true,
			Eval: func(v param.Values) float64 { n := float64(v.Int("n")); return n * math.Log2(n) }},
		{ID: "fewest", Formula: "2n", Measure: "messages.sent", Applies: isParticipantVariant,
			Eval: func(v param.Values) float64 { return float64(2 * v.Int("n")) }},
		{ID: "most", Formula: "3n−1", Measure: "messages.sent", Applies: isParticipantVariant,
			Eval: func(v param.Values) float64 { return float64(3*v.Int("n") - 1) }},
	},
	Scenarios: []algo.Scenario{
		{ID: "worst-case", Params: map[string]any{"n": 8, "variant": "lcr", "idOrder": "decreasing"}},
		{ID: "best-case", Params: map[string]any{"n": 8, "variant": "lcr", "idOrder": "increasing"}},
		{ID: "random", Params: map[string]any{"n": 8, "variant": "lcr", "idOrder": "random"}, Seed: 1},
		{ID: "one-starter", Params: map[string]any{"n": 8, "variant": "participant", "initiators": []int{0}}, Seed: 1},
		{ID: "several-starters", Params: map[string]any{"n": 8, "variant": "participant", "initiators": []int{0, 3, 5}}, Seed: 1},
	},
	Experiments: presets,
	Complete:    complete,
	Make:        build,
}, algo.Merge(kit.Texts, election.Texts, algo.MustTexts(files)))

const byType = "messages.byType."

// ringSizes are the presets' n: doubling, so a logarithmic axis spaces them evenly.
var ringSizes = []any{4, 8, 16, 32, 64, 128}

var presets = []algo.Preset{
	{ID: "cases", Params: map[string]any{"variant": "lcr"},
		Vary:  map[string][]any{"n": ringSizes, "idOrder": {"decreasing", "increasing", "random"}},
		Seeds: algo.Seeds{From: 1, Count: 20},
		Plot:  algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.byType.ELECTION", Log: true, Series: "idOrder"}},
	{ID: "average", Params: map[string]any{"variant": "lcr", "idOrder": "random"},
		Vary:  map[string][]any{"n": ringSizes},
		Seeds: algo.Seeds{From: 1, Count: 200},
		Plot:  algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.byType.ELECTION", Log: true}},
	{ID: "spread", Params: map[string]any{"n": 16, "variant": "lcr", "idOrder": "random"},
		Vary:  map[string][]any{},
		Seeds: algo.Seeds{From: 1, Count: 1000},
		Plot:  algo.Plot{Kind: algo.PlotHistogram, Y: "messages.byType.ELECTION"}},
	{ID: "participant", Params: map[string]any{"variant": "participant", "initiators": []int{0}, "idOrder": "random"},
		Vary:  map[string][]any{"n": ringSizes},
		Seeds: algo.Seeds{From: 1, Count: 50},
		Plot:  algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.sent", Log: true}},
}

func isLCR(v param.Values) bool                { return v.String("variant") == "lcr" }
func isParticipantVariant(v param.Values) bool { return v.String("variant") == "participant" }

func complete(v param.Values, rng *rand.Rand) error {
	if err := kit.CompleteIDs(v, rng); err != nil {
		return err
	}
	_, err := kit.CheckPositions(v, "initiators")
	return err
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	ids := v.Ints("ids")
	lcr := isLCR(v)
	procs := make([]engine.Process, len(ids))
	for p, id := range ids {
		procs[p] = &node{id: id, lcr: lcr, electable: lcr}
	}
	var starts []engine.StartAt
	if lcr {
		for p := range ids {
			starts = append(starts, engine.StartAt{Node: p})
		}
	} else {
		initiators := v.Ints("initiators")
		if len(initiators) == 0 {
			initiators = []int{0}
		}
		for _, p := range initiators {
			starts = append(starts, engine.StartAt{Node: p})
		}
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Invariants: []engine.Invariant{election.UniqueMax(ids), election.KnowsMax(ids)},
		Final:      []engine.Invariant{election.EveryoneKnows()},
		Outcome:    election.OutcomeOf,
	}
	kit.Network(&cfg, v)
	return cfg, kit.PositionLabels(ids), nil
}
