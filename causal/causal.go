// Package causal gives the events of any run the stamps of Lamport's and
// vector clocks (ALGORITHMS.md 3), as a process of the run would have kept
// them beside its algorithm, so that the space-time diagram can show them
// on every run: the browser draws the stamps, it does not compute them.
//
// Lamport's events are sends, receives and local events. In a trace a
// send is a send event and a receive a delivery; a local event is a step a
// process takes on its own (a timer expires, the user has it act) that
// sends nothing: a step that sends has its sends as its events. A start
// is the process's initial state (VC1), not an event; notes narrate a
// step, they are not events of their own.
package causal

import (
	"slices"

	"distviz/engine"
)

// MaxVector is the most processes whose events get vector stamps: beyond
// it a vector is too long to read, and only Lamport stamps are given.
const MaxVector = 32

// Stamp is an event's Lamport time L and vector time V (nil beyond
// MaxVector).
type Stamp struct {
	L int64    `json:"l"`
	V []uint32 `json:"v,omitempty"`
}

// Stamper gives a run's events their stamps, one after the other from the
// first: LC1 and VC2 before each event, LC2, VC3 and VC4 along messages.
type Stamper struct {
	next    int64 // the seq it stamps next
	l       []int64
	v       [][]uint32      // nil beyond MaxVector; a process's vector is replaced, never changed
	carried map[int64]Stamp // the sender's stamp on each message in flight
}

// New is a Stamper for a run of n processes, before its first event.
func New(n int) *Stamper {
	s := &Stamper{next: 1, l: make([]int64, n), carried: map[int64]Stamp{}}
	if n <= MaxVector {
		s.v = make([][]uint32, n)
		for p := range s.v {
			s.v[p] = make([]uint32, n)
		}
	}
	return s
}

// Next is the seq of the event Stamp expects.
func (s *Stamper) Next() int64 { return s.next }

// Event gives the run's event with a seq (false beyond the last).
type Event func(seq int64) (engine.Event, bool)

// Stamp stamps the event with seq Next(), reading the events after it in
// its step (at) to tell a local event from the cause of sends. ok is false
// for an event that is not one of Lamport's.
func (s *Stamper) Stamp(e engine.Event, at Event) (st Stamp, ok bool) {
	s.next = e.Seq + 1
	switch e.Kind {
	case engine.KindSend:
		st = s.tick(int(e.From))
		s.carried[e.MsgID] = st
		return st, true
	case engine.KindDeliver:
		got, sent := s.carried[e.MsgID]
		delete(s.carried, e.MsgID)
		p := int(e.To)
		if sent {
			s.merge(p, got)
		}
		return s.tick(p), true
	case engine.KindDrop:
		delete(s.carried, e.MsgID)
	case engine.KindTimer:
		return s.local(e, int(e.Node), at)
	case engine.KindAction:
		if e.Action != nil && e.Action.Type == engine.ActNode {
			return s.local(e, e.Action.Node, at)
		}
	}
	return Stamp{}, false
}

// local stamps a step taken by p on its own, unless the step sends.
func (s *Stamper) local(e engine.Event, p int, at Event) (Stamp, bool) {
	if p < 0 || p >= len(s.l) {
		return Stamp{}, false
	}
	for seq := e.Seq + 1; ; seq++ {
		f, ok := at(seq)
		if !ok || StartsStep(f.Kind) {
			break
		}
		if f.Kind == engine.KindSend && int(f.From) == p {
			return Stamp{}, false
		}
	}
	return s.tick(p), true
}

// StartsStep says whether an event of this kind begins a step (a drop
// may, but is no send either way).
func StartsStep(k engine.Kind) bool {
	switch k {
	case engine.KindStart, engine.KindDeliver, engine.KindTimer, engine.KindAction, engine.KindEnd:
		return true
	}
	return false
}

// tick is LC1 and VC2 for an event of p: its stamp.
func (s *Stamper) tick(p int) Stamp {
	s.l[p]++
	st := Stamp{L: s.l[p]}
	if s.v != nil {
		v := slices.Clone(s.v[p])
		v[p]++
		s.v[p] = v
		st.V = v
	}
	return st
}

// merge is LC2 and VC4: p takes the maximum of its clocks and a message's.
func (s *Stamper) merge(p int, m Stamp) {
	s.l[p] = max(s.l[p], m.L)
	if s.v != nil && m.V != nil {
		v := slices.Clone(s.v[p])
		for i, x := range m.V {
			v[i] = max(v[i], x)
		}
		s.v[p] = v
	}
}
