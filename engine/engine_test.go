package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"distviz/engine"
	_ "distviz/narrate" // refusals read as English sentences (engine.RenderEnglish)
)

// echo is a test process: at start it sends k numbered PINGs to its
// neighbour; it answers every PING with a PONG; it arms a timer "t" when
// told to and notes what it sees.
type echo struct {
	k         int
	got       []int // PING numbers in arrival order
	timers    int
	recovered bool
	leader    bool
}

type num struct{ N int }

func (b num) Label() string { return fmt.Sprint(b.N) }

func (e *echo) Start(env *engine.Env) {
	for i := range e.k {
		env.Send((env.Self()+1)%env.N(), engine.Message{Type: "PING", Body: num{i}})
	}
}

func (e *echo) Receive(env *engine.Env, from int, m engine.Message) {
	switch m.Type {
	case "PING":
		e.got = append(e.got, m.Body.(num).N)
		env.Send(from, engine.Message{Type: "PONG"})
	case "ARM":
		env.SetTimer("t", 5)
	}
}

func (e *echo) Timer(env *engine.Env, name string) {
	e.timers++
	env.Note("note.timer", engine.Raw(name))
}

func (e *echo) View() engine.NodeView {
	return engine.NodeView{Role: "idle", Vars: []engine.Var{{Name: "got", Value: e.got}}}
}

func (e *echo) Clone() engine.Process {
	c := *e
	c.got = slices.Clone(e.got)
	return &c
}

func (e *echo) Recover(env *engine.Env) { e.recovered = true; env.SetTimer("t", 1) }

func (e *echo) Act(env *engine.Env, action string) error {
	if action != "arm" {
		return fmt.Errorf("unknown action %q", action)
	}
	env.SetTimer("t", 5)
	return nil
}

func newSim(t *testing.T, n, k int, d engine.Delay, nonFIFO bool, seed uint64) (*engine.Sim, *engine.Log) {
	t.Helper()
	procs := make([]engine.Process, n)
	var starts []engine.StartAt
	for i := range procs {
		procs[i] = &echo{k: k}
		starts = append(starts, engine.StartAt{Node: i})
	}
	s, err := engine.New(engine.Config{Procs: procs, Starts: starts, Delay: d, NonFIFO: nonFIFO, MessageTypes: []string{"PING", "PONG"}}, seed)
	if err != nil {
		t.Fatal(err)
	}
	var log engine.Log
	s.Record(&log)
	s.Init()
	return s, &log
}

func encode(t *testing.T, log *engine.Log) string {
	t.Helper()
	var b []byte
	for seq := int64(1); seq <= log.Len(); seq++ {
		var err error
		if b, err = log.At(seq).AppendJSON(b); err != nil {
			t.Fatal(err)
		}
		b = append(b, '\n')
	}
	return string(b)
}

func runAll(s *engine.Sim) {
	for s.Step() {
	}
}

func TestFIFOChannelsKeepOrderUnderRandomDelays(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		s, _ := newSim(t, 3, 30, engine.Delay{Min: 1, Max: 20}, false, seed)
		runAll(s)
		for p := range 3 {
			got := s.Process(p).(*echo).got
			if !slices.IsSorted(got) || len(got) != 30 {
				t.Fatalf("seed %d: P%d received PINGs %v, want 0..29 in order", seed, p, got)
			}
		}
	}
}

func TestNonFIFOChannelsLetMessagesOvertake(t *testing.T) {
	overtaken := false
	for seed := uint64(0); seed < 20 && !overtaken; seed++ {
		s, _ := newSim(t, 2, 30, engine.Delay{Min: 1, Max: 20}, true, seed)
		runAll(s)
		overtaken = !slices.IsSorted(s.Process(1).(*echo).got)
	}
	if !overtaken {
		t.Fatal("with non-FIFO channels and random delays no message ever overtook another")
	}
}

func TestSameSeedSameTraceOtherSeedOtherTrace(t *testing.T) {
	run := func(seed uint64) string {
		s, log := newSim(t, 4, 5, engine.Delay{Min: 1, Max: 9}, false, seed)
		runAll(s)
		return encode(t, log)
	}
	if a, b := run(7), run(7); a != b {
		t.Fatal("the same seed gave two different traces")
	}
	if run(7) == run(8) {
		t.Fatal("different seeds gave the same trace despite random delays")
	}
}

func TestEventsAreOrderedByTimeThenSequence(t *testing.T) {
	s, log := newSim(t, 5, 10, engine.Delay{Min: 0, Max: 7}, true, 3)
	runAll(s)
	var last int64
	for seq := int64(1); seq <= log.Len(); seq++ {
		e := log.At(seq)
		if e.Seq != seq || e.Time < last {
			t.Fatalf("event %d: seq %d at time %d after time %d", seq, e.Seq, e.Time, last)
		}
		last = e.Time
	}
	if !s.Ended() || log.At(log.Len()).Kind != engine.KindEnd {
		t.Fatal("the run did not end with an end event")
	}
}

func TestCrashLosesMessagesAndTimersRecoverRunsTheRule(t *testing.T) {
	s, log := newSim(t, 2, 3, engine.Delay{Min: 2, Max: 2}, false, 1)
	if err := s.Apply(engine.Action{Type: engine.ActNode, Node: 1, Name: "arm"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(engine.Action{Type: engine.ActCrash, Node: 1}); err != nil {
		t.Fatal(err)
	}
	if len(s.Timers()) != 0 {
		t.Fatalf("a crashed process keeps timers %v", s.Timers())
	}
	runAll(s)
	if got := s.Process(1).(*echo).got; len(got) != 0 {
		t.Fatalf("crashed P1 received %v", got)
	}
	if d := s.Metrics().Dropped; d != 3 {
		t.Fatalf("dropped %d messages to the crashed process, want 3", d)
	}
	if err := s.Apply(engine.Action{Type: engine.ActCrash, Node: 1}); err == nil {
		t.Fatal("crashing a crashed process was accepted")
	}
	if err := s.Apply(engine.Action{Type: engine.ActRecover, Node: 1}); err != nil {
		t.Fatal(err)
	}
	runAll(s)
	if p := s.Process(1).(*echo); !p.recovered || p.timers != 1 {
		t.Fatalf("recovery rule did not run (recovered %v, timers fired %d)", p.recovered, p.timers)
	}
	if !strings.Contains(encode(t, log), `"kind":"recover","node":1`) {
		t.Fatal("no recover event in the trace")
	}
}

func TestManualDeliveryRespectsFIFO(t *testing.T) {
	s, _ := newSim(t, 2, 3, engine.Delay{Min: 5, Max: 5}, false, 1)
	s.Step() // P0 starts: PINGs 1, 2, 3 in flight to P1
	fl := s.InFlight()
	if len(fl) != 3 || !fl[0].Next || fl[1].Next {
		t.Fatalf("in flight %+v: only the channel's head may be deliverable", fl)
	}
	if err := s.Apply(engine.Action{Type: engine.ActDeliver, Msg: fl[1].ID}); err == nil || !strings.Contains(err.Error(), "FIFO") {
		t.Fatalf("delivering the second message first: err %v, want a FIFO refusal", err)
	}
	if err := s.Apply(engine.Action{Type: engine.ActDeliver, Msg: fl[0].ID}); err != nil {
		t.Fatal(err)
	}
	if got := s.Process(1).(*echo).got; !slices.Equal(got, []int{0}) || s.Now() != 0 {
		t.Fatalf("after delivering the head now: P1 got %v at time %d", got, s.Now())
	}
	if err := s.Apply(engine.Action{Type: engine.ActDrop, Msg: fl[1].ID}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(engine.Action{Type: engine.ActDrop, Msg: fl[1].ID}); err == nil {
		t.Fatal("dropping a message twice was accepted")
	}
}

func TestNonFIFOManualDeliveryMayOvertake(t *testing.T) {
	s, _ := newSim(t, 2, 3, engine.Delay{Min: 5, Max: 5}, true, 1)
	s.Step()
	fl := s.InFlight()
	if err := s.Apply(engine.Action{Type: engine.ActDeliver, Msg: fl[2].ID}); err != nil {
		t.Fatalf("non-FIFO: delivering the last message first was refused: %v", err)
	}
}

func TestCutLinkDropsAndRestoreHeals(t *testing.T) {
	s, _ := newSim(t, 2, 0, engine.Delay{Min: 1, Max: 1}, false, 1)
	if err := s.Apply(engine.Action{Type: engine.ActCut, From: 0, To: 1}); err != nil {
		t.Fatal(err)
	}
	if !s.LinkDown(1, 0) {
		t.Fatal("cutting 0–1 did not cut 1–0")
	}
	if err := s.Apply(engine.Action{Type: engine.ActCut, From: 1, To: 1}); err == nil {
		t.Fatal("a self-link was accepted")
	}
	if err := s.Apply(engine.Action{Type: engine.ActRestore, From: 1, To: 0}); err != nil || s.LinkDown(0, 1) {
		t.Fatalf("restore: %v, down %v", err, s.LinkDown(0, 1))
	}
	if err := s.Apply(engine.Action{Type: engine.ActLoss, From: 0, To: 1, P: 1.5}); err == nil {
		t.Fatal("a loss probability of 1.5 was accepted")
	}
}

func TestLossDropsAboutTheRightShare(t *testing.T) {
	procs := []engine.Process{&echo{k: 2000}, &echo{}}
	s, err := engine.New(engine.Config{Procs: procs, Starts: []engine.StartAt{{Node: 0}}, Delay: engine.Delay{Min: 1, Max: 1}, Loss: 0.25}, 9)
	if err != nil {
		t.Fatal(err)
	}
	s.Init()
	runAll(s)
	// 2000 PINGs, each answered PONG if it arrives: expect 500 PINGs lost
	// (binomial, sd ≈ 19), so 1500 PONGs sent and 375 of those lost.
	lostPings := 2000 - len(s.Process(1).(*echo).got)
	if lostPings < 420 || lostPings > 580 {
		t.Fatalf("lost %d of 2000 PINGs at loss 0.25, want about 500", lostPings)
	}
}

func TestTimersFireCancelAndReplace(t *testing.T) {
	s, _ := newSim(t, 1, 0, engine.Delay{Min: 1, Max: 1}, false, 1)
	for range 3 { // re-arming replaces: one timer, fired once
		if err := s.Apply(engine.Action{Type: engine.ActNode, Node: 0, Name: "arm"}); err != nil {
			t.Fatal(err)
		}
	}
	if ts := s.Timers(); len(ts) != 1 || ts[0].At != 5 {
		t.Fatalf("timers %+v, want one at time 5", ts)
	}
	if err := s.Apply(engine.Action{Type: engine.ActFire, Node: 0, Timer: "nope"}); err == nil {
		t.Fatal("firing an unarmed timer was accepted")
	}
	if err := s.Apply(engine.Action{Type: engine.ActFire, Node: 0, Timer: "t"}); err != nil {
		t.Fatal(err)
	}
	runAll(s)
	if got := s.Process(0).(*echo).timers; got != 1 {
		t.Fatalf("timer fired %d times, want 1", got)
	}
	if err := s.Apply(engine.Action{Type: engine.ActNode, Node: 0, Name: "bogus"}); err != nil {
		t.Fatalf("an action the process refuses is narrated, not an engine error: %v", err)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	a, _ := newSim(t, 3, 4, engine.Delay{Min: 1, Max: 6}, false, 5)
	for range 7 {
		a.Step()
	}
	b := a.Clone()
	frozen := fmt.Sprint(b.Process(1).(*echo).got, b.Seq(), b.Now(), b.InFlight())
	runAll(a) // a moves on; b must not notice
	if now := fmt.Sprint(b.Process(1).(*echo).got, b.Seq(), b.Now(), b.InFlight()); now != frozen {
		t.Fatalf("running the original changed the clone:\n%s\n%s", frozen, now)
	}
	runAll(b) // and b, run on its own, reaches the same end
	for p := range 3 {
		if x, y := a.Process(p).(*echo).got, b.Process(p).(*echo).got; !slices.Equal(x, y) {
			t.Fatalf("P%d: original got %v, clone got %v", p, x, y)
		}
	}
	if a.Seq() != b.Seq() || a.Now() != b.Now() || a.Metrics().Delivered != b.Metrics().Delivered {
		t.Fatalf("original ended at event %d time %d, clone at %d time %d", a.Seq(), a.Now(), b.Seq(), b.Now())
	}
}

func TestInvariantViolationsAndFinalChecksAreRecorded(t *testing.T) {
	procs := []engine.Process{&echo{k: 1}, &echo{}}
	never := engine.Invariant{Name: "no-pong", Check: func(w engine.World, node int) engine.Text {
		if node >= 0 && len(w.Process(node).(*echo).got) > 0 {
			return engine.T("violation.gotPing", engine.Pos(node))
		}
		return engine.Text{}
	}}
	final := engine.Invariant{Name: "final", Check: func(engine.World, int) engine.Text { return engine.T("violation.alwaysAtEnd") }}
	s, err := engine.New(engine.Config{Procs: procs, Starts: []engine.StartAt{{Node: 0}}, Delay: engine.Delay{Min: 1, Max: 1},
		Invariants: []engine.Invariant{never}, Final: []engine.Invariant{final}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var log engine.Log
	s.Record(&log)
	s.Init()
	runAll(s)
	var names []string
	for seq := int64(1); seq <= log.Len(); seq++ {
		if e := log.At(seq); e.Kind == engine.KindViolation {
			names = append(names, e.Name)
		}
	}
	if !slices.Equal(names, []string{"no-pong", "final"}) || s.Metrics().Violations != 2 {
		t.Fatalf("violations %v, want [no-pong final]", names)
	}
}

func TestScheduledActionsHappenAtTheirTime(t *testing.T) {
	procs := []engine.Process{&echo{}, &echo{}}
	s, err := engine.New(engine.Config{Procs: procs, Crashed: []int{1}, Delay: engine.Delay{Min: 1, Max: 1},
		Schedule: []engine.Scheduled{{At: 40, Action: engine.Action{Type: engine.ActRecover, Node: 1}},
			{At: 50, Action: engine.Action{Type: engine.ActRecover, Node: 1}}}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var log engine.Log
	s.Record(&log)
	s.Init()
	runAll(s)
	out := encode(t, &log)
	if !strings.Contains(out, `{"seq":2,"time":40,"kind":"action","node":1,"name":"scheduled","action":{"type":"recover","node":1}}`) {
		t.Fatalf("no scheduled recovery at time 40 in\n%s", out)
	}
	if !strings.Contains(out, `{"key":"engine.actionSkipped","args":[{"text":{"key":"engine.refused.notCrashed","args":[{"pos":1}]}}]}`) {
		t.Fatalf("the invalid second recovery was not narrated as skipped:\n%s", out)
	}
}

func TestActionJSONRoundTripAndRefusals(t *testing.T) {
	for _, a := range []engine.Action{
		{Type: engine.ActCrash, Node: 0}, {Type: engine.ActDeliver, Msg: 4}, {Type: engine.ActFire, Node: 2, Timer: "answer"},
		{Type: engine.ActLoss, From: 1, To: 2, P: 0.5}, {Type: engine.ActNode, Node: 3, Name: "notice"},
	} {
		b, err := a.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back engine.Action
		if err := back.UnmarshalJSON(b); err != nil || back != a {
			t.Fatalf("%s came back as %+v (%v)", b, back, err)
		}
	}
	for _, bad := range []string{`{"type":"crash"}`, `{"type":"explode","node":1}`, `{"type":"fire","node":1}`, `[]`} {
		var a engine.Action
		if err := a.UnmarshalJSON([]byte(bad)); err == nil {
			t.Fatalf("%s was accepted", bad)
		}
	}
}
