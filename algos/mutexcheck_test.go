package algos

import (
	"strings"
	"testing"

	"distviz/engine"
)

// runCentral builds central-mutex from a scenario with the given labels
// and extra checks, and runs it to the end.
func runCentral(t *testing.T, scenario string, over map[string]any, label func(int) string, extra ...engine.Invariant) (*engine.Sim, *engine.Log) {
	t.Helper()
	a, err := Get("central-mutex")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := a.Scenario(scenario)
	if err != nil {
		t.Fatal(err)
	}
	params := map[string]any{}
	for k, v := range sc.Params {
		params[k] = v
	}
	for k, v := range over {
		params[k] = v
	}
	v, err := a.ResolveAny(params, sc.Seed)
	if err != nil {
		t.Fatal(err)
	}
	cfg := mutexBuildLabeled(v, label, func(p int, c mutexCore) engine.Process {
		return &centralNode{mutexCore: c, coord: v.Int("coordinator"), holder: -1, asked: make([]int64, v.Int("n"))}
	})
	cfg.Final = append(cfg.Final, extra...)
	s, err := engine.New(cfg, uint64(sc.Seed))
	if err != nil {
		t.Fatal(err)
	}
	var log engine.Log
	s.Record(&log)
	s.Init()
	for s.Step() {
	}
	return s, &log
}

func texts(log *engine.Log) string {
	var b strings.Builder
	for seq := int64(1); seq <= log.Len(); seq++ {
		b.WriteString(log.At(seq).Text.Key + "\n")
	}
	return b.String()
}

// The family's texts name the processes by the algorithm's labels (Maekawa
// passes P1..Pn for positions 0..n−1).
func TestMutexTextsUseLabels(t *testing.T) {
	plus1 := func(p int) string { return "P" + string(rune('1'+p)) }
	s, log := runCentral(t, "me3", nil, plus1)
	all := texts(log)
	if want := "ME3: the request of P2 happened before the request of P3, yet P3 enters first"; !strings.Contains(all, want) {
		t.Errorf("the run lacks %q:\n%s", want, all)
	}
	if !strings.Contains(all, "tells P3 that it has requested") || !strings.Contains(all, "hears from P2 and requests") {
		t.Errorf("the TELL notes do not use the labels:\n%s", all)
	}
	o := mutexOutcome(s, plus1)
	if len(o.ME3) != 1 || !strings.HasPrefix(o.ME3[0].Text, "the request of P2 at time 0 happened before the request of P3") {
		t.Errorf("outcome ME3 %+v: want the labels P2, P3", o.ME3)
	}
	_, log = runCentral(t, "coordinator-crash", nil, plus1)
	if all := texts(log); !strings.Contains(all, "but P3, P4 still wait for the critical section") {
		t.Errorf("the deadlock does not use the labels:\n%s", all)
	}
}

// The ME2 overtake bound can fail: the coordinator's own requests are
// granted locally, so with a slow link it enters again and again while P1's
// REQUEST travels, overtaking it more than n−1 times. (The central
// coordinator does not promise the bound, and does not carry the check.)
func TestMutexOvertakeBoundCanFail(t *testing.T) {
	over := map[string]any{"n": 2, "requestNodes": []int{1, 0, 0, 0}, "requestTimes": []int{0, 1, 2, 3},
		"tellFrom": []int{}, "tellTo": []int{}, "delay": map[string]any{"min": 10, "max": 10}, "csTime": map[string]any{"min": 0, "max": 0}}
	s, log := runCentral(t, "me3", over, posLabel, mutexOvertakeBound(posLabel))
	if o := mutexOutcome(s, posLabel); o.MaxOvertakes != 3 {
		t.Fatalf("max overtakes %d, want 3: %+v", o.MaxOvertakes, o.Entries)
	}
	if v := log.Violations(); len(v) != 1 || !strings.Contains(log.At(v[0]).Text.Key, "the request of P1 made at time 0 was overtaken 3 times, more than n−1 = 1") {
		t.Errorf("violations %v: want the overtake bound broken:\n%s", v, texts(log))
	}
}

// stamper takes one stamp at start, so the test below has real stamps.
type stamper struct{ st engine.Stamp }

func (s *stamper) Start(env *engine.Env)                    { s.st = env.Stamp() }
func (s *stamper) Receive(*engine.Env, int, engine.Message) {}
func (s *stamper) Timer(*engine.Env, string)                {}
func (s *stamper) View() engine.NodeView                    { return engine.NodeView{} }
func (s *stamper) Clone() engine.Process                    { d := *s; return &d }

// fakeWorld holds hand-made processes for a check.
type fakeWorld struct{ procs []engine.Process }

func (w fakeWorld) N() int                       { return len(w.procs) }
func (w fakeWorld) Process(p int) engine.Process { return w.procs[p] }
func (w fakeWorld) Crashed(int) bool             { return false }
func (w fakeWorld) Now() engine.Time             { return 0 }
func (w fakeWorld) Charged(engine.Account) int64 { return 0 }
func (w fakeWorld) Edges() [][2]int              { return nil }
func (w fakeWorld) Attached(int) bool            { return true }
func (w fakeWorld) Linked(int, int) bool         { return true }
func (w fakeWorld) Ended() bool                  { return false }

// The timestamp-order check fires when a process enters while an older
// request waits; Ricart–Agrawala and Lamport never let that happen (the
// property tests), so the state is made by hand here.
func TestMutexTimestampOrderCanFail(t *testing.T) {
	sim, err := engine.New(engine.Config{Procs: []engine.Process{&stamper{}}, Starts: []engine.StartAt{{Node: 0}}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	sim.Step()
	st := sim.Process(0).(*stamper).st
	p0 := &raNode{mutexCore: mutexCore{self: 0, state: stHeld, justEntered: true,
		pending: []mutexRequest{{begun: st, order: [2]int{12, 0}, ordered: true}}}}
	p1 := &raNode{mutexCore: mutexCore{self: 1, state: stWanted,
		pending: []mutexRequest{{begun: st, order: [2]int{8, 1}, ordered: true}}}}
	check := mutexTimestampOrder(posLabel).Legacy
	w := fakeWorld{[]engine.Process{p0, p1}}
	if got := check(w, 0); got != "P0 entered the critical section with (12,0) while P1 waits with the older request (8,1)" {
		t.Errorf("check: %q", got)
	}
	p1.pending[0].order = [2]int{12, 1}
	if got := check(w, 0); got != "" {
		t.Errorf("P1's request is younger, yet the check says %q", got)
	}
}
