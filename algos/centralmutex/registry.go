package centralmutex

import (
	"embed"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/mutex"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is the central coordinator's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "central-mutex", Family: algo.FamilyMutex, View: algo.ViewComplete,
	Params: mutex.Params(4,
		param.Spec{Name: "coordinator", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(mutex.MaxN - 1)}),
	MessageTypes: mutex.Types(msgRequest, msgGrant, msgRelease),
	Looks:        mutex.Looks(algo.LooksInOrder(msgRequest, msgGrant, msgRelease)...),
	Roles:        mutex.Roles(),
	// granted and queue are the coordinator's, as labels (P1)
	Vars:       mutex.Vars(algo.Var{Name: "granted", Kind: "text"}, algo.Var{Name: "queue", Kind: "text"}),
	Outcome:    mutex.OutcomeVars,
	Actions:    mutex.Actions,
	Invariants: mutex.Invariants(),
	Theory: []algo.Bound{
		{ID: "per-entry", Formula: "3", Measure: "outcome.messagesPerEntry",
			Eval: func(param.Values) float64 { return 3 }},
	},
	Scenarios: []algo.Scenario{
		{ID: "lecture", Params: map[string]any{"n": 4, "coordinator": 3, "requestNodes": []int{1, 2}, "requestTimes": []int{0, 2}}},
		{ID: "all-at-once", Params: map[string]any{"n": 4}},
		{ID: "random", Params: map[string]any{"n": 5, "count": 3, "spread": 60, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 1},
		{ID: "me3", Params: map[string]any{"n": 3, "requestNodes": []int{1}, "requestTimes": []int{0}, "tellFrom": []int{1}, "tellTo": []int{2},
			"delay": map[string]any{"min": 1, "max": 10}}, Seed: 9},
		{ID: "coordinator-crash", Params: map[string]any{"n": 4, "requestNodes": []int{1, 2, 3}, "requestTimes": []int{0, 0, 0}, "crashed": []int{0}, "crashAt": 3}, Violates: []string{"deadlock"}},
	},
	Experiments: []algo.Preset{mutex.PerEntry()},
	Complete:    complete,
	Make:        build,
}, algo.Merge(kit.Texts, mutex.Texts, algo.MustTexts(files)))

func complete(v param.Values, rng *rand.Rand) error {
	if c := v.Int("coordinator"); c >= v.Int("n") {
		return param.Errorf("coordinator", "position %d is outside 0..%d", c, v.Int("n")-1)
	}
	return mutex.CompleteWorkload(v, rng)
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	coord, n := v.Int("coordinator"), v.Int("n")
	cfg := mutex.Build(v, func(p int, c mutex.Core) engine.Process {
		return &node{Core: c, coord: coord, holder: -1, asked: make([]int64, n)}
	})
	return cfg, mutex.Nodes(n), nil
}
