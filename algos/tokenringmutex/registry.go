package tokenringmutex

import (
	"embed"
	"slices"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/mutex"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is the token ring's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "token-ring-mutex", Family: algo.FamilyMutex, View: algo.ViewRing,
	Params: mutex.Params(5,
		param.Spec{Name: "rounds", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e6)}),
	MessageTypes: mutex.Types(msgToken),
	Looks:        mutex.Looks(algo.LooksInOrder(msgToken)...),
	Roles:        mutex.Roles(algo.Role{Name: roleToken, Tone: "token", Halo: "solid"}),
	Vars:         mutex.Vars(algo.Var{Name: "token", Kind: "flag", Use: "tokenHeld"}),
	Outcome:      append(slices.Clip(mutex.OutcomeVars), algo.Var{Name: "idlePasses", Kind: "number"}),
	Actions:      mutex.Actions,
	Invariants:   mutex.Invariants(algo.Doc{Name: "ME2"}),
	Theory: []algo.Bound{
		{ID: "best", Formula: "1", Measure: "outcome.messagesPerEntry",
			Eval: func(param.Values) float64 { return 1 }},
		{ID: "worst", Formula: "n", Measure: "outcome.messagesPerEntry",
			Eval: func(v param.Values) float64 { return float64(v.Int("n")) }},
	},
	Scenarios: []algo.Scenario{
		{ID: "lecture", Params: map[string]any{"n": 5}},
		{ID: "one", Params: map[string]any{"n": 5, "requestNodes": []int{3, 3, 3}, "requestTimes": []int{0, 20, 40}}},
		{ID: "random", Params: map[string]any{"n": 5, "count": 3, "spread": 60, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 1},
		{ID: "crash", Params: map[string]any{"n": 5, "csTime": map[string]any{"min": 5, "max": 5}, "crashed": []int{2}, "crashAt": 15}, Violates: []string{"deadlock"}},
	},
	Experiments: []algo.Preset{
		{ID: "per-entry",
			Params: map[string]any{"count": 10, "spread": 0},
			Vary:   map[string][]any{"n": mutex.Sizes},
			Seeds:  algo.Seeds{From: 1, Count: 1},
			Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "outcome.messagesPerEntry"}},
		{ID: "load",
			Params: map[string]any{"n": 8, "spread": 100},
			Vary:   map[string][]any{"count": {1, 2, 4, 8, 16, 32}},
			Seeds:  algo.Seeds{From: 1, Count: 20},
			Plot:   algo.Plot{Kind: algo.PlotLine, X: "count", Y: "outcome.messagesPerEntry", Log: true}},
	},
	Complete: mutex.CompleteWorkload,
	Make:     build,
}, algo.Merge(kit.Texts, mutex.Texts, algo.MustTexts(files)))

func build(v param.Values) (engine.Config, []algo.Node, error) {
	rounds := v.Int("rounds")
	if rounds == 0 {
		rounds = defaultRounds(v)
	}
	cfg := mutex.Build(v, func(p int, c mutex.Core) engine.Process {
		return &node{Core: c, rounds: rounds, hasToken: p == 0}
	})
	cfg.Final = append(cfg.Final, mutex.OvertakeBound())
	cfg.Outcome = outcomeOf
	return cfg, mutex.Nodes(len(cfg.Procs)), nil
}

// defaultRounds is the default budget: enough rounds that the token still
// circulates when the workload's last request is due (a round takes at
// least n·max(1, delay.min)), plus one round per request of the busiest
// process, plus 2.
func defaultRounds(v param.Values) int {
	n := v.Int("n")
	last := 0
	per := make([]int, n)
	nodes, times := mutex.Workload(v)
	own := make([]int, n)
	for i, p := range nodes {
		last = max(last, times[i])
		per[p]++
		own[p]++
	}
	// A TELL's receiver requests once more per request of the teller, up to
	// one delay later.
	to := v.Ints("tellTo")
	for i, p := range v.Ints("tellFrom") {
		per[to[i]] += own[p]
	}
	if len(to) > 0 {
		last += int(v.Range("delay").Max)
	}
	busiest := 0
	for _, k := range per {
		busiest = max(busiest, k)
	}
	hop := int(max(1, v.Range("delay").Min))
	return (last+n*hop-1)/(n*hop) + busiest + 2
}
