package peterson

import (
	"embed"
	"math/bits"
	"math/rand/v2"
	"slices"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/election"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is Peterson's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID:     "peterson",
	Family: algo.FamilyElection,
	View:   algo.ViewRing,
	Params: []param.Spec{
		kit.N(2, 8, 100000),
		kit.IDs(),
		idOrder(),
		{Name: "announce", Type: param.Bool, Default: true},
		kit.Delay(engine.Delay{Min: 1, Max: 1}),
		kit.FIFO(),
		kit.Loss(),
	},
	MessageTypes: []string{msgElection, msgElected},
	Looks:        algo.LooksInOrder(msgElection, msgElected),
	Roles: []algo.Role{
		{Name: active, Tone: "active", Halo: "solid"},
		{Name: relay, Tone: "relay", Icon: "chevron"},
		{Name: "leader", Tone: "leader", Icon: "crown", Rare: true},
		{Name: "informed", Tone: "informed", Icon: "check"},
		{Name: "crashed", Tone: "crashed", Icon: "cross", Rare: true},
	},
	Vars: []algo.Var{
		{Name: "id", Kind: "number"},
		{Name: "state", Kind: "text"},
		{Name: "support", Kind: "number"},
		{Name: "phase", Kind: "number"},
		{Name: "value1", Kind: "number"},
		{Name: "value2", Kind: "number"},
		{Name: "leader", Kind: "number"},
	},
	Outcome: []algo.Var{
		{Name: "leader", Kind: "position"},
		{Name: "winner", Kind: "number"},
		{Name: "agree", Kind: "flag"},
		{Name: "elected", Kind: "positions"},
		{Name: "knowing", Kind: "number"},
		{Name: "live", Kind: "number"},
		{Name: "phase", Kind: "number"},
		{Name: "active", Kind: "number"},
		{Name: "phases", Kind: "number"},
		{Name: "activePerPhase", Kind: "value"},
		{Name: "messagesPerPhase", Kind: "value"},
	},
	Actions:    []algo.ActionSpec{},
	Invariants: []algo.Doc{{Name: "uniqueness"}, {Name: "agreement"}, {Name: "halving"}, {Name: "termination"}},
	Theory: []algo.Bound{
		{ID: "upper", Formula: "2n(⌊log₂ n⌋+1)", Counts: msgElection, Measure: byType + msgElection,
			Eval: func(v param.Values) float64 { n := v.Int("n"); return float64(2 * n * (log2(n) + 1)) }},
		{ID: "worst", Formula: "n(2⌊log₂ n⌋+1)", Counts: msgElection, Measure: byType + msgElection,
			Eval: func(v param.Values) float64 { n := v.Int("n"); return float64(n * (2*log2(n) + 1)) }},
		{ID: "best", Formula: "3n", Counts: msgElection, Measure: byType + msgElection,
			Eval: func(v param.Values) float64 { return float64(3 * v.Int("n")) }},
		{ID: "phases", Formula: "⌊log₂ n⌋+1", Measure: "outcome.phases",
			Eval: func(v param.Values) float64 { return float64(log2(v.Int("n")) + 1) }},
		{ID: "announcement", Formula: "n", Counts: msgElected, Measure: byType + msgElected, Applies: announces,
			Eval: func(v param.Values) float64 { return float64(v.Int("n")) }},
		{ID: "chang-roberts", Formula: "n(n+1)/2", Reference: true,
			Eval: func(v param.Values) float64 { n := float64(v.Int("n")); return n * (n + 1) / 2 }},
	},
	Scenarios: []algo.Scenario{
		{ID: "lecture", Params: map[string]any{"n": 8, "ids": lectureIDs}},
		{ID: "worst-case", Params: map[string]any{"n": 8, "idOrder": "worst"}},
		{ID: "best-case", Params: map[string]any{"n": 8, "idOrder": "increasing"}},
		{ID: "random", Params: map[string]any{"n": 16, "idOrder": "random"}, Seed: 1},
		{ID: "no-announcement", Params: map[string]any{"n": 8, "idOrder": "random", "announce": false}, Seed: 2},
		{ID: "non-fifo", Params: map[string]any{"n": 8, "idOrder": "random", "fifo": false,
			"delay": map[string]any{"min": 1, "max": 6}}, Seed: 3},
	},
	Experiments: presets,
	Complete:    complete,
	Make:        build,
}, algo.Merge(kit.Texts, election.Texts, algo.MustTexts(files)))

const byType = "messages.byType."

// lectureIDs is the lecture-like ring of eight: three processes stay active
// after phase 1 (those behind the local maxima 7, 5 and 6), one after phase
// 2, and it is elected in phase 3.
var lectureIDs = []int{3, 7, 2, 5, 1, 6, 4, 0}

// ringSizes are the presets' n: doubling, so a logarithmic axis spaces them evenly.
var ringSizes = []any{4, 8, 16, 32, 64, 128, 256, 512}

var presets = []algo.Preset{
	{ID: "messages",
		Vary:  map[string][]any{"n": ringSizes, "idOrder": {"worst", "random", "increasing"}},
		Seeds: algo.Seeds{From: 1, Count: 20},
		Plot:  algo.Plot{Kind: algo.PlotLine, X: "n", Y: byType + msgElection, Log: true, Series: "idOrder"}},
	{ID: "phases",
		Vary:  map[string][]any{"n": ringSizes, "idOrder": {"worst", "random"}},
		Seeds: algo.Seeds{From: 1, Count: 20},
		Plot:  algo.Plot{Kind: algo.PlotLine, X: "n", Y: "outcome.phases", Log: true, Series: "idOrder"}},
	{ID: "spread", Params: map[string]any{"n": 64, "idOrder": "random"},
		Vary:  map[string][]any{},
		Seeds: algo.Seeds{From: 1, Count: 500},
		Plot:  algo.Plot{Kind: algo.PlotHistogram, Y: "outcome.phases"}},
}

// idOrder is the kit's with one more layout: worst, in which the active
// processes halve in every phase.
func idOrder() param.Spec {
	s := kit.IDOrder()
	s.Options = append(slices.Clone(s.Options), "worst")
	return s
}

func announces(v param.Values) bool { return v.Bool("announce") }

// log2 is ⌊log₂ n⌋ for n ≥ 1.
func log2(n int) int { return bits.Len(uint(n)) - 1 }

func complete(v param.Values, rng *rand.Rand) error {
	if !v.Has("ids") && v.String("idOrder") == "worst" {
		v.SetInts("ids", worstIDs(v.Int("n")))
		return nil
	}
	return kit.CompleteIDs(v, rng)
}

// worstIDs lays out 0..n−1 so that Peterson takes ⌊log₂ n⌋+1 phases, the
// most there can be. A phase keeps, in ring order, exactly the values that
// are local maxima (larger than both neighbours' values): the process behind
// each stays active and adopts it. So build the rings of values from the
// last phase back: a phase of a values (a = ⌊n/2ʲ⌋) puts the next phase's
// ⌊a/2⌋ values at every other place and fills the places between with
// values smaller than all of them, which are then no local maxima.
func worstIDs(n int) []int {
	sizes := []int{}
	for a := n; a >= 1; a /= 2 {
		sizes = append(sizes, a)
	}
	ring := []int{n - 1}
	nextLow := n - 2 // fillers are taken downwards, so each level's are below all values above it
	for j := len(sizes) - 2; j >= 0; j-- {
		a := sizes[j]
		wider := make([]int, 0, a)
		for _, x := range ring {
			wider = append(wider, x, nextLow)
			nextLow--
		}
		if len(wider) < a { // a odd: one more filler
			wider = append(wider, nextLow)
			nextLow--
		}
		ring = wider
	}
	return ring
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	ids := v.Ints("ids")
	announce := v.Bool("announce")
	procs := make([]engine.Process, len(ids))
	starts := make([]engine.StartAt, len(ids))
	for p, id := range ids {
		procs[p] = newNode(id, announce)
		starts[p] = engine.StartAt{Node: p}
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Invariants: []engine.Invariant{elect(slices.Max(ids)), election.KnowsMax(ids), halving()},
		Final:      []engine.Invariant{terminates(announce)},
		Outcome:    outcomeOf,
	}
	kit.Network(&cfg, v)
	return cfg, kit.PositionLabels(ids), nil
}
