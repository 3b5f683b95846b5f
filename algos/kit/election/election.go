// Package election is the core that every election shares: what a process
// tells the global checks, the outcome (who is leader, who agrees), and the
// invariants of uniqueness, agreement and termination.
package election

import (
	"embed"

	"distviz/algo"
	"distviz/engine"
)

//go:embed texts/*.json
var files embed.FS

// Texts are the invariants' descriptions and verdicts and the outcome's
// labels in every language.
var Texts = algo.MustTexts(files)

// Elector is what every election process tells the global checks.
type Elector interface {
	// Leader is the leader's ID as this process knows it.
	Leader() (id int, known bool)
	// Elected reports whether this process considers itself the leader.
	Elected() bool
}

// Outcome is an election's result.
type Outcome struct {
	Leader  *int  `json:"leader"`  // the leader's ID that live processes know (the most common one)
	Agree   bool  `json:"agree"`   // every live process knows the same leader
	Elected []int `json:"elected"` // positions of live processes that consider themselves leader
	Knowing int   `json:"knowing"` // live processes that know a leader
	Live    int   `json:"live"`
}

// OutcomeVars declare the outcome's fields for the page.
var OutcomeVars = []algo.Var{
	{Name: "leader", Kind: "number"}, {Name: "agree", Kind: "flag"}, {Name: "elected", Kind: "positions"},
	{Name: "knowing", Kind: "number"}, {Name: "live", Kind: "number"},
}

// OutcomeOf computes the outcome from the processes (each an Elector).
func OutcomeOf(w engine.World) any { return Of(w) }

// Of is OutcomeOf with its type. A frame asks for it at every step: the
// leaders known are counted in a map only once two differ (most of a run
// none is known, or one).
func Of(w engine.World) Outcome {
	o := Outcome{Elected: []int{}}
	first := 0
	agree := true
	var counts map[int]int // lookup only; the winner is chosen in position order below
	var order []int
	for p := range w.N() {
		if w.Crashed(p) {
			continue
		}
		o.Live++
		e := w.Process(p).(Elector)
		if e.Elected() {
			o.Elected = append(o.Elected, p)
		}
		id, ok := e.Leader()
		if !ok {
			agree = false
			continue
		}
		o.Knowing++
		switch {
		case o.Knowing == 1:
			first = id
		case counts == nil && id == first:
		case counts == nil: // a second leader: the ones before all knew first
			counts, order = map[int]int{first: o.Knowing - 1}, []int{first}
			fallthrough
		default:
			if id != first {
				agree = false
			}
			if counts[id] == 0 {
				order = append(order, id)
			}
			counts[id]++
		}
	}
	best := -1
	switch {
	case counts != nil:
		for _, id := range order {
			if best < 0 || counts[id] > counts[best] {
				best = id
			}
		}
	case o.Knowing > 0:
		best = first
	}
	if best >= 0 {
		o.Leader = &best
	}
	o.Agree = agree && o.Live > 0
	return o
}

func maxOf(ids []int) int {
	m := ids[0]
	for _, id := range ids {
		m = max(m, id)
	}
	return m
}

// KnowsMax is the agreement invariant for elections without crashes: a
// process that knows a leader knows the highest ID.
func KnowsMax(ids []int) engine.Invariant {
	maxID := maxOf(ids)
	return engine.Invariant{
		Name: "agreement",
		Check: func(w engine.World, node int) engine.Text {
			if node < 0 {
				return engine.Text{}
			}
			if id, ok := w.Process(node).(Elector).Leader(); ok && id != maxID {
				return engine.T("violation.wrongLeader", engine.Pos(node), engine.Num(id), engine.Num(maxID))
			}
			return engine.Text{}
		},
	}
}

// UniqueMax is the uniqueness invariant: only the process with the highest
// ID ever considers itself elected.
func UniqueMax(ids []int) engine.Invariant {
	maxID := maxOf(ids)
	return engine.Invariant{
		Name: "uniqueness",
		Check: func(w engine.World, node int) engine.Text {
			if node < 0 || !w.Process(node).(Elector).Elected() || ids[node] == maxID {
				return engine.Text{}
			}
			return engine.T("violation.wrongElected", engine.Pos(node), engine.Num(ids[node]), engine.Num(maxID))
		},
	}
}

// EveryoneKnows is the final check of an election: when nothing is left to
// happen, every live process knows the same leader.
func EveryoneKnows() engine.Invariant {
	return engine.Invariant{
		Name: "termination",
		Check: func(w engine.World, _ int) engine.Text {
			o := Of(w)
			switch {
			case o.Agree || o.Live == 0:
				return engine.Text{}
			case o.Knowing < o.Live:
				return engine.T("violation.fewKnow", engine.Num(o.Knowing), engine.Num(o.Live))
			}
			return engine.T("violation.differentLeaders")
		},
	}
}
