package ntp

import (
	"embed"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/clocks"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

var messageTypes = []string{msgRequest, msgResponse, msgSync}

// Algorithm is the simplified NTP's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID:     "ntp",
	Family: algo.FamilyTime,
	View:   algo.ViewClocks,
	Params: append([]param.Spec{
		kit.N(2, 7, 64),
		{Name: "fanout", Type: param.Int, Default: 2, Min: param.Bound(1), Max: param.Bound(16)},
		{Name: "mode", Type: param.Enum, Default: "procedure-call", Options: []string{"procedure-call", "symmetric"}},
		{Name: "period", Type: param.Int, Default: 40, Min: param.Bound(1), Max: param.Bound(1e6)},
		{Name: "polls", Type: param.Int, Default: 6, Min: param.Bound(1), Max: param.Bound(1000)},
		{Name: "window", Type: param.Int, Default: 8, Min: param.Bound(1), Max: param.Bound(64)},
		kit.Delay(engine.Delay{Min: 2, Max: 12}),
		kit.FIFO(),
		kit.Loss(),
	}, clocks.Params(0.01, 40, 15)...),
	MessageTypes: messageTypes,
	Looks:        algo.LooksInOrder(msgRequest, msgResponse, msgSync),
	Roles: []algo.Role{
		{Name: "client", Tone: "idle"},
		{Name: "reference", Tone: "leader", Icon: "clock", Rare: true},
		{Name: "crashed", Tone: "crashed", Icon: "cross", Rare: true},
	},
	Vars: []algo.Var{clocks.Var, {Name: "stratum", Kind: "number"}, {Name: "server", Kind: "position"},
		{Name: "lastTheta", Kind: "number"}, {Name: "lastDelay", Kind: "number"}, {Name: "pairs", Kind: "number"}},
	Outcome:    OutcomeVars,
	Invariants: []algo.Doc{{Name: "withinBound"}},
	Theory: []algo.Bound{
		{ID: "exchanges", Formula: "2(n−1)·polls", Measure: "messages.sent", Applies: func(v param.Values) bool { return v.Float("loss") == 0 },
			Eval: func(v param.Values) float64 { return float64(2 * (v.Int("n") - 1) * v.Int("polls")) }},
	},
	Scenarios: []algo.Scenario{
		{ID: "strata", Params: map[string]any{"n": 7, "fanout": 2}, Seed: 1},
		{ID: "chain", Params: map[string]any{"n": 4, "fanout": 1, "polls": 8}, Seed: 1},
		{ID: "symmetric", Params: map[string]any{"n": 3, "fanout": 2, "mode": "symmetric"}, Seed: 1},
		{ID: "slew", Params: map[string]any{"n": 4, "fanout": 1, "adjust": "slew"}, Seed: 1},
	},
	Experiments: []algo.Preset{
		{ID: "strata", Params: map[string]any{"fanout": 1, "polls": 8},
			Vary:  map[string][]any{"n": {2, 3, 4, 5, 6, 7, 8}},
			Seeds: algo.Seeds{From: 1, Count: 40},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "n", Y: "outcome.deepestOffset"}},
	},
	Complete: func(param.Values, *rand.Rand) error { return nil },
	Make:     build,
}, algo.Merge(kit.Texts, clocks.Texts, algo.MustTexts(files)))

func build(v param.Values) (engine.Config, []algo.Node, error) {
	n := v.Int("n")
	sys := &system{n: n, fanout: v.Int("fanout"), symmetric: v.String("mode") == "symmetric",
		period: engine.Time(v.Int("period")), polls: v.Int("polls"), window: v.Int("window"), fix: clocks.CorrectorOf(v)}
	procs := make([]engine.Process, n)
	starts := make([]engine.StartAt, n)
	ids := make([]int, n)
	for p := range procs {
		procs[p] = &node{sys: sys, self: p}
		starts[p] = engine.StartAt{Node: p}
		ids[p] = p
	}
	cfg := engine.Config{
		Procs: procs, Starts: starts, MessageTypes: messageTypes, Clocks: clocks.Spec(v, 0),
		Invariants: []engine.Invariant{{Name: "withinBound", Check: sys.withinBound(v.Float("rho"))}},
		Outcome:    outcomeOf,
	}
	kit.Network(&cfg, v)
	return cfg, kit.PositionLabels(ids), nil
}
