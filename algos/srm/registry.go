package srm

import (
	"embed"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/group"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// lectureTree is the scenarios' tree: P0 the source; links [a, b, length].
var lectureTree = [][]int{{0, 1, 1}, {0, 2, 2}, {1, 3, 1}, {1, 4, 2}, {2, 5, 1}, {5, 6, 1}, {5, 7, 2}}

// Algorithm is SRM's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "srm", Family: algo.FamilyGroup, View: algo.ViewGroup,
	Params: []param.Spec{
		kit.N(2, 8, 64),
		{Name: "edges", Type: param.Lists, Min: param.Bound(0), Max: param.Bound(1e6)},
		group.Messages(),
		group.Interval(),
		kit.Loss(),
		{Name: "lose", Type: param.Lists, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "sessions", Type: param.Int, Default: 2, Min: param.Bound(0), Max: param.Bound(100)},
		{Name: "suppression", Type: param.Bool, Default: true},
		{Name: "C1", Type: param.Float, Default: 2.0, Min: param.Bound(0), Max: param.Bound(100)},
		{Name: "C2", Type: param.Float, Default: 2.0, Min: param.Bound(0), Max: param.Bound(100)},
		{Name: "D1", Type: param.Float, Default: 1.0, Min: param.Bound(0), Max: param.Bound(100)},
		{Name: "D2", Type: param.Float, Default: 1.0, Min: param.Bound(0), Max: param.Bound(100)},
	},
	MessageTypes: []string{group.MsgData, group.MsgNack, group.MsgRepair, msgSession},
	Looks: []algo.MessageLook{group.Looks[0], group.Looks[2], group.Looks[3],
		{Type: msgSession, Color: 4, Glyph: "down"}},
	Roles: group.Roles,
	Vars: group.Vars(
		algo.Var{Name: "distance", Kind: "duration"},
		algo.Var{Name: "requestsSent", Kind: "number", Use: "controlSent"},
	),
	Outcome:    outcomeVars,
	Invariants: group.Invariants,
	Theory: []algo.Bound{
		{ID: "suppressed", Formula: "≈ 1", Measure: "outcome.nacksPerLoss",
			Eval: func(param.Values) float64 { return 1 }, Applies: func(v param.Values) bool { return v.Bool("suppression") }},
	},
	Scenarios: []algo.Scenario{
		{ID: "subtree-loss", Params: map[string]any{"n": 8, "edges": lectureTree, "lose": [][]int{{1, 0, 1}}}, Seed: 1},
		{ID: "no-suppression", Params: map[string]any{"n": 8, "edges": lectureTree, "lose": [][]int{{1, 0, 1}}, "suppression": false}, Seed: 1},
		{ID: "far-loss", Params: map[string]any{"n": 8, "edges": lectureTree, "lose": [][]int{{2, 0, 2}}}, Seed: 1},
		{ID: "random", Params: map[string]any{"n": 16, "messages": 5, "loss": 0.05}, Seed: 2},
	},
	Experiments: []algo.Preset{
		{ID: "suppression",
			Params: map[string]any{"messages": 2, "lose": [][]int{{1, 0, 1}}},
			Vary:   map[string][]any{"n": {4, 8, 16, 32, 64}, "suppression": {true, false}},
			Seeds:  algo.Seeds{From: 1, Count: 10},
			Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "outcome.nacksPerLoss", Series: "suppression"}},
	},
	Complete: complete,
	Make:     build,
}, algo.Merge(kit.Texts, group.Texts, algo.MustTexts(files)))

func complete(v param.Values, rng *rand.Rand) error {
	if err := completeEdges(v, rng); err != nil {
		return err
	}
	return completeLose(v, treeOf(v.Int("n"), v.IntLists("edges")))
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	n := v.Int("n")
	t := treeOf(n, v.IntLists("edges"))
	bo := backoff{c1: v.Float("C1"), c2: v.Float("C2"), d1: v.Float("D1"), d2: v.Float("D2"), suppress: v.Bool("suppression")}
	procs := make([]engine.Process, n)
	for p := range procs {
		nd := &node{nb: t.nb[p], dist: t.distances(p), bo: bo}
		if p == group.Sender {
			nd.Src, nd.sessions = group.NewSource(v), v.Int("sessions")
		}
		procs[p] = nd
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     []engine.StartAt{{Node: group.Sender}},
		Loss:       v.Float("loss"),
		Delay:      engine.Delay{Min: 1, Max: 1},
		LinkDelay:  func(a, b int) engine.Delay { d := t.linkLength(a, b); return engine.Delay{Min: d, Max: d} },
		Schedule:   lossSchedule(v, t),
		Invariants: []engine.Invariant{group.InOrder()},
		Final:      []engine.Invariant{group.AllDelivered(v.Int("messages"))},
		Outcome:    outcomeOf,
	}
	return cfg, group.Nodes(n), nil
}
