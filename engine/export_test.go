package engine

import (
	"cmp"
	"slices"
)

// FlightsBySort lists the messages in flight by sorting every live item of
// the queue's slab: the plain way, which FlightsInto must agree with.
func (s *Sim) FlightsBySort() []Flight {
	s.q.materialize()
	var keys []heapKey
	for i := range s.q.slab {
		if p := &s.q.slab[i]; p.kind == pendDeliver && !p.dead {
			keys = append(keys, heapKey{at: p.at, order: p.order, slot: int32(i)})
		}
	}
	slices.SortFunc(keys, func(a, b heapKey) int {
		return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.order, b.order))
	})
	out := []Flight{}
	heads := map[int64]bool{}
	for _, k := range keys {
		p := &s.q.slab[k.slot]
		f := Flight{ID: p.msgID, From: int(p.from), To: int(p.node), Type: s.metrics.Types[p.typ],
			SentAt: p.sentAt, Arrive: p.at, Next: true, slot: k.slot}
		if link := s.linkKey(f.From, f.To); !s.cfg.NonFIFO && heads[link] {
			f.Next = false
		} else {
			heads[link] = true
		}
		out = append(out, f)
	}
	return out
}

// TimersCounted is the queue's count of its timers, and the count of
// those in its slab.
func (s *Sim) TimersCounted() (counted, inSlab int) {
	for i := range s.q.slab {
		if p := &s.q.slab[i]; p.kind == pendTimer && !p.dead {
			inSlab++
		}
	}
	return s.q.liveTimers(), inSlab
}
