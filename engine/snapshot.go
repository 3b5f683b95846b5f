package engine

import "encoding/binary"

// Snapshot is a Sim's state frozen for a timeline's checkpoints. It shares
// with the Sim what has not changed since (cow.go), keeps the messages in
// flight as a few bytes each (their bodies are in the log) and no
// per-process counters (the log counts them). Restore makes a Sim of it.
type Snapshot struct {
	sim   *Sim
	queue []byte
}

// Snapshot freezes the state of a recording Sim: every message in flight
// must be in its log.
func (s *Sim) Snapshot() *Snapshot {
	c := s.share(false)
	c.q, c.counted = queue{}, nil
	return &Snapshot{sim: c, queue: s.q.encode()}
}

// Restore makes a Sim in the snapshot's state. l is the log the snapshot's
// Sim recorded to (or one it was cut back to, past the snapshot): it holds
// the bodies of the messages in flight, and the Sim counts its per-process
// counters from it when they are first asked for. If recycle is not nil,
// the new Sim takes over its queue's memory: recycle must not be used again.
func (sn *Snapshot) Restore(l *Log, recycle *Sim) *Sim {
	c := sn.sim.share(false)
	var old *queue
	if recycle != nil {
		old = &recycle.q
	}
	c.q = decodeQueue(sn.queue, l, old)
	c.counted = l
	return c
}

// Seq is the sequence number of the snapshot's last event.
func (sn *Snapshot) Seq() int64 { return sn.sim.seq }

// Bytes estimates the memory the snapshot holds beyond what it shares.
func (sn *Snapshot) Bytes() int {
	s := sn.sim
	return len(sn.queue) + 8*(len(s.crashed.chunks)+len(s.procs.chunks)+len(s.timers.chunks)) +
		64*(len(s.links)+len(s.rands)+len(s.charges)) + 512
}

// encode writes the queue's items, in lane order and then in heap order,
// with their slots: decodeQueue rebuilds the same queue. Each item is a
// mask of the fields that differ from what the item before predicts (the
// next slot, the same time, the next insertion order, the next process,
// the same sender offset, type and delay, the next message), then those
// fields: an item of a steady stream of messages takes one byte.
func (q *queue) encode() []byte {
	b := make([]byte, 0, 16+2*(q.laneLen+len(q.heap)))
	b = binary.AppendUvarint(b, uint64(len(q.slab)))
	b = binary.AppendUvarint(b, uint64(q.laneLen))
	b = binary.AppendUvarint(b, uint64(len(q.heap)))
	var prev pending
	prevSlot := int32(-1)
	item := func(slot int32) {
		p := &q.slab[slot]
		var mask uint64
		var vals [9]int64
		k := 0
		field := func(bit uint64, got, want int64) {
			if got != want {
				mask |= bit
				vals[k] = got - want
				k++
			}
		}
		flags := int64(p.kind)
		if p.dead {
			flags |= 0x80
		}
		prevFlags := int64(prev.kind)
		if prev.dead {
			prevFlags |= 0x80
		}
		field(1<<0, int64(slot), int64(prevSlot)+1)
		field(1<<1, flags, prevFlags)
		field(1<<2, p.at, prev.at)
		field(1<<3, int64(p.order), int64(prev.order)+1)
		field(1<<4, int64(p.node), int64(prev.node)+1)
		field(1<<5, int64(p.from-p.node), int64(prev.from-prev.node))
		field(1<<6, int64(p.typ), int64(prev.typ))
		field(1<<7, p.msgID, prev.msgID+1)
		field(1<<8, p.at-p.sentAt, prev.at-prev.sentAt)
		b = binary.AppendUvarint(b, mask)
		for _, x := range vals[:k] {
			b = binary.AppendVarint(b, x)
		}
		prev, prevSlot = *p, slot
	}
	for i := range q.laneLen {
		item(q.lane[(q.laneHead+i)&(len(q.lane)-1)].slot)
	}
	for _, k := range q.heap {
		item(k.slot)
	}
	return b
}

// grow returns a slice of length n, reusing old's memory (not cleared) if
// it can.
func grow[T any](old []T, n int) []T {
	if cap(old) >= n {
		return old[:n]
	}
	return make([]T, n)
}

func decodeQueue(b []byte, l *Log, old *queue) queue {
	r := 0
	// varints, read inline: restoring a checkpoint reads a varint for each
	// field of every message in flight
	uv := func() uint64 {
		var x uint64
		var sh uint
		for {
			c := b[r]
			r++
			if c < 0x80 {
				return x | uint64(c)<<sh
			}
			x |= uint64(c&0x7f) << sh
			sh += 7
		}
	}
	v := func() int64 {
		u := uv()
		return int64(u>>1) ^ -int64(u&1)
	}
	slab, laneLen, heapLen := int(uv()), int(uv()), int(uv())
	if old == nil {
		old = &queue{}
	}
	q := queue{slab: grow(old.slab, slab), bodies: grow(old.bodies, slab), heap: grow(old.heap, heapLen),
		free: old.free[:0], log: l}
	clear(q.bodies) // no body survives from old; the slab's items are all written below
	size := 64
	for size < laneLen {
		size *= 2
	}
	q.lane, q.laneLen = old.lane, laneLen
	if len(q.lane) < size {
		q.lane = make([]heapKey, size)
	}
	*old = queue{}
	used := make([]uint64, (slab+63)/64)
	var prev pending
	prevSlot := int32(-1)
	for i := range laneLen + heapLen {
		// the prediction, corrected where the mask says
		p := prev
		p.order++
		p.node++
		p.from = p.node + (prev.from - prev.node)
		p.msgID++
		slot := prevSlot + 1
		if mask := uv(); mask != 0 {
			if mask&(1<<0) != 0 {
				slot += int32(v())
			}
			if mask&(1<<1) != 0 {
				flags := int64(p.kind)
				if p.dead {
					flags |= 0x80
				}
				flags += v()
				p.kind, p.dead = pendingKind(flags&0x7f), flags&0x80 != 0
			}
			if mask&(1<<2) != 0 {
				p.at += v()
			}
			if mask&(1<<3) != 0 {
				p.order += uint64(v())
			}
			if mask&(1<<4) != 0 {
				p.node += int32(v())
			}
			off := prev.from - prev.node
			if mask&(1<<5) != 0 {
				off += int32(v())
			}
			p.from = p.node + off
			if mask&(1<<6) != 0 {
				p.typ += int32(v())
			}
			if mask&(1<<7) != 0 {
				p.msgID += v()
			}
			delay := prev.at - prev.sentAt
			if mask&(1<<8) != 0 {
				delay += v()
			}
			p.sentAt = p.at - delay
		} else {
			p.sentAt = p.at - (prev.at - prev.sentAt)
		}
		p.logged = p.kind == pendDeliver
		q.slab[slot] = p
		used[slot>>6] |= 1 << (slot & 63)
		if !p.dead {
			q.live++
		}
		k := heapKey{at: p.at, order: p.order, slot: slot}
		if i < laneLen {
			q.lane[i] = k
		} else {
			q.heap[i-laneLen] = k
		}
		prev, prevSlot = p, slot
	}
	for i := slab - 1; i >= 0; i-- {
		if used[i>>6]&(1<<(i&63)) == 0 {
			q.slab[i] = pending{}
			q.free = append(q.free, int32(i))
		}
	}
	return q
}
