package firewire

import (
	"testing"

	"distviz/engine"
)

// The invariants hold in every run of the tests; these states, which no
// run reaches, show that they would say so, both when the step concerned
// the device that breaks the rule and when it concerned none (a bus reset).

type world struct {
	devs  []*node
	cable map[[2]int]bool
}

func (w world) N() int                       { return len(w.devs) }
func (w world) Process(p int) engine.Process { return w.devs[p] }
func (w world) Crashed(int) bool             { return false }
func (w world) Now() engine.Time             { return 0 }
func (w world) Ended() bool                  { return true }
func (w world) Attached(p int) bool          { return w.devs[p].attached }
func (w world) Linked(a, b int) bool         { return w.cable[[2]int{min(a, b), max(a, b)}] }
func (w world) Charged(engine.Account) int64 { return 0 }
func (w world) Edges() [][2]int {
	var es [][2]int
	for a := range w.devs {
		for b := a + 1; b < len(w.devs); b++ {
			if w.cable[[2]int{a, b}] {
				es = append(es, [2]int{a, b})
			}
		}
	}
	return es
}

// line is n attached devices on a line of cables, none knowing a parent.
func line(n int) world {
	w := world{cable: map[[2]int]bool{}}
	for p := range n {
		w.devs = append(w.devs, &node{id: p, attached: true, contended: -1, rival: -1})
		if p > 0 {
			w.cable[[2]int{p - 1, p}] = true
		}
	}
	return w
}

func (w world) root(p int)            { w.devs[p].parentKnown, w.devs[p].parent = true, -1 }
func (w world) childOf(p, parent int) { w.devs[p].parentKnown, w.devs[p].parent = true, int32(parent) }

func TestInvariantsSpeak(t *testing.T) {
	w := line(4)
	w.root(1)
	w.root(3)
	for _, at := range []int{3, engine.None} {
		if got := oneRoot().Check(w, at); got.Key != "violation.twoRoots" || got.Args[0].N != 1 || got.Args[1].N != 3 {
			t.Errorf("two roots on one bus, step at %d: %+v", at, got)
		}
	}
	if got := oneRoot().Check(w, 0); !got.IsZero() {
		t.Errorf("a step at a device that is no root found %+v", got)
	}
	delete(w.cable, [2]int{1, 2}) // two buses: a root each
	for _, at := range []int{3, engine.None} {
		if got := oneRoot().Check(w, at); !got.IsZero() {
			t.Errorf("one root on each of two buses, step at %d: %+v", at, got)
		}
	}

	w = line(4)
	w.childOf(2, 1)
	w.childOf(3, 0) // no cable joins 3 and 0
	for _, at := range []int{3, engine.None} {
		if got := parentOnCable().Check(w, at); got.Key != "violation.parentNoCable" || got.Args[0].N != 3 || got.Args[1].N != 0 {
			t.Errorf("a parent off the cables, step at %d: %+v", at, got)
		}
	}
	if got := parentOnCable().Check(w, 2); !got.IsZero() {
		t.Errorf("a parent along a cable: %+v", got)
	}
	w.devs[3].attached = false // unplugged devices keep no rule
	if got := parentOnCable().Check(w, engine.None); !got.IsZero() {
		t.Errorf("an unplugged device's parent: %+v", got)
	}
}
