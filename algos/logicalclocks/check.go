package logicalclocks

import (
	"cmp"
	"slices"

	"distviz/algo"
	"distviz/engine"
)

// The global checks and the outcome: they read every process's events and
// compare the clocks' stamps with the engine's record of happened-before.

// events lists every process's events so far.
func events(w engine.World) []event {
	var all []event
	for p := range w.N() {
		if c, ok := w.Process(p).(*node); ok {
			all = append(all, c.events...)
		}
	}
	return all
}

// lastEvent is the event the step at p may have added.
func lastEvent(w engine.World, p int) (event, bool) {
	if p == engine.None {
		return event{}, false
	}
	c, ok := w.Process(p).(*node)
	if !ok || len(c.events) == 0 {
		return event{}, false
	}
	return c.events[len(c.events)-1], true
}

// vectorLess is the lecture's V < V′: every entry ≤ and the two differ.
func vectorLess(v, o []int64) bool {
	less := false
	for i := range v {
		if v[i] > o[i] {
			return false
		}
		less = less || v[i] < o[i]
	}
	return less
}

// clockCondition: e → e′ implies L(e) < L(e′).
func clockCondition() engine.Invariant {
	return engine.Invariant{Name: "clockCondition", Check: func(w engine.World, node int) engine.Text {
		last, ok := lastEvent(w, node)
		if !ok {
			return engine.Text{}
		}
		for _, e := range events(w) {
			if e.truth.Before(last.truth) && e.lamport >= last.lamport {
				return engine.T("violation.clockCondition", engine.Raw(e.name), engine.Raw(last.name),
					engine.Num(int(e.lamport)), engine.Num(int(last.lamport)))
			}
		}
		return engine.Text{}
	}}
}

// vectorCausality: e → e′ exactly when V(e) < V(e′), in both orders.
func vectorCausality() engine.Invariant {
	return engine.Invariant{Name: "vectorCausality", Check: func(w engine.World, node int) engine.Text {
		last, ok := lastEvent(w, node)
		if !ok {
			return engine.Text{}
		}
		for _, e := range events(w) {
			for _, pair := range [2][2]event{{e, last}, {last, e}} {
				a, b := pair[0], pair[1]
				if before, less := a.truth.Before(b.truth), vectorLess(a.vector, b.vector); before != less {
					key := "violation.vectorMissesOrder"
					if less {
						key = "violation.vectorInventsOrder"
					}
					return engine.T(key, engine.Raw(a.name), engine.Raw(b.name), engine.Raw(vectorText(a.vector)), engine.Raw(vectorText(b.vector)))
				}
			}
		}
		return engine.Text{}
	}}
}

// Outcome is what the clocks gave every event.
type Outcome struct {
	// Stamps maps each event's name to its stamps.
	Stamps map[string]Stamps `json:"stamps"`
	// TotalOrder lists the events in the total order (T, i).
	TotalOrder []Row `json:"totalOrder"`
	// CausalPairs counts the pairs e → e′, ConcurrentPairs the pairs e ∥ e′,
	// and LamportMisleads the concurrent pairs whose Lamport times differ
	// (L(b) > L(e) although b ∥ e, in the lecture).
	CausalPairs     int `json:"causalPairs"`
	ConcurrentPairs int `json:"concurrentPairs"`
	LamportMisleads int `json:"lamportMisleads"`
}

// Stamps are an event's Lamport time and vector time.
type Stamps struct {
	Lamport int64   `json:"lamport"`
	Vector  []int64 `json:"vector"`
}

// Row is an event as the outcome's table lists it.
type Row struct {
	Name    string `json:"name"`
	Node    int    `json:"node"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Order   [2]int `json:"order"` // (T, i): the Lamport time and the process's number
	Vector  string `json:"vector"`
	Seq     int64  `json:"seq"`
	Time    int64  `json:"time"`
}

var outcomeVars = []algo.Var{
	{Name: "stamps", Kind: "value", Hidden: true},
	{Name: "totalOrder", Kind: "records", Fields: []algo.Var{
		{Name: "name", Kind: "text"}, {Name: "node", Kind: "position"}, {Name: "kind", Kind: "text"},
		{Name: "message", Kind: "text"}, {Name: "order", Kind: "stamp"}, {Name: "vector", Kind: "text"},
		{Name: "seq", Kind: "number", Hidden: true, Use: "seekEvent"}, {Name: "time", Kind: "duration", Use: "seekTime"},
	}},
	{Name: "causalPairs", Kind: "number"},
	{Name: "concurrentPairs", Kind: "number"},
	{Name: "lamportMisleads", Kind: "number"},
}

func outcomeOf(w engine.World) any {
	all := events(w)
	o := Outcome{Stamps: make(map[string]Stamps, len(all)), TotalOrder: make([]Row, 0, len(all))}
	for _, e := range all {
		o.Stamps[e.name] = Stamps{Lamport: e.lamport, Vector: e.vector}
		o.TotalOrder = append(o.TotalOrder, Row{Name: e.name, Node: e.truth.Node(), Kind: e.kind, Message: e.msg,
			Order: [2]int{int(e.lamport), e.truth.Node() + 1}, Vector: vectorText(e.vector), Seq: e.truth.Seq(), Time: e.truth.Time()})
	}
	// (T, i) orders the events of one process by T alone: its clock grows
	slices.SortFunc(o.TotalOrder, func(a, b Row) int {
		return cmp.Or(cmp.Compare(a.Order[0], b.Order[0]), cmp.Compare(a.Order[1], b.Order[1]))
	})
	for i, e := range all {
		for _, f := range all[i+1:] {
			switch {
			case vectorLess(e.vector, f.vector) || vectorLess(f.vector, e.vector):
				o.CausalPairs++
			default:
				o.ConcurrentPairs++
				if e.lamport != f.lamport {
					o.LamportMisleads++
				}
			}
		}
	}
	return o
}
