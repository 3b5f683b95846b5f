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
		b, _, _ := q.encode()
		got := decodeQueue(b, nil, nil)
		got.materialize()
		got.base = nil // encoded in full again
		again, _, _ := got.encode()
		if !bytes.Equal(again.head, b.head) || !bytes.Equal(laneBytes(again.lane), laneBytes(b.lane)) {
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

// laneBytes is the code of a lane encoded in one segment.
func laneBytes(lane []laneRange) []byte {
	if len(lane) == 0 {
		return nil
	}
	return lane[0].seg.code
}

// liveSlot is the first slot from start on (round the slab) that holds a
// live item, as kill finds them (it reads the lane first).
func liveSlot(q *queue, start int) (int32, bool) {
	q.materialize()
	for j := range q.slab {
		i := (start + j) % len(q.slab)
		if p := &q.slab[i]; p.kind != 0 && !p.dead {
			return int32(i), true
		}
	}
	return 0, false
}

// laneOf lists a queue's lane in order (slot and item, logged cleared),
// reading a deep copy so that q stays as it is (lazy, if it was).
func laneOf(q *queue) []pending {
	cp := *q
	cp.slab, cp.bodies, cp.free, cp.lane = slices.Clone(q.slab), slices.Clone(q.bodies), slices.Clone(q.free), slices.Clone(q.lane)
	cp.materialize()
	var out []pending
	for i := range cp.laneLen {
		k := cp.lane[(cp.laneHead+i)&(len(cp.lane)-1)]
		p := cp.slab[k.slot]
		p.logged, p.sentAt = false, p.sentAt+Time(k.slot)<<32 // the slot compared too
		out = append(out, p)
	}
	return out
}

// Snapshots that share their lanes with the ones before read back as the
// queue was when each was taken: after pops, pushes, kills, restores of an
// earlier snapshot and runs on from it with its lane still encoded, and
// across full encodings every maxRanges snapshots.
func TestQueueCodeShared(t *testing.T) {
	type taken struct {
		code queueCode
		lane []pending
		live int
	}
	for seed := uint64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		var q queue
		var order uint64
		for i := range 100 + rng.IntN(600) {
			order++
			q.push(pending{kind: pendStart, node: int32(i), from: None, order: order}, nil)
		}
		now, msg := Time(0), int64(0)
		var snaps []taken
		var l Log // the messages' bodies: none
		for range 30000 {
			l.msgBody.Add(0)
		}
		for round := range 60 {
			for range rng.IntN(400) {
				switch r := rng.IntN(20); {
				case r < 9:
					if p, _, ok := q.pop(); ok && p.at > now {
						now = p.at
					}
				case r < 18:
					order++
					msg++
					node := int32(rng.IntN(900))
					q.push(pending{kind: pendDeliver, node: node + 1, from: node, at: now + 1, sentAt: now, order: order, msgID: msg}, nil)
				case r < 19 && round%7 == 3:
					if slot, ok := liveSlot(&q, rng.IntN(len(q.slab)+1)); ok {
						q.kill(slot)
					}
				default:
					now++
				}
			}
			code, _, _ := q.encode()
			snaps = append(snaps, taken{code: code, lane: laneOf(&q), live: q.live})
			if rng.IntN(5) == 0 { // back to an earlier snapshot, its lane unread
				s := snaps[rng.IntN(len(snaps))]
				q = decodeQueue(s.code, &l, &q)
				now = 0
				if len(s.lane) > 0 {
					now = s.lane[0].at
				}
			}
		}
		for i, s := range snaps {
			got := decodeQueue(s.code, nil, nil)
			if lane := laneOf(&got); !slices.Equal(lane, s.lane) || got.live != s.live {
				t.Fatalf("seed %d, snapshot %d: the lane reads back differently (%d items, want %d)", seed, i, len(lane), len(s.lane))
			}
			if len(s.code.lane) > maxRanges {
				t.Fatalf("seed %d, snapshot %d: its lane spans %d segments", seed, i, len(s.code.lane))
			}
		}
	}
}
