package cristian

import (
	"embed"
	"fmt"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/clocks"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is Cristian's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID:     "cristian",
	Family: algo.FamilyTime,
	View:   algo.ViewClocks,
	Params: append([]param.Spec{
		kit.N(2, 4, 64),
		{Name: "rounds", Type: param.Int, Default: 2, Min: param.Bound(1), Max: param.Bound(1000)},
		{Name: "period", Type: param.Int, Default: 150, Min: param.Bound(1), Max: param.Bound(1e6)},
		{Name: "minDelay", Type: param.Int, Default: 4, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "maxDelay", Type: param.Int, Default: 20, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "asymmetry", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e6)},
	}, clocks.Params(0.02, 30, 40)...),
	MessageTypes: []string{msgRequest, msgTime},
	Looks:        algo.LooksInOrder(msgRequest, msgTime),
	Roles: []algo.Role{
		{Name: "idle", Tone: "idle"},
		{Name: "server", Tone: "leader", Icon: "clock", Rare: true},
		{Name: "asking", Tone: "waiting", Icon: "hourglass"},
		{Name: "synchronised", Tone: "informed", Icon: "check"},
		{Name: "crashed", Tone: "crashed", Icon: "cross", Rare: true},
	},
	Vars: []algo.Var{clocks.Var, {Name: "rtt", Kind: "number"}, {Name: "band", Kind: "number"},
		{Name: "synchronisations", Kind: "number"}},
	Outcome:    OutcomeVars,
	Invariants: []algo.Doc{{Name: "withinBand"}},
	Theory: []algo.Bound{
		{ID: "band", Formula: "RTTmax/2 − min + ρ·RTTmax/(1 − ρ)", Measure: "outcome.maxAbsError",
			Eval: func(v param.Values) float64 {
				hi, a, rho := float64(v.Int("maxDelay")), float64(v.Int("asymmetry")), v.Float("rho")
				rtt := (2*hi + a) * (1 + rho) // the longest round trip on the fastest clock
				return rtt/2 - float64(v.Int("minDelay")) + driftAllowance(rho, rtt)
			}},
		{ID: "asymmetric", Formula: "−a/2", Measure: "outcome.meanError",
			Eval: func(v param.Values) float64 { return -float64(v.Int("asymmetry")) / 2 }},
	},
	Scenarios: []algo.Scenario{
		{ID: "symmetric", Params: map[string]any{"n": 4}, Seed: 1},
		{ID: "asymmetric", Params: map[string]any{"n": 4, "asymmetry": 30}, Seed: 1},
		{ID: "exact-delays", Params: map[string]any{"n": 4, "minDelay": 10, "maxDelay": 10, "rho": 0.0}, Seed: 1},
		{ID: "slew", Params: map[string]any{"n": 4, "adjust": "slew", "rounds": 3}, Seed: 1},
	},
	Experiments: []algo.Preset{
		{ID: "rtt", Params: map[string]any{"n": 8, "minDelay": 2},
			Vary:  map[string][]any{"maxDelay": {2, 5, 10, 20, 40, 80}},
			Seeds: algo.Seeds{From: 1, Count: 50},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "maxDelay", Y: "outcome.maxAbsError"}},
		{ID: "asymmetry", Params: map[string]any{"n": 8},
			Vary:  map[string][]any{"asymmetry": {0, 10, 20, 40, 80}},
			Seeds: algo.Seeds{From: 1, Count: 50},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "asymmetry", Y: "outcome.meanError"}},
	},
	Complete: complete,
	Make:     build,
}, algo.Merge(kit.Texts, clocks.Texts, algo.MustTexts(files)))

func complete(v param.Values, _ *rand.Rand) error {
	if v.Int("maxDelay") < v.Int("minDelay") {
		return fmt.Errorf("maxDelay %d is below minDelay %d", v.Int("maxDelay"), v.Int("minDelay"))
	}
	return nil
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	n := v.Int("n")
	lo, hi, a := int64(v.Int("minDelay")), int64(v.Int("maxDelay")), int64(v.Int("asymmetry"))
	sys := &system{rounds: v.Int("rounds"), period: engine.Time(v.Int("period")), min: float64(lo),
		rho: v.Float("rho"), fix: clocks.CorrectorOf(v)}
	procs := make([]engine.Process, n)
	starts := make([]engine.StartAt, n)
	for p := range procs {
		procs[p] = &node{sys: sys, isServer: p == server}
		starts[p] = engine.StartAt{Node: p}
	}
	cfg := engine.Config{
		Procs:        procs,
		Starts:       starts,
		MessageTypes: []string{msgRequest, msgTime},
		Clocks:       clocks.Spec(v, server),
		Delay:        engine.Delay{Min: lo, Max: hi},
		// requests take [min, max], answers a longer: asymmetric links
		LinkDelay: func(from, to int) engine.Delay {
			if from == server {
				return engine.Delay{Min: lo + a, Max: hi + a}
			}
			return engine.Delay{Min: lo, Max: hi}
		},
		Invariants: []engine.Invariant{{Name: "withinBand", Check: withinBand}},
		Outcome:    outcomeOf,
	}
	ids := make([]int, n)
	for p := range ids {
		ids[p] = p
	}
	return cfg, kit.PositionLabels(ids), nil
}
