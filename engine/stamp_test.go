package engine_test

import (
	"slices"
	"testing"

	"distviz/engine"
)

// chain is a test process for stamps: at start P0 stamps, then sends GO to
// P1 (charged to P2's account 7); P1 stamps when GO arrives and passes it on to
// P2, which stamps on arrival; P3 only stamps at start. So P0's stamp →
// P1's → P2's, and P3's stamp is concurrent with all of them.
type chain struct{ stamps []engine.Stamp }

func (c *chain) Start(env *engine.Env) {
	if env.Self() == 0 || env.Self() == 3 {
		env.Note("note.stamps")
		c.stamps = append(c.stamps, env.Stamp())
	}
	if env.Self() == 0 {
		env.SendFor(1, engine.Message{Type: "GO"}, engine.Account{Node: 2, Tag: 7})
	}
}

func (c *chain) Receive(env *engine.Env, from int, m engine.Message) {
	env.Note("note.stamps")
	c.stamps = append(c.stamps, env.Stamp())
	if env.Self() == 1 {
		env.Send(2, m)
	}
}

func (c *chain) Timer(*engine.Env, string) {}
func (c *chain) View() engine.NodeView     { return engine.NodeView{Role: "idle"} }
func (c *chain) Clone() engine.Process {
	d := *c
	d.stamps = slices.Clone(c.stamps)
	return &d
}

func runChain(t *testing.T, causality bool, info []engine.Invariant) (*engine.Sim, *engine.Log) {
	t.Helper()
	s, log := newChain(t, causality, info)
	runAll(s)
	return s, log
}

func newChain(t *testing.T, causality bool, info []engine.Invariant) (*engine.Sim, *engine.Log) {
	t.Helper()
	procs := make([]engine.Process, 4)
	var starts []engine.StartAt
	for i := range procs {
		procs[i] = &chain{}
		starts = append(starts, engine.StartAt{Node: i})
	}
	s, err := engine.New(engine.Config{Procs: procs, Starts: starts, Delay: engine.Delay{Min: 1, Max: 3}, Causality: causality, Invariants: info}, 5)
	if err != nil {
		t.Fatal(err)
	}
	var log engine.Log
	s.Record(&log)
	s.Init()
	return s, &log
}

// The vector clocks go with every copy of a run (a copy packs the vectors
// it holds, messages in flight included): a run copied after every step,
// the original left behind, tells happened-before as one never copied.
func TestStampsSurviveCopies(t *testing.T) {
	s, _ := newChain(t, true, nil)
	for {
		c := s.Clone()
		if !c.Step() {
			break
		}
		s.Step() // the original goes on as well, sharing nothing it changes
		s = c
	}
	a, b, c, d := stampOf(s, 0), stampOf(s, 1), stampOf(s, 2), stampOf(s, 3)
	if !a.Before(b) || !b.Before(c) || !a.Before(c) || c.Before(a) || d.Before(c) || c.Before(d) || a.Before(d) {
		t.Errorf("after copies: P0→P1 %v, P1→P2 %v, P0→P2 %v, P2→P0 %v, P3→P2 %v, P2→P3 %v, P0→P3 %v; want true, true, true, then false",
			a.Before(b), b.Before(c), a.Before(c), c.Before(a), d.Before(c), c.Before(d), a.Before(d))
	}
}

func stampOf(s *engine.Sim, p int) engine.Stamp { return s.Process(p).(*chain).stamps[0] }

func TestStampsTellHappenedBeforeWithCausality(t *testing.T) {
	s, log := runChain(t, true, nil)
	a, b, c, d := stampOf(s, 0), stampOf(s, 1), stampOf(s, 2), stampOf(s, 3)
	for _, x := range []struct {
		name string
		got  bool
		want bool
	}{
		{"P0 → P1", a.Before(b), true}, {"P1 → P2", b.Before(c), true}, {"P0 → P2", a.Before(c), true},
		{"P1 → P0", b.Before(a), false}, {"P2 → P0", c.Before(a), false}, {"P0 → P0", a.Before(a), false},
		{"P3 → P2", d.Before(c), false}, {"P2 → P3", c.Before(d), false}, {"P0 → P3", a.Before(d), false},
	} {
		if x.got != x.want {
			t.Errorf("%s: %v, want %v", x.name, x.got, x.want)
		}
	}
	// A stamp names the event it follows: here the note "stamps" just before it.
	for p := range 4 {
		st := stampOf(s, p)
		if e := log.At(st.Seq()); e.Kind != engine.KindNote || int(e.Node) != p || e.Text.Key != "note.stamps" || e.Time != st.Time() || st.Node() != p {
			t.Errorf("P%d's stamp (seq %d, time %d) follows %+v, want its note", p, st.Seq(), st.Time(), e)
		}
	}
	// GO was sent by P0 on P2's account 7, and on nobody else's.
	if got, other := s.Charged(engine.Account{Node: 2, Tag: 7}), s.Charged(engine.Account{Node: 2}); got != 1 || other != 0 {
		t.Errorf("charged to P2/7: %d, to P2/0: %d; want 1 and 0", got, other)
	}
	if (engine.Stamp{}).IsZero() != true || a.IsZero() {
		t.Error("IsZero: want true only for a stamp never taken")
	}
}

// Without Config.Causality nothing is known about happened-before, and the
// trace is the same byte for byte: the tracker never changes a run.
func TestCausalityIsOptInAndChangesNoRun(t *testing.T) {
	on, logOn := runChain(t, true, nil)
	off, logOff := runChain(t, false, nil)
	if stampOf(off, 0).Before(stampOf(off, 2)) {
		t.Error("without causality a stamp claims to happen before another")
	}
	if encode(t, logOn) != encode(t, logOff) {
		t.Error("the causality tracker changed the trace")
	}
	if stampOf(on, 2).Seq() != stampOf(off, 2).Seq() {
		t.Error("stamps name different events with and without causality")
	}
}

// A clone taken mid-run carries its own vector clocks: running both to the
// end gives the same stamps.
func TestCausalitySurvivesClone(t *testing.T) {
	procs := make([]engine.Process, 4)
	var starts []engine.StartAt
	for i := range procs {
		procs[i] = &chain{}
		starts = append(starts, engine.StartAt{Node: i})
	}
	s, err := engine.New(engine.Config{Procs: procs, Starts: starts, Delay: engine.Delay{Min: 1, Max: 3}, Causality: true}, 5)
	if err != nil {
		t.Fatal(err)
	}
	s.Init()
	s.Step()
	s.Step()
	c := s.Clone()
	runAll(s)
	runAll(c)
	for p := range 4 {
		if x, y := stampOf(s, p), stampOf(c, p); x.Seq() != y.Seq() || x.Before(stampOf(s, 2)) != y.Before(stampOf(c, 2)) {
			t.Errorf("P%d: original and clone differ", p)
		}
	}
	if !stampOf(c, 0).Before(stampOf(c, 2)) {
		t.Error("the clone lost the chain P0 → P2")
	}
}

// An Info invariant is narrated as a note, never counted as a violation.
func TestInfoInvariantIsANoteNotAViolation(t *testing.T) {
	inv := engine.Invariant{Name: "ME3", Info: true, Check: func(w engine.World, node int) engine.Text {
		if node == 2 {
			return engine.T("note.noticed", engine.Pos(2))
		}
		return engine.Text{}
	}}
	s, log := runChain(t, false, []engine.Invariant{inv})
	if s.Metrics().Violations != 0 || len(log.Violations()) != 0 {
		t.Fatalf("an Info invariant counted %d violations", s.Metrics().Violations)
	}
	notes := 0
	for seq := int64(1); seq <= log.Len(); seq++ {
		if e := log.At(seq); e.Kind == engine.KindNote && e.Text.Equal(engine.T("note.noticed", engine.Pos(2))) && e.Node == 2 {
			notes++
		}
	}
	if notes == 0 {
		t.Error("the Info invariant's failure was not narrated")
	}
}
