// Package lamportmutex is Lamport's mutual exclusion (1978), ALGORITHMS.md
// 2.4: every process keeps a queue of requests ordered by (Lamport time,
// ID). A process that wants the critical section multicasts REQUEST with its
// (time, ID) and queues it itself; a receiver queues the request and answers
// REPLY. A process enters when its own request heads its queue and it has
// received a message stamped later than its request from every other process
// (the REPLY suffices). On exit it removes its request and multicasts
// RELEASE; a receiver removes the sender's request. 3(n−1) messages per
// entry.
//
// Lamport clocks: LC1 ticks before every send (a REQUEST's or RELEASE's
// multicast is one event, each REPLY and TELL another), LC2 (max(own,
// received) + 1) when any message arrives; a REPLY, sent in the same step
// as the REQUEST's arrival, is a second event and ticks once more. The algorithm
// assumes FIFO channels (a RELEASE must not overtake its REQUEST), so the
// parameter fifo must stay on.
package lamportmutex

import (
	"slices"

	"distviz/algos/kit/mutex"
	"distviz/engine"
)

const (
	msgRequest = "REQUEST"
	msgReply   = "REPLY"
	msgRelease = "RELEASE"
)

type node struct {
	mutex.Core
	clock  int
	req    mutex.Stamp   // the current request's stamp, while WANTED or HELD
	queue  []mutex.Stamp // known requests, ordered by (time, ID)
	latest []int         // the latest time received from each process; -1: none
}

func (l *node) Start(env *engine.Env)               { l.StartWorkload(env) }
func (l *node) Timer(env *engine.Env, name string)  { l.OnTimer(env, name, l) }
func (l *node) Act(env *engine.Env, a string) error { return l.OnAct(env, a, l) }
func (l *node) Recover(env *engine.Env)             { l.OnRecover(env) }

func (l *node) enqueue(s mutex.Stamp) {
	i, _ := slices.BinarySearchFunc(l.queue, s, mutex.Stamp.Compare)
	l.queue = slices.Insert(l.queue, i, s)
}

func (l *node) dequeue(id int) {
	l.queue = slices.DeleteFunc(l.queue, func(s mutex.Stamp) bool { return s.ID == id })
}

func (l *node) multicast(env *engine.Env, m engine.Message) {
	for q := range env.N() {
		if q != l.Self() {
			l.Send(env, q, m)
		}
	}
}

// Acquire queues its own request and multicasts it, stamped after a tick (LC1).
func (l *node) Acquire(env *engine.Env) {
	l.clock++ // LC1
	l.req = mutex.Stamp{T: l.clock, ID: l.Self()}
	l.OrderBy(l.req.T, l.req.ID)
	l.enqueue(l.req)
	env.Note("note.multicastsRequest", engine.Ts(l.req.T, l.req.ID))
	l.multicast(env, engine.Message{Type: msgRequest, Body: &mutex.Stamp{T: l.req.T, ID: l.req.ID}})
	l.tryEnter(env)
}

// Release removes its request and multicasts RELEASE, after a tick (LC1).
func (l *node) Release(env *engine.Env) {
	l.dequeue(l.Self())
	l.clock++ // LC1
	env.Note("note.multicastsRelease", engine.Num(l.clock))
	l.multicast(env, engine.Message{Type: msgRelease, Body: &mutex.LamportTime{T: l.clock}})
}

// heardLater tells whether q has sent a message stamped later than the
// current request (equal times are ordered by ID).
func (l *node) heardLater(q int) bool {
	return l.latest[q] >= 0 && l.req.Less(mutex.Stamp{T: l.latest[q], ID: q})
}

// awaiting are the processes not yet heard from after the current request.
func (l *node) awaiting() []int {
	var out []int
	if l.State() != mutex.Wanted {
		return out
	}
	for q := range len(l.latest) {
		if q != l.Self() && !l.heardLater(q) {
			out = append(out, q)
		}
	}
	return out
}

func (l *node) tryEnter(env *engine.Env) {
	if l.State() != mutex.Wanted || len(l.queue) == 0 || l.queue[0] != l.req || len(l.awaiting()) > 0 {
		return
	}
	env.Note("note.headsQueue", engine.Ts(l.req.T, l.req.ID))
	l.Enter(env)
}

func (l *node) Receive(env *engine.Env, from int, m engine.Message) {
	l.Step()
	var t int
	switch b := m.Body.(type) {
	case *mutex.Stamp:
		t = b.T
	case *mutex.LamportTime:
		t = b.T
	}
	l.clock = max(l.clock, t) + 1 // LC2
	l.latest[from] = max(l.latest[from], t)
	switch m.Type {
	case mutex.MsgTell:
		l.Told(env, from, l)
	case msgRequest:
		s := *m.Body.(*mutex.Stamp)
		l.enqueue(s)
		l.clock++ // LC1: the REPLY's send is an event of its own, after the receipt
		l.SendFor(env, from, engine.Message{Type: msgReply, Body: &mutex.LamportTime{T: l.clock}}, from, int64(s.T))
	case msgRelease:
		l.dequeue(from)
		env.Note("note.removesRequest", engine.Pos(from))
	}
	l.tryEnter(env)
}

// TellBody: sending the TELLs is an event (LC1); they carry its time, as
// every message does.
func (l *node) TellBody() any {
	l.clock++
	return &mutex.LamportTime{T: l.clock}
}

func (l *node) View() engine.NodeView {
	vars := l.Vars()
	var req any
	if l.State() != mutex.Released {
		req = "(" + l.req.Label() + ")"
	}
	queue := make([]string, len(l.queue))
	for i, s := range l.queue {
		queue[i] = "(" + s.Label() + ")"
	}
	vars = append(vars,
		engine.Var{Name: "clock", Value: l.clock},
		engine.Var{Name: "request", Value: req},
		engine.Var{Name: "queue", Value: queue},
		engine.Var{Name: "awaiting", Value: mutex.PosLabels(l.awaiting())})
	return engine.NodeView{Role: l.State(), Vars: vars}
}

func (l *node) Clone() engine.Process {
	d := *l
	d.Core = l.Copy()
	d.queue = slices.Clone(l.queue)
	d.latest = slices.Clone(l.latest)
	return &d
}
