package engine

import (
	"encoding/binary"
	"slices"
	"unsafe"
)

// Snapshot is a Sim's state frozen for a timeline's checkpoints. It shares
// with the Sim what has not changed since (cow.go), keeps the messages in
// flight as a few bytes each (their bodies are in the log) and no
// per-process counters (the log counts them). Restore makes a Sim of it.
type Snapshot struct {
	sim    *Sim
	queue  queueCode
	queued int   // the items in the queue
	bytes  int64 // Bytes
	lane   int64 // LaneBytes
}

// Snapshot freezes the state of a recording Sim: every message in flight
// must be in its log.
func (s *Sim) Snapshot() *Snapshot {
	c := s.share(false)
	c.q, c.counted = queue{}, nil
	queued := len(s.q.heap) + s.q.lazyLeft + s.q.laneLen
	code, size, lane := s.q.encode()
	return &Snapshot{sim: c, queue: code, queued: queued, bytes: size + c.ownBytes(), lane: lane}
}

// ownBytes estimates what share copies in full rather than shares: the Sim,
// its maps, its counters by type and its vector clocks.
func (s *Sim) ownBytes() int64 {
	const entry = 64 // a map entry, roughly
	n := int64(unsafe.Sizeof(*s)) + entry*int64(len(s.links)+len(s.rands)+len(s.charges.counts)) +
		int64(len(s.metrics.ByType))*int64(unsafe.Sizeof(TypeCount{})+16) + 16*int64(len(s.timerNames))
	if c := s.causal; c != nil {
		n += c.bytes()
	}
	return n
}

// bytes is what a copy of the tracker holds at most: the vector of every
// process and of every message in flight, each once (clone packs a vector
// that several share once, and a part likewise)
func (c *causality) bytes() int64 {
	vec := 24 + int64(partsOf(len(c.vc)))*(8+4*partLen)
	return int64(len(c.vc)+len(c.carried.live())) * vec
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

// Bytes is what the snapshot holds of its own: its queue and what the Sim
// does not share (its maps, vector clocks). What it shares with the Sim it was taken of becomes its own as the
// Sim writes: that Sim's Copied grows by it.
func (sn *Snapshot) Bytes() int64 { return sn.bytes }

// LaneBytes is the part of Bytes in the lane segment the snapshot wrote (its
// queue's items pushed since the snapshot before). The Sim it was taken of
// shares that segment, so a measure of the Sim counts it until the Sim lets
// go of it, while the snapshot keeps it as long as it lives.
func (sn *Snapshot) LaneBytes() int64 { return sn.lane }

// Copied is the bytes of shared state the Sim (and the Sims it was copied
// from) have copied so far that they would have written in place had no
// copy been taken: directories of the per-process arrays, and chunks they
// had made since the copy before. What it grows by after a Snapshot is
// what the snapshot costs beyond its own Bytes and the states the run
// changes (which any checkpoint before them keeps).
func (s *Sim) Copied() int64 { return s.copied }

// Cloned is how many processes the Sim (and the Sims it was copied from)
// have cloned (Process.Clone) before changing them, so far: the copies
// they share keep the originals, of a size the engine does not know.
func (s *Sim) Cloned() int64 { return s.cloned }

// Queued is the number of items in the snapshot's queue (messages in
// flight, timers, starts): taking a snapshot costs a few nanoseconds each.
func (sn *Snapshot) Queued() int { return sn.queued }

// Seq is the sequence number of the snapshot's last event.
func (sn *Snapshot) Seq() int64 { return sn.sim.seq }

// itemCoder writes and reads queue items, each relative to the one before:
// a mask of the fields that differ from what the item before predicts (the
// next slot, the same time, the next insertion order, the next process,
// the same sender offset, type and delay, the next message: nextFrom,
// nextID), then those fields. A run of items that are all as predicted (a steady stream of
// messages, such as a ring's) is an empty mask and its length.
type itemCoder struct {
	prev     pending
	prevSlot int32
	run      int // items as predicted: to write (put) or still to read (get)
}

func newCoder() itemCoder { return itemCoder{prevSlot: -1} }

func flagsOf(p *pending) int64 {
	f := int64(p.kind)
	if p.dead {
		f |= 0x80
	}
	return f
}

// nextFrom predicts an item's sender: none after none (starts, timers),
// else the same offset from the receiver as the item before.
func nextFrom(prev *pending, node int32) int32 {
	if prev.from == None {
		return None
	}
	return node + prev.from - prev.node
}

// nextID predicts a delivery's message as the one after the item before's;
// other items have none.
func nextID(prev *pending, kind pendingKind) int64 {
	if kind == pendDeliver {
		return prev.msgID + 1
	}
	return prev.msgID
}

// predicted reports whether the item in slot is all as predicted (the
// common case, checked without a mask).
func (c *itemCoder) predicted(slot int32, p *pending) bool {
	prev := &c.prev
	return slot == c.prevSlot+1 && p.kind == prev.kind && p.dead == prev.dead && p.at == prev.at &&
		p.order == prev.order+1 && p.node == prev.node+1 && p.from == nextFrom(prev, p.node) &&
		p.typ == prev.typ && p.msgID == nextID(prev, p.kind) && p.sentAt == prev.sentAt
}

func (c *itemCoder) put(b []byte, slot int32, p *pending) []byte {
	if c.predicted(slot, p) {
		c.prev, c.prevSlot = *p, slot
		c.run++
		return b
	}
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
	field(1<<5, int64(p.from), int64(nextFrom(prev, p.node)))
	field(1<<6, int64(p.typ), int64(prev.typ))
	field(1<<7, p.msgID, nextID(prev, p.kind))
	field(1<<8, p.at-p.sentAt, prev.at-prev.sentAt)
	c.prev, c.prevSlot = *p, slot
	if mask == 0 {
		c.run++
		return b
	}
	b = binary.AppendUvarint(c.flush(b), mask)
	for _, x := range vals[:k] {
		b = binary.AppendVarint(b, x)
	}
	return b
}

// flush writes the run of predicted items put has held back.
func (c *itemCoder) flush(b []byte) []byte {
	if c.run > 0 {
		b = binary.AppendUvarint(b, 0)
		b = binary.AppendUvarint(b, uint64(c.run))
		c.run = 0
	}
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
	var mask uint64
	if c.run > 0 {
		c.run--
	} else if mask = uvarint(b, r); mask == 0 {
		c.run = int(uvarint(b, r)) - 1
	}
	var d [9]int64 // the fields' differences from the predictions
	for bit := range d {
		if mask&(1<<bit) != 0 {
			d[bit] = varint(b, r)
		}
	}
	prev := &c.prev
	p := *prev
	slot := c.prevSlot + 1 + int32(d[0])
	if d[1] != 0 {
		f := flagsOf(prev) + d[1]
		p.kind, p.dead = pendingKind(f&0x7f), f&0x80 != 0
	}
	p.at += d[2]
	p.order += 1 + uint64(d[3])
	p.node += 1 + int32(d[4])
	p.from = nextFrom(prev, p.node) + int32(d[5])
	p.typ += int32(d[6])
	p.msgID = nextID(prev, p.kind) + d[7]
	p.sentAt = p.at - (prev.at - prev.sentAt + d[8])
	p.logged = p.kind == pendDeliver
	c.prev, c.prevSlot = p, slot
	return slot, p
}

// queueCode is an encoded queue: its head (sizes, the key of the lane's
// last item, the heap's items in heap order with their slots) and its lane's items in lane order, as ranges of segments
// (lanecode.go), so that decodeQueue rebuilds the same queue and can leave
// the lane to be read as it goes.
type queueCode struct {
	head []byte
	lane []laneRange
}

// encode writes the queue, sharing the lane of the snapshot before where
// it can, and returns the bytes it wrote, and of those the lane's.
func (q *queue) encode() (queueCode, int64, int64) {
	lane, size := q.encodeLane()
	laneLen := q.lazyLeft + q.laneLen
	b := make([]byte, 0, 32+2*len(q.heap))
	b = binary.AppendUvarint(b, uint64(len(q.slab)))
	b = binary.AppendUvarint(b, uint64(len(q.heap)))
	b = binary.AppendUvarint(b, uint64(laneLen))
	b = binary.AppendUvarint(b, uint64(q.live))
	if laneLen > 0 {
		tail := q.lazyTail
		if q.laneLen > 0 {
			tail = q.lane[(q.laneHead+q.laneLen-1)&(len(q.lane)-1)]
		}
		b = binary.AppendVarint(b, tail.at)
		b = binary.AppendUvarint(b, tail.order)
	}
	c := newCoder()
	for _, k := range q.heap {
		b = c.put(b, k.slot, &q.slab[k.slot])
	}
	b = slices.Clone(c.flush(b)) // no spare capacity: snapshots are kept
	return queueCode{head: b, lane: lane}, size + int64(len(b)), size
}

// encodeLane returns the lane as ranges: those of the snapshot before
// without the items popped since and a segment of the items pushed since,
// or one segment of them all. It returns the bytes it wrote.
func (q *queue) encodeLane() ([]laneRange, int64) {
	var lane []laneRange
	from := 0 // the first item of the ring to encode
	if q.base != nil {
		lane = dropFront(q.base, q.basePopped)
		from = laneLenOf(lane) - q.lazyLeft
	}
	if q.base == nil || from < 0 || len(lane) >= maxRanges {
		q.materialize()
		lane, from = make([]laneRange, 0, 1), 0
	}
	size := int64(len(lane)) * int64(unsafe.Sizeof(laneRange{}))
	if from < q.laneLen {
		seg := q.encodeSeg(from)
		lane = append(lane, laneRange{seg: seg, to: seg.items})
		size += int64(len(seg.code)+4*len(seg.marks)) + int64(unsafe.Sizeof(laneRange{})+unsafe.Sizeof(*seg))
	}
	q.base, q.basePopped = lane, 0
	return lane, size
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
func decodeQueue(code queueCode, l *Log, old *queue) queue {
	if old == nil {
		old = &queue{}
	}
	b, r := code.head, 0
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
	q.free, q.freeStale = old.free[:0], true // listed once the lane is read
	*old = queue{}
	c := newCoder()
	for i := range q.heap {
		slot, p := c.get(b, &r)
		q.slab[slot] = p
		q.heap[i] = heapKey{at: p.at, order: p.order, slot: slot}
	}
	q.lazy, q.lazyLeft = laneReader{ranges: code.lane}, laneLen
	q.lazy.start()
	q.base = code.lane
	return q
}
