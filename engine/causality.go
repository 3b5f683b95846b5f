package engine

import "unsafe"

// causality is the opt-in vector-clock tracker (Config.Causality). The
// engine keeps it, not the algorithms. Its vectors count stamps only (the
// events Before compares): a message carries its sender's vector as it was
// at the send, merged into the receiver's on delivery. Counting sends and
// receipts as well would order the stamps alike (a process's sends after
// a stamp carry its count of stamps, the ones before do not), but every
// message would then need a vector of its own.
//
// A vector is cut into parts of partLen entries, and neither a vector nor a
// part, once made, is ever changed: stamps, messages in flight, copies of
// the Sim and other vectors share them. So a delivery compares the parts
// it carries with the receiver's by pointer first and looks inside only
// those that differ; it takes the message's part (or whole vector) where
// that one knows at least as much, and makes a new part only where each
// knows something the other does not. A stamp makes one part and a new
// list of parts. Parts and lists are cut from blocks of many (one
// allocation a block); a copy of the Sim packs what it holds into blocks
// of its own, so that it keeps no block of its original alive.
type causality struct {
	vc      []vector // per process
	own     []bool   // per process: its list is its alone (no stamp, message or other process holds it), so it may change in place
	carried inflight // the sender's vector at the send, by message ID
	parts   []part   // the rest of the block new parts are cut from
	lists   []*part  // the rest of the block new vectors' lists are cut from
	diff    []uint8  // per part of a delivery: how the message's compares (scratch)
}

// partLen is how many entries a part holds.
const partLen = 16

type part [partLen]uint32

// vector is a vector time: entry p is vector[p/partLen][p%partLen]. Nil
// for a stamp without Config.Causality.
type vector []*part

func (v vector) at(p int) uint32 { return v[p/partLen][p%partLen] }

// How a part of a message's vector compares with the receiver's.
const (
	partOld   uint8 = iota // the receiver knows all it says, and more (or it is the receiver's part)
	partSame               // the same numbers in another part
	partNewer              // it knows all the receiver's part does, and more
	partMixed              // each knows something the other does not
)

// blockParts is how many parts (and lists) a block holds.
const blockParts = 64

func newCausality(n int) *causality {
	c := &causality{vc: make([]vector, n), own: make([]bool, n)}
	zero := make(vector, partsOf(n))
	for i := range zero {
		zero[i] = &part{}
	}
	for p := range c.vc {
		c.vc[p] = zero
	}
	return c
}

func partsOf(n int) int { return (n + partLen - 1) / partLen }

// newPart cuts a part from the current block.
func (c *causality) newPart() *part {
	if len(c.parts) == 0 {
		c.parts = make([]part, blockParts)
	}
	p := &c.parts[0]
	c.parts = c.parts[1:]
	return p
}

// newList cuts a vector's list of k parts from the current block.
func (c *causality) newList(k int) vector {
	if len(c.lists) < k {
		c.lists = make([]*part, k*blockParts)
	}
	v := c.lists[:k:k]
	c.lists = c.lists[k:]
	return v
}

// clone copies the tracker, its vectors packed into blocks of its own:
// each part and each list once, however many vectors share it.
func (c *causality) clone() *causality {
	d := &causality{vc: make([]vector, len(c.vc)), own: make([]bool, len(c.vc)), carried: inflight{base: c.carried.base, vecs: make([]vector, len(c.carried.live()))}}
	parts := map[*part]*part{}
	lists := map[**part]vector{}
	pack := func(v vector) vector {
		if w, ok := lists[&v[0]]; ok {
			return w
		}
		w := d.newList(len(v))
		for i, x := range v {
			y, ok := parts[x]
			if !ok {
				y = d.newPart()
				*y = *x
				parts[x] = y
			}
			w[i] = y
		}
		lists[&v[0]] = w
		return w
	}
	for p, v := range c.vc {
		if len(v) > 0 {
			d.vc[p] = pack(v)
		}
	}
	for i, v := range c.carried.live() {
		if v != nil {
			d.carried.vecs[i] = pack(v)
		}
	}
	return d
}

// tick counts a stamp of p and returns p's new vector time, which the
// stamp keeps: p's list is no longer its alone.
func (c *causality) tick(p int) vector {
	old := c.vc[p]
	v := old
	if !c.own[p] {
		v = c.newList(len(old))
		copy(v, old)
	}
	c.own[p] = false
	x := c.newPart()
	*x = *old[p/partLen]
	x[p%partLen]++
	v[p/partLen] = x
	c.vc[p] = v
	return v
}

// send lets message id carry its sender's vector.
func (c *causality) send(from int, id int64) {
	c.carried.put(id, c.vc[from])
	c.own[from] = false
}

// deliver merges the vector message id carries into its receiver's.
func (c *causality) deliver(to int, id int64) {
	m, ok := c.carried.take(id)
	if !ok {
		return
	}
	own := c.vc[to]
	if len(own) == 0 || &m[0] == &own[0] {
		return
	}
	diff, share := c.compare(m, own)
	if diff == nil {
		return // no news
	}
	if share {
		c.vc[to], c.own[to] = m, false // the message knows all the receiver does: share its vector
		return
	}
	v := own
	if !c.own[to] {
		v = c.newList(len(own))
		copy(v, own)
	}
	for i, d := range diff {
		switch d {
		case partNewer, partSame: // the same part, so that the next comparison is by pointer
			v[i] = m[i]
		case partMixed:
			x := c.newPart()
			for j := range x {
				x[j] = max(own[i][j], m[i][j])
			}
			v[i] = x
		}
	}
	c.vc[to], c.own[to] = v, true
}

// compare says, part by part, how m compares with own; nil when own knows
// all that m does. share: m knows all that own does (no part of own knows
// more, none is mixed), so the receiver may take m's vector.
func (c *causality) compare(m, own vector) (diff []uint8, share bool) {
	news := false
	share = true
	diff = c.diff[:0]
	for i, mp := range m {
		d := partOld
		if op := own[i]; mp != op {
			d = comparePart(mp, op)
			share = share && d != partMixed && d != partOld
		}
		news = news || d >= partNewer
		diff = append(diff, d)
	}
	c.diff = diff
	if !news {
		return nil, false
	}
	return diff, share
}

func comparePart(m, own *part) uint8 {
	// two entries a word, compared lane by lane without a branch (and
	// without a borrow across lanes: see lanesBelow)
	x, y := (*[partLen / 2]uint64)(unsafe.Pointer(m)), (*[partLen / 2]uint64)(unsafe.Pointer(own))
	var newerBits, olderBits uint64
	for j := range x {
		newerBits |= lanesBelow(y[j], x[j])
		olderBits |= lanesBelow(x[j], y[j])
	}
	return partOrder(newerBits != 0, olderBits != 0)
}

// partOrder names how a part compares with the receiver's, from whether
// some entry is newer and whether some is older.
func partOrder(newer, older bool) uint8 {
	switch {
	case newer && older:
		return partMixed
	case newer:
		return partNewer
	case older:
		return partOld
	}
	return partSame
}

// lanesBelow has the top bit of each 32-bit lane set where a's lane is
// below b's (unsigned). The low 31 bits are subtracted with the top bit of
// a's lane set, so no lane borrows from the next; the top bits decide the
// rest.
func lanesBelow(a, b uint64) uint64 {
	const top = 0x8000_0000_8000_0000
	lowGE := (a | top) - (b &^ top) // top bit of a lane: a's low 31 bits ≥ b's
	return (^a&b | ^(a^b)&^lowGE) & top
}

func (c *causality) forget(id int64) { c.carried.take(id) }

// inflight holds a vector for each message in flight, by message ID: IDs
// are given in order, so the vectors go in a list from the oldest in
// flight on (a map cost a hash a send and a delivery).
type inflight struct {
	base int64    // the ID of vecs[head]
	head int      // vecs[:head] were delivered or dropped
	vecs []vector // nil: delivered, dropped, or none
}

// live are the vectors from the oldest in flight on.
func (f *inflight) live() []vector { return f.vecs[f.head:] }

func (f *inflight) put(id int64, v vector) {
	if f.head == len(f.vecs) {
		f.base, f.head, f.vecs = id, 0, f.vecs[:0]
	}
	if len(f.vecs) == cap(f.vecs) && f.head >= len(f.vecs)/2 { // move the live ones to the front, not to a larger array
		n := copy(f.vecs, f.vecs[f.head:])
		clear(f.vecs[n:])
		f.vecs, f.head = f.vecs[:n], 0
	}
	for id-f.base >= int64(len(f.vecs)-f.head) {
		f.vecs = append(f.vecs, nil)
	}
	f.vecs[f.head+int(id-f.base)] = v
}

// take removes message id's vector and returns it.
func (f *inflight) take(id int64) (vector, bool) {
	live := f.live()
	i := id - f.base
	if i < 0 || i >= int64(len(live)) || live[i] == nil {
		return nil, false
	}
	v := live[i]
	live[i] = nil
	for f.head < len(f.vecs) && f.vecs[f.head] == nil { // the oldest in flight moves on
		f.head++
		f.base++
	}
	return v, true
}
