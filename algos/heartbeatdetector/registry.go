package heartbeatdetector

import (
	"embed"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// MaxN keeps n(n−1) heartbeats a period drawable.
const MaxN = 32

// Algorithm is the heartbeat failure detector's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "heartbeat-detector", Family: algo.FamilyFailure, View: algo.ViewComplete,
	Params: []param.Spec{
		kit.N(2, 4, MaxN),
		{Name: "period", Type: param.Int, Default: 10, Min: param.Bound(1), Max: param.Bound(1e6)},
		{Name: "margin", Type: param.Int, Default: 4, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "synchronous", Type: param.Bool, Default: false},
		kit.Delay(engine.Delay{Min: 1, Max: 4}),
		{Name: "tail", Type: param.Float, Default: 0.02, Min: param.Bound(0), Max: param.Bound(1)},
		{Name: "tailDelay", Type: param.Range, Default: param.IntRange{Min: 10, Max: 30}, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "crashes", Type: param.Lists, Fields: []string{"node", "at"}, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(1e9)},
		{Name: "duration", Type: param.Int, Default: 100, Min: param.Bound(0), Max: param.Bound(1e6)},
		kit.FIFO(),
		kit.Loss(),
	},
	MessageTypes: []string{msgAlive},
	Looks:        []algo.MessageLook{{Type: msgAlive, Color: 1, Glyph: "circle"}},
	Roles: []algo.Role{
		{Name: "trusting", Tone: "idle"},
		{Name: "suspecting", Tone: "waiting", Icon: "bolt"},
		{Name: "crashed", Tone: "crashed", Icon: "cross", Rare: true},
	},
	Vars: []algo.Var{
		{Name: "suspects", Kind: "positions"},
		{Name: "beatsSent", Kind: "number"},
	},
	Outcome:    outcomeVars,
	Invariants: []algo.Doc{{Name: "reliable"}},
	Theory: []algo.Bound{
		{ID: "heartbeats", Formula: "n(n−1)(⌊duration/T⌋+1)", Measure: "messages.sent",
			Applies: func(v param.Values) bool { return len(v.IntLists("crashes")) == 0 },
			Eval: func(v param.Values) float64 {
				n := v.Int("n")
				return float64(n * (n - 1) * (v.Int("duration")/v.Int("period") + 1))
			}},
	},
	Scenarios: []algo.Scenario{
		{ID: "crash", Params: map[string]any{"n": 4, "crashes": []map[string]any{{"node": 2, "at": 33}}, "tail": 0.0, "duration": 80}},
		{ID: "synchronous", Params: map[string]any{"n": 4, "synchronous": true, "crashes": []map[string]any{{"node": 1, "at": 25}}, "duration": 80}, Seed: 3},
		{ID: "false-suspicions", Params: map[string]any{"n": 4, "margin": 2, "tail": 0.05, "duration": 120}, Seed: 1},
		{ID: "lost-heartbeat", Params: map[string]any{"n": 3, "synchronous": true, "tail": 0.0, "loss": 0.05, "duration": 100}, Seed: 2,
			Violates: []string{"reliable"}},
	},
	Experiments: []algo.Preset{
		{ID: "timeout-false", Params: presetParams(),
			Vary:  map[string][]any{"margin": {0, 1, 2, 4, 8, 16, 32}},
			Seeds: algo.Seeds{From: 1, Count: 20},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "margin", Y: "outcome.falseRate"}},
		{ID: "timeout-detection", Params: presetParams(),
			Vary:  map[string][]any{"margin": {0, 1, 2, 4, 8, 16, 32}},
			Seeds: algo.Seeds{From: 1, Count: 20},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "margin", Y: "outcome.meanDetection"}},
	},
	Complete: complete,
	Make:     build,
}, algo.Merge(kit.Texts, algo.MustTexts(files)))

// presetParams: five processes, one crashing half-way, delays 1–4 with a
// rare tail of 10–30, for 200 time units.
func presetParams() map[string]any {
	return map[string]any{"n": 5, "tail": 0.02, "duration": 200, "crashes": []map[string]any{{"node": 4, "at": 95}}}
}

func complete(v param.Values, _ *rand.Rand) error {
	n := v.Int("n")
	for i, c := range v.IntLists("crashes") {
		if c[0] >= n {
			return param.Errorf("crashes", "crash %d: position %d is outside 0..%d", i, c[0], n-1)
		}
	}
	return nil
}

// margin is D: the parameter, or in a synchronous system the real maximum
// delay, the long tail's included.
func margin(v param.Values) engine.Time {
	if !v.Bool("synchronous") {
		return engine.Time(v.Int("margin"))
	}
	d := v.Range("delay").Max
	if v.Float("tail") > 0 {
		d = max(d, v.Range("tailDelay").Max)
	}
	return d
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	n := v.Int("n")
	set := settings{period: engine.Time(v.Int("period")), margin: margin(v), duration: engine.Time(v.Int("duration"))}
	procs := make([]engine.Process, n)
	starts := make([]engine.StartAt, n)
	ids := make([]int, n)
	for p := range n {
		procs[p] = newNode(set, n)
		starts[p] = engine.StartAt{Node: p}
		ids[p] = p
	}
	crashAt := make([]engine.Time, n) // −1: not scheduled
	for p := range crashAt {
		crashAt[p] = -1
	}
	cfg := engine.Config{Procs: procs, Starts: starts}
	for _, c := range v.IntLists("crashes") {
		at := engine.Time(c[1])
		cfg.Schedule = append(cfg.Schedule, engine.Scheduled{At: at, Action: engine.Action{Type: engine.ActCrash, Node: c[0]}})
		if crashAt[c[0]] < 0 || at < crashAt[c[0]] {
			crashAt[c[0]] = at
		}
	}
	cfg.Invariants = []engine.Invariant{reliable(v.Bool("synchronous"))}
	cfg.Outcome = func(w engine.World) any { return outcomeOf(w, set, crashAt) }
	kit.Network(&cfg, v)
	if p := v.Float("tail"); p > 0 {
		d := v.Range("tailDelay")
		cfg.Tail = &engine.Tail{P: p, Delay: engine.Delay{Min: d.Min, Max: d.Max}}
	}
	return cfg, kit.PositionLabels(ids), nil
}
