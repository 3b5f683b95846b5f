package echoelection

import (
	"distviz/algos/kit/election"
	"distviz/engine"
)

// Outcome is the election's outcome with the initiators and the winning
// wave's tree.
type Outcome struct {
	election.Outcome
	Initiators []int    `json:"initiators"` // positions, ascending
	Tree       []int    `json:"parents"`    // each position's parent in its wave's tree; −1: none (the winner, or free)
	Edges      [][2]int `json:"edges"`
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run's current state.
func Of(w engine.World) Outcome {
	o := Outcome{Outcome: election.Of(w), Initiators: []int{}, Tree: make([]int, w.N()), Edges: w.Edges()}
	for p := range w.N() {
		nd := w.Process(p).(*node)
		if nd.initiator {
			o.Initiators = append(o.Initiators, p)
		}
		o.Tree[p] = nd.parent
	}
	return o
}

// winnerIsLargest: only the largest initiator ever wins.
func winnerIsLargest(ids []int, largest int) engine.Invariant {
	return engine.Invariant{Name: "uniqueness", Check: func(w engine.World, at int) engine.Text {
		if at < 0 || !w.Process(at).(*node).won || ids[at] == largest {
			return engine.Text{}
		}
		return engine.T("violation.wrongWinner", engine.Pos(at), engine.Num(ids[at]), engine.Num(largest))
	}}
}

// knowsLargest: a process that knows a leader knows the largest initiator.
func knowsLargest(largest int) engine.Invariant {
	return engine.Invariant{Name: "agreement", Check: func(w engine.World, at int) engine.Text {
		if at < 0 {
			return engine.Text{}
		}
		if id, ok := w.Process(at).(*node).Leader(); ok && id != largest {
			return engine.T("violation.wrongLeaderOf", engine.Pos(at), engine.Num(id), engine.Num(largest))
		}
		return engine.Text{}
	}}
}

// terminates: at the end one process has won, and with the information
// wave everyone knows it.
func terminates(inform bool) engine.Invariant {
	every := election.EveryoneKnows()
	return engine.Invariant{Name: "termination", Check: func(w engine.World, at int) engine.Text {
		if len(election.Of(w).Elected) != 1 {
			return engine.T("violation.noWinner", engine.Num(len(election.Of(w).Elected)))
		}
		if inform {
			return every.Check(w, at)
		}
		return engine.Text{}
	}}
}
