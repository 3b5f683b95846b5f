package engine

import "cmp"

// pendingKind is what a queued item does when it comes due.
type pendingKind uint8

const (
	pendStart pendingKind = iota + 1
	pendDeliver
	pendTimer
	pendAction // a scheduled action; msgID indexes Config.Schedule
)

// pending is a queued start, message delivery or timer, stored in a slab so
// that the heap only moves small keys. It holds no pointers (a message's
// body sits beside it in the queue's bodies): the collector never scans the
// slab, and copying an item is copying 48 bytes.
type pending struct {
	kind   pendingKind
	dead   bool // cancelled or already handled out of order; skipped when popped
	logged bool // the body is not in bodies but in the queue's log (restored from a snapshot)
	node   int32
	from   int32
	typ    int32 // a message's type (index into Metrics.Types), a timer's name (into Sim.timerNames)
	at     Time
	order  uint64 // insertion order: ties in time are broken by it, never by chance
	msgID  int64
	sentAt Time
}

type heapKey struct {
	at    Time
	order uint64
	slot  int32
}

func (a heapKey) less(b heapKey) bool {
	return a.at < b.at || (a.at == b.at && a.order < b.order)
}

// compareKeys orders keys as less does, for slices.SortFunc.
func compareKeys(a, b heapKey) int {
	return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.order, b.order))
}

// queue orders pending items by (time, order). Items pushed in that order
// already (every message when delays are fixed, most when they are not) go
// to a FIFO lane in O(1); the rest go to a binary min-heap. pop takes the
// smaller of the two heads. Items live in a slab so that only small keys move.
type queue struct {
	lane     []heapKey // a ring buffer of non-decreasing keys; len is a power of two
	laneHead int
	laneLen  int
	heap     []heapKey
	slab     []pending
	bodies   []any // the body of the message in each slot
	log      *Log  // where the bodies of logged items are
	free     []int32
	// freeStale: free lacks slots (a queue restored from a snapshot knows
	// its free slots only once it has read its lane: the slots it frees
	// until then are the ones it takes; materialize lists the rest)
	freeStale bool
	live      int // items not dead
	// timers is how many of them are timers, once counted (a frame asks
	// for the timers at every step: most runs have none, and looking
	// through the slab for them cost as much as the rest of a delta).
	timers  int
	counted bool

	// A queue restored from a snapshot reads its lane as it goes: the first
	// lazyLeft items of the lane, ahead of the ring, are still encoded in
	// the snapshot's segments (a seek replays a few steps and needs only
	// the first few). What looks at every item decodes the rest first
	// (materialize).
	lazy      laneReader
	lazyLeft  int
	lazyHead  heapKey // the next of them, decoded, if lazyReady
	lazyReady bool
	lazyTail  heapKey // the last of them

	// The lane of the snapshot last taken of this queue or restored into
	// it, and how many items the lane has lost at its front since: the
	// next snapshot shares the rest (lanecode.go). nil when the lane has
	// changed otherwise (an item killed).
	base       []laneRange
	basePopped int
}

// lazyPeek decodes the next encoded lane item into the slab and returns its key.
func (q *queue) lazyPeek() heapKey {
	if !q.lazyReady {
		slot, p := q.lazy.next()
		q.slab[slot] = p
		q.lazyHead, q.lazyReady = heapKey{at: p.at, order: p.order, slot: slot}, true
	}
	return q.lazyHead
}

// materialize decodes the lane's encoded items and puts them in the ring.
func (q *queue) materialize() {
	if q.freeStale && q.lazyLeft == 0 {
		q.listFree()
	}
	if q.lazyLeft == 0 {
		return
	}
	keys := make([]heapKey, 0, q.lazyLeft+q.laneLen)
	for ; q.lazyLeft > 0; q.lazyLeft-- {
		keys = append(keys, q.lazyPeek())
		q.lazyReady = false
	}
	for i := range q.laneLen {
		keys = append(keys, q.lane[(q.laneHead+i)&(len(q.lane)-1)])
	}
	size := 64
	for size < len(keys) {
		size *= 2
	}
	q.lane = append(keys, make([]heapKey, size-len(keys))...)
	q.laneHead, q.laneLen = 0, len(keys)
	q.lazy = laneReader{}
	if q.freeStale {
		q.listFree()
	}
}

// listFree lists every slot that holds no item as free (and clears it: a
// restored queue's slab may hold what the Sim it recycled left there), the
// lowest handed out first (which free slot a push takes is not part of the
// state: nothing reads the slab in slot order without sorting by time and
// order). The lane must be materialized.
func (q *queue) listFree() {
	used := make([]uint64, (len(q.slab)+63)/64)
	for _, k := range q.heap {
		used[k.slot>>6] |= 1 << (k.slot & 63)
	}
	for i := range q.laneLen {
		k := q.lane[(q.laneHead+i)&(len(q.lane)-1)]
		used[k.slot>>6] |= 1 << (k.slot & 63)
	}
	q.free = q.free[:0]
	for i := len(q.slab) - 1; i >= 0; i-- {
		if used[i>>6]&(1<<(i&63)) == 0 {
			q.slab[i] = pending{}
			if i < len(q.bodies) { // (a free slot's body is nobody's)
				q.bodies[i] = nil
			}
			q.free = append(q.free, int32(i))
		}
	}
	q.freeStale = false
}

func (q *queue) clone() queue {
	q.materialize()
	return queue{
		lane:    q.laneItems(),
		laneLen: q.laneLen,
		heap:    append([]heapKey(nil), q.heap...),
		slab:    append([]pending(nil), q.slab...),
		bodies:  append([]any(nil), q.bodies...),
		log:     q.log,
		free:    append([]int32(nil), q.free...),
		live:    q.live,
		timers:  q.timers,
		counted: q.counted,
	}
}

// laneItems copies the lane's keys in order into a slice of the lane's capacity.
func (q *queue) laneItems() []heapKey {
	out := make([]heapKey, len(q.lane))
	for i := range q.laneLen {
		out[i] = q.lane[(q.laneHead+i)&(len(q.lane)-1)]
	}
	return out
}

func (q *queue) push(p pending, body any) int32 {
	var slot int32
	if n := len(q.free); n > 0 {
		slot = q.free[n-1]
		q.free = q.free[:n-1]
		q.slab[slot] = p
		q.bodies[slot] = body
	} else {
		slot = int32(len(q.slab))
		q.slab = append(q.slab, p)
		q.bodies = append(q.bodies, body)
	}
	q.live++
	q.countTimer(&p, 1)
	k := heapKey{at: p.at, order: p.order, slot: slot}
	tail, lane := heapKey{}, false
	switch {
	case q.laneLen > 0:
		tail, lane = q.lane[(q.laneHead+q.laneLen-1)&(len(q.lane)-1)], true
	case q.lazyLeft > 0:
		tail, lane = q.lazyTail, true
	}
	if !lane || tail.less(k) {
		if q.laneLen == len(q.lane) {
			grown := make([]heapKey, max(64, 2*len(q.lane)))
			copy(grown, q.laneItems())
			q.lane, q.laneHead = grown, 0
		}
		q.lane[(q.laneHead+q.laneLen)&(len(q.lane)-1)] = k
		q.laneLen++
		return slot
	}
	q.heap = append(q.heap, k)
	q.up(len(q.heap) - 1)
	return slot
}

// next removes the smallest key of lane and heap.
func (q *queue) next() (heapKey, bool) {
	if q.lazyLeft > 0 {
		if k := q.lazyPeek(); len(q.heap) == 0 || k.less(q.heap[0]) {
			q.lazyLeft--
			q.lazyReady = false
			q.basePopped++
			return k, true
		}
	} else if q.laneLen > 0 && (len(q.heap) == 0 || q.lane[q.laneHead].less(q.heap[0])) {
		k := q.lane[q.laneHead]
		q.laneHead = (q.laneHead + 1) & (len(q.lane) - 1)
		q.laneLen--
		q.basePopped++
		return k, true
	}
	if len(q.heap) == 0 {
		return heapKey{}, false
	}
	top := q.heap[0]
	last := len(q.heap) - 1
	q.heap[0] = q.heap[last]
	q.heap = q.heap[:last]
	if last > 0 {
		q.down(0)
	}
	return top, true
}

// head is the item that pop would look at first, without removing it
// (dead or not); false when the queue is empty.
func (q *queue) head() (*pending, bool) {
	var k heapKey
	switch {
	case q.lazyLeft > 0:
		k = q.lazyPeek()
	case q.laneLen > 0:
		k = q.lane[q.laneHead]
	}
	if (q.lazyLeft > 0 || q.laneLen > 0) && (len(q.heap) == 0 || k.less(q.heap[0])) {
		return &q.slab[k.slot], true
	}
	if len(q.heap) == 0 {
		return nil, false
	}
	return &q.slab[q.heap[0].slot], true
}

// pop removes and returns the earliest live item and its body; ok is false
// when none is left.
func (q *queue) pop() (p pending, body any, ok bool) {
	for {
		top, some := q.next()
		if !some {
			return pending{}, nil, false
		}
		p, body = q.slab[top.slot], q.body(top.slot)
		q.slab[top.slot].kind = 0
		q.bodies[top.slot] = nil
		q.free = append(q.free, top.slot)
		if !p.dead {
			q.live--
			q.countTimer(&p, -1)
			return p, body, true
		}
	}
}

// body is the body of the message in slot.
func (q *queue) body(slot int32) any {
	if q.slab[slot].logged {
		return q.log.body(q.slab[slot].msgID)
	}
	return q.bodies[slot]
}

// kill marks a slot as handled; its heap key is discarded when it surfaces.
func (q *queue) kill(slot int32) {
	q.materialize()
	q.base = nil // the item may be one a snapshot shares
	if !q.slab[slot].dead {
		q.slab[slot].dead = true
		q.live--
		q.countTimer(&q.slab[slot], -1)
	}
}

// countTimer adds d to the count of timers if p is one and they are counted.
func (q *queue) countTimer(p *pending, d int) {
	if q.counted && p.kind == pendTimer {
		q.timers += d
	}
}

// liveTimers is how many timers are queued, not dead (counting them the
// first time).
func (q *queue) liveTimers() int {
	q.materialize()
	if !q.counted {
		q.timers = 0
		for i := range q.slab {
			if p := &q.slab[i]; p.kind == pendTimer && !p.dead {
				q.timers++
			}
		}
		q.counted = true
	}
	return q.timers
}

func (q *queue) up(i int) {
	h := q.heap
	x := h[i]
	for i > 0 {
		parent := (i - 1) / 2
		if !x.less(h[parent]) {
			break
		}
		h[i] = h[parent]
		i = parent
	}
	h[i] = x
}

func (q *queue) down(i int) {
	h := q.heap
	n := len(h)
	x := h[i]
	for {
		child := 2*i + 1
		if child >= n {
			break
		}
		if r := child + 1; r < n && h[r].less(h[child]) {
			child = r
		}
		if !h[child].less(x) {
			break
		}
		h[i] = h[child]
		i = child
	}
	h[i] = x
}

// slotOf finds the live slot of the item matching pred, in (time, order)
// order so that the answer never depends on slab layout.
func (q *queue) find(pred func(*pending) bool) (int32, bool) {
	q.materialize()
	best := int32(-1)
	for i := range q.slab {
		p := &q.slab[i]
		if p.kind == 0 || p.dead || !pred(p) {
			continue
		}
		if best < 0 || (heapKey{at: p.at, order: p.order}).less(heapKey{at: q.slab[best].at, order: q.slab[best].order}) {
			best = int32(i)
		}
	}
	return best, best >= 0
}
