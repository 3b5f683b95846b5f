package maekawa

import (
	"slices"

	"distviz/algo"
	"distviz/algos/kit/mutex"
	"distviz/engine"
	"distviz/narrate"
)

// Maekawa's outcome and deadlock check: when nothing is left to happen and
// requests still wait, the locks form a cycle of waits — P3 waits at P5,
// which is locked for P7, which waits at P9, locked for P3 … — and the
// check names it, and under the lecture's rules the request that never
// learnt it had failed (ALGORITHMS.md 2.5). The explanation is a keyed text
// (violation.cycle…); the outcome carries it in English as the API
// documents, rendered from the same template.

// Deadlock is a detected deadlock: the cycle of waits as positions (each
// waits for a node locked for the next; empty if there is none) and its
// explanation in English. Why is the same explanation as a keyed text.
type Deadlock struct {
	Cycle []int       `json:"cycle"`
	Text  string      `json:"text"`
	Why   engine.Text `json:"-"`
}

// Outcome is the family's outcome plus the quorums (as positions) and the
// deadlock, null unless the run has ended with requests waiting.
type Outcome struct {
	mutex.Outcome
	Quorums  [][]int   `json:"quorums"`
	Deadlock *Deadlock `json:"deadlock"`
}

func outcomeOf(w engine.World, qs [][]int, lecture, inquire bool) any {
	o := Outcome{Outcome: mutex.OutcomeOf(w, label), Quorums: make([][]int, len(qs))}
	for i, s := range qs {
		o.Quorums[i] = slices.Clone(s)
	}
	// a cycle of waits before the end may still be resolved by messages in flight
	if waiting := waitingProcs(w); w.Ended() && waiting != nil {
		cycle, why := explain(w, lecture, inquire)
		if cycle == nil {
			why = noCycle(w, waiting)
		}
		o.Deadlock = &Deadlock{Cycle: append([]int{}, cycle...), Text: english(w.N()).Text(why), Why: why}
	}
	return o
}

// english renders the algorithm's texts in English for n processes named
// as the lecture names them: the outcome's sentences.
func english(n int) narrate.Narrator {
	nodes := make([]algo.Node, n)
	for p := range nodes {
		nodes[p] = algo.Node{ID: p + 1, Label: label(p)}
	}
	return narrate.For(&algo.Algorithm{Text: texts}, nodes).In(narrate.English)
}

// noCycle explains requests that wait without a cycle of waits: a member of
// their quorum has crashed, so its permission never comes.
func noCycle(w engine.World, waiting []int) engine.Text {
	var crashed []int
	for _, p := range waiting {
		m := w.Process(p).(*node)
		for _, q := range m.quorum {
			if w.Crashed(q) && !slices.Contains(m.granted, q) && !slices.Contains(crashed, q) {
				crashed = append(crashed, q)
			}
		}
	}
	if len(crashed) == 0 {
		return engine.T("violation.noCycle", engine.Positions(waiting))
	}
	slices.Sort(crashed)
	return engine.T("violation.noCycleCrashed", engine.Positions(waiting), engine.Positions(crashed))
}

// waitingProcs lists the live processes with requests pending.
func waitingProcs(w engine.World) []int {
	var out []int
	for p := range w.N() {
		if !w.Crashed(p) && w.Process(p).(*node).Pending() > 0 {
			out = append(out, p)
		}
	}
	return out
}

// deadlock is the family's deadlock check with the cycle of waits
// explained after its verdict.
func deadlock(lecture, inquire bool) engine.Invariant {
	family := mutex.Deadlock()
	inv := family
	inv.Check = func(w engine.World, at int) engine.Text {
		text := family.Check(w, at)
		if text.IsZero() {
			return text
		}
		if cycle, why := explain(w, lecture, inquire); cycle != nil {
			return engine.T("violation.deadlockExplained", engine.Sub(text), engine.Sub(why))
		}
		return text
	}
	return inv
}

// waitEdge: process p waits at node at, which is locked for process to.
type waitEdge struct{ p, at, to int }

// waitEdges are, for each live process that wants the critical section,
// the members of its quorum that have not locked for it and are locked for
// another process.
func waitEdges(w engine.World) [][]waitEdge {
	out := make([][]waitEdge, w.N())
	for p := range out {
		m := w.Process(p).(*node)
		if w.Crashed(p) || m.State() != mutex.Wanted {
			continue
		}
		for _, j := range m.quorum {
			if slices.Contains(m.granted, j) {
				continue
			}
			if l := w.Process(j).(*node); l.locked && l.lock.node != p {
				out[p] = append(out[p], waitEdge{p: p, at: j, to: l.lock.node})
			}
		}
	}
	return out
}

// findCycle finds a cycle of waits among the live waiting processes, as the
// edges taken, starting at its lowest position; nil if there is none (a
// lock held by a crashed process, say).
func findCycle(w engine.World) []waitEdge {
	out := waitEdges(w)
	// Depth-first search; a back edge closes a cycle.
	const (
		white = iota
		grey
		black
	)
	colour := make([]int, len(out))
	var path, found []waitEdge
	var visit func(p int) bool
	visit = func(p int) bool {
		colour[p] = grey
		for _, e := range out[p] {
			switch colour[e.to] {
			case grey:
				i := slices.IndexFunc(path, func(x waitEdge) bool { return x.p == e.to })
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
	for p := range out {
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

// chain writes a cycle of waits as the lecture does, P2 –[P8]→ P8 –[P9]→ P2:
// each link a text whose last argument is the rest of the chain, the last
// link ending at the first process.
func chain(cycle []waitEdge) engine.Text {
	t := engine.T("violation.waitsAt", engine.Pos(cycle[len(cycle)-1].p), engine.Pos(cycle[len(cycle)-1].at), engine.Pos(cycle[0].p))
	for i := len(cycle) - 2; i >= 0; i-- {
		t = engine.T("violation.waitsAt", engine.Pos(cycle[i].p), engine.Pos(cycle[i].at), engine.Sub(t))
	}
	return t
}

// explain describes the cycle of waits and why it did not dissolve; a nil
// cycle if there is none.
func explain(w engine.World, lecture, inquire bool) ([]int, engine.Text) {
	cycle := findCycle(w)
	if cycle == nil {
		return nil, engine.Text{}
	}
	ps := make([]int, len(cycle))
	for i, e := range cycle {
		ps[i] = e.p
	}
	links := engine.Sub(chain(cycle))
	switch {
	case !inquire:
		return ps, engine.T("violation.cycleInquireOff", links)
	case lecture:
		for _, e := range cycle {
			// e.p failed at e.at (it is locked for an older request) but
			// was never told, and holds an INQUIRE it cannot answer.
			m := w.Process(e.p).(*node)
			older := w.Process(e.at).(*node).lock.ts.less(m.req)
			if older && len(m.inquires) > 0 && !slices.Contains(m.failed, e.at) {
				return ps, engine.T("violation.cycleNeverTold", links, m.req.arg(), engine.Pos(e.p), engine.Pos(e.at), engine.Positions(m.inquires))
			}
		}
	}
	return ps, engine.T("violation.cycle", links)
}
