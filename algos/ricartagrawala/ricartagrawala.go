// Package ricartagrawala is Ricart–Agrawala (1981), ALGORITHMS.md 2.2: a
// process that wants the critical section multicasts REQUEST with (Lamport
// time, ID) and enters after n−1 REPLYs. A receiver defers its reply if
// HELD, or if WANTED with its own (time, ID) smaller; otherwise it replies at
// once. On exit it replies to every deferred request. 2(n−1) messages per
// entry.
//
// The Lamport clock ticks before every send (LC1: a REQUEST's multicast is
// one event, each REPLY and TELL another) and when a message arrives (LC2:
// max(own, received) + 1); a REPLY carries the replier's time after its
// tick, so a hand computation by the lecture's rules gives the same stamps. The order of requests depends on REQUESTs, but without the
// time on REPLYs a request could carry a smaller time than one that happened
// before it, and be served first: ME3 would not hold.
package ricartagrawala

import (
	"slices"

	"distviz/algos/kit/mutex"
	"distviz/engine"
)

const (
	msgRequest = "REQUEST"
	msgReply   = "REPLY"
)

type node struct {
	mutex.Core
	clock    int
	req      mutex.Stamp   // the current request's stamp, while WANTED or HELD
	awaiting int           // REPLYs still missing
	deferred []mutex.Stamp // requests whose REPLY waits for our exit, in arrival order
}

func (r *node) Start(env *engine.Env)               { r.StartWorkload(env) }
func (r *node) Timer(env *engine.Env, name string)  { r.OnTimer(env, name, r) }
func (r *node) Act(env *engine.Env, a string) error { return r.OnAct(env, a, r) }
func (r *node) Recover(env *engine.Env)             { r.OnRecover(env) }

// Acquire multicasts the REQUEST, stamped after a tick (LC1).
func (r *node) Acquire(env *engine.Env) {
	r.clock++ // LC1
	r.req = mutex.Stamp{T: r.clock, ID: r.Self()}
	r.OrderBy(r.req.T, r.req.ID)
	r.awaiting = env.N() - 1
	env.Note("note.multicastsRequest", stamp(r.req), engine.Num(r.awaiting))
	body := &mutex.Stamp{T: r.req.T, ID: r.req.ID}
	for q := range env.N() {
		if q != r.Self() {
			r.Send(env, q, engine.Message{Type: msgRequest, Body: body})
		}
	}
	if r.awaiting == 0 {
		r.Enter(env)
	}
}

// Release answers the deferred requests.
func (r *node) Release(env *engine.Env) {
	if len(r.deferred) > 0 {
		env.Note("note.repliesDeferred", engine.Positions(r.deferredFrom()))
	}
	for _, s := range r.deferred {
		r.SendFor(env, s.ID, r.reply(), s.ID, int64(s.T))
	}
	r.deferred = r.deferred[:0]
}

func (r *node) Receive(env *engine.Env, from int, m engine.Message) {
	r.Step()
	switch b := m.Body.(type) {
	case *mutex.Stamp:
		r.clock = max(r.clock, b.T) + 1 // LC2
	case *mutex.LamportTime:
		r.clock = max(r.clock, b.T) + 1 // LC2
	}
	switch m.Type {
	case mutex.MsgTell:
		r.Told(env, from, r)
	case msgRequest:
		r.onRequest(env, from, *m.Body.(*mutex.Stamp))
	case msgReply:
		if r.State() != mutex.Wanted || r.awaiting == 0 {
			return
		}
		r.awaiting--
		if r.awaiting == 0 {
			r.Enter(env)
		}
	}
}

// onRequest defers the reply to a request s if HELD, or if WANTED with a
// smaller stamp of its own; otherwise it replies at once.
func (r *node) onRequest(env *engine.Env, from int, s mutex.Stamp) {
	switch {
	case r.State() == mutex.Held:
		r.deferred = append(r.deferred, s)
		env.Note("note.heldDefers", engine.Pos(from))
	case r.State() == mutex.Wanted && r.req.Less(s):
		r.deferred = append(r.deferred, s)
		env.Note("note.wantedDefers", stamp(r.req), stamp(s), engine.Pos(from))
	case r.State() == mutex.Wanted:
		env.Note("note.wantedReplies", stamp(s), stamp(r.req), engine.Pos(from))
		r.SendFor(env, from, r.reply(), from, int64(s.T))
	default:
		r.SendFor(env, from, r.reply(), from, int64(s.T))
	}
}

func stamp(s mutex.Stamp) engine.Arg { return engine.Ts(s.T, s.ID) }

// deferredFrom lists the processes whose requests are deferred.
func (r *node) deferredFrom() []int {
	out := make([]int, len(r.deferred))
	for i, s := range r.deferred {
		out[i] = s.ID
	}
	return out
}

// TellBody: sending the TELLs is an event (LC1); they carry its time, as
// every message does.
func (r *node) TellBody() any {
	r.clock++
	return &mutex.LamportTime{T: r.clock}
}

// reply is a REPLY stamped after the tick of its send (LC1).
func (r *node) reply() engine.Message {
	r.clock++
	return engine.Message{Type: msgReply, Body: &mutex.LamportTime{T: r.clock}}
}

func (r *node) View() engine.NodeView {
	vars := r.Vars()
	var req any
	if r.State() != mutex.Released {
		req = "(" + r.req.Label() + ")"
	}
	vars = append(vars,
		engine.Var{Name: "clock", Value: r.clock},
		engine.Var{Name: "request", Value: req},
		engine.Var{Name: "awaiting", Value: r.awaiting},
		engine.Var{Name: "deferred", Value: mutex.PosLabels(r.deferredFrom())})
	return engine.NodeView{Role: r.State(), Vars: vars}
}

func (r *node) Clone() engine.Process {
	d := *r
	d.Core = r.Copy()
	d.deferred = slices.Clone(r.deferred)
	return &d
}
