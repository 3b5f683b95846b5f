package engine

import "slices"

// Stamp records one moment of one process for the outcome's records: which
// event of the trace it follows, the virtual time and the process's vector
// time (with Config.Causality). A process may keep stamps in its state and the outcome
// or the checks may read them; an algorithm must never base a decision on
// them, for they tell it what a real process cannot know (the global event
// number, what the other processes' clocks say).
type Stamp struct {
	seq   int64
	time  Time
	node  int32
	vc    []uint32 // nil unless Config.Causality; never changed after stamping
	taken bool
}

// Stamp records this moment. Its Seq is the latest event's: call it right
// after the Note that narrates the moment, and the stamp names that note.
// With Config.Causality, a stamp is an event of the process for the vector
// clocks: stamps of one process are ordered, and a stamp happened before
// every stamp that follows it through messages.
func (e *Env) Stamp() Stamp {
	s := e.sim
	st := Stamp{seq: s.seq, time: s.now, node: int32(e.self), taken: true}
	if s.causal != nil {
		st.vc = s.causal.tick(e.self)
	}
	return st
}

// Account names what a message is sent for, so that an outcome can count the
// messages of, say, one request: the process it concerns and a tag that
// process and the sender both know (the request's Lamport time, or its number).
type Account struct {
	Node int
	Tag  int64
}

// SendFor is Send with the message charged to an account; World.Charged
// reads the totals. The charges are bookkeeping for outcomes, never seen by
// the processes.
func (e *Env) SendFor(to int, m Message, a Account) {
	s := e.sim
	if s.charges == nil {
		s.charges = map[Account]int64{}
	}
	s.charges[a]++
	s.send(e.self, to, m)
}

// Charged is the number of messages charged to an account so far.
func (s *Sim) Charged(a Account) int64 { return s.charges[a] }

// IsZero reports whether the stamp was never taken.
func (s Stamp) IsZero() bool { return !s.taken }

// Seq is the sequence number of the event the stamp follows (0: before any).
func (s Stamp) Seq() int64 { return s.seq }

// Time is the virtual time of the stamp.
func (s Stamp) Time() Time { return s.time }

// Node is the position of the process that took the stamp.
func (s Stamp) Node() int { return int(s.node) }

// Before reports whether s happened before o (Lamport's →). It needs
// Config.Causality: without it (or for zero stamps) it is always false.
func (s Stamp) Before(o Stamp) bool {
	if s.vc == nil || o.vc == nil {
		return false
	}
	// Every stamp ticks its own process's entry, so s → o exactly when o has
	// seen s's tick of its process (and is not s itself).
	p := s.node
	if o.node == p {
		return s.vc[p] < o.vc[p]
	}
	return o.vc[p] >= s.vc[p]
}

// causality is the opt-in vector-clock tracker (Config.Causality). The
// engine keeps it, not the algorithms: every send and stamp ticks the
// process's own entry; a message carries its sender's vector, merged into
// the receiver's on delivery.
type causality struct {
	vc      [][]uint32        // per process
	carried map[int64]carried // vector time of each message in flight, by ID
	sent    [][]uint32        // per process: a copy of its vector since it last received (nil: none)
}

// carried is the vector time a message was sent at: vec, a copy of the
// sender's vector taken at or after its last receipt (shared by the
// messages it sent since: only its own entry has grown), and that entry.
type carried struct {
	vec  []uint32
	own  uint32
	from int32
}

func newCausality(n int) *causality {
	c := &causality{vc: make([][]uint32, n), carried: map[int64]carried{}, sent: make([][]uint32, n)}
	for p := range c.vc {
		c.vc[p] = make([]uint32, n)
	}
	return c
}

func (c *causality) clone() *causality {
	d := &causality{vc: make([][]uint32, len(c.vc)), carried: make(map[int64]carried, len(c.carried)), sent: slices.Clone(c.sent)}
	for p, v := range c.vc {
		d.vc[p] = slices.Clone(v)
	}
	for id, v := range c.carried { // vectors in flight are never changed: share them
		d.carried[id] = v
	}
	return d
}

// tick counts an event of p and returns a copy of p's vector time.
func (c *causality) tick(p int) []uint32 {
	c.vc[p][p]++
	return slices.Clone(c.vc[p])
}

// send counts the send of message id by from. A process sending to many
// (a quorum, a multicast) copies its vector once.
func (c *causality) send(from int, id int64) {
	c.vc[from][from]++
	if c.sent[from] == nil {
		c.sent[from] = slices.Clone(c.vc[from])
	}
	c.carried[id] = carried{vec: c.sent[from], own: c.vc[from][from], from: int32(from)}
}

func (c *causality) deliver(to int, id int64) {
	m, ok := c.carried[id]
	if !ok {
		return
	}
	delete(c.carried, id)
	own := c.vc[to]
	for i, x := range m.vec {
		own[i] = max(own[i], x)
	}
	own[m.from] = max(own[m.from], m.own)
	own[to]++
	c.sent[to] = nil
}

func (c *causality) forget(id int64) { delete(c.carried, id) }
