package algos

import (
	"fmt"

	"distviz/engine"
)

// elector is what every election process tells the global checks.
type elector interface {
	// Leader is the leader's ID as this process knows it.
	Leader() (id int, known bool)
	// Elected reports whether this process considers itself the leader.
	Elected() bool
}

// ElectionOutcome is an election's result.
type ElectionOutcome struct {
	Leader  *int  `json:"leader"`  // the leader's ID that live processes know (the most common one)
	Agree   bool  `json:"agree"`   // every live process knows the same leader
	Elected []int `json:"elected"` // positions of live processes that consider themselves leader
	Knowing int   `json:"knowing"` // live processes that know a leader
	Live    int   `json:"live"`
}

func electionOutcome(w engine.World) any {
	o := ElectionOutcome{Elected: []int{}}
	var first, firstSet = 0, false
	agree := true
	counts := map[int]int{} // lookup only; the winner is chosen in position order below
	order := []int{}
	for p := range w.N() {
		if w.Crashed(p) {
			continue
		}
		o.Live++
		e := w.Process(p).(elector)
		if e.Elected() {
			o.Elected = append(o.Elected, p)
		}
		id, ok := e.Leader()
		if !ok {
			agree = false
			continue
		}
		o.Knowing++
		if counts[id] == 0 {
			order = append(order, id)
		}
		counts[id]++
		if !firstSet {
			first, firstSet = id, true
		} else if id != first {
			agree = false
		}
	}
	best := -1
	for _, id := range order {
		if best < 0 || counts[id] > counts[best] {
			best = id
		}
	}
	if best >= 0 {
		o.Leader = &best
	}
	o.Agree = agree && o.Live > 0
	return o
}

// knowsMax is the agreement invariant for elections without crashes: a
// process that knows a leader knows the highest ID.
func knowsMax(ids []int) engine.Invariant {
	maxID := ids[0]
	for _, id := range ids {
		maxID = max(maxID, id)
	}
	return engine.Invariant{
		Name:        "agreement",
		Description: "A process that knows a leader knows the highest ID.",
		Legacy: func(w engine.World, node int) string {
			if node < 0 {
				return ""
			}
			if id, ok := w.Process(node).(elector).Leader(); ok && id != maxID {
				return fmt.Sprintf("P%d takes %d as leader, but the highest ID is %d", node, id, maxID)
			}
			return ""
		},
	}
}

// uniqueMax is the uniqueness invariant: only the process with the highest
// ID ever considers itself elected.
func uniqueMax(ids []int) engine.Invariant {
	maxID := ids[0]
	for _, id := range ids {
		maxID = max(maxID, id)
	}
	return engine.Invariant{
		Name:        "uniqueness",
		Description: "At most one process is elected, and it has the highest ID.",
		Legacy: func(w engine.World, node int) string {
			if node < 0 || !w.Process(node).(elector).Elected() {
				return ""
			}
			if ids[node] != maxID {
				return fmt.Sprintf("P%d (ID %d) considers itself elected, but the highest ID is %d", node, ids[node], maxID)
			}
			return ""
		},
	}
}

// everyoneKnows is the final check of an election: when nothing is left to
// happen, every live process knows the same leader.
func everyoneKnows() engine.Invariant {
	return engine.Invariant{
		Name:        "termination",
		Description: "When nothing is left to happen, every live process knows the same leader.",
		Legacy: func(w engine.World, _ int) string {
			o := electionOutcome(w).(ElectionOutcome)
			if o.Agree || o.Live == 0 {
				return ""
			}
			if o.Knowing < o.Live {
				return fmt.Sprintf("the run has ended but only %d of %d live processes know a leader", o.Knowing, o.Live)
			}
			return "the run has ended but live processes know different leaders"
		},
	}
}
