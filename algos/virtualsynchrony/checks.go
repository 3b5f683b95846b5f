package virtualsynchrony

import (
	"slices"
	"strings"

	"distviz/algo"
	"distviz/engine"
)

// The global checks and the outcome read the members' views and what they
// delivered in each.

func memberAt(w engine.World, p int) *member { return w.Process(p).(*member) }

// sequence is everything a member delivered, view after view.
func (m *member) sequence() []MsgID {
	var out []MsgID
	for _, g := range m.got {
		out = append(out, g...)
	}
	return out
}

// totalOrder: any two live members deliver the messages they both deliver
// in the same order. (A member that crashed may have delivered messages no
// survivor got, which the survivors' senders send again in the next view:
// the order is the survivors', as in Isis.)
func totalOrder() engine.Invariant {
	return engine.Invariant{Name: "total order", Check: func(w engine.World, at int) engine.Text {
		if at < 0 || w.Crashed(at) {
			return engine.Text{}
		}
		mine := memberAt(w, at).sequence()
		for q := range w.N() {
			if q == at || w.Crashed(q) {
				continue
			}
			if a, b, ok := firstInversion(mine, memberAt(w, q).sequence()); !ok {
				return engine.T("violation.order", engine.Raw(a.String()), engine.Raw(b.String()), engine.Pos(q))
			}
		}
		return engine.Text{}
	}}
}

// firstInversion finds two messages that xs and ys deliver in opposite orders.
func firstInversion(xs, ys []MsgID) (MsgID, MsgID, bool) {
	last := -1
	var prev MsgID
	for _, y := range ys {
		i := slices.Index(xs, y)
		if i < 0 {
			continue
		}
		if i < last {
			return prev, y, false
		}
		last, prev = i, y
	}
	return MsgID{}, MsgID{}, true
}

// synchrony: every two members that install the same two consecutive views
// delivered the same messages in the first.
func synchrony() engine.Invariant {
	return engine.Invariant{Name: "virtual synchrony", Check: func(w engine.World, at int) engine.Text {
		if at < 0 {
			return engine.Text{}
		}
		m := memberAt(w, at)
		for i := 0; i+1 < len(m.views); i++ {
			for q := range w.N() {
				o := memberAt(w, q)
				j := slices.IndexFunc(o.views, func(v View) bool { return v.ID == m.views[i].ID })
				if q == at || j < 0 || j+1 >= len(o.views) || o.views[j+1].ID != m.views[i+1].ID {
					continue
				}
				if !sameSet(m.got[i], o.got[j]) {
					return engine.T("violation.synchrony", engine.Pos(q), engine.Num(m.views[i].ID), engine.Num(m.views[i+1].ID))
				}
			}
		}
		return engine.Text{}
	}}
}

func sameSet(a, b []MsgID) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// atomic: when nothing is left to happen, the live members of one view
// delivered the same messages in it: a message reached all of them or none.
func atomic() engine.Invariant {
	return engine.Invariant{Name: "atomic", Check: func(w engine.World, _ int) engine.Text {
		for p := range w.N() {
			m := memberAt(w, p)
			if w.Crashed(p) || !m.inGroup {
				continue
			}
			for q := p + 1; q < w.N(); q++ {
				o := memberAt(w, q)
				if w.Crashed(q) || !o.inGroup || o.view.ID != m.view.ID {
					continue
				}
				if !sameSet(m.got[len(m.got)-1], o.got[len(o.got)-1]) {
					return engine.T("violation.atomic", engine.Pos(p), engine.Pos(q), engine.Num(m.view.ID))
				}
			}
		}
		return engine.Text{}
	}}
}

// Installed is one view a member installed and what it delivered in it.
type Installed struct {
	Node      int         `json:"node"`
	View      int         `json:"view"`
	Time      engine.Time `json:"time"`
	Members   []int       `json:"members"`
	Delivered string      `json:"delivered"` // the messages in delivery order: P1.1 P3.1
}

// Outcome is a run's result: per member the views it installed, each with
// what it delivered in it.
type Outcome struct {
	Installs []Installed `json:"installs"`
	// Views is per position the numbers of the views it installed, in order.
	Views [][]int `json:"views"`
	Agree bool    `json:"agree"` // the live members are in one view and delivered alike in it
}

var outcomeVars = []algo.Var{
	{Name: "installs", Kind: "records", Use: "barriers", Fields: []algo.Var{
		{Name: "node", Kind: "position"}, {Name: "view", Kind: "number", Use: "barrierOf"},
		{Name: "time", Kind: "duration", Use: "seekTime"},
		{Name: "members", Kind: "positions"}, {Name: "delivered", Kind: "text"},
	}},
	{Name: "views", Kind: "value"},
	{Name: "agree", Kind: "flag"},
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run's current state.
func Of(w engine.World) Outcome {
	o := Outcome{Installs: []Installed{}, Views: make([][]int, w.N()), Agree: true}
	var first *member
	for p := range w.N() {
		m := memberAt(w, p)
		o.Views[p] = []int{}
		for i, v := range m.views {
			names := make([]string, len(m.got[i]))
			for k, id := range m.got[i] {
				names[k] = id.String()
			}
			o.Installs = append(o.Installs, Installed{Node: p, View: v.ID, Time: m.at[i], Members: v.Members, Delivered: strings.Join(names, " ")})
			o.Views[p] = append(o.Views[p], v.ID)
		}
		if w.Crashed(p) || !m.inGroup {
			continue
		}
		if first == nil {
			first = m
		} else if first.view.ID != m.view.ID || !sameSet(first.got[len(first.got)-1], m.got[len(m.got)-1]) {
			o.Agree = false
		}
	}
	return o
}
