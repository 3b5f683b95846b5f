package firewire

import (
	"embed"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/tree"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is FireWire tree identify's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "firewire", Family: algo.FamilyElection, View: algo.ViewTree,
	Bus: true, Hotplug: true, TimeUnit: "ns",
	Params:       params(),
	MessageTypes: []string{msgBeMyParent, msgYouAreMyChild},
	Looks: []algo.MessageLook{
		{Type: msgBeMyParent, Color: 0, Glyph: "circle", Short: "BMP"},
		{Type: msgYouAreMyChild, Color: 1, Glyph: "square", Short: "YAMC"},
	},
	Actions: []algo.ActionSpec{},
	Invariants: []algo.Doc{
		{Name: "one root"}, {Name: "parent on a cable"}, {Name: "tree"}, {Name: "contention theory"},
	},
	Roles: []algo.Role{
		{Name: "root", Tone: "leader", Icon: "crown", Rare: true},
		{Name: "child", Tone: "child", Icon: "up"},
		{Name: "contending", Tone: "contending", Icon: "bolt"},
		{Name: "detached", Tone: "detached", Halo: "dashed"},
		{Name: "idle", Tone: "idle"},
	},
	Vars: []algo.Var{
		{Name: "ports", Kind: "records", Use: "cables", Format: "{peer}: {state}", Fields: []algo.Var{
			{Name: "peer", Kind: "position"},
			{Name: "state", Kind: "text", Values: map[string]string{
				portIdle: "plain", portChild: "to-child", portParent: "to-parent",
				portAsked: "asked", portOffered: "offered", portContention: "contention"}},
		}},
		{Name: "parent", Kind: "position", Use: "uplink"},
		{Name: "coin", Kind: "text", Use: "coinToss"}, // its values name the ranges fast and slow
		{Name: "waitUntil", Kind: "duration", Use: "waitEnd"},
		{Name: "rounds", Kind: "number", Use: "round"},
	},
	Outcome: []algo.Var{
		{Name: "root", Kind: "position"},
		{Name: "roots", Kind: "positions", Use: "treeRoots"},
		{Name: "parts", Kind: "partition"},
		{Name: "parent", Kind: "positions", Hidden: true},
		{Name: "contentionRounds", Kind: "number"},
		{Name: "electedAt", Kind: "duration"},
		{Name: "resetAt", Kind: "duration"},
		{Name: "edges", Kind: "value", Hidden: true, Use: "links"},
		{Name: "attached", Kind: "value", Hidden: true, Use: "plugged"},
	},
	Theory:      theory,
	Scenarios:   scenarios,
	Experiments: presets,
	Complete:    complete,
	Make:        build,
}, algo.Merge(kit.Texts, tree.Texts, algo.MustTexts(files)))

func params() []param.Spec {
	return []param.Spec{
		kit.N(1, 2, 63),
		tree.Edges(),
		tree.Ports(),
		{Name: "spares", Type: param.Int, Default: 2, Min: param.Bound(0), Max: param.Bound(16)},
		{Name: "wireDelay", Type: param.Int, Default: 100, Min: param.Bound(0), Max: param.Bound(100000)},
		{Name: "fast", Type: param.Range, Default: param.IntRange{Min: 240, Max: 260}, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "slow", Type: param.Range, Default: param.IntRange{Min: 570, Max: 600}, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "tieBreak", Type: param.Enum, Default: "random", Options: []string{"random", "id"}},
	}
}

var theory = []algo.Bound{
	{ID: "fewest", Formula: "2(n−1)", Measure: "messages.sent",
		Eval:    func(v param.Values) float64 { return float64(2 * (v.Int("n") - 1)) },
		Applies: func(v param.Values) bool { return v.Int("n") > 2 }}, // two devices always contend
	{ID: "expectedRounds", Formula: "2", Measure: "outcome.contentionRounds",
		Eval: func(param.Values) float64 { return 2 }, Applies: gapRegime, Distribution: geometricHalf},
	{ID: "independentModel", Formula: "≈ 1.47, 1.95, 2.00", Measure: "outcome.contentionRounds",
		Eval: modelRounds, Applies: func(v param.Values) bool { return modelRounds(v) > 0 }},
}

var scenarios = []algo.Scenario{
	{ID: "two-devices", Params: map[string]any{"n": 2, "wireDelay": 100, "spares": 1}, Seed: 1},
	{ID: "three-port-bus", Params: map[string]any{"n": 8, "edges": [][]int{{0, 1}, {1, 2}, {1, 3}, {3, 4}, {3, 5}, {5, 6}, {5, 7}}, "wireDelay": 100}, Seed: 1},
	{ID: "tie-break-id", Params: map[string]any{"n": 2, "tieBreak": "id"}, Seed: 1},
	{ID: "short-wire", Params: map[string]any{"n": 2, "wireDelay": 10}, Seed: 3},
	{ID: "ieee-1394a", Params: map[string]any{"n": 2, "wireDelay": 360, "fast": map[string]any{"min": 760, "max": 850}, "slow": map[string]any{"min": 1590, "max": 1670}}, Seed: 1},
	{ID: "random-bus", Params: map[string]any{"n": 12}, Seed: 7},
}

var presets = []algo.Preset{
	{ID: "rounds",
		Params: map[string]any{"n": 2, "edges": [][]int{{0, 1}}, "wireDelay": 100},
		Vary:   map[string][]any{},
		Seeds:  algo.Seeds{From: 1, Count: 2000},
		Plot:   algo.Plot{Kind: algo.PlotHistogram, Y: "outcome.contentionRounds"}},
	{ID: "wire-delay",
		Params: map[string]any{"n": 2, "edges": [][]int{{0, 1}}},
		Vary:   map[string][]any{"wireDelay": {10, 30, 50, 100, 200}},
		Seeds:  algo.Seeds{From: 1, Count: 300},
		Plot:   algo.Plot{Kind: algo.PlotLine, X: "wireDelay", Y: "outcome.contentionRounds"}},
	{ID: "messages",
		Params: map[string]any{"spares": 0},
		Vary:   map[string][]any{"n": {2, 4, 8, 16, 32, 63}},
		Seeds:  algo.Seeds{From: 1, Count: 50},
		Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.sent", Log: true}},
}

func complete(v param.Values, rng *rand.Rand) error {
	// IEEE 1394 addresses at most 63 devices on a bus
	if n, spares := v.Int("n"), v.Int("spares"); n+spares > 63 {
		return param.Errorf("spares", "%d devices and %d free slots make %d: a FireWire bus has at most 63 devices", n, spares, n+spares)
	}
	return tree.Complete(v, rng)
}

// build plugs in the first n devices and leaves the spares' slots empty.
func build(v param.Values) (engine.Config, []algo.Node, error) {
	n, spares := v.Int("n"), v.Int("spares")
	procs := make([]engine.Process, n+spares)
	ids := make([]int, n+spares)
	starts := make([]engine.StartAt, 0, n)
	var detached []int
	nodes := make([]node, n+spares) // one allocation for all: a run of 63 devices is short, its set-up counts
	byID, fast, slow := v.String("tieBreak") == "id", v.Range("fast"), v.Range("slow")
	for p := range procs {
		ids[p] = p
		nodes[p] = node{id: p, byID: byID, fast: fast, slow: slow, attached: p < n, contended: -1, rival: -1}
		procs[p] = &nodes[p]
		if p < n {
			starts = append(starts, engine.StartAt{Node: p})
		} else {
			detached = append(detached, p)
		}
	}
	d := engine.Time(v.Int("wireDelay"))
	invs := []engine.Invariant{oneRoot(), parentOnCable()}
	if v.String("tieBreak") == "random" {
		invs = append(invs, contentionTheory(d))
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Delay:      engine.Delay{Min: d, Max: d},
		Topology:   &engine.Topology{Edges: tree.Cables(v), Ports: v.Int("ports"), Detached: detached},
		Invariants: invs,
		Final:      []engine.Invariant{isTree()},
		Outcome:    outcomeOf,
	}
	return cfg, kit.PositionLabels(ids), nil
}
