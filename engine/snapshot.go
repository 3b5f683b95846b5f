package engine

import (
	"encoding/binary"
	"slices"
)

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

// itemCoder writes and reads queue items, each relative to the one before:
// a mask of the fields that differ from what the item before predicts (the
// next slot, the same time, the next insertion order, the next process,
// the same sender offset, type and delay, the next message), then those
// fields. An item of a steady stream of messages takes one byte.
type itemCoder struct {
	prev     pending
	prevSlot int32
}

func newCoder() itemCoder { return itemCoder{prevSlot: -1} }

func flagsOf(p *pending) int64 {
	f := int64(p.kind)
	if p.dead {
		f |= 0x80
	}
	return f
}

func (c *itemCoder) put(b []byte, slot int32, p *pending) []byte {
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
	prev := &c.prev
	field(1<<0, int64(slot), int64(c.prevSlot)+1)
	field(1<<1, flagsOf(p), flagsOf(prev))
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
	c.prev, c.prevSlot = *p, slot
	return b
}

func uvarint(b []byte, r *int) uint64 {
	var x uint64
	var sh uint
	for {
		c := b[*r]
		*r++
		if c < 0x80 {
			return x | uint64(c)<<sh
		}
		x |= uint64(c&0x7f) << sh
		sh += 7
	}
}

func varint(b []byte, r *int) int64 {
	u := uvarint(b, r)
	return int64(u>>1) ^ -int64(u&1)
}

// get reads the item at b[*r:]; a message's body is in the log (logged).
func (c *itemCoder) get(b []byte, r *int) (int32, pending) {
	prev := &c.prev
	p := *prev
	p.order++
	p.node++
	p.msgID++
	slot := c.prevSlot + 1
	off, delay := prev.from-prev.node, prev.at-prev.sentAt
	if mask := uvarint(b, r); mask != 0 {
		if mask&(1<<0) != 0 {
			slot += int32(varint(b, r))
		}
		if mask&(1<<1) != 0 {
			f := flagsOf(prev) + varint(b, r)
			p.kind, p.dead = pendingKind(f&0x7f), f&0x80 != 0
		}
		if mask&(1<<2) != 0 {
			p.at += varint(b, r)
		}
		if mask&(1<<3) != 0 {
			p.order += uint64(varint(b, r))
		}
		if mask&(1<<4) != 0 {
			p.node += int32(varint(b, r))
		}
		if mask&(1<<5) != 0 {
			off += int32(varint(b, r))
		}
		if mask&(1<<6) != 0 {
			p.typ += int32(varint(b, r))
		}
		if mask&(1<<7) != 0 {
			p.msgID += varint(b, r)
		}
		if mask&(1<<8) != 0 {
			delay += varint(b, r)
		}
	}
	p.from, p.sentAt = p.node+off, p.at-delay
	p.logged = p.kind == pendDeliver
	c.prev, c.prevSlot = p, slot
	return slot, p
}

// encode writes the queue: its sizes, the key of the lane's last item and
// the free slots, then the heap's items in heap order and the lane's in
// lane order, with their slots, so that decodeQueue rebuilds the same queue
// and can leave the lane to be read as it goes.
func (q *queue) encode() []byte {
	q.materialize()
	b := make([]byte, 0, 32+2*(q.laneLen+len(q.heap))+3*len(q.free))
	b = binary.AppendUvarint(b, uint64(len(q.slab)))
	b = binary.AppendUvarint(b, uint64(len(q.heap)))
	b = binary.AppendUvarint(b, uint64(q.laneLen))
	b = binary.AppendUvarint(b, uint64(q.live))
	if q.laneLen > 0 {
		tail := q.lane[(q.laneHead+q.laneLen-1)&(len(q.lane)-1)]
		b = binary.AppendVarint(b, tail.at)
		b = binary.AppendUvarint(b, tail.order)
	}
	b = binary.AppendUvarint(b, uint64(len(q.free)))
	prev := int32(0)
	for _, f := range q.free {
		b = binary.AppendVarint(b, int64(f-prev))
		prev = f
	}
	c := newCoder()
	for _, k := range q.heap {
		b = c.put(b, k.slot, &q.slab[k.slot])
	}
	c = newCoder()
	for i := range q.laneLen {
		k := q.lane[(q.laneHead+i)&(len(q.lane)-1)]
		b = c.put(b, k.slot, &q.slab[k.slot])
	}
	return slices.Clone(b) // no spare capacity: snapshots are kept
}

// grow returns a slice of length n, reusing old's memory (not cleared) if
// it can.
func grow[T any](old []T, n int) []T {
	if cap(old) >= n {
		return old[:n]
	}
	return make([]T, n)
}

// decodeQueue rebuilds an encoded queue, taking over old's memory if not
// nil. The heap is decoded at once, the lane as it is read (queue.lazy).
func decodeQueue(b []byte, l *Log, old *queue) queue {
	if old == nil {
		old = &queue{}
	}
	r := 0
	slab, heapLen, laneLen := int(uvarint(b, &r)), int(uvarint(b, &r)), int(uvarint(b, &r))
	q := queue{slab: grow(old.slab, slab), bodies: grow(old.bodies, slab), heap: grow(old.heap, heapLen),
		lane: old.lane, log: l, live: int(uvarint(b, &r))}
	if len(q.lane) < 64 {
		q.lane = make([]heapKey, 64)
	}
	if laneLen > 0 {
		q.lazyTail.at = varint(b, &r)
		q.lazyTail.order = uvarint(b, &r)
	}
	q.free = grow(old.free, int(uvarint(b, &r)))
	prev := int32(0)
	for i := range q.free {
		prev += int32(varint(b, &r))
		q.free[i] = prev
		q.slab[prev] = pending{}
	}
	*old = queue{}
	c := newCoder()
	for i := range q.heap {
		slot, p := c.get(b, &r)
		q.slab[slot] = p
		q.heap[i] = heapKey{at: p.at, order: p.order, slot: slot}
	}
	q.lazy, q.lazyPos, q.lazyLeft, q.lazyCoder = b, r, laneLen, newCoder()
	return q
}
