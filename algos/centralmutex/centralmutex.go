// Package centralmutex is mutual exclusion with a central coordinator,
// ALGORITHMS.md 2.1: a process sends REQUEST to the coordinator and enters
// on GRANT; on exit it sends RELEASE; the coordinator grants one process at
// a time and queues the other requests in FIFO order. 3 messages per entry.
// The coordinator is itself a process that may want the critical section:
// it then queues or grants its own request locally, without messages. Its
// crash stalls everyone.
package centralmutex

import (
	"slices"

	"distviz/algos/kit/mutex"
	"distviz/engine"
)

const (
	msgRequest = "REQUEST"
	msgGrant   = "GRANT"
	msgRelease = "RELEASE"
)

type node struct {
	mutex.Core
	coord int // the coordinator's position

	// The coordinator's state (unused elsewhere).
	holder int     // who may be inside; -1: nobody
	queue  []int   // waiting requesters in FIFO order
	asked  []int64 // REQUESTs received from each process: the number of its current request
}

func (c *node) isCoord() bool { return c.Self() == c.coord }

func (c *node) Start(env *engine.Env)               { c.StartWorkload(env) }
func (c *node) Timer(env *engine.Env, name string)  { c.OnTimer(env, name, c) }
func (c *node) Act(env *engine.Env, a string) error { return c.OnAct(env, a, c) }
func (c *node) Recover(env *engine.Env)             { c.OnRecover(env) }
func (c *node) Receive(env *engine.Env, from int, m engine.Message) {
	c.Step()
	switch m.Type {
	case mutex.MsgTell:
		c.Told(env, from, c)
	case msgRequest:
		if c.isCoord() {
			c.asked[from]++
			c.onRequest(env, from)
		}
	case msgGrant:
		if c.State() == mutex.Wanted {
			c.Enter(env)
		}
	case msgRelease:
		if c.isCoord() {
			c.onRelease(env, from)
		}
	}
}

// Acquire asks the coordinator, or is the coordinator's own request.
func (c *node) Acquire(env *engine.Env) {
	if c.isCoord() {
		c.onRequest(env, c.Self())
		return
	}
	c.Send(env, c.coord, engine.Message{Type: msgRequest})
}

// Release tells the coordinator, or frees its own critical section.
func (c *node) Release(env *engine.Env) {
	if c.isCoord() {
		c.onRelease(env, c.Self())
		return
	}
	c.Send(env, c.coord, engine.Message{Type: msgRelease})
}

// onRequest is the coordinator receiving a request (its own, locally).
func (c *node) onRequest(env *engine.Env, p int) {
	if c.holder < 0 {
		if p != c.Self() {
			env.Note("note.grantsAtOnce", engine.Pos(p))
		}
		c.grant(env, p)
		return
	}
	c.queue = append(c.queue, p)
	env.Note("note.queues", engine.Pos(c.holder), engine.Pos(p))
}

func (c *node) onRelease(env *engine.Env, p int) {
	if p != c.holder {
		env.Note("note.ignoresRelease", engine.Pos(p))
		return
	}
	c.holder = -1
	if len(c.queue) == 0 {
		return
	}
	next := c.queue[0]
	c.queue = c.queue[1:]
	env.Note("note.grantsNext", engine.Pos(next))
	c.grant(env, next)
}

func (c *node) grant(env *engine.Env, p int) {
	c.holder = p
	if p == c.Self() {
		env.Note("note.grantsItself")
		c.Enter(env)
		return
	}
	// the GRANT serves p's request, which p numbers as the coordinator counts its REQUESTs
	c.SendFor(env, p, engine.Message{Type: msgGrant}, p, c.asked[p])
}

func (c *node) View() engine.NodeView {
	vars := c.Vars()
	if c.isCoord() {
		var holder any
		if c.holder >= 0 {
			holder = mutex.PosLabel(c.holder)
		}
		vars = append(vars, engine.Var{Name: "granted", Value: holder}, engine.Var{Name: "queue", Value: mutex.PosLabels(c.queue)})
	}
	return engine.NodeView{Role: c.State(), Vars: vars}
}

func (c *node) Clone() engine.Process {
	d := *c
	d.Core = c.Copy()
	d.queue = slices.Clone(c.queue)
	d.asked = slices.Clone(c.asked)
	return &d
}
