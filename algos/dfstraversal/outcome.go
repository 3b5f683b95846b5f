package dfstraversal

import (
	"cmp"
	"slices"

	"distviz/algos/kit/election"
	"distviz/engine"
)

// Outcome is the election's outcome with the winning token's traversal:
// the order in which it first reached the nodes and its tree.
type Outcome struct {
	election.Outcome
	Initiators []int    `json:"initiators"` // positions, ascending
	Order      []int    `json:"order"`      // positions in the order the leader's token first reached them
	Parents    []int    `json:"parents"`    // each position's parent in the tree of the token it follows; −1: none
	Edges      [][2]int `json:"edges"`
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run's current state.
func Of(w engine.World) Outcome {
	o := Outcome{Outcome: election.Of(w), Initiators: []int{}, Order: []int{}, Parents: make([]int, w.N()), Edges: w.Edges()}
	for p := range w.N() {
		nd := w.Process(p).(*node)
		if nd.initiator {
			o.Initiators = append(o.Initiators, p)
		}
		o.Parents[p] = nd.parent
	}
	if o.Leader != nil {
		for p := range w.N() {
			if w.Process(p).(*node).seen == *o.Leader {
				o.Order = append(o.Order, p)
			}
		}
		slices.SortFunc(o.Order, func(a, b int) int {
			return cmp.Compare(w.Process(a).(*node).visit, w.Process(b).(*node).visit)
		})
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

// eachDirectionOnce: a node sends one token at most once over each edge
// (edge-colouring; the path method's token never goes twice either).
func eachDirectionOnce() engine.Invariant {
	return engine.Invariant{Name: "each direction once", Check: func(w engine.World, at int) engine.Text {
		if at < 0 {
			return engine.Text{}
		}
		used := w.Process(at).(*node).used
		for i, q := range used {
			if slices.Contains(used[:i], q) {
				return engine.T("violation.usedTwice", engine.Pos(at), engine.Pos(q))
			}
		}
		return engine.Text{}
	}}
}

// oneWinner: at the end exactly one process has won.
func oneWinner() engine.Invariant {
	return engine.Invariant{Name: "termination", Check: func(w engine.World, _ int) engine.Text {
		if n := len(election.Of(w).Elected); n != 1 {
			return engine.T("violation.noWinner", engine.Num(n))
		}
		return engine.Text{}
	}}
}
