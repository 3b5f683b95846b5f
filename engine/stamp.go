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
	if s.causal != nil && e.probe == nil {
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
	if e.probe != nil {
		e.Send(to, m)
		return
	}
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
// engine keeps it, not the algorithms. Its vectors count stamps only (the
// events Before compares): a message carries its sender's vector as it was
// at the send, merged into the receiver's on delivery. Counting sends and
// receipts as well would order the stamps alike (a process's sends after
// a stamp carry its count of stamps, the ones before do not), but every
// message would then need a vector of its own.
//
// A vector, once made, is never changed: stamps, messages in flight and
// copies of the Sim share it. A stamp makes a new one; so does a delivery
// that brings news (most do: every stamp spreads to every process). The
// vectors deliveries make are cut from blocks of many (one allocation a
// block, not one a delivery); a copy of the Sim packs the vectors it holds
// into one block of its own, so that it keeps no block of its original
// alive (a checkpoint would keep a block for every process otherwise).
type causality struct {
	vc      [][]uint32 // per process
	carried inflight   // the sender's vector at the send, by message ID
	free    []uint32   // the rest of the block new vectors are cut from
}

// blockVectors is how many vectors a block holds.
const blockVectors = 64

func newCausality(n int) *causality {
	c := &causality{vc: make([][]uint32, n)}
	zero := make([]uint32, n)
	for p := range c.vc {
		c.vc[p] = zero
	}
	return c
}

// clone copies the tracker, its vectors packed into one block: each
// vector once, however many processes and messages share it.
func (c *causality) clone() *causality {
	n := len(c.vc)
	if n == 0 {
		return &causality{}
	}
	packed := map[*uint32][]uint32{}
	var block []uint32
	pack := func(v []uint32) []uint32 {
		if w, ok := packed[&v[0]]; ok {
			return w
		}
		if len(block) < n {
			block = make([]uint32, n*min(len(c.vc)+len(c.carried.live()), blockVectors))
		}
		w := block[:n:n]
		block = block[n:]
		copy(w, v)
		packed[&v[0]] = w
		return w
	}
	d := &causality{vc: make([][]uint32, n), carried: inflight{base: c.carried.base, vecs: make([][]uint32, len(c.carried.live()))}}
	for p, v := range c.vc {
		d.vc[p] = pack(v)
	}
	for i, v := range c.carried.live() {
		if v != nil {
			d.carried.vecs[i] = pack(v)
		}
	}
	return d
}

// alloc cuts a vector of n entries from the current block.
func (c *causality) alloc(n int) []uint32 {
	if len(c.free) < n {
		c.free = make([]uint32, n*blockVectors)
	}
	v := c.free[:n:n]
	c.free = c.free[n:]
	return v
}

// tick counts a stamp of p and returns p's new vector time.
func (c *causality) tick(p int) []uint32 {
	v := slices.Clone(c.vc[p])
	v[p]++
	c.vc[p] = v
	return v
}

// send lets message id carry its sender's vector.
func (c *causality) send(from int, id int64) { c.carried.put(id, c.vc[from]) }

func (c *causality) deliver(to int, id int64) {
	m, ok := c.carried.take(id)
	if !ok {
		return
	}
	own := c.vc[to]
	for i, x := range m {
		if x > own[i] { // news: merge into a new vector
			v := c.alloc(len(own))
			copy(v, own)
			for j := i; j < len(v); j++ {
				v[j] = max(v[j], m[j])
			}
			c.vc[to] = v
			return
		}
	}
}

func (c *causality) forget(id int64) { c.carried.take(id) }

// inflight holds a vector for each message in flight, by message ID: IDs
// are given in order, so the vectors go in a list from the oldest in
// flight on (a map cost a hash a send and a delivery).
type inflight struct {
	base int64      // the ID of vecs[head]
	head int        // vecs[:head] were delivered or dropped
	vecs [][]uint32 // nil: delivered, dropped, or none
}

// live are the vectors from the oldest in flight on.
func (f *inflight) live() [][]uint32 { return f.vecs[f.head:] }

func (f *inflight) put(id int64, v []uint32) {
	if f.head == len(f.vecs) {
		f.base, f.head, f.vecs = id, 0, f.vecs[:0]
	}
	if len(f.vecs) == cap(f.vecs) && f.head >= len(f.vecs)/2 { // move the live ones to the front, not to a larger array
		n := copy(f.vecs, f.vecs[f.head:])
		clear(f.vecs[n:])
		f.vecs, f.head = f.vecs[:n], 0
	}
	for id-f.base >= int64(len(f.vecs)-f.head) {
		f.vecs = append(f.vecs, nil)
	}
	f.vecs[f.head+int(id-f.base)] = v
}

// take removes message id's vector and returns it.
func (f *inflight) take(id int64) ([]uint32, bool) {
	live := f.live()
	i := id - f.base
	if i < 0 || i >= int64(len(live)) || live[i] == nil {
		return nil, false
	}
	v := live[i]
	live[i] = nil
	for f.head < len(f.vecs) && f.vecs[f.head] == nil { // the oldest in flight moves on
		f.head++
		f.base++
	}
	return v, true
}
