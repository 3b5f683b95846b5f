package engine_test

import (
	"testing"

	"distviz/engine"
)

// caster multicasts one CAST to the group at start and counts what it gets.
type caster struct {
	group []int
	got   int
}

func (c *caster) Start(env *engine.Env) {
	env.Multicast(c.group, engine.Message{Type: "CAST", Body: num{env.Self()}})
}
func (c *caster) Receive(*engine.Env, int, engine.Message) { c.got++ }
func (c *caster) Timer(*engine.Env, string)                {}
func (c *caster) View() engine.NodeView                    { return engine.NodeView{Role: "idle"} }
func (c *caster) Clone() engine.Process                    { d := *c; return &d }

func castSim(t *testing.T, n int, loss float64, seed uint64) *engine.Sim {
	t.Helper()
	group := make([]int, n)
	procs := make([]engine.Process, n)
	for p := range n {
		group[p] = p
	}
	for p := range n {
		procs[p] = &caster{group: group}
	}
	s, err := engine.New(engine.Config{Procs: procs, Starts: []engine.StartAt{{Node: 0}},
		Delay: engine.Delay{Min: 1, Max: 3}, Loss: loss, MessageTypes: []string{"CAST"}}, seed)
	if err != nil {
		t.Fatal(err)
	}
	s.Init()
	return s
}

// One multicast to a group of n is n−1 copies, one per member but the
// sender, each on its own link.
func TestMulticastSendsOneCopyToEveryOtherMember(t *testing.T) {
	s := castSim(t, 5, 0, 1)
	s.Step() // the start: the multicast
	fl := s.InFlight()
	if len(fl) != 4 {
		t.Fatalf("%d copies in flight, want 4", len(fl))
	}
	seen := map[int]bool{}
	for _, f := range fl {
		if f.From != 0 || f.To == 0 || seen[f.To] {
			t.Fatalf("copy %+v: want one from P0 to each other member", f)
		}
		seen[f.To] = true
	}
	for s.Step() {
	}
	for p := 1; p < 5; p++ {
		if got := s.Process(p).(*caster).got; got != 1 {
			t.Errorf("P%d got %d copies, want 1", p, got)
		}
	}
}

// Each copy is lost on its own: with loss ½ over many seeds some members
// get the multicast and others do not, about half the copies in all; and
// dropping one copy by hand loses it for that member only.
func TestMulticastCopiesAreLostIndependently(t *testing.T) {
	lost, mixed := 0, 0
	for seed := range uint64(200) {
		s := castSim(t, 5, 0.5, seed)
		for s.Step() {
		}
		got := 0
		for p := 1; p < 5; p++ {
			got += s.Process(p).(*caster).got
		}
		lost += 4 - got
		if got > 0 && got < 4 {
			mixed++
		}
	}
	if lost < 300 || lost > 500 || mixed < 100 {
		t.Fatalf("%d of 800 copies lost, %d of 200 multicasts partly delivered: want about 400 and most", lost, mixed)
	}
	s := castSim(t, 3, 0, 1)
	s.Step()
	if err := s.Apply(engine.Action{Type: engine.ActDrop, Msg: s.InFlight()[0].ID}); err != nil {
		t.Fatal(err)
	}
	for s.Step() {
	}
	if a, b := s.Process(1).(*caster).got, s.Process(2).(*caster).got; a+b != 1 {
		t.Fatalf("after dropping one copy P1 got %d and P2 %d, want one of them 1", a, b)
	}
}

// A link's own delay (Config.LinkDelay) decides when its copy arrives.
func TestLinkDelayGivesEachLinkItsLength(t *testing.T) {
	group := []int{0, 1, 2, 3}
	procs := make([]engine.Process, 4)
	for p := range procs {
		procs[p] = &caster{group: group}
	}
	s, err := engine.New(engine.Config{Procs: procs, Starts: []engine.StartAt{{Node: 0}}, Delay: engine.Delay{Min: 1, Max: 1},
		LinkDelay: func(from, to int) engine.Delay {
			return engine.Delay{Min: engine.Time(10 * to), Max: engine.Time(10 * to)}
		},
		MessageTypes: []string{"CAST"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	s.Init()
	s.Step()
	for _, f := range s.InFlight() {
		if f.Arrive != engine.Time(10*f.To) {
			t.Errorf("the copy to P%d arrives at %d, want %d", f.To, f.Arrive, 10*f.To)
		}
	}
}
