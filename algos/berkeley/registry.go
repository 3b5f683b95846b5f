package berkeley

import (
	"embed"
	"fmt"
	"math"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/clocks"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

var messageTypes = []string{msgPoll, msgClock, msgAdjust, msgElection, msgAnswer, msgCoordinator}

// Algorithm is Berkeley's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID:     "berkeley",
	Family: algo.FamilyTime,
	View:   algo.ViewClocks,
	Params: append([]param.Spec{
		kit.N(2, 5, 64),
		{Name: "rounds", Type: param.Int, Default: 3, Min: param.Bound(1), Max: param.Bound(1000)},
		{Name: "period", Type: param.Int, Default: 100, Min: param.Bound(1), Max: param.Bound(1e6)},
		kit.Delay(engine.Delay{Min: 2, Max: 10}),
		{Name: "maxRTT", Type: param.Int, Default: 18, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "x", Type: param.Int, Default: 20, Min: param.Bound(0), Max: param.Bound(1e9)},
		{Name: "faulty", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(63)},
		{Name: "faultOffset", Type: param.Int, Default: 120, Min: param.Bound(-1e6), Max: param.Bound(1e6)},
		{Name: "faultDrift", Type: param.Float, Default: 0.5, Min: param.Bound(0), Max: param.Bound(0.9)},
		{Name: "offsets", Type: param.Ints, Default: []int{}, Min: param.Bound(-1e6), Max: param.Bound(1e6)},
		{Name: "crashAt", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e9)},
		kit.FIFO(),
		kit.Loss(),
	}, clocks.Params(0.01, 20, 30)...),
	MessageTypes: messageTypes,
	Looks: []algo.MessageLook{
		{Type: msgPoll, Color: 0, Glyph: "circle"},
		{Type: msgClock, Color: 1, Glyph: "square"},
		{Type: msgAdjust, Color: 2, Glyph: "diamond"},
		{Type: msgElection, Color: 3, Glyph: "up"},
		{Type: msgAnswer, Color: 4, Glyph: "down"},
		{Type: msgCoordinator, Color: 5, Glyph: "star"},
	},
	Roles: []algo.Role{
		{Name: "slave", Tone: "idle"},
		{Name: "master", Tone: "leader", Icon: "clock", Rare: true},
		{Name: "electing", Tone: "electing", Icon: "bolt"},
		{Name: "waiting", Tone: "waiting", Icon: "hourglass"},
		{Name: "crashed", Tone: "crashed", Icon: "cross", Rare: true},
	},
	Vars: []algo.Var{clocks.Var, {Name: "master", Kind: "position"}, {Name: "lastRound", Kind: "number"},
		{Name: "adjustedIn", Kind: "number"}, {Name: "faulty", Kind: "flag"}},
	Outcome:    OutcomeVars,
	Invariants: []algo.Doc{{Name: "oneMaster"}},
	Theory: []algo.Bound{
		{ID: "messages", Formula: "3(n−1)·rounds", Measure: "messages.sent", Applies: faultFree,
			Eval: func(v param.Values) float64 { return float64(3 * (v.Int("n") - 1) * v.Int("rounds")) }},
	},
	Scenarios: []algo.Scenario{
		{ID: "lecture", Params: map[string]any{"n": 3, "offsets": []int{170, 205, 180}, "rho": 0.0, "x": 60,
			"delay": map[string]int{"min": 5, "max": 5}, "rounds": 1}},
		{ID: "drift", Params: map[string]any{"n": 5}, Seed: 1},
		{ID: "faulty-clock", Params: map[string]any{"n": 5, "faulty": 1}, Seed: 1},
		{ID: "slow-answers", Params: map[string]any{"n": 5, "delay": map[string]int{"min": 2, "max": 14}, "maxRTT": 16}, Seed: 1},
		{ID: "master-crash", Params: map[string]any{"n": 5, "rounds": 4, "crashAt": 150}, Seed: 1},
	},
	Experiments: []algo.Preset{
		{ID: "faulty-skew", Params: map[string]any{"n": 9, "rounds": 1, "maxOffset": 5},
			Vary:  map[string][]any{"faulty": {0, 1, 2, 3, 4, 5, 6}, "x": {20, 100000}},
			Seeds: algo.Seeds{From: 1, Count: 30},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "faulty", Y: "outcome.lastSkewAfter", Series: "x"}},
		{ID: "faulty-offset", Params: map[string]any{"n": 9, "rounds": 1, "maxOffset": 5},
			Vary:  map[string][]any{"faulty": {0, 1, 2, 3, 4, 5, 6}, "x": {20, 100000}},
			Seeds: algo.Seeds{From: 1, Count: 30},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "faulty", Y: "outcome.maxOffsetAfter", Series: "x"}},
	},
	Complete: complete,
	Make:     build,
}, algo.Merge(kit.Texts, clocks.Texts, algo.MustTexts(files)))

func faultFree(v param.Values) bool { return v.Int("crashAt") == 0 && v.Float("loss") == 0 }

func complete(v param.Values, _ *rand.Rand) error {
	n := v.Int("n")
	if k := len(v.Ints("offsets")); k != 0 && k != n {
		return fmt.Errorf("offsets has %d entries for %d processes", k, n)
	}
	if v.Int("faulty") > n-1 {
		return fmt.Errorf("faulty %d: at most n − 1 = %d (the master's clock is sound)", v.Int("faulty"), n-1)
	}
	return nil
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	n := v.Int("n")
	d := v.Range("delay")
	rho := v.Float("rho")
	collect := engine.Time(math.Ceil(float64(v.Int("maxRTT"))/(1-rho))) + 1
	answerT := 2*d.Max + 1
	sys := &system{n: n, rounds: v.Int("rounds"), period: engine.Time(v.Int("period")), maxRTT: float64(v.Int("maxRTT")),
		x: float64(v.Int("x")), min: float64(d.Min), rho: rho, collect: collect,
		watch: 2*engine.Time(v.Int("period")) + collect, answerT: answerT, coordT: 2*answerT + 2*d.Max,
		fix: clocks.CorrectorOf(v)}
	spec := clocks.Spec(v)
	spec.Offsets, spec.Drifts = map[int]float64{}, map[int]float64{}
	for p, off := range v.Ints("offsets") {
		spec.Offsets[p] = float64(off)
	}
	procs := make([]engine.Process, n)
	starts := make([]engine.StartAt, n)
	for p := range procs {
		faulty := p < v.Int("faulty")
		if faulty {
			// faulty clocks are broken each its own way: no two agree
			spec.Offsets[p] = float64(v.Int("faultOffset")*(p+1)) * float64(1-2*(p%2))
			spec.Drifts[p] = v.Float("faultDrift")
		}
		procs[p] = &node{sys: sys, self: p, master: n - 1, elected: p == n-1, faulty: faulty}
		starts[p] = engine.StartAt{Node: p}
	}
	cfg := engine.Config{
		Procs: procs, Starts: starts, MessageTypes: messageTypes, Clocks: spec,
		Final:   []engine.Invariant{{Name: "oneMaster", Check: oneMaster}},
		Outcome: outcomeOf,
	}
	if at := v.Int("crashAt"); at > 0 {
		cfg.Schedule = []engine.Scheduled{{At: engine.Time(at), Action: engine.Action{Type: engine.ActCrash, Node: n - 1}}}
	}
	kit.Network(&cfg, v)
	ids := make([]int, n)
	for p := range ids {
		ids[p] = p
	}
	return cfg, kit.PositionLabels(ids), nil
}
