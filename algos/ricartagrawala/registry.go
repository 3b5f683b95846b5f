package ricartagrawala

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

// Algorithm is Ricart–Agrawala's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "ricart-agrawala", Family: algo.FamilyMutex, View: algo.ViewComplete,
	Params:       mutex.Params(3, mutex.Clocks()),
	MessageTypes: mutex.Types(msgRequest, msgReply),
	Looks:        mutex.Looks(algo.LooksInOrder(msgRequest, msgReply)...),
	Roles:        mutex.Roles(),
	// request is written (8,1); deferred are labels (P1)
	Vars: mutex.Vars(algo.Var{Name: "clock", Kind: "number"}, algo.Var{Name: "request", Kind: "text"},
		algo.Var{Name: "awaiting", Kind: "number"}, algo.Var{Name: "deferred", Kind: "text"}),
	Outcome:    mutex.OutcomeVars,
	Actions:    mutex.Actions,
	Invariants: mutex.Invariants(algo.Doc{Name: "ME2"}),
	Theory: []algo.Bound{
		{ID: "per-entry", Formula: "2(n−1)", Measure: "outcome.messagesPerEntry",
			Eval: func(v param.Values) float64 { return float64(2 * (v.Int("n") - 1)) }},
	},
	Scenarios: []algo.Scenario{
		{ID: "lecture", Params: map[string]any{"n": 3, "requestNodes": []int{0, 1}, "requestTimes": []int{0, 0}, "clocks": []int{11, 7, 0}}},
		{ID: "ties", Params: map[string]any{"n": 5}},
		{ID: "random", Params: map[string]any{"n": 5, "count": 3, "spread": 60, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 1},
		{ID: "crash", Params: map[string]any{"n": 4, "crashed": []int{3}}, Violates: []string{"deadlock"}},
	},
	Experiments: []algo.Preset{mutex.PerEntry()},
	Complete:    complete,
	Make:        build,
}, algo.Merge(kit.Texts, mutex.Texts, algo.MustTexts(files)))

func complete(v param.Values, rng *rand.Rand) error {
	if err := mutex.CheckClocks(v); err != nil {
		return err
	}
	return mutex.CompleteWorkload(v, rng)
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	cfg := mutex.Build(v, func(p int, c mutex.Core) engine.Process {
		r := &node{Core: c}
		r.clock = mutex.StartClock(v, p)
		return r
	})
	cfg.Invariants = append(cfg.Invariants, mutex.TimestampOrder())
	return cfg, mutex.Nodes(len(cfg.Procs)), nil
}
