package engine

// A snapshot keeps the queue's FIFO lane as ranges of encoded segments that
// snapshots share: between two snapshots a lane loses items at its front
// and gains new ones at its back, so a snapshot's lane is the lane of the
// snapshot before without the items popped since, then a new segment of
// the items pushed since. Taking a snapshot encodes only those (a queue of
// 100,000 messages took a millisecond to encode in full). When the shared
// lane would span maxRanges segments, or after the lane changed otherwise
// (an item killed), the lane is encoded in full again.

const (
	segMarkEvery = 256 // items between a segment's marks
	maxRanges    = 32  // segments a snapshot's lane may span
)

// laneSeg is a run of lane items encoded once. Every segMarkEvery items
// the coder starts afresh at a mark, so that reading can start there.
type laneSeg struct {
	code  []byte
	items int
	marks []int32 // where items segMarkEvery·i start in code
}

// laneRange is items [from, to) of a segment.
type laneRange struct {
	seg      *laneSeg
	from, to int
}

// laneLenOf is the number of items in the ranges.
func laneLenOf(lane []laneRange) int {
	n := 0
	for _, r := range lane {
		n += r.to - r.from
	}
	return n
}

// dropFront returns the ranges without their first k items (a new slice:
// the snapshot's ranges are kept).
func dropFront(lane []laneRange, k int) []laneRange {
	out := make([]laneRange, 0, len(lane)+1)
	for _, r := range lane {
		if n := r.to - r.from; k >= n {
			k -= n
			continue
		}
		r.from += k
		k = 0
		out = append(out, r)
	}
	return out
}

// encodeSeg encodes the lane's items [from, q.laneLen) of the ring.
func (q *queue) encodeSeg(from int) *laneSeg {
	n := q.laneLen - from
	seg := &laneSeg{items: n, marks: make([]int32, 0, n/segMarkEvery+1)}
	b := make([]byte, 0, 8+2*n)
	c := newCoder()
	for i := range n {
		if i%segMarkEvery == 0 {
			b = c.flush(b)
			c = newCoder()
			seg.marks = append(seg.marks, int32(len(b)))
		}
		k := q.lane[(q.laneHead+from+i)&(len(q.lane)-1)]
		b = c.put(b, k.slot, &q.slab[k.slot])
	}
	seg.code = append([]byte(nil), c.flush(b)...) // no spare capacity: snapshots are kept
	return seg
}

// laneReader reads the items of lane ranges in order.
type laneReader struct {
	ranges []laneRange // the first is being read, at item idx
	idx    int
	pos    int
	coder  itemCoder
}

// start positions the reader at the first item of its first range.
func (r *laneReader) start() {
	for len(r.ranges) > 0 && r.ranges[0].from == r.ranges[0].to {
		r.ranges = r.ranges[1:]
	}
	if len(r.ranges) == 0 {
		return
	}
	rg := r.ranges[0]
	m := rg.from / segMarkEvery
	r.idx, r.pos = m*segMarkEvery, int(rg.seg.marks[m])
	for r.idx < rg.from {
		r.get()
	}
}

// get reads the next item of the current segment.
func (r *laneReader) get() (int32, pending) {
	if r.idx%segMarkEvery == 0 {
		r.coder = newCoder()
	}
	r.idx++
	return r.coder.get(r.ranges[0].seg.code, &r.pos)
}

// next reads the next item; the caller knows how many are left.
func (r *laneReader) next() (int32, pending) {
	if r.idx == r.ranges[0].to {
		r.ranges = r.ranges[1:]
		r.start()
	}
	return r.get()
}
