package engine

import (
	"maps"
	"slices"
)

// Stamp records one moment of one process for the outcome's records: which
// event of the trace it follows, the virtual time and the process's vector
// time (with Config.Causality). A process may keep stamps in its state and the outcome
// or the checks may read them; an algorithm must never base a decision on
// them, for they tell it what a real process cannot know (the global event
// number, what the other processes' clocks say).
type Stamp struct {
	seq  int64
	time Time
	node int32  // the process's position + 1; 0: never taken
	own  uint32 // vc's entry of the process itself, which Before reads most
	vc   vector // nil unless Config.Causality; never changed after stamping
}

// Stamp records this moment. Its Seq is the latest event's: call it right
// after the Note that narrates the moment, and the stamp names that note.
// With Config.Causality, a stamp is an event of the process for the vector
// clocks: stamps of one process are ordered, and a stamp happened before
// every stamp that follows it through messages.
func (e *Env) Stamp() Stamp {
	s := e.sim
	st := Stamp{seq: s.seq, time: s.now, node: int32(e.self) + 1}
	if s.causal != nil && e.probe == nil {
		st.vc = s.causal.tick(e.self)
		st.own = st.vc.at(e.self)
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
	if e.probe != nil {
		e.Send(to, m)
		return
	}
	s.charges.add(a)
	s.send(e.self, to, m)
}

// Charged is the number of messages charged to an account so far.
func (s *Sim) Charged(a Account) int64 { return s.charges.of(a) }

// charges counts the messages charged to each account: the accounts index
// the counts, and the account charged last is remembered, so that the sends
// of a multicast, charged alike, find their count without a hash. So is
// each node's latest account (a request's replies and releases come
// interleaved with other requests' messages, each charged to its own).
type charges struct {
	index  map[Account]int32
	counts []int64
	last   Account
	lastAt int32         // the index of last + 1; 0: none yet
	latest []chargeCache // by Account.Node, for the nodes 0 ≤ Node < maxCachedNodes
}

type chargeCache struct {
	tag int64
	at  int32 // the index of the node's account with tag + 1; 0: none yet
}

// maxCachedNodes bounds the per-node cache (nodes beyond go through the map).
const maxCachedNodes = 4096

func (c *charges) add(a Account) {
	if c.lastAt == 0 || a != c.last {
		c.last, c.lastAt = a, c.find(a)+1
	}
	c.counts[c.lastAt-1]++
}

// find is the index of a's count, made if a is new.
func (c *charges) find(a Account) int32 {
	var slot *chargeCache
	if a.Node >= 0 && a.Node < maxCachedNodes {
		if a.Node >= len(c.latest) {
			c.latest = append(c.latest, make([]chargeCache, a.Node+1-len(c.latest))...)
		}
		if slot = &c.latest[a.Node]; slot.at > 0 && slot.tag == a.Tag {
			return slot.at - 1
		}
	}
	i, ok := c.index[a]
	if !ok {
		if c.index == nil {
			c.index = map[Account]int32{}
		}
		i = int32(len(c.counts))
		c.index[a] = i
		c.counts = append(c.counts, 0)
	}
	if slot != nil {
		slot.tag, slot.at = a.Tag, i+1
	}
	return i
}

func (c *charges) of(a Account) int64 {
	if i, ok := c.index[a]; ok {
		return c.counts[i]
	}
	return 0
}

func (c *charges) clone() charges {
	return charges{index: maps.Clone(c.index), counts: slices.Clone(c.counts), last: c.last, lastAt: c.lastAt, latest: slices.Clone(c.latest)}
}

// IsZero reports whether the stamp was never taken.
func (s Stamp) IsZero() bool { return s.node == 0 }

// Seq is the sequence number of the event the stamp follows (0: before any).
func (s Stamp) Seq() int64 { return s.seq }

// Time is the virtual time of the stamp.
func (s Stamp) Time() Time { return s.time }

// Node is the position of the process that took the stamp.
func (s Stamp) Node() int { return int(s.node) - 1 }

// Before reports whether s happened before o (Lamport's →). It needs
// Config.Causality: without it (or for zero stamps) it is always false.
func (s Stamp) Before(o Stamp) bool {
	if s.vc == nil || o.vc == nil {
		return false
	}
	// Every stamp ticks its own process's entry, so s → o exactly when o has
	// seen s's tick of its process (and is not s itself).
	if o.node == s.node {
		return s.own < o.own
	}
	return o.vc.at(s.Node()) >= s.own
}
