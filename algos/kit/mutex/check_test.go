package mutex

import (
	"testing"

	"distviz/engine"
)

// stamper takes one stamp at start, so the test below has real stamps.
type stamper struct{ st engine.Stamp }

func (s *stamper) Start(env *engine.Env)                    { s.st = env.Stamp() }
func (s *stamper) Receive(*engine.Env, int, engine.Message) {}
func (s *stamper) Timer(*engine.Env, string)                {}
func (s *stamper) View() engine.NodeView                    { return engine.NodeView{} }
func (s *stamper) Clone() engine.Process                    { d := *s; return &d }

// proc is a process of the family made by hand: its core alone.
type proc struct{ Core }

func (p *proc) Start(*engine.Env)                        {}
func (p *proc) Receive(*engine.Env, int, engine.Message) {}
func (p *proc) Timer(*engine.Env, string)                {}
func (p *proc) View() engine.NodeView                    { return engine.NodeView{} }
func (p *proc) Clone() engine.Process                    { d := *p; d.Core = p.Copy(); return &d }

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

// aStamp is a real stamp of a one-process run.
func aStamp(t *testing.T) engine.Stamp {
	t.Helper()
	sim, err := engine.New(engine.Config{Procs: []engine.Process{&stamper{}}, Starts: []engine.StartAt{{Node: 0}}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	sim.Step()
	return sim.Process(0).(*stamper).st
}

// The timestamp-order check fires when a process enters while an older
// request waits; Ricart–Agrawala and Lamport never let that happen (their
// property tests), so the state is made by hand here.
func TestTimestampOrderCanFail(t *testing.T) {
	st := aStamp(t)
	p0 := &proc{Core{self: 0, state: Held, justEntered: true,
		pending: []request{{begun: st, order: [2]int{12, 0}, ordered: true}}}}
	p1 := &proc{Core{self: 1, state: Wanted,
		pending: []request{{begun: st, order: [2]int{8, 1}, ordered: true}}}}
	check := TimestampOrder().Check
	w := fakeWorld{[]engine.Process{p0, p1}}
	if got := English(check(w, 0), 2, PosLabel); got != "P0 entered the critical section with (12,0) while P1 waits with the older request (8,1)" {
		t.Errorf("check: %q", got)
	}
	p1.pending[0].order = [2]int{12, 1}
	if got := check(w, 0); !got.IsZero() {
		t.Errorf("P1's request is younger, yet the check says %v", got)
	}
}

// ME1 names one process inside, or several; the deadlock check every live
// process still waiting and how many requests wait.
func TestME1AndDeadlockTexts(t *testing.T) {
	st := aStamp(t)
	in := func(self int) *proc { return &proc{Core{self: self, state: Held, pending: []request{{begun: st}}}} }
	p0 := in(0)
	p0.justEntered = true
	w := fakeWorld{[]engine.Process{p0, in(1)}}
	label := func(p int) string { return "P" + string(rune('1'+p)) }
	if got := English(ME1().Check(w, 0), 2, label); got != "P1 entered the critical section while P2 is inside" {
		t.Errorf("ME1: %q", got)
	}
	w.procs = append(w.procs, in(2))
	if got := English(ME1().Check(w, 0), 3, label); got != "P1 entered the critical section while P2, P3 are inside" {
		t.Errorf("ME1: %q", got)
	}
	w.procs[1].(*proc).pending = append(w.procs[1].(*proc).pending, request{})
	if got := English(Deadlock().Check(w, -1), 3, label); got != "nothing is left to happen, but P1, P2, P3 still wait for the critical section (4 requests pending)" {
		t.Errorf("deadlock: %q", got)
	}
}
