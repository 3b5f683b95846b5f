package bully

import (
	"embed"
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

// Algorithm is Bully's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "bully", Family: algo.FamilyElection, View: algo.ViewComplete,
	Params: []param.Spec{
		kit.N(2, 8, 1000),
		kit.IDs(),
		{Name: "crashed", Type: param.Ints, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "detectors", Type: param.Ints, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "timeout", Type: param.Int, Default: 25, Min: param.Bound(1), Max: param.Bound(1e9)},
		{Name: "coordinatorTimeout", Type: param.Int, Default: 50, Min: param.Bound(1), Max: param.Bound(1e9)},
		kit.Delay(engine.Delay{Min: 10, Max: 10}),
		kit.FIFO(),
		kit.Loss(),
		kit.Positions("recover"),
		{Name: "recoverAt", Type: param.Int, Default: 100, Min: param.Bound(0), Max: param.Bound(1e9)},
	},
	MessageTypes: []string{msgElection, msgAnswer, msgCoordinator},
	Looks:        algo.LooksInOrder(msgElection, msgAnswer, msgCoordinator),
	Roles: []algo.Role{
		{Name: "coordinator", Tone: "leader", Icon: "crown", Rare: true},
		{Name: "electing", Tone: "electing", Halo: "solid"},
		{Name: "waiting", Tone: "waiting", Icon: "hourglass"},
		{Name: "idle", Tone: "idle"},
		{Name: "crashed", Tone: "crashed", Icon: "cross", Rare: true},
	},
	// knownDead lists IDs, not positions: the labels are the IDs.
	Vars: []algo.Var{
		{Name: "id", Kind: "number"}, {Name: "coordinator", Kind: "number"},
		{Name: "electing", Kind: "flag"}, {Name: "waiting", Kind: "flag"}, {Name: "knownDead", Kind: "value"},
	},
	Outcome:    election.OutcomeVars,
	Actions:    []algo.ActionSpec{{ID: actNotice}},
	Invariants: []algo.Doc{{Name: "uniqueness"}, {Name: "agreement"}},
	Theory: []algo.Bound{
		{ID: "best", Formula: "n−2", Measure: "messages.sent",
			Eval: func(v param.Values) float64 { return float64(v.Int("n") - 2) }},
		{ID: "worst", Formula: "O(n²): n(n−1)/2 + (n−1)(n−2)/2 + (n−2) = n²−n−1", Measure: "messages.sent",
			Eval: func(v param.Values) float64 { n := float64(v.Int("n")); return n*n - n - 1 }, Applies: atLeast3},
	},
	Scenarios: []algo.Scenario{
		{ID: "lecture", Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{4}}},
		{ID: "timeout-too-short", Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{4}, "timeout": 15}, Violates: []string{"uniqueness"}},
		{ID: "best-case", Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{6}}},
		{ID: "worst-case", Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{0}}},
		{ID: "several-notice", Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{1, 4}}},
		{ID: "recovery-bully", Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{4}, "recover": []int{7}, "recoverAt": 100}},
	},
	Experiments: []algo.Preset{
		{ID: "lowest",
			Params: map[string]any{"detectors": []int{0}},
			Vary:   map[string][]any{"n": {3, 4, 8, 16, 32, 64}},
			Seeds:  algo.Seeds{From: 1, Count: 1},
			Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.sent", Log: true}},
		{ID: "second-highest",
			Params: map[string]any{},
			Vary:   map[string][]any{},
			Cases: []map[string]any{
				{"n": 3, "detectors": []int{1}}, {"n": 4, "detectors": []int{2}}, {"n": 8, "detectors": []int{6}},
				{"n": 16, "detectors": []int{14}}, {"n": 32, "detectors": []int{30}}, {"n": 64, "detectors": []int{62}},
			},
			Seeds: algo.Seeds{From: 1, Count: 1},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.sent", Log: true}},
	},
	Complete: complete,
	Make:     build,
}, algo.Merge(kit.Texts, election.Texts, algo.MustTexts(files)))

func atLeast3(v param.Values) bool { return v.Int("n") >= 3 }

// complete fills the lecture's defaults (the highest ID crashed, P4 or the
// second-highest notices) and checks that detectors and recoveries make sense.
func complete(v param.Values, rng *rand.Rand) error {
	if err := kit.CompleteIDs(v, rng); err != nil {
		return err
	}
	n, ids := v.Int("n"), v.Ints("ids")
	sys := newSystem(ids, 0, 0)
	if !v.Has("crashed") {
		v.SetInts("crashed", []int{sys.byID[n-1]})
	}
	if !v.Has("detectors") {
		v.SetInts("detectors", []int{sys.byID[min(4, n-2)]})
	}
	crashed, err := kit.CheckPositions(v, "crashed")
	if err != nil {
		return err
	}
	detectors, err := kit.CheckPositions(v, "detectors")
	if err != nil {
		return err
	}
	for _, p := range detectors {
		if slices.Contains(crashed, p) {
			return param.Errorf("detectors", "position %d (%s) is crashed from the start, so it cannot notice anything; choose a live process or remove %d from crashed", p, sys.label(p), p)
		}
		if p == sys.byID[n-1] {
			return param.Errorf("detectors", "position %d (%s) has the highest ID: it is the coordinator itself and has no failure to notice", p, sys.label(p))
		}
	}
	recovering, err := kit.CheckPositions(v, "recover")
	if err != nil {
		return err
	}
	for _, p := range recovering {
		if !slices.Contains(crashed, p) {
			return param.Errorf("recover", "position %d (%s) is not crashed from the start, so it cannot recover; add it to crashed", p, sys.label(p))
		}
	}
	return nil
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	ids := v.Ints("ids")
	sys := newSystem(ids, engine.Time(v.Int("timeout")), engine.Time(v.Int("coordinatorTimeout")))
	top := sys.byID[len(ids)-1]
	procs := make([]engine.Process, len(ids))
	nodes := make([]algo.Node, len(ids))
	for p, id := range ids {
		// Everyone believes at first that the highest ID is the coordinator.
		procs[p] = &node{sys: sys, self: p, coord: top, knows: true, elected: p == top}
		nodes[p] = algo.Node{ID: id, Label: sys.label(p)}
	}
	var starts []engine.StartAt
	for _, p := range v.Ints("detectors") {
		starts = append(starts, engine.StartAt{Node: p})
	}
	var schedule []engine.Scheduled
	at := engine.Time(v.Int("recoverAt"))
	for _, p := range v.Ints("recover") {
		schedule = append(schedule, engine.Scheduled{At: at, Action: engine.Action{Type: engine.ActRecover, Node: p}})
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Crashed:    v.Ints("crashed"),
		Invariants: []engine.Invariant{uniqueness(sys)},
		Final:      []engine.Invariant{agreement(sys)},
		Outcome:    election.OutcomeOf,
		Schedule:   schedule,
	}
	kit.Network(&cfg, v)
	return cfg, nodes, nil
}
