package algos

import (
	"fmt"
	"strconv"
	"strings"

	"distviz/engine"
)

// The mutual-exclusion family's checks (ALGORITHMS.md 2): ME1 and deadlock
// for every algorithm, ME3 reported as information, and the ME2 promises the
// algorithms as implemented keep. They read the processes' cores from the
// outside; the texts name the processes by the algorithm's labels.

type mutexer interface{ core() *mutexCore }

func coreOf(w engine.World, p int) *mutexCore { return w.Process(p).(mutexer).core() }

func labelsOf(label func(int) string, ps []int) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = label(p)
	}
	return strings.Join(out, ", ")
}

// waitingRequest is the request process p's algorithm is serving and that
// has not entered yet, or nil.
func waitingRequest(c *mutexCore) *mutexRequest {
	if c.state != stWanted || len(c.pending) == 0 || c.pending[0].begun.IsZero() {
		return nil
	}
	return &c.pending[0]
}

// ME1 (safety): a process that has just entered finds nobody else inside.
func mutexME1(label func(int) string) engine.Invariant {
	return engine.Invariant{
		Name:        "ME1",
		Description: "Safety: at most one process is in the critical section.",
		Legacy: func(w engine.World, node int) string {
			if node < 0 || w.Crashed(node) || !coreOf(w, node).justEntered {
				return ""
			}
			var inside []int
			for q := range w.N() {
				if q != node && !w.Crashed(q) && coreOf(w, q).state == stHeld {
					inside = append(inside, q)
				}
			}
			if len(inside) == 0 {
				return ""
			}
			verb := "is"
			if len(inside) > 1 {
				verb = "are"
			}
			return fmt.Sprintf("%s entered the critical section while %s %s inside", label(node), labelsOf(label, inside), verb)
		},
	}
}

// mutexDeadlock is the final check: nothing is left to happen, yet live
// processes still wait for the critical section.
func mutexDeadlock(label func(int) string) engine.Invariant {
	return engine.Invariant{
		Name:        "deadlock",
		Description: "When nothing is left to happen, no live process still waits for the critical section.",
		Legacy: func(w engine.World, _ int) string {
			var waiting []int
			requests := 0
			for p := range w.N() {
				if c := coreOf(w, p); !w.Crashed(p) && len(c.pending) > 0 {
					waiting = append(waiting, p)
					requests += len(c.pending)
				}
			}
			if len(waiting) == 0 {
				return ""
			}
			return fmt.Sprintf("nothing is left to happen, but %s still wait for the critical section (%d requests pending)",
				labelsOf(label, waiting), requests)
		},
	}
}

// mutexME3 reports, as information, an entry that overtakes a request that
// happened before its own (ME3: entry in happened-before order). Only some
// algorithms promise ME3, so a failure is a note for the lecture, not a
// violation (the note's text starts "ME3: "); the outcome lists the same pairs.
func mutexME3(label func(int) string) engine.Invariant {
	return engine.Invariant{
		Name:        "ME3",
		Description: "Order: entries to the critical section follow the happened-before order of the requests (reported, not enforced).",
		Info:        true,
		Legacy: func(w engine.World, node int) string {
			if node < 0 || !coreOf(w, node).justEntered {
				return ""
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
				return ""
			case 1:
				return fmt.Sprintf("ME3: the request of %s happened before the request of %s, yet %s enters first", label(before[0]), label(node), label(node))
			}
			return fmt.Sprintf("ME3: the requests of %s happened before the request of %s, yet %s enters first", labelsOf(label, before), label(node), label(node))
		},
	}
}

// mutexTimestampOrder is ME2 as Ricart–Agrawala and Lamport promise it: a
// process never enters while a request with a smaller (Lamport time, ID) is
// being served elsewhere. So a request is overtaken only by requests stamped
// earlier, and, Lamport times growing with every message, it is served in the
// end: no starvation.
func mutexTimestampOrder(label func(int) string) engine.Invariant {
	return engine.Invariant{
		Name:        "ME2",
		Description: "Liveness: requests are served in (Lamport time, ID) order; no process enters while an older request waits.",
		Legacy: func(w engine.World, node int) string {
			if node < 0 || w.Crashed(node) {
				return ""
			}
			c := coreOf(w, node)
			if !c.justEntered || !c.pending[0].ordered {
				return ""
			}
			mine := c.pending[0].order
			for q := range w.N() {
				r := waitingRequest(coreOf(w, q))
				if q == node || w.Crashed(q) || r == nil || !r.ordered || !orderLess(r.order, mine) {
					continue
				}
				return fmt.Sprintf("%s entered the critical section with (%s) while %s waits with the older request (%s)",
					label(node), orderLabel(mine), label(q), orderLabel(r.order))
			}
			return ""
		},
	}
}

func orderLess(a, b [2]int) bool { return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) }

func orderLabel(o [2]int) string { return strconv.Itoa(o[0]) + "," + strconv.Itoa(o[1]) }

// mutexOvertakeBound is ME2 as the token ring promises it: while a request
// waits, the token visits every other process at most once before it
// arrives, so no request is overtaken (by a request that began later and
// entered first) more than n−1 times. Checked on the
// outcome's counts when nothing is left to happen.
func mutexOvertakeBound(label func(int) string) engine.Invariant {
	return engine.Invariant{
		Name:        "ME2",
		Description: "Liveness: no request is overtaken by more than n−1 entries of other processes.",
		Legacy: func(w engine.World, _ int) string {
			o := mutexOutcome(w, label)
			for _, e := range o.Entries {
				if e.Overtakes > w.N()-1 {
					return fmt.Sprintf("the request of %s made at time %d was overtaken %d times, more than n−1 = %d",
						label(e.Node), e.RequestedTime, e.Overtakes, w.N()-1)
				}
			}
			return ""
		},
	}
}
