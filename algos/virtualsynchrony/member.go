// Package virtualsynchrony is virtual synchrony by a view-change flush,
// ALGORITHMS.md 5 (Isis): the members of a group view multicast through a
// sequencer, which numbers each message and multicasts it (total order);
// members deliver in number order. A crash or a join changes the view: the
// coordinator (the lowest live member of the old view) asks every survivor
// to stop and report the messages of the old view it has (the flush); it
// multicasts the union with the new view, and every survivor delivers what
// it lacks of it before it installs the new view. So every two members that
// install the same two views delivered the same messages in between, and a
// message reaches all survivors or none. Failures are noticed by the
// model's failure detector when a member is told to look (action suspect).
package virtualsynchrony

import (
	"slices"
	"strings"

	"distviz/engine"
)

// The actions.
const (
	actMulticast = "multicast" // the member multicasts a new message
	actSuspect   = "suspect"   // the member's failure detector looks at the view
	actJoin      = "join"      // a process outside the group asks to join
)

type member struct {
	self    int
	n       int
	inGroup bool
	view    View
	views   []View        // installed, in order
	at      []engine.Time // when each was installed
	got     [][]MsgID     // per installed view: the messages delivered in it

	// the current view's messages
	held  []Order // received, waiting for a lower number
	nextG int     // the number delivered next
	seqG  int     // the sequencer's last number

	spacing engine.Time // time between two copies of the sequencer's multicast
	outbox  []copyOut   // the sequencer's copies not yet sent, in order

	sent    int     // own messages so far
	pending []MsgID // own messages not yet delivered
	joiners []int   // processes that asked to join

	// the view change
	flushed  bool // reported for the current view: takes no more of its orders
	maxRound int
	proposal *proposal    // the coordinator's view change in progress
	deferred *deferredReq // a request for the view after the next, which has not arrived yet
}

// deferredReq is a flush request that came before the view it follows.
type deferredReq struct {
	from int
	req  flushReq
}

// copyOut is one copy of an ORDER still to be sent.
type copyOut struct {
	to    int
	order Order
}

// timerCopy paces the sequencer's copies: a multicast takes time, and a
// sequencer that crashes meanwhile has reached only some members.
const timerCopy = "copy"

// proposal is a coordinator's view change: the members it waits for and
// the orders reported so far.
type proposal struct {
	view    View
	round   int
	waiting []int
	orders  []Order
}

func (m *member) Start(env *engine.Env) {}

func (m *member) Act(env *engine.Env, action string) error {
	switch action {
	case actMulticast:
		if !m.inGroup {
			return engine.Errorf("note.notMember")
		}
		m.sent++
		id := MsgID{From: env.Self(), N: m.sent}
		m.pending = append(m.pending, id)
		m.request(env, id)
	case actSuspect:
		m.suspect(env)
	case actJoin:
		if m.inGroup {
			return engine.Errorf("note.alreadyMember")
		}
		env.Note("note.asksToJoin")
		for q := range m.n {
			if q != env.Self() {
				env.Send(q, engine.Message{Type: msgJoin})
			}
		}
	default:
		return engine.Errorf("note.unknownAction", engine.Raw(action))
	}
	return nil
}

// request hands a message to the sequencer (or waits while the view changes).
func (m *member) request(env *engine.Env, id MsgID) {
	if m.flushed {
		env.Note("note.blocked", engine.Raw(id.String()))
		return
	}
	env.Note("note.requests", engine.Raw(id.String()), engine.Pos(m.view.Sequencer))
	d := data{View: m.view.ID, Msg: id}
	if m.view.Sequencer == env.Self() {
		m.order(env, d)
		return
	}
	env.Send(m.view.Sequencer, engine.Message{Type: msgData, Body: d})
}

// order is the sequencer's rule: the next number, multicast to the view.
func (m *member) order(env *engine.Env, d data) {
	if d.View != m.view.ID || m.flushed || m.view.Sequencer != env.Self() {
		env.Note("note.staleRequest", engine.Raw(d.Msg.String()))
		return
	}
	m.seqG++
	o := Order{View: m.view.ID, G: m.seqG, Msg: d.Msg}
	env.Note("note.orders", engine.Raw(d.Msg.String()), engine.Num(o.G))
	m.receive(env, o)
	if m.spacing == 0 {
		env.Multicast(m.view.Members, engine.Message{Type: msgOrder, Body: o})
		return
	}
	for _, q := range m.view.Members {
		if q != env.Self() {
			m.outbox = append(m.outbox, copyOut{to: q, order: o})
		}
	}
	if !env.TimerSet(timerCopy) {
		m.sendCopy(env)
	}
}

// sendCopy sends the next copy of the outbox and paces the one after.
func (m *member) sendCopy(env *engine.Env) {
	if len(m.outbox) == 0 {
		return
	}
	c := m.outbox[0]
	m.outbox = m.outbox[1:]
	env.Send(c.to, engine.Message{Type: msgOrder, Body: c.order})
	if len(m.outbox) > 0 {
		env.SetTimer(timerCopy, m.spacing)
	}
}

// receive takes an order of the current view and delivers what it can in number order.
func (m *member) receive(env *engine.Env, o Order) {
	if o.View != m.view.ID || m.flushed || o.G < m.nextG || slices.ContainsFunc(m.held, func(x Order) bool { return x.G == o.G }) {
		env.Note("note.discards", engine.Raw(o.Msg.String()), engine.Num(o.View))
		return
	}
	m.held = append(m.held, o)
	slices.SortFunc(m.held, func(a, b Order) int { return a.G - b.G })
	if o.G != m.nextG {
		env.Note("note.holdsBackOrder", engine.Raw(o.Msg.String()), engine.Num(o.G), engine.Num(m.nextG))
	}
	for len(m.held) > 0 && m.held[0].G == m.nextG {
		m.deliver(env, m.held[0], "note.delivers")
		m.held = m.held[1:]
		m.nextG++
	}
}

func (m *member) deliver(env *engine.Env, o Order, key string) {
	m.got[len(m.got)-1] = append(m.got[len(m.got)-1], o.Msg)
	m.pending = slices.DeleteFunc(m.pending, func(x MsgID) bool { return x == o.Msg })
	env.Note(key, engine.Raw(o.Msg.String()), engine.Num(o.G), engine.Num(m.view.ID))
}

func (m *member) Receive(env *engine.Env, from int, msg engine.Message) {
	switch msg.Type {
	case msgData:
		m.order(env, msg.Body.(data))
	case msgOrder:
		m.receive(env, msg.Body.(Order))
	case msgJoin:
		if !slices.Contains(m.joiners, from) {
			m.joiners = append(m.joiners, from)
		}
		if m.inGroup && m.coordinator(env) == env.Self() && m.proposal == nil {
			m.propose(env)
		}
	case msgFlushReq:
		m.flushRequested(env, from, msg.Body.(flushReq))
	case msgFlush:
		m.flushReported(env, from, msg.Body.(flush))
	case msgNewView:
		m.install(env, msg.Body.(newView))
	}
}

func (m *member) Timer(env *engine.Env, name string) {
	if name == timerCopy {
		m.sendCopy(env)
	}
}

// role: the sequencer, a member, one that has stopped for a view change,
// or a process outside the group.
func (m *member) role(self int) string {
	switch {
	case !m.inGroup:
		return "outside"
	case m.flushed:
		return "flushing"
	case m.view.Sequencer == self:
		return "sequencer"
	}
	return "member"
}

// seqs are the numbers of the current view delivered, held and missing.
func (m *member) seqs() (delivered, held, gaps []int) {
	delivered, held, gaps = []int{}, []int{}, []int{}
	for g := 1; g < m.nextG; g++ {
		delivered = append(delivered, g)
	}
	for _, o := range m.held {
		held = append(held, o.G)
	}
	if len(m.held) > 0 {
		for g := m.nextG; g < m.held[len(m.held)-1].G; g++ {
			if !slices.Contains(held, g) {
				gaps = append(gaps, g)
			}
		}
	}
	return delivered, held, gaps
}

func (m *member) View() engine.NodeView {
	delivered, held, gaps := m.seqs()
	names := []string{}
	if len(m.got) > 0 {
		for _, id := range m.got[len(m.got)-1] {
			names = append(names, id.String())
		}
	}
	return engine.NodeView{Role: m.role(m.self), Vars: []engine.Var{
		{Name: "viewID", Value: m.view.ID},
		{Name: "viewMembers", Value: nonNil(m.view.Members)},
		{Name: "delivered", Value: delivered},
		{Name: "held", Value: held},
		{Name: "gaps", Value: gaps},
		{Name: "messagesInView", Value: strings.Join(names, " ")},
		{Name: "pending", Value: len(m.pending)},
	}}
}

func nonNil(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return xs
}

func (m *member) Clone() engine.Process {
	c := *m
	c.view.Members = slices.Clone(m.view.Members) // views are replaced, never changed: shallow is safe
	c.views = slices.Clone(m.views)
	c.at = slices.Clone(m.at)
	c.got = slices.Clone(m.got)
	if len(c.got) > 0 {
		c.got[len(c.got)-1] = slices.Clone(m.got[len(m.got)-1])
	}
	c.outbox = slices.Clone(m.outbox)
	c.held = slices.Clone(m.held)
	c.pending = slices.Clone(m.pending)
	c.joiners = slices.Clone(m.joiners)
	if m.deferred != nil {
		d := *m.deferred
		c.deferred = &d // its members are never changed
	}
	if m.proposal != nil {
		p := *m.proposal
		p.waiting, p.orders = slices.Clone(p.waiting), slices.Clone(p.orders)
		c.proposal = &p
	}
	return &c
}
