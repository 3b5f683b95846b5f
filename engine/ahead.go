package engine

import (
	"unsafe"

	"distviz/internal/prefetch"
)

// A long run's steps read memory spread wider than the caches: the queued
// item, its message's body, the receiving process, its counters. Each read
// is a cache miss the step waits for. prefetchAhead asks for them a few
// steps early, in the order each address becomes known: the items three
// ahead in the lane, then what the item two ahead names (its process's
// entry, counters and body), then the process one ahead. Only a hint: what
// the steps do is the same with or without it.
func (s *Sim) prefetchAhead() {
	q := &s.q
	if q.laneLen < 3 || q.lazyLeft > 0 {
		return
	}
	mask := len(q.lane) - 1
	far := q.lane[(q.laneHead+2)&mask].slot
	prefetch.Line(unsafe.Pointer(&q.slab[far]))
	prefetch.Line(unsafe.Pointer(&q.bodies[far]))

	mid := q.lane[(q.laneHead+1)&mask].slot
	if p := &q.slab[mid]; p.kind == pendDeliver {
		node := int(p.node)
		if c := s.procs.chunk(node); c != nil {
			prefetch.Line(unsafe.Pointer(&c.vals[node&cowMask]))
			prefetch.Line(unsafe.Pointer(&c.stamps[node&cowMask]))
		}
		if !s.metrics.uncounted && node < len(s.metrics.ByProcess) {
			prefetch.Line(unsafe.Pointer(&s.metrics.ByProcess[node]))
		}
		if !p.logged {
			if b := q.bodies[mid]; b != nil {
				prefetch.Line((*[2]unsafe.Pointer)(unsafe.Pointer(&b))[1])
			}
		}
	}

	near := &q.slab[q.lane[q.laneHead].slot]
	if near.kind == pendDeliver {
		node := int(near.node)
		if c := s.procs.chunk(node); c != nil {
			if proc := c.vals[node&cowMask]; proc != nil {
				prefetch.Line(dataOf(proc))
			}
		}
	}
}
