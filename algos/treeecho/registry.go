package treeecho

import (
	"embed"
	"math/rand/v2"
	"slices"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/election"
	"distviz/algos/kit/tree"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// lecture18 is a tree of 18 processes shaped like the lecture's example: a
// root with three subtrees of different depths and fan-outs, so that the
// echoes return at different times.
var lecture18 = [][]int{{0, 1}, {0, 2}, {0, 3}, {1, 4}, {1, 5}, {2, 6}, {2, 7}, {2, 8}, {3, 9},
	{4, 10}, {4, 11}, {6, 12}, {7, 13}, {9, 14}, {9, 15}, {13, 16}, {15, 17}}

// Algorithm is the election on a tree's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "tree-echo", Family: algo.FamilyElection, View: algo.ViewTree, Bus: true,
	Params: []param.Spec{
		kit.N(2, 8, 10000),
		tree.Edges(),
		tree.Ports(),
		kit.Positions("starters"),
		kit.IDs(),
		kit.IDOrder(),
		kit.Delay(engine.Delay{Min: 1, Max: 1}),
	},
	MessageTypes: []string{msgExplosion, msgEcho, msgInfo},
	Looks: []algo.MessageLook{
		{Type: msgExplosion, Color: 0, Glyph: "circle", Short: "EXPL"},
		{Type: msgEcho, Color: 1, Glyph: "square", Short: "ECHO"},
		{Type: msgInfo, Color: 2, Glyph: "diamond", Short: "INFO"},
	},
	Actions: []algo.ActionSpec{},
	Invariants: []algo.Doc{
		{Name: "uniqueness"}, {Name: "agreement"}, {Name: "first two"}, {Name: "termination"},
	},
	Roles: []algo.Role{
		{Name: "leader", Tone: "leader", Icon: "crown", Rare: true},
		{Name: "informed", Tone: "informed", Icon: "check"},
		{Name: "echoed", Tone: "echoed", Icon: "echo"},
		{Name: "initiator", Tone: "initiator", Icon: "star"},
		{Name: "explorer", Tone: "explorer", Icon: "hourglass"},
		{Name: "idle", Tone: "idle"},
	},
	Vars: []algo.Var{
		{Name: "neighbours", Kind: "positions", Use: "adjacent"},
		{Name: "max", Kind: "number"},
		{Name: "echoed", Kind: "positions", Use: "echoesFrom"},
		{Name: "parent", Kind: "position", Use: "uplink"},
		{Name: "knows", Kind: "flag"},
		{Name: "firstToKnow", Kind: "flag", Use: "knewFirst"},
	},
	Outcome: append(slices.Clone(election.OutcomeVars),
		algo.Var{Name: "edges", Kind: "value", Hidden: true, Use: "links"},
		algo.Var{Name: "attached", Kind: "value", Hidden: true, Use: "plugged"},
		algo.Var{Name: "firstToKnow", Kind: "positions", Use: "firstPair"},
	),
	Theory: []algo.Bound{
		{ID: "explosion", Formula: "n−1", Counts: msgExplosion, Measure: "messages.byType." + msgExplosion,
			Eval: func(v param.Values) float64 { return float64(v.Int("n") - 1) }, Applies: oneStarter},
		{ID: "echo", Formula: "n", Counts: msgEcho, Measure: "messages.byType." + msgEcho,
			Eval: func(v param.Values) float64 { return float64(v.Int("n")) }},
		{ID: "information", Formula: "n−2", Counts: msgInfo, Measure: "messages.byType." + msgInfo,
			Eval: func(v param.Values) float64 { return float64(v.Int("n") - 2) }},
		{ID: "total", Formula: "3n−3", Measure: "messages.sent",
			Eval: func(v param.Values) float64 { return float64(3*v.Int("n") - 3) }, Applies: oneStarter},
	},
	Scenarios: []algo.Scenario{
		{ID: "one-starter", Params: map[string]any{"n": 8, "edges": [][]int{{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {5, 6}, {5, 7}}, "starters": []int{0}}, Seed: 1},
		{ID: "several-starters", Params: map[string]any{"n": 8, "edges": [][]int{{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {5, 6}, {5, 7}}, "starters": []int{3, 6}}, Seed: 1},
		{ID: "lecture-18", Params: map[string]any{"n": 18, "edges": lecture18, "ports": 4, "starters": []int{0}}, Seed: 1},
		{ID: "random-tree", Params: map[string]any{"n": 15, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 2},
	},
	Experiments: []algo.Preset{
		{ID: "messages",
			Params: map[string]any{"starters": []int{0}},
			Vary:   map[string][]any{"n": {2, 4, 8, 16, 32, 64, 128, 256}},
			Seeds:  algo.Seeds{From: 1, Count: 20},
			Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.sent", Log: true}},
	},
	Complete: complete,
	Make:     build,
}, algo.Merge(kit.Texts, election.Texts, tree.Texts, algo.MustTexts(files)))

func oneStarter(v param.Values) bool { return len(v.Ints("starters")) <= 1 }

func complete(v param.Values, rng *rand.Rand) error {
	if err := tree.Complete(v, rng); err != nil {
		return err
	}
	if err := kit.CompleteIDs(v, rng); err != nil {
		return err
	}
	_, err := kit.CheckPositions(v, "starters")
	return err
}

// build gives each process its neighbours in port order; the starters
// (position 0 if none is given) start at once.
func build(v param.Values) (engine.Config, []algo.Node, error) {
	ids := v.Ints("ids")
	starters := v.Ints("starters")
	if len(starters) == 0 {
		starters = []int{0}
	}
	nb := make([][]int, len(ids))
	for _, e := range v.IntLists("edges") {
		nb[e[0]] = append(nb[e[0]], e[1])
		nb[e[1]] = append(nb[e[1]], e[0])
	}
	procs := make([]engine.Process, len(ids))
	for p, id := range ids {
		procs[p] = &node{id: id, max: id, parent: -1, starter: slices.Contains(starters, p), neighbours: nb[p]}
	}
	var starts []engine.StartAt
	for _, p := range starters {
		starts = append(starts, engine.StartAt{Node: p})
	}
	d := v.Range("delay")
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Delay:      engine.Delay{Min: d.Min, Max: d.Max},
		Topology:   &engine.Topology{Edges: tree.Cables(v), Ports: v.Int("ports")},
		Invariants: []engine.Invariant{election.UniqueMax(ids), election.KnowsMax(ids), firstTwo()},
		Final:      []engine.Invariant{election.EveryoneKnows()},
		Outcome:    outcomeOf,
	}
	return cfg, kit.PositionLabels(ids), nil
}
