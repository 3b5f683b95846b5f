package engine

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// A queue written by encode and read back by decodeQueue holds the same
// items in the same slots and the same free slots, whatever their order:
// runs of items as predicted (starts, a ring's steady stream), items out
// of order in the heap, dead ones, a slab mostly free.
func TestQueueCodeRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		var q queue
		var order uint64
		for i := range 50 + rng.IntN(200) { // starts, as New queues them
			order++
			q.push(pending{kind: pendStart, node: int32(i), from: None, order: order}, nil)
		}
		now, msg := Time(0), int64(0)
		for range rng.IntN(3000) {
			switch r := rng.IntN(10); {
			case r < 4:
				q.pop()
			case r < 8: // a ring's message: the next process, one time unit on
				order++
				msg++
				node := int32(rng.IntN(300))
				q.push(pending{kind: pendDeliver, node: node + 1, from: node, at: now + 1, sentAt: now, order: order, msgID: msg}, nil)
			case r < 9: // a timer out of order
				order++
				q.push(pending{kind: pendTimer, node: int32(rng.IntN(300)), from: None, at: now + Time(rng.IntN(9)), order: order, typ: 2}, nil)
			default:
				if p, ok := q.head(); ok && !p.dead {
					p.dead = true
					q.live--
				}
				now++
			}
		}
		if seed%4 == 0 { // drained: most of the slab is free
			for range q.live * 9 / 10 {
				q.pop()
			}
		}
		b := q.encode()
		got := decodeQueue(b, nil, nil)
		got.materialize()
		if !bytes.Equal(got.encode(), b) {
			t.Fatalf("seed %d: the queue read back encodes differently", seed)
		}
		if len(got.slab) != len(q.slab) || got.live != q.live || len(got.heap) != len(q.heap) || got.laneLen != q.laneLen {
			t.Fatalf("seed %d: sizes differ: slab %d/%d live %d/%d heap %d/%d lane %d/%d", seed,
				len(got.slab), len(q.slab), got.live, q.live, len(got.heap), len(q.heap), got.laneLen, q.laneLen)
		}
		for i := range q.slab {
			want, have := q.slab[i], got.slab[i]
			if want.kind == 0 { // free: pop leaves the rest of the item
				continue
			}
			have.logged = false
			if want != have {
				t.Fatalf("seed %d: slot %d: %+v, want %+v", seed, i, have, want)
			}
		}
		wantFree, gotFree := slices.Sorted(slices.Values(q.free)), slices.Sorted(slices.Values(got.free))
		if !slices.Equal(wantFree, gotFree) {
			t.Fatalf("seed %d: free slots %v, want %v", seed, gotFree, wantFree)
		}
		for i := range q.heap {
			if got.heap[i] != q.heap[i] {
				t.Fatalf("seed %d: heap item %d differs", seed, i)
			}
		}
	}
}
