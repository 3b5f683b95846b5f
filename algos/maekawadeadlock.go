package algos

import (
	"fmt"
	"slices"
	"strings"

	"distviz/algos/kit/mutex"
	"distviz/engine"
)

// Maekawa's outcome and deadlock check: when nothing is left to happen and
// requests still wait, the locks form a cycle of waits — P3 waits at P5,
// which is locked for P7, which waits at P9, locked for P3 … — and the
// check names it, and under the lecture's rules the request that never
// learnt it had failed (ALGORITHMS.md 2.5).

// MaekawaDeadlock is a detected deadlock: the cycle of waits as positions
// (each waits for a node locked for the next) and its explanation.
type MaekawaDeadlock struct {
	Cycle []int  `json:"cycle"`
	Text  string `json:"text"`
}

// MaekawaOutcome is the family's outcome plus the quorums (as positions)
// and the deadlock, null unless the run has ended with requests waiting.
type MaekawaOutcome struct {
	MutexOutcome
	Quorums  [][]int          `json:"quorums"`
	Deadlock *MaekawaDeadlock `json:"deadlock"`
}

func maekawaOutcome(w engine.World, qs [][]int, lecture, inquire bool) any {
	o := MaekawaOutcome{MutexOutcome: mutexOutcome(w, mkLabel), Quorums: make([][]int, len(qs))}
	for i, s := range qs {
		o.Quorums[i] = slices.Clone(s)
	}
	// a cycle of waits before the end may still be resolved by messages in flight
	if waiting := mkWaiting(w); w.Ended() && waiting != nil {
		cycle, text := mkExplain(w, lecture, inquire)
		if cycle == nil {
			text = mkNoCycle(w, waiting)
		}
		o.Deadlock = &MaekawaDeadlock{Cycle: append([]int{}, cycle...), Text: text}
	}
	return o
}

// mkNoCycle explains requests that wait without a cycle of waits: a member
// of their quorum has crashed, so its permission never comes.
func mkNoCycle(w engine.World, waiting []int) string {
	var crashed []int
	for _, p := range waiting {
		m := w.Process(p).(*maekawaNode)
		for _, q := range m.quorum {
			if w.Crashed(q) && !slices.Contains(m.granted, q) && !slices.Contains(crashed, q) {
				crashed = append(crashed, q)
			}
		}
	}
	if len(crashed) == 0 {
		return "no cycle of waits: " + mkLabels(waiting) + " wait for permissions that no message in flight will bring"
	}
	slices.Sort(crashed)
	return "no cycle of waits: " + mkLabels(waiting) + " wait for the permission of " + mkLabels(crashed) + ", which crashed"
}

// mkWaiting lists the live processes with requests pending.
func mkWaiting(w engine.World) []int {
	var out []int
	for p := range w.N() {
		if !w.Crashed(p) && w.Process(p).(*maekawaNode).Pending() > 0 {
			out = append(out, p)
		}
	}
	return out
}

// maekawaDeadlock is the family's deadlock check with the cycle of waits
// explained.
func maekawaDeadlock(lecture, inquire bool) engine.Invariant {
	family := mutexDeadlock()
	inv := family
	inv.Description = mkDeadlockDoc
	inv.Check = func(w engine.World, node int) engine.Text {
		text := family.Check(w, node)
		if text.IsZero() {
			return text
		}
		if _, why := mkExplain(w, lecture, inquire); why != "" {
			// the family's verdict in English with the explanation after it,
			// one legacy sentence (translated as a whole by narrate)
			return engine.T(mutex.English(text, w.N(), mkLabel) + "; " + why)
		}
		return text
	}
	return inv
}

// mkWaitEdge: process p waits at node at, which is locked for process to.
type mkWaitEdge struct{ p, at, to int }

// mkCycle finds a cycle of waits among the live waiting processes, as the
// edges taken, starting at its lowest position; nil if there is none (a
// lock held by a crashed process, say).
func mkCycle(w engine.World) []mkWaitEdge {
	n := w.N()
	out := make([][]mkWaitEdge, n)
	for p := range n {
		m := w.Process(p).(*maekawaNode)
		if w.Crashed(p) || m.State() != stWanted {
			continue
		}
		for _, j := range m.quorum {
			if slices.Contains(m.granted, j) {
				continue
			}
			if l := w.Process(j).(*maekawaNode).lock; l != nil && l.node != p {
				out[p] = append(out[p], mkWaitEdge{p: p, at: j, to: l.node})
			}
		}
	}
	// Depth-first search; a back edge closes a cycle.
	const (
		white = iota
		grey
		black
	)
	colour := make([]int, n)
	var path []mkWaitEdge
	var found []mkWaitEdge
	var visit func(p int) bool
	visit = func(p int) bool {
		colour[p] = grey
		for _, e := range out[p] {
			switch colour[e.to] {
			case grey:
				i := slices.IndexFunc(path, func(x mkWaitEdge) bool { return x.p == e.to })
				if i < 0 { // e.to == p: cannot happen (l.node != p), but stay safe
					continue
				}
				found = append(slices.Clone(path[i:]), e)
				return true
			case white:
				path = append(path, e)
				if visit(e.to) {
					return true
				}
				path = path[:len(path)-1]
			}
		}
		colour[p] = black
		return false
	}
	for p := range n {
		if colour[p] == white && visit(p) {
			break
		}
	}
	if found == nil {
		return nil
	}
	lo := 0
	for i, e := range found {
		if e.p < found[lo].p {
			lo = i
		}
	}
	return append(found[lo:], found[:lo]...)
}

// mkExplain describes the cycle of waits and why it did not dissolve.
func mkExplain(w engine.World, lecture, inquire bool) ([]int, string) {
	cycle := mkCycle(w)
	if cycle == nil {
		return nil, ""
	}
	var b strings.Builder
	ps := make([]int, len(cycle))
	for i, e := range cycle {
		ps[i] = e.p
		fmt.Fprintf(&b, "%s –[%s]→ ", mkLabel(e.p), mkLabel(e.at))
	}
	b.WriteString(mkLabel(cycle[0].p))
	text := "cycle of waits " + b.String() + " (a –[j]→ b: a waits for j, which is locked for b)"
	switch {
	case !inquire:
		text += "; INQUIRE is off (inquire=false): nobody is asked to give a lock back"
	case lecture:
		for _, e := range cycle {
			// e.p failed at e.at (it is locked for an older request) but
			// was never told, and holds an INQUIRE it cannot answer.
			m := w.Process(e.p).(*maekawaNode)
			older := w.Process(e.at).(*maekawaNode).lock.ts.less(m.req)
			if older && len(m.inquires) > 0 && !slices.Contains(m.failed, e.at) {
				text += "; (" + m.req.Label() + ") of " + mkLabel(e.p) + " never learnt that it had failed at " + mkLabel(e.at) +
					" (no FAILED came from there), so it keeps the locks it holds and leaves the INQUIRE of " + mkLabels(m.inquires) + " unanswered"
				break
			}
		}
	}
	return ps, text
}
