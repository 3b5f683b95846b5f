package engine_test

import (
	"math"
	"testing"

	"distviz/engine"
)

// ticker is a test process with a software clock: at start it reads its
// clock; its timer "set" jumps it, "slew" slews it, by the amounts given.
type ticker struct {
	clock  engine.Clock
	set    float64
	slew   float64
	over   engine.Time
	reads  []float64
	readAt []engine.Time
}

func (k *ticker) Start(env *engine.Env) {
	k.clock.Start(env)
	env.SetTimer("set", 10)
	env.SetTimer("slew", 20)
	for _, at := range []engine.Time{15, 25, 40, 80, 200} {
		env.SetTimer("read"+string(rune('a'+at%26)), at)
	}
}
func (k *ticker) Receive(*engine.Env, int, engine.Message) {}
func (k *ticker) Timer(env *engine.Env, name string) {
	switch name {
	case "set":
		k.clock.Set(env, k.set, 0)
	case "slew":
		k.clock.Slew(env, k.slew, k.over, 0)
	default:
		k.reads = append(k.reads, k.clock.Read(env))
		k.readAt = append(k.readAt, env.Now())
	}
}
func (k *ticker) View() engine.NodeView { return engine.NodeView{Role: "idle"} }
func (k *ticker) Clone() engine.Process { c := *k; return &c }

func runTicker(t *testing.T, spec *engine.ClockSpec, seed uint64, procs ...*ticker) *engine.Sim {
	t.Helper()
	cfg := engine.Config{Clocks: spec}
	for p, k := range procs {
		cfg.Procs = append(cfg.Procs, k)
		cfg.Starts = append(cfg.Starts, engine.StartAt{Node: p})
	}
	s, err := engine.New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	s.Init()
	for s.Step() {
	}
	return s
}

func TestHardwareClocksDrawnWithinBoundsFromTheSeed(t *testing.T) {
	spec := &engine.ClockSpec{MaxOffset: 50, Rho: 0.01, Exact: []int{0}, Drifts: map[int]float64{3: 0.5}}
	a := runTicker(t, spec, 7, &ticker{}, &ticker{}, &ticker{}, &ticker{})
	b := runTicker(t, spec, 7, &ticker{}, &ticker{}, &ticker{}, &ticker{})
	c := runTicker(t, spec, 8, &ticker{}, &ticker{}, &ticker{}, &ticker{})
	if a.Hardware(0) != (engine.Hardware{}) {
		t.Errorf("exact clock: %+v", a.Hardware(0))
	}
	if a.Hardware(3).Drift != 0.5 {
		t.Errorf("override: %+v", a.Hardware(3))
	}
	for p := 1; p < 3; p++ {
		h := a.Hardware(p)
		if math.Abs(h.Offset) > 50 || math.Abs(h.Drift) > 0.01 {
			t.Errorf("P%d: %+v beyond the spec", p, h)
		}
		if h != b.Hardware(p) {
			t.Errorf("P%d: same seed, other clock: %+v, %+v", p, h, b.Hardware(p))
		}
		if h == c.Hardware(p) {
			t.Errorf("P%d: another seed, same clock %+v", p, h)
		}
	}
	if h := runTicker(t, nil, 7, &ticker{}).Hardware(0); h.At(123) != 123 {
		t.Errorf("without clocks H(123) = %g", h.At(123))
	}
}

func TestSoftwareClockJumpsAndSlewsMonotonically(t *testing.T) {
	spec := &engine.ClockSpec{Offsets: map[int]float64{0: 5, 1: 5}, Drifts: map[int]float64{0: 0, 1: 0}}
	// both jump to 100 at t = 10; then P0 slews by −10 over 20, P1 by +10 over 20
	k0 := &ticker{set: 100, slew: -10, over: 20}
	k1 := &ticker{set: 100, slew: 10, over: 20}
	runTicker(t, spec, 1, k0, k1)
	// reads at 15, 25, 40, 80, 200
	if k0.reads[0] != 105 || k1.reads[0] != 105 {
		t.Fatalf("after the jump: %v, %v", k0.reads, k1.reads)
	}
	// P0 runs at half speed from 110 at t = 20: its slew ends at t = 40
	for i, want := range []float64{112.5, 120, 160, 280} {
		if got := k0.reads[i+1]; math.Abs(got-want) > 1e-9 {
			t.Errorf("P0 at %d: %g, want %g", k0.readAt[i+1], got, want)
		}
	}
	// P1 runs at 1.5 for 20 ticks: 110 + 7.5 at 25, 110 + 10 + 20 at 40
	for i, want := range []float64{117.5, 140, 180, 300} {
		if got := k1.reads[i+1]; math.Abs(got-want) > 1e-9 {
			t.Errorf("P1 at %d: %g, want %g", k1.readAt[i+1], got, want)
		}
	}
	for _, k := range []*ticker{k0, k1} {
		for i := 1; i < len(k.reads); i++ {
			if k.reads[i] < k.reads[i-1] {
				t.Errorf("clock ran backwards: %v", k.reads)
			}
		}
	}
	marks := k0.clock.Marks()
	if len(marks) != 4 || marks[1].Kind != "jump" || marks[1].Before != 15 || marks[3].Kind != "slewEnd" || marks[3].T != 40 {
		t.Errorf("P0's marks: %+v", marks)
	}
}

func TestLinkDelayPerDirection(t *testing.T) {
	cfg := engine.Config{
		Procs:     []engine.Process{&echo{k: 1}, &echo{}},
		Starts:    []engine.StartAt{{Node: 0}},
		LinkDelay: func(from, to int) engine.Delay { return engine.Delay{Min: 3 + 4*int64(from), Max: 3 + 4*int64(from)} },
	}
	s, err := engine.New(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	s.Init()
	for s.Step() {
	}
	// PING 0→1 takes 3, PONG 1→0 takes 7
	if s.Now() != 10 {
		t.Errorf("the exchange ended at %d, want 10", s.Now())
	}
}

func TestReadingAtLooksBack(t *testing.T) {
	spec := &engine.ClockSpec{Offsets: map[int]float64{0: 5}, Drifts: map[int]float64{0: 0}}
	k := &ticker{set: 100, slew: 10, over: 20}
	runTicker(t, spec, 1, k)
	// 5 + t until 10; jumps to 100; slews from 110 at 20 at 1.5 until 40; then 1
	for _, c := range []struct {
		at   engine.Time
		want float64
	}{{0, 5}, {9, 14}, {10, 100}, {15, 105}, {30, 125}, {40, 140}, {50, 150}} {
		if got := k.clock.ReadingAt(float64(c.at)); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("ReadingAt(%d) = %g, want %g", c.at, got, c.want)
		}
	}
}

// adjuster slews by +10 over 20 at t = 0 and, at t = 5, adjusts by +1: the
// rest of the slew (7.5) is done at once with the adjustment.
type adjuster struct {
	clock  engine.Clock
	target float64
	after  float64
}

func (a *adjuster) Start(env *engine.Env) {
	a.clock.Start(env)
	a.clock.Slew(env, 10, 20, 0)
	env.SetTimer("adjust", 5)
}
func (a *adjuster) Receive(*engine.Env, int, engine.Message) {}
func (a *adjuster) Timer(env *engine.Env, _ string) {
	a.target = a.clock.Target(env)
	a.clock.Adjust(env, 1, 0)
	a.after = a.clock.Read(env)
}
func (a *adjuster) View() engine.NodeView { return engine.NodeView{Role: "idle"} }
func (a *adjuster) Clone() engine.Process { c := *a; return &c }

func TestTargetCountsTheSlewUnderWay(t *testing.T) {
	a := &adjuster{}
	s, err := engine.New(engine.Config{Procs: []engine.Process{a}, Starts: []engine.StartAt{{Node: 0}}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	s.Init()
	for s.Step() {
	}
	// at t = 5 the clock reads 5 + 2.5 and heads for 5 + 10
	if a.target != 15 || a.after != 16 {
		t.Fatalf("target %g, after the adjustment %g; want 15 and 16", a.target, a.after)
	}
}
