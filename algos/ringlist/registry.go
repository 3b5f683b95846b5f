package ringlist

import (
	"embed"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/election"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is the ring with ID lists' registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "ring-list", Family: algo.FamilyElection, View: algo.ViewRing,
	Params: []param.Spec{
		kit.N(2, 8, 10000),
		kit.IDs(),
		kit.IDOrder(),
		{Name: "initiators", Type: param.Ints, Default: []int{0}, Min: param.Bound(0), Max: param.Bound(1e6)},
		kit.Positions("crashed"),
		kit.Delay(engine.Delay{Min: 1, Max: 1}),
		kit.FIFO(),
		kit.Loss(),
	},
	MessageTypes: []string{msgElection, msgCoordinator},
	Looks:        algo.LooksInOrder(msgElection, msgCoordinator),
	Roles: []algo.Role{
		{Name: "coordinator", Tone: "leader", Icon: "crown", Rare: true},
		{Name: "informed", Tone: "informed", Icon: "check"},
		{Name: "initiator", Tone: "initiator", Icon: "star"},
		{Name: "participant", Tone: "active", Halo: "solid"},
		{Name: "idle", Tone: "idle"},
		{Name: "crashed", Tone: "crashed", Icon: "cross", Rare: true},
	},
	Vars:       []algo.Var{{Name: "id", Kind: "number"}, {Name: "coordinator", Kind: "number"}},
	Outcome:    election.OutcomeVars,
	Actions:    []algo.ActionSpec{{ID: actStart}},
	Invariants: []algo.Doc{{Name: "agreement"}, {Name: "uniqueness"}, {Name: "termination"}},
	Theory: []algo.Bound{
		{ID: "one", Formula: "2k", Measure: "messages.sent", Eval: messages, Applies: func(v param.Values) bool { return len(v.Ints("initiators")) == 1 }},
		{ID: "several", Formula: "2mk", Measure: "messages.sent", Eval: messages, Applies: func(v param.Values) bool { return len(v.Ints("initiators")) > 1 }},
	},
	Scenarios: []algo.Scenario{
		{ID: "lecture", Params: map[string]any{"n": 8, "idOrder": "increasing", "crashed": []int{7}, "initiators": []int{4}}},
		{ID: "two-initiators", Params: map[string]any{"n": 8, "idOrder": "increasing", "crashed": []int{7}, "initiators": []int{1, 4}}},
		{ID: "random", Params: map[string]any{"n": 8, "idOrder": "random", "crashed": []int{2, 5}, "initiators": []int{0}}, Seed: 1},
	},
	Experiments: []algo.Preset{
		{ID: "messages",
			Params: map[string]any{"initiators": []int{0}},
			Vary:   map[string][]any{"n": {4, 8, 16, 32, 64, 128}},
			Seeds:  algo.Seeds{From: 1, Count: 5},
			Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.sent", Log: true}},
	},
	Complete: complete,
	Make:     build,
}, algo.Merge(kit.Texts, election.Texts, algo.MustTexts(files)))

// live is k, the number of processes not crashed from the start.
func live(v param.Values) int { return v.Int("n") - len(v.Ints("crashed")) }

// messages is 2mk: m lists and m COORDINATORs, each once round k live
// processes (none when a lone process elects itself).
func messages(v param.Values) float64 {
	k, m := live(v), len(v.Ints("initiators"))
	if k < 2 {
		return 0
	}
	return float64(2 * m * k)
}

func complete(v param.Values, rng *rand.Rand) error {
	if err := kit.CompleteIDs(v, rng); err != nil {
		return err
	}
	n := v.Int("n")
	initiators, err := kit.CheckPositions(v, "initiators")
	if err != nil {
		return err
	}
	if len(initiators) == 0 {
		return param.Errorf("initiators", "is empty: at least one process must start the election (for example 0)")
	}
	crashed, err := kit.CheckPositions(v, "crashed")
	if err != nil {
		return err
	}
	if len(crashed) == n {
		return param.Errorf("crashed", "lists all %d processes: at least one must be live", n)
	}
	down := make([]bool, n)
	for _, p := range crashed {
		down[p] = true
	}
	for _, p := range initiators {
		if down[p] {
			return param.Errorf("initiators", "position %d is crashed from the start, so it cannot start the election; remove it from crashed or choose a live initiator", p)
		}
	}
	return nil
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	ids := v.Ints("ids")
	sys := newSystem(ids)
	procs := make([]engine.Process, len(ids))
	for p, id := range ids {
		procs[p] = &node{id: id}
	}
	var starts []engine.StartAt
	for _, p := range v.Ints("initiators") {
		starts = append(starts, engine.StartAt{Node: p})
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Crashed:    v.Ints("crashed"),
		Invariants: []engine.Invariant{agreement(sys), uniqueness(sys)},
		Final:      []engine.Invariant{election.EveryoneKnows(), highestLive(sys)},
		Outcome:    election.OutcomeOf,
	}
	kit.Network(&cfg, v)
	return cfg, kit.PositionLabels(ids), nil
}
