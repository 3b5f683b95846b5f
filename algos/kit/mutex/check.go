package mutex

import "distviz/engine"

// The family's checks (ALGORITHMS.md 2): ME1 and deadlock for every
// algorithm, ME3 reported as information, and the two forms of ME2 the
// algorithms as implemented keep. They read the processes' cores from the
// outside.

type mutexer interface{ core() *Core }

func coreOf(w engine.World, p int) *Core { return w.Process(p).(mutexer).core() }

// waitingRequest is the request process p's algorithm is serving and that
// has not entered yet, or nil.
func waitingRequest(c *Core) *request {
	if c.state != Wanted || len(c.pending) == 0 || c.pending[0].begun.IsZero() {
		return nil
	}
	return &c.pending[0]
}

// ME1 (safety): a process that has just entered finds nobody else inside.
func ME1() engine.Invariant {
	return engine.Invariant{
		Name: "ME1",
		Check: func(w engine.World, node int) engine.Text {
			if node < 0 || w.Crashed(node) || !coreOf(w, node).justEntered {
				return engine.Text{}
			}
			var inside []int
			for q := range w.N() {
				if q != node && !w.Crashed(q) && coreOf(w, q).state == Held {
					inside = append(inside, q)
				}
			}
			switch len(inside) {
			case 0:
				return engine.Text{}
			case 1:
				return engine.T("violation.enteredWhileInside", engine.Pos(node), engine.Pos(inside[0]))
			}
			return engine.T("violation.enteredWhileInsideMany", engine.Pos(node), engine.Positions(inside))
		},
	}
}

// Deadlock is the final check: nothing is left to happen, yet live
// processes still wait for the critical section.
func Deadlock() engine.Invariant {
	return engine.Invariant{
		Name: "deadlock",
		Check: func(w engine.World, _ int) engine.Text {
			var waiting []int
			requests := 0
			for p := range w.N() {
				if c := coreOf(w, p); !w.Crashed(p) && len(c.pending) > 0 {
					waiting = append(waiting, p)
					requests += len(c.pending)
				}
			}
			if len(waiting) == 0 {
				return engine.Text{}
			}
			return engine.T("violation.stillWaiting", engine.Positions(waiting), engine.Num(requests))
		},
	}
}

// ME3 reports, as information, an entry that overtakes a request that
// happened before its own (ME3: entry in happened-before order). Only some
// algorithms promise ME3, so a failure is a note for the lecture, not a
// violation (its text starts "ME3: "); the outcome lists the same pairs.
func ME3() engine.Invariant {
	return engine.Invariant{
		Name: "ME3",
		Info: true,
		Check: func(w engine.World, node int) engine.Text {
			if node < 0 || !coreOf(w, node).justEntered {
				return engine.Text{}
			}
			mine := coreOf(w, node).pending[0].begun
			var before []int
			for q := range w.N() {
				if r := waitingRequest(coreOf(w, q)); q != node && r != nil && r.begun.Before(mine) {
					before = append(before, q)
				}
			}
			switch len(before) {
			case 0:
				return engine.Text{}
			case 1:
				return engine.T("note.me3Broken", engine.Pos(before[0]), engine.Pos(node))
			}
			return engine.T("note.me3BrokenMany", engine.Positions(before), engine.Pos(node))
		},
	}
}

// TimestampOrder is ME2 as Ricart–Agrawala and Lamport promise it: a
// process never enters while a request with a smaller (Lamport time, ID) is
// being served elsewhere (Core.OrderBy). So a request is overtaken only by
// requests stamped earlier, and, Lamport times growing with every message,
// it is served in the end: no starvation.
func TimestampOrder() engine.Invariant {
	return engine.Invariant{
		Name: "ME2",
		Check: func(w engine.World, node int) engine.Text {
			if node < 0 || w.Crashed(node) {
				return engine.Text{}
			}
			c := coreOf(w, node)
			if !c.justEntered || !c.pending[0].ordered {
				return engine.Text{}
			}
			mine := c.pending[0].order
			for q := range w.N() {
				r := waitingRequest(coreOf(w, q))
				if q == node || w.Crashed(q) || r == nil || !r.ordered || !orderLess(r.order, mine) {
					continue
				}
				return engine.T("violation.olderWaits", engine.Pos(node), engine.Ts(mine[0], mine[1]),
					engine.Pos(q), engine.Ts(r.order[0], r.order[1]))
			}
			return engine.Text{}
		},
	}
}

func orderLess(a, b [2]int) bool { return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) }

// OvertakeBound is ME2 as the token ring promises it: while a request
// waits, the token visits every other process at most once before it
// arrives, so no request is overtaken (by a request that began later and
// entered first) more than n−1 times. Checked on the outcome's counts when
// nothing is left to happen.
func OvertakeBound() engine.Invariant {
	return engine.Invariant{
		Name: "ME2",
		Check: func(w engine.World, _ int) engine.Text {
			o := OutcomeOf(w, PosLabel)
			for _, e := range o.Entries {
				if e.Overtakes > w.N()-1 {
					return engine.T("violation.overtaken", engine.Pos(e.Node), engine.Dur(e.RequestedTime),
						engine.Num(e.Overtakes), engine.Num(w.N()-1))
				}
			}
			return engine.Text{}
		},
	}
}
