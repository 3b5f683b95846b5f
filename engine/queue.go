package engine

// pendingKind is what a queued item does when it comes due.
type pendingKind uint8

const (
	pendStart pendingKind = iota + 1
	pendDeliver
	pendTimer
	pendAction // a scheduled action; msgID indexes Config.Schedule
)

// pending is a queued start, message delivery or timer, stored in a slab so
// that the heap only moves small keys.
type pending struct {
	kind   pendingKind
	dead   bool // cancelled or already handled out of order; skipped when popped
	node   int32
	from   int32
	at     Time
	order  uint64 // insertion order: ties in time are broken by it, never by chance
	msgID  int64
	msg    Message
	sentAt Time
	timer  string
}

type heapKey struct {
	at    Time
	order uint64
	slot  int32
}

func (a heapKey) less(b heapKey) bool {
	return a.at < b.at || (a.at == b.at && a.order < b.order)
}

// queue is a binary min-heap over (time, order) with a slab of items.
type queue struct {
	heap []heapKey
	slab []pending
	free []int32
	live int // items not dead
}

func (q *queue) clone() queue {
	return queue{
		heap: append([]heapKey(nil), q.heap...),
		slab: append([]pending(nil), q.slab...),
		free: append([]int32(nil), q.free...),
		live: q.live,
	}
}

func (q *queue) push(p pending) int32 {
	var slot int32
	if n := len(q.free); n > 0 {
		slot = q.free[n-1]
		q.free = q.free[:n-1]
		q.slab[slot] = p
	} else {
		slot = int32(len(q.slab))
		q.slab = append(q.slab, p)
	}
	q.live++
	q.heap = append(q.heap, heapKey{at: p.at, order: p.order, slot: slot})
	q.up(len(q.heap) - 1)
	return slot
}

// pop removes and returns the earliest live item; ok is false when none is left.
func (q *queue) pop() (p pending, ok bool) {
	for len(q.heap) > 0 {
		top := q.heap[0]
		last := len(q.heap) - 1
		q.heap[0] = q.heap[last]
		q.heap = q.heap[:last]
		if last > 0 {
			q.down(0)
		}
		p = q.slab[top.slot]
		q.slab[top.slot] = pending{}
		q.free = append(q.free, top.slot)
		if !p.dead {
			q.live--
			return p, true
		}
	}
	return pending{}, false
}

// kill marks a slot as handled; its heap key is discarded when it surfaces.
func (q *queue) kill(slot int32) {
	if !q.slab[slot].dead {
		q.slab[slot].dead = true
		q.live--
	}
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
