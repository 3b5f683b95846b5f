// Package maekawa is Maekawa's algorithm (1985), ALGORITHMS.md 2.5: mutual
// exclusion with quorums. Every process i has a quorum S_i, and every two
// quorums intersect; i enters when every member of S_i has locked for it, and
// a member locks for one request at a time. Requests carry timestamps
// (sequence number, ID): smaller is older and has priority. The rules, named
// as the lecture names them:
//
//   - i requests: REQUEST(t) to every node of S_i.
//   - j receives REQUEST(t) from i: R1 adds it to A_j; R2 if free, locks for
//     i and sends LOCKED(t); if locked by k for t′: if t is now the oldest
//     request, INQUIRE(t′) to k, else FAILED(t) to i.
//   - i receives LOCKED: L1 adds j to E_i; L2 enters when E_i = S_i.
//   - exit: E_i := ∅, RELEASE(t) to S_i. j receives it: S1 removes the
//     request, S2 locks for the oldest remaining one (LOCKED).
//   - k receives INQUIRE(t′) from j: if it has received a FAILED, Ia removes
//     j from E_k and Ib sends RELINQUISH(t′); otherwise it stores the INQUIRE.
//   - k receives FAILED: Fa, if it holds INQUIREs, does Ia/Ib for each; Fb
//     otherwise stores the FAILED.
//   - j receives RELINQUISH: Q1 drops the lock, Q2 locks for the oldest
//     request of A_j, Q3 sends it LOCKED.
//
// Variant corrected (the default) adds what the rules miss: whenever a
// waiting request at j is no longer the oldest — an older one arrived or
// took the lock — j sends it FAILED, once per request. Under the lecture's
// rules a request that was the oldest when it arrived (so j sent INQUIRE,
// not FAILED) may be overtaken by an older one and never learn that it
// failed at j; it keeps the INQUIREs it holds unanswered and a cycle of
// waits can form (ALGORITHMS.md 2.5). The final check finds and explains it
// (deadlock.go).
//
// Choices the rules leave open: a process that is in its own quorum handles
// its own messages locally, without a network message, after the step's
// other work (so a step never re-enters a handler); j sends at most one
// INQUIRE per lock (Maekawa's original; a second one could not change
// anything at k); a process's FAILEDs count for its whole request (once
// failed, it gives up a lock whenever asked); a request given up with
// RELINQUISH is not sent FAILED again by that node — its requester knows it
// failed. Sequence numbers follow Lamport's rule: +1 before a request, and
// max(own, received) + 1 when a REQUEST arrives. The algorithm assumes FIFO
// channels (an INQUIRE must not overtake its LOCKED), so fifo must stay on.
// Nodes are numbered as in the lecture: position p is P(p+1) with ID p+1.
//
// This file is the process and its requester's side (L, Ia/Ib, Fa/Fb);
// arbiter.go is the side of a quorum member (R, S, Q), quorum.go and
// plane.go the quorum systems, registry.go the registry entry.
package maekawa

import (
	"slices"
	"strconv"

	"distviz/algos/kit/mutex"
	"distviz/engine"
)

const (
	msgRequest    = "REQUEST"
	msgLocked     = "LOCKED"
	msgRelease    = "RELEASE"
	msgFailed     = "FAILED"
	msgInquire    = "INQUIRE"
	msgRelinquish = "RELINQUISH"

	maxN = 91 // the largest projective plane offered, of order 9

	corrected = "corrected"
	lecture   = "lecture"
)

// label names position p as the lecture does: P1..Pn (the nodes' labels,
// which the narration prints for engine.Pos).
func label(p int) string { return "P" + strconv.Itoa(p+1) }

// stamp is a request's timestamp (sequence number, ID); every message
// carries the timestamp of the request it concerns. Its JSON is part of the
// trace (the message bodies).
type stamp struct {
	Seq int `json:"seq"`
	ID  int `json:"id"`
}

// Label writes the stamp inside a message's brackets: REQUEST(1,3).
func (s stamp) Label() string { return strconv.Itoa(s.Seq) + "," + strconv.Itoa(s.ID) }

func (s stamp) less(o stamp) bool { return s.Seq < o.Seq || (s.Seq == o.Seq && s.ID < o.ID) }

func (s stamp) compare(o stamp) int {
	switch {
	case s.less(o):
		return -1
	case o.less(s):
		return 1
	}
	return 0
}

// arg is the stamp as a narration argument, written (1,3).
func (s stamp) arg() engine.Arg { return engine.Ts(s.Seq, s.ID) }

func (s stamp) json() []int { return []int{s.Seq, s.ID} }

// request is a request as an arbiter j knows it (an element of A_j).
type request struct {
	node   int
	ts     stamp
	failed bool // j has sent FAILED for it, or its requester gave it up (knows it failed)
}

type node struct {
	mutex.Core
	quorum  []int // S_i, ascending
	lecture bool  // variant lecture: the rules exactly as written
	inquire bool  // INQUIRE/RELINQUISH enabled
	clock   int
	req     stamp // the current request, while WANTED or HELD

	// As an arbiter (a member of other quorums).
	lock      request   // for whom this node is locked, if locked
	locked    bool      // false: free
	inquired  bool      // an INQUIRE has been sent for the current lock
	queue     []request // the other requests of A_j, oldest first
	localMsgs []engine.Message
	bodies    []stamp // bodies to hand out (newBody), after len

	// As a requester.
	granted  []int // E_i: the members that have locked for the current request
	inquires []int // stored INQUIREs, by the lockers that sent them
	failed   []int // members that sent FAILED for the current request
}

func (m *node) Start(env *engine.Env) { m.StartWorkload(env); m.drain(env) }

func (m *node) Timer(env *engine.Env, name string) {
	m.OnTimer(env, name, m)
	m.drain(env)
}

func (m *node) Recover(env *engine.Env) { m.OnRecover(env); m.drain(env) }

func (m *node) Act(env *engine.Env, a string) error {
	err := m.OnAct(env, a, m)
	m.drain(env)
	return err
}

func (m *node) Receive(env *engine.Env, from int, msg engine.Message) {
	m.Step()
	if msg.Type == mutex.MsgTell { // the family's application message: request now
		m.clock = max(m.clock, msg.Body.(*mutex.LamportTime).T) + 1 // Lamport's rule
		m.Told(env, from, m)
	} else {
		m.handle(env, from, msg)
	}
	m.drain(env)
}

// TellBody: a TELL carries the sequence number, so that a request made after
// hearing one is stamped later than the teller's (ME3).
func (m *node) TellBody() any { return &mutex.LamportTime{T: m.clock} }

// post sends a message for the request (forNode, forTS) — for the outcome's
// messages per entry — or keeps it for local handling if it is to itself.
// REQUEST, RELEASE and RELINQUISH serve the sender's own request, LOCKED and
// FAILED the receiver's, INQUIRE the older request that caused it. (A
// RELINQUISH is charged to its sender, whose request gives the lock up: the
// sender cannot know which request caused the INQUIRE.)
func (m *node) post(env *engine.Env, to int, typ string, ts stamp, forNode int, forTS stamp) {
	m.postBody(env, to, typ, m.newBody(ts), forNode, forTS)
}

// newBody makes a message body: one of a block of stamps the process
// hands out one by one (a body a message would be most of a run's
// allocations). A body once sent is never written again: Clone leaves the
// copy without the block, so two copies never hand out the same slot.
func (m *node) newBody(ts stamp) *stamp {
	if len(m.bodies) == cap(m.bodies) {
		m.bodies = make([]stamp, 0, 32)
	}
	m.bodies = append(m.bodies, ts)
	return &m.bodies[len(m.bodies)-1]
}

// postBody is post with the body made: the messages of a multicast to the
// quorum share one (a body is never changed).
func (m *node) postBody(env *engine.Env, to int, typ string, body *stamp, forNode int, forTS stamp) {
	msg := engine.Message{Type: typ, Body: body}
	if to == m.Self() {
		m.localMsgs = append(m.localMsgs, msg)
		return
	}
	m.SendFor(env, to, msg, forNode, int64(forTS.Seq))
}

// drain handles the messages this process sent itself, in order.
func (m *node) drain(env *engine.Env) {
	for i := 0; i < len(m.localMsgs); i++ { // handling one may add more
		msg := m.localMsgs[i]
		env.Note("note.handlesLocally", engine.Raw(msg.Type), msg.Body.(*stamp).arg())
		m.handle(env, m.Self(), msg)
	}
	clear(m.localMsgs)
	m.localMsgs = m.localMsgs[:0]
}

func (m *node) handle(env *engine.Env, from int, msg engine.Message) {
	ts := *msg.Body.(*stamp)
	switch msg.Type {
	case msgRequest:
		m.onRequest(env, from, ts)
	case msgLocked:
		m.onLocked(env, from, ts)
	case msgRelease:
		m.onRelease(env, from, ts)
	case msgFailed:
		m.onFailed(env, from, ts)
	case msgInquire:
		m.onInquire(env, from, ts)
	case msgRelinquish:
		m.onRelinquish(env, from, ts)
	}
}

// The requester's side.

// Acquire: i requests, REQUEST(t) to every node of S_i.
func (m *node) Acquire(env *engine.Env) {
	m.clock++
	m.req = stamp{Seq: m.clock, ID: m.Self() + 1}
	m.TagRequest(int64(m.req.Seq)) // the messages for it name it by its sequence number
	m.granted, m.inquires, m.failed = m.granted[:0], m.inquires[:0], m.failed[:0]
	env.Note("note.requests", m.req.arg(), engine.Positions(m.quorum))
	body := m.newBody(m.req)
	for _, q := range m.quorum {
		m.postBody(env, q, msgRequest, body, m.Self(), m.req)
	}
}

// Release: exit, E_i := ∅ and RELEASE(t) to S_i.
func (m *node) Release(env *engine.Env) {
	m.granted, m.inquires, m.failed = m.granted[:0], m.inquires[:0], m.failed[:0]
	env.Note("note.exit", m.req.arg(), engine.Positions(m.quorum))
	body := m.newBody(m.req)
	for _, q := range m.quorum {
		m.postBody(env, q, msgRelease, body, m.Self(), m.req)
	}
}

func (m *node) current(ts stamp) bool { return m.State() != mutex.Released && ts == m.req }

// onLocked: L1 adds the member to E_i, L2 enters once E_i = S_i.
func (m *node) onLocked(env *engine.Env, from int, ts stamp) {
	if m.State() != mutex.Wanted || ts != m.req {
		env.Note("note.staleLocked", ts.arg(), engine.Pos(from))
		return
	}
	m.granted = insertSorted(m.granted, from)
	have, want := engine.Num(len(m.granted)), engine.Num(len(m.quorum))
	if len(m.granted) < len(m.quorum) {
		env.Note("note.locked", engine.Pos(from), have, want)
		return
	}
	env.Note("note.lockedEnters", engine.Pos(from), have, want)
	m.Enter(env)
}

// onInquire: Ia/Ib if the request has failed somewhere, else keep the INQUIRE.
func (m *node) onInquire(env *engine.Env, from int, ts stamp) {
	switch {
	case m.State() == mutex.Held && ts == m.req:
		env.Note("note.keepsLock", engine.Pos(from))
		return
	case !m.current(ts) || !slices.Contains(m.granted, from):
		env.Note("note.staleInquire", ts.arg(), engine.Pos(from))
		return
	}
	if len(m.failed) > 0 {
		m.granted = slices.DeleteFunc(m.granted, func(x int) bool { return x == from })
		env.Note("note.relinquishes", engine.Positions(m.failed), engine.Pos(from))
		m.post(env, from, msgRelinquish, m.req, m.Self(), m.req)
		return
	}
	m.inquires = insertSorted(m.inquires, from)
	env.Note("note.storesInquire", engine.Pos(from))
}

// onFailed: Fa answers the stored INQUIREs with RELINQUISH, Fb stores the FAILED.
func (m *node) onFailed(env *engine.Env, from int, ts stamp) {
	if m.State() != mutex.Wanted || ts != m.req {
		env.Note("note.staleFailed", ts.arg(), engine.Pos(from))
		return
	}
	m.failed = insertSorted(m.failed, from)
	if len(m.inquires) == 0 {
		env.Note("note.storesFailed", engine.Pos(from))
		return
	}
	give := slices.Clone(m.inquires)
	m.inquires = m.inquires[:0]
	m.granted = slices.DeleteFunc(m.granted, func(x int) bool { return slices.Contains(give, x) })
	env.Note("note.failedRelinquishes", engine.Pos(from), engine.Positions(give))
	for _, x := range give {
		m.post(env, x, msgRelinquish, m.req, m.Self(), m.req)
	}
}

func insertSorted(xs []int, x int) []int {
	i, found := slices.BinarySearch(xs, x)
	if found {
		return xs
	}
	return slices.Insert(xs, i, x)
}

// lockView is a lock or a queued request as the view shows it: {node, ts}.
type lockView struct {
	Node int   `json:"node"`
	TS   []int `json:"ts"`
}

// View: the contract's vars (docs: contracts, maekawa), after the family's.
func (m *node) View() engine.NodeView {
	vars := m.Vars()
	var req any
	if m.State() != mutex.Released {
		req = m.req.json()
	}
	var lock any
	if m.locked {
		lock = lockView{Node: m.lock.node, TS: m.lock.ts.json()}
	}
	queue := make([]lockView, len(m.queue))
	for i, r := range m.queue {
		queue[i] = lockView{Node: r.node, TS: r.ts.json()}
	}
	vars = append(vars,
		engine.Var{Name: "quorum", Value: slices.Clone(m.quorum)},
		engine.Var{Name: "clock", Value: m.clock},
		engine.Var{Name: "request", Value: req},
		engine.Var{Name: "lock", Value: lock},
		engine.Var{Name: "queue", Value: queue},
		engine.Var{Name: "granted", Value: append([]int{}, m.granted...)},
		engine.Var{Name: "inquired", Value: append([]int{}, m.inquires...)},
		engine.Var{Name: "failed", Value: append([]int{}, m.failed...)})
	return engine.NodeView{Role: m.State(), Vars: vars}
}

func (m *node) Clone() engine.Process {
	d := *m
	d.Core = m.Copy()
	d.queue = slices.Clone(m.queue)
	d.localMsgs = slices.Clone(m.localMsgs)
	d.granted = slices.Clone(m.granted)
	d.inquires = slices.Clone(m.inquires)
	d.failed = slices.Clone(m.failed)
	d.bodies = nil // the block's free slots are this process's (newBody)
	return &d
}
