package virtualsynchrony

import (
	"slices"

	"distviz/engine"
)

// The view change: the coordinator, the lowest live member of the current
// view, proposes the survivors and the joiners as the next view; every
// survivor stops, reports (flushes) the orders of the old view it has; the
// coordinator multicasts the union with the new view; each survivor
// delivers what it lacks of the union, in number order, and installs.

// coordinator is the lowest live member of the current view (−1: none).
func (m *member) coordinator(env *engine.Env) int {
	for _, q := range m.view.Members {
		if env.Reachable(q) {
			return q
		}
	}
	return -1
}

// suspect: the failure detector looks at the view; the coordinator starts
// a view change if a member has crashed, the others wait for it.
func (m *member) suspect(env *engine.Env) {
	if !m.inGroup {
		return
	}
	var down []int
	for _, q := range m.view.Members {
		if !env.Reachable(q) {
			down = append(down, q)
		}
	}
	var gone []int
	if m.proposal != nil {
		gone = slices.DeleteFunc(slices.Clone(m.proposal.waiting), env.Reachable)
	}
	switch c := m.coordinator(env); {
	case len(down) == 0:
		env.Note("note.allAlive")
	case c != env.Self():
		env.Note("note.waitsForCoordinator", engine.Positions(down), engine.Pos(c))
	case m.proposal != nil && len(gone) == 0:
		env.Note("note.changeUnderway", engine.Positions(down))
	default:
		env.Note("note.suspects", engine.Positions(down))
		m.propose(env)
	}
}

// propose starts (or restarts) a view change as the coordinator.
func (m *member) propose(env *engine.Env) {
	var members []int
	for _, q := range m.view.Members {
		if env.Reachable(q) {
			members = append(members, q)
		}
	}
	survivors := slices.Clone(members)
	for _, q := range m.joiners {
		if env.Reachable(q) && !slices.Contains(members, q) {
			members = append(members, q)
		}
	}
	slices.Sort(members)
	m.maxRound++
	v := View{ID: m.view.ID + 1, Members: members, Sequencer: env.Self()}
	m.proposal = &proposal{view: v, round: m.maxRound, waiting: survivors}
	env.Note("note.proposes", engine.Num(v.ID), engine.Positions(members))
	req := flushReq{View: v.ID, Members: members, Round: m.maxRound}
	env.Multicast(survivors, engine.Message{Type: msgFlushReq, Body: req})
	m.flushRequested(env, env.Self(), req)
}

// flushRequested: stop taking orders of the old view and report them.
func (m *member) flushRequested(env *engine.Env, from int, r flushReq) {
	if r.View > m.view.ID+1 {
		// the new view's NEWVIEW, from another member, is still on its way
		m.deferred = &deferredReq{from: from, req: r}
		return
	}
	if r.Round < m.maxRound && from != env.Self() || r.View != m.view.ID+1 {
		return
	}
	m.maxRound = r.Round
	m.flushed = true
	have := m.orders()
	env.Note("note.flushes", engine.Num(len(have)), engine.Num(m.view.ID), engine.Pos(from))
	f := flush{Round: r.Round, Orders: have}
	if from == env.Self() {
		m.flushReported(env, from, f)
		return
	}
	env.Send(from, engine.Message{Type: msgFlush, Body: f})
}

// orders are the orders of the current view this member has: delivered and held.
func (m *member) orders() []Order {
	var out []Order
	for g, id := range m.got[len(m.got)-1] {
		out = append(out, Order{View: m.view.ID, G: g + 1, Msg: id})
	}
	return append(out, m.held...)
}

// flushReported: the coordinator collects the reports; with all of them it
// installs the new view everywhere.
func (m *member) flushReported(env *engine.Env, from int, f flush) {
	p := m.proposal
	if p == nil || f.Round != p.round || !slices.Contains(p.waiting, from) {
		return
	}
	p.waiting = slices.DeleteFunc(p.waiting, func(q int) bool { return q == from })
	p.orders = union(p.orders, f.Orders)
	if len(p.waiting) > 0 {
		return
	}
	nv := newView{View: p.view, Orders: p.orders}
	env.Note("note.allFlushed", engine.Num(p.view.ID), engine.Num(len(p.orders)))
	env.Multicast(p.view.Members, engine.Message{Type: msgNewView, Body: nv})
	m.install(env, nv)
}

// install delivers what the member lacks of the flush's union, in number
// order, then installs the new view: the barrier between the two views.
func (m *member) install(env *engine.Env, nv newView) {
	if nv.View.ID <= m.view.ID && m.inGroup {
		return
	}
	if m.inGroup {
		for _, o := range nv.Orders {
			if o.G >= m.nextG {
				m.deliver(env, o, "note.deliversFlushed")
			}
		}
	}
	m.inGroup = true
	m.view = nv.View
	m.views = append(m.views, nv.View)
	m.at = append(m.at, env.Now())
	m.got = append(m.got, nil)
	m.held, m.nextG, m.seqG, m.outbox = nil, 1, 0, nil
	m.flushed, m.proposal, m.maxRound = false, nil, 0 // rounds count the attempts at one change
	m.joiners = slices.DeleteFunc(m.joiners, func(q int) bool { return slices.Contains(nv.View.Members, q) })
	env.Note("note.installs", engine.Num(nv.View.ID), engine.Positions(nv.View.Members), engine.Pos(nv.View.Sequencer))
	if d := m.deferred; d != nil {
		m.deferred = nil
		m.flushRequested(env, d.from, d.req)
	}
	for _, id := range slices.Clone(m.pending) { // a sequencer delivers its own at once, shrinking pending
		m.request(env, id)
	}
	if len(m.joiners) > 0 && m.coordinator(env) == env.Self() {
		m.propose(env)
	}
}
