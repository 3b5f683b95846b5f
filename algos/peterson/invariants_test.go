package peterson

import (
	"testing"

	"distviz/engine"
)

// The invariants hold in every run of the tests; these states, which no
// run reaches, show that they would say so.

type world struct {
	procs   []*node
	crashed map[int]bool
}

func (w world) N() int                             { return len(w.procs) }
func (w world) Process(p int) engine.Process       { return w.procs[p] }
func (w world) Crashed(p int) bool                 { return w.crashed[p] }
func (w world) Now() engine.Time                   { return 0 }
func (w world) Ended() bool                        { return true }
func (w world) Edges() [][2]int                    { return nil }
func (w world) Attached(int) bool                  { return true }
func (w world) Linked(int, int) bool               { return true }
func (w world) Charged(a engine.Account) int64     { return 0 }
func (w world) set(p int, state string, phase int) { w.procs[p].state, w.procs[p].phase = state, phase }

func ring(ids ...int) world {
	w := world{crashed: map[int]bool{}}
	for _, id := range ids {
		n := newNode(id, true)
		n.phase = 1
		w.procs = append(w.procs, n)
	}
	return w
}

func TestInvariantsSpeak(t *testing.T) {
	// halving: three of four processes in phase 2
	w := ring(0, 1, 2, 3)
	for p := range 3 {
		w.set(p, active, 2)
	}
	if got := halving().Check(w, 0); got.Key != "violation.notHalved" || got.Args[0].N != 3 || got.Args[2].N != 4 {
		t.Errorf("three of four in phase 2: %+v", got)
	}
	w.set(2, relay, 1)
	if got := halving().Check(w, 0); !got.IsZero() {
		t.Errorf("two of four in phase 2 (half): %+v", got)
	}

	// uniqueness: elected without the highest value, and two elected
	w = ring(5, 9, 7)
	w.set(0, elected, 2)
	if got := elect(9).Check(w, 0); got.Key != "violation.electedNotMax" || got.Args[1].N != 5 {
		t.Errorf("elected holding 5: %+v", got)
	}
	w.procs[0].support = 9
	if got := elect(9).Check(w, 0); !got.IsZero() {
		t.Errorf("elected holding 9: %+v", got)
	}
	w.procs[2].support = 9
	w.set(2, elected, 2)
	if got := elect(9).Check(w, 0); got.Key != "violation.twoElected" {
		t.Errorf("two elected: %+v", got)
	}

	// termination: nobody elected; with the announcement, someone uninformed
	w = ring(1, 2, 3)
	if got := terminates(false).Check(w, engine.None); got.Key != "violation.noneElected" || got.Args[0].N != 3 {
		t.Errorf("nobody elected: %+v", got)
	}
	w.set(1, elected, 2)
	w.procs[1].support, w.procs[1].leader, w.procs[1].knows = 3, 3, true
	w.set(0, relay, 1)
	w.set(2, relay, 1)
	if got := terminates(false).Check(w, engine.None); !got.IsZero() {
		t.Errorf("elected, no announcement: %+v", got)
	}
	if got := terminates(true).Check(w, engine.None); got.Key != "violation.fewKnow" {
		t.Errorf("elected, announcement lost: %+v", got)
	}
}
