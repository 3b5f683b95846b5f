// Package mutex is the core that every mutual-exclusion algorithm shares
// (ALGORITHMS.md 2): the workload (when each process wants the critical
// section, how long it stays inside), the process's life cycle RELEASED →
// WANTED → HELD → RELEASED, the user action "request", the application
// message TELL, the checks ME1, deadlock, ME3 and the two forms of ME2, the
// outcome, and the stamps and Lamport times the algorithms' messages carry.
// An algorithm embeds Core in its process and implements Rules.
package mutex

import (
	"embed"
	"slices"
	"strings"

	"distviz/algo"
	"distviz/algos/kit/history"
	"distviz/engine"
)

//go:embed texts/*.json
var files embed.FS

// Texts are the family's parameters, action, invariants, notes, verdicts,
// roles and outcome labels in every language.
var Texts = algo.MustTexts(files)

const (
	TimerWant = "want" // the next request of the workload is due
	TimerExit = "exit" // the time inside the critical section is up

	// ActRequest is the user's action: one more request now.
	ActRequest = "request"

	// MsgTell is an application message outside the algorithm (the
	// tellFrom/tellTo workload): its receiver then requests the critical
	// section, so its request happens after the sender's (ME3).
	MsgTell = "TELL"

	// The states of the life cycle, which are the processes' roles too.
	Released = "released"
	Wanted   = "wanted"
	Held     = "held"

	// MaxN is the largest n the family's parameters allow.
	MaxN = 64
)

// Rules is what an algorithm adds to the shared life cycle.
type Rules interface {
	// Acquire runs when the process starts to want the critical section;
	// the algorithm calls Enter once it may go in.
	Acquire(env *engine.Env)
	// Release runs right after the process has left the critical section.
	Release(env *engine.Env)
}

// Clocked is implemented by algorithms with Lamport clocks: a TELL carries
// the sender's time (TellBody), as every message must for the clocks to
// respect happened-before.
type Clocked interface{ TellBody() any }

// request is one request of the critical section. The stamps record moments
// for the outcome (event numbers, vector times, charged messages); the
// processes never decide anything by them.
type request struct {
	made  engine.Stamp // the request was made
	begun engine.Stamp // the algorithm started to serve it (zero while an earlier request of the process is served)
	// order is the algorithm's priority of the request, smaller first, where
	// it promises to serve in that order (Ricart–Agrawala, Lamport: the
	// request's (Lamport time, ID)); ordered says whether it is set.
	order   [2]int
	ordered bool
	// tag names the request in the messages sent for it (engine.Account):
	// its number among the process's requests, or what the algorithm sets
	// (TagRequest, OrderBy: the Lamport time).
	tag int64
}

// entry is one stay in the critical section.
type entry struct {
	req    request
	enter  engine.Stamp // right after the note "enters the critical section"
	exit   engine.Stamp // right after the note "leaves the critical section"
	inside bool
}

// Core is the shared part of a mutual-exclusion process. Requests are
// served one at a time: a request made while another is being served waits
// in pending.
type Core struct {
	self    int
	cs      engine.Delay  // time inside: fixed or uniform in [Min, Max]
	wants   []engine.Time // times of the workload's future requests, ascending (never changed in place: copies share it)
	pending []request     // requests made and not yet served; the first is being served
	state   string
	entries history.List[entry]
	sent    int64 // messages of the algorithm this process has sent (not TELLs)
	tells   []int // after each request of its own, the process sends TELL to these
	begun   int64 // requests begun so far
	tag     int64 // the tag of the request served last (its RELEASE is sent after it left pending)

	// justEntered marks the step in which the process entered, so that ME1
	// reports each entry once; every handler clears it first (Step).
	justEntered bool
}

func newCore(self int, cs engine.Delay, wants []engine.Time, tells []int) Core {
	return Core{self: self, cs: cs, wants: wants, tells: tells, state: Released}
}

func (c *Core) core() *Core { return c }

// Self is the process's position.
func (c *Core) Self() int { return c.self }

// State is Released, Wanted or Held.
func (c *Core) State() string { return c.state }

// Pending is the number of requests made and not yet served.
func (c *Core) Pending() int { return len(c.pending) }

// Step starts a handler of the algorithm's own (Receive, a timer of its
// own): an entry of an earlier step is no longer this step's.
func (c *Core) Step() { c.justEntered = false }

// StartWorkload arms the first request of the workload: the process's Start.
func (c *Core) StartWorkload(env *engine.Env) {
	c.Step()
	c.armWant(env)
}

func (c *Core) armWant(env *engine.Env) {
	if len(c.wants) > 0 {
		env.SetTimer(TimerWant, c.wants[0]-env.Now())
	}
}

// OnTimer handles the family's timers (TimerWant, TimerExit).
func (c *Core) OnTimer(env *engine.Env, name string, r Rules) {
	c.Step()
	switch name {
	case TimerWant:
		if len(c.wants) > 0 {
			c.wants = c.wants[1:]
		}
		c.request(env, r)
		c.tell(env, r)
		c.armWant(env)
	case TimerExit:
		if c.state == Held {
			c.exit(env, r)
		}
	}
}

// OnAct handles the user's action ActRequest.
func (c *Core) OnAct(env *engine.Env, action string, r Rules) error {
	c.Step()
	if action != ActRequest {
		return engine.Errorf("note.unknownAction", engine.Raw(action), engine.Raw(ActRequest))
	}
	c.request(env, r)
	c.tell(env, r)
	return nil
}

// tell sends the TELLs of the tellFrom/tellTo workload after a request.
func (c *Core) tell(env *engine.Env, r Rules) {
	if len(c.tells) == 0 {
		return
	}
	var body any
	if ck, ok := r.(Clocked); ok {
		body = ck.TellBody()
	}
	env.Note("note.tells", engine.Positions(c.tells))
	for _, q := range c.tells {
		env.Send(q, engine.Message{Type: MsgTell, Body: body})
	}
}

// Told handles an arriving TELL: the process requests the critical section
// (and tells nobody: TELLs do not chain).
func (c *Core) Told(env *engine.Env, from int, r Rules) {
	env.Note("note.hearsAndRequests", engine.Pos(from))
	c.request(env, r)
}

// request makes one request now; it is served at once unless another is.
func (c *Core) request(env *engine.Env, r Rules) {
	if c.state != Released {
		env.Note("note.wantsAgain")
		c.pending = append(c.pending, request{made: env.Stamp()})
		return
	}
	c.pending = append(c.pending, request{})
	c.serve(env, r)
}

// serve starts to serve the first pending request.
func (c *Core) serve(env *engine.Env, r Rules) {
	c.state = Wanted
	env.Note("note.wants")
	q := &c.pending[0]
	c.begun++
	q.tag, c.tag = c.begun, c.begun
	q.begun = env.Stamp()
	if q.made.IsZero() {
		q.made = q.begun
	}
	r.Acquire(env)
}

// OrderBy records the priority the algorithm gives the request it serves
// (smaller first), for the check that it serves requests in that order
// (TimestampOrder). It also tags the request with t.
func (c *Core) OrderBy(t, id int) {
	if len(c.pending) > 0 {
		c.pending[0].order, c.pending[0].ordered = [2]int{t, id}, true
		c.TagRequest(int64(t))
	}
}

// TagRequest sets the tag of the request being served: what the messages
// sent for it name it by (SendFor), e.g. its timestamp, which every process
// that answers it knows.
func (c *Core) TagRequest(tag int64) {
	if len(c.pending) > 0 {
		c.pending[0].tag, c.tag = tag, tag
	}
}

// Enter is called by the algorithm when the process may go in.
func (c *Core) Enter(env *engine.Env) {
	c.state = Held
	c.justEntered = true
	d := c.cs.Min
	if c.cs.Max > c.cs.Min {
		d += env.Rand().Int64N(c.cs.Max - c.cs.Min + 1)
	}
	env.Note("note.enters", engine.Dur(d))
	c.entries.Add(entry{req: c.pending[0], enter: env.Stamp(), inside: true})
	env.SetTimer(TimerExit, d)
}

func (c *Core) exit(env *engine.Env, r Rules) {
	c.state = Released
	env.Note("note.leaves")
	e := c.entries.Last()
	e.exit, e.inside = env.Stamp(), false
	c.pending = slices.Delete(c.pending, 0, 1) // keeps the array for the next request
	r.Release(env)
	if len(c.pending) > 0 {
		c.serve(env, r)
	}
}

// OnRecover re-arms the timers a crash cancelled; the rest of the state is
// kept as it was (messages sent to the process meanwhile are lost).
func (c *Core) OnRecover(env *engine.Env) {
	c.Step()
	c.armWant(env)
	if c.state == Held {
		env.Note("note.recoveredInside")
		env.SetTimer(TimerExit, 0)
	}
}

// Send sends a message of the algorithm for the process's own current (or,
// during its exit, last) request: it counts towards that request's entry.
func (c *Core) Send(env *engine.Env, to int, m engine.Message) {
	c.SendFor(env, to, m, c.self, c.tag)
}

// SendFor sends a message of the algorithm for the request of process owner
// with the given tag (a REPLY or GRANT serves its receiver's request, an
// INQUIRE the request that caused it); owner −1: for no request. The
// outcome counts it towards that request's entry, whenever it is sent.
func (c *Core) SendFor(env *engine.Env, to int, m engine.Message, owner int, tag int64) {
	c.sent++
	if owner < 0 {
		env.Send(to, m)
		return
	}
	env.SendFor(to, m, engine.Account{Node: owner, Tag: tag})
}

// Copy is a deep copy, for the process's Clone.
func (c *Core) Copy() Core {
	d := *c
	d.pending = slices.Clone(c.pending)
	d.entries = c.entries.Clone()
	return d
}

// Vars are the shared variables every view shows first.
func (c *Core) Vars() []engine.Var {
	return []engine.Var{
		{Name: "state", Value: strings.ToUpper(c.state)},
		{Name: "pending", Value: len(c.pending)},
		{Name: "entries", Value: c.entries.Len()},
	}
}
