package maekawa

import (
	"slices"

	"distviz/engine"
)

// The arbiter's side: a member j of other processes' quorums, which locks
// for one request of A_j at a time (R1–R2, S1–S2, Q1–Q3, and the corrected
// variant's FAILED).

// oldest is the oldest request of A_j: the locked one or the queue's head.
func (m *node) oldest() stamp {
	if len(m.queue) > 0 && (!m.locked || m.queue[0].ts.less(m.lock.ts)) {
		return m.queue[0].ts
	}
	return m.lock.ts
}

func (m *node) enqueue(r request) {
	i, _ := slices.BinarySearchFunc(m.queue, r.ts, func(a request, t stamp) int { return a.ts.compare(t) })
	m.queue = slices.Insert(m.queue, i, r)
}

// lockForOldest locks for the queue's head, the oldest waiting request.
func (m *node) lockForOldest() request {
	r := m.queue[0]
	m.queue = slices.Delete(m.queue, 0, 1) // keeps the array for the next enqueue
	m.lock, m.locked, m.inquired = r, true, false
	return r
}

// onRequest: R1 adds the request to A_j; R2 locks for it if free, else
// INQUIREs the locker if it is now the oldest, or tells it FAILED.
func (m *node) onRequest(env *engine.Env, from int, ts stamp) {
	if from != m.Self() {
		m.clock = max(m.clock, ts.Seq) + 1 // Lamport's rule
	}
	if !m.locked {
		m.lock, m.locked, m.inquired = request{node: from, ts: ts}, true, false
		env.Note("note.locksFree", ts.arg(), engine.Pos(from))
		m.post(env, from, msgLocked, ts, from, ts)
		return
	}
	m.enqueue(request{node: from, ts: ts})
	lk := m.lock
	args := []engine.Arg{ts.arg(), engine.Pos(from), engine.Pos(lk.node), lk.ts.arg()}
	switch {
	case m.oldest() != ts:
		m.markFailed(ts)
		env.Note("note.fails", args...)
		m.post(env, from, msgFailed, ts, from, ts)
	case !m.inquire:
		env.Note("note.waitsNoInquire", args...)
	case m.inquired:
		env.Note("note.alreadyInquired", args...)
	default:
		m.inquired = true
		env.Note("note.inquires", args...)
		m.post(env, lk.node, msgInquire, lk.ts, from, ts)
	}
	m.correct(env)
}

func (m *node) markFailed(ts stamp) {
	for i := range m.queue {
		if m.queue[i].ts == ts {
			m.queue[i].failed = true
		}
	}
}

// correct is the corrected variant's rule: every waiting request that is no
// longer the oldest here, and has not been told, is sent FAILED.
func (m *node) correct(env *engine.Env) {
	if m.lecture || !m.locked {
		return
	}
	old := m.oldest()
	for i := range m.queue {
		r := &m.queue[i]
		if r.failed || r.ts == old {
			continue
		}
		r.failed = true
		env.Note("note.correctedFails", r.ts.arg(), engine.Pos(r.node))
		m.post(env, r.node, msgFailed, r.ts, r.node, r.ts)
	}
}

// onRelease: S1 removes the request; S2 locks for the oldest one left.
func (m *node) onRelease(env *engine.Env, from int, ts stamp) {
	if !m.locked || m.lock.node != from || m.lock.ts != ts {
		m.queue = slices.DeleteFunc(m.queue, func(r request) bool { return r.node == from && r.ts == ts })
		env.Note("note.releaseNotLocked", ts.arg(), engine.Pos(from))
		return
	}
	m.locked = false
	if len(m.queue) == 0 {
		env.Note("note.releaseFree", ts.arg(), engine.Pos(from))
		return
	}
	r := m.lockForOldest()
	env.Note("note.releaseLocks", ts.arg(), engine.Pos(from), r.ts.arg(), engine.Pos(r.node))
	m.post(env, r.node, msgLocked, r.ts, r.node, r.ts)
	m.correct(env)
}

// onRelinquish: Q1 drops the lock, Q2 locks for the oldest of A_j, Q3 sends
// it LOCKED.
func (m *node) onRelinquish(env *engine.Env, from int, ts stamp) {
	if !m.locked || m.lock.node != from || m.lock.ts != ts {
		env.Note("note.relinquishIgnored", ts.arg(), engine.Pos(from))
		return
	}
	given := m.lock
	given.failed = true // its requester gave it up because it knows it failed
	m.enqueue(given)
	r := m.lockForOldest()
	env.Note("note.relinquished", ts.arg(), engine.Pos(from), r.ts.arg(), engine.Pos(r.node))
	m.post(env, r.node, msgLocked, r.ts, r.node, r.ts)
	m.correct(env)
}
