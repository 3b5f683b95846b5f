package engine

import (
	"slices"
	"sort"
	"unsafe"

	"distviz/internal/chunk"
)

// The log keeps a run's events as a byte stream: each event is a header byte
// (its kind and four flags) and a few varints, written relative to a small
// context (the time, the process and the message of the events before it),
// so a send forwarding what was just received along the same hop as the
// send before takes a byte, and a delivery of the next message over the
// same hop two or three. Message bodies, strings, texts and actions live in side
// tables. Nothing the stream holds is a pointer: the garbage collector never
// scans it. Every markEvery events a mark saves the stream position and the
// context, so reading any event decodes at most markEvery-1 others first;
// reading in order decodes each event once.

const (
	logChunk   = 64 << 10 // bytes per chunk of the stream
	maxEncoded = 128      // an event takes fewer bytes (its time step included)
	markEvery  = 128      // events between marks: a mark takes 64 bytes, half a byte an event
)

// Header flags of the fast encodings of sends and deliveries.
const (
	sendFromNode = 1 << 4 // from is the context's process
	sendSameType = 1 << 5 // the type is the context's
	sendBodyNew  = 1 << 6 // the body is new: the next index of the body table
	sendBodySame = 2 << 6 // the body is the context's (forwarded or sent again)

	deliverSameType = 1 << 4
	deliverNextID   = 1 << 5 // the ID is the last delivered one's + 1 (a FIFO link's next)
	deliverSameHop  = 1 << 6 // from − to is the last delivery's (a ring's, a line's)

	genNode   = 1 << 4 // general encoding: a node follows
	genLink   = 1 << 5 // from and to follow
	genMsg    = 1 << 6 // a message follows
	genExtras = 1 << 7 // a byte saying which of name, text, action, arrive follow

	kindTime      = 0  // not an event: the time advances before the next event
	kindGeneral   = 12 // an event of any kind in the general encoding: its kind follows
	kindSendAgain = 13 // a send whose to − from and arrive − time are the last send's
)

// logCtx is what an event is encoded relative to.
type logCtx struct {
	time   int64
	sends  int64  // messages sent so far (the next send's ID is sends+1)
	did    int64  // the ID of the last message delivered
	node   int32  // the process the last event concerned
	dto    int32  // the receiver of the last delivery
	body   uint32 // the index of the last body sent or delivered (0: none)
	typ    uint32 // the string index of the last message type sent or delivered
	bodies uint32 // bodies in the body table (the next new body's index is bodies+1)
	dhop   int32  // from − to of the last delivery (truncated to 32 bits, as its readers do)
	shop   int32  // to − from of the last send
	sdelay int32  // arrive − time of the last send
}

// mark is where event markEvery·i starts in the stream, with its context.
type mark struct {
	chunk, off int32
	ctx        logCtx
}

// Log records a run's events compactly (see above). Reading is cheapest in
// order; a Log, like a Sim, is not safe for concurrent use (reading moves
// its cursor).
type Log struct {
	chunks  [][]byte
	cur     []byte // chunks[len(chunks)-1]
	off     int    // write position in cur
	n       int64  // events recorded
	w       logCtx // the context after the last event
	marks   chunk.List[mark]
	rd      reader // where the last read stopped
	msgBody chunk.List[uint32]
	bodies  chunk.List[any] // bodies[0] is nil
	strs    []string        // interned names and types; strs[0] = ""
	strIdx  map[string]uint32
	actions []Action
	flagged []int64 // seqs of violation events, for the views' marks

	// For QuietSince: the last start event and the last event other than a
	// note (0: none since the last truncation).
	lastStart, lastLoud int64

	lastBody [2]uintptr // the words of the body at w.body (kept alive by the body table): no write barrier

	// The recording Sim's per-process counters (Metrics.ByProcess) every
	// 8n events: CountsAt counts on from the last before its event.
	bases     []countBase
	nextBase  int64 // the Sim saves its counters at the first step that ends here or later
	baseEvery int64
	lastType  string
	lastTyp   uint32
	keyCache  [64]keyCached // string indexes by the string's address (texts' keys and strings, message types)

	scratch   []byte // a text being encoded (logtext.go)
	textArena []byte // texts too long for the stream
	arenaAt   []arenaText
}

// arenaText is where a text in the arena begins, and its event: Truncate
// cuts the arena back with the events (a fork would otherwise leave the
// texts of the future it drops behind, and a replay add them again).
type arenaText struct {
	seq int64
	off int
}

type countBase struct {
	seq int64
	cnt []uint32 // three a process: sent, delivered, dropped
}

// saveCounts keeps the per-process counters after event seq; the Sim
// calls it when seq reaches nextBase, 8n events after the last: they take
// at most 1.5 bytes an event, and counting from them reads at most 8n events.
func (l *Log) saveCounts(seq int64, counts []ProcessCount) {
	first := l.baseEvery == 0
	l.baseEvery = 8 * int64(max(len(counts), 8192))
	l.nextBase = seq + l.baseEvery
	if first { // counting from the start is as good as from here
		return
	}
	cnt := make([]uint32, 3*len(counts))
	for p, c := range counts {
		cnt[3*p], cnt[3*p+1], cnt[3*p+2] = uint32(c.Sent), uint32(c.Delivered), uint32(c.Dropped)
	}
	l.bases = append(l.bases, countBase{seq: seq, cnt: cnt})
}

type keyCached struct {
	ptr *byte
	len int
	idx uint32
}

// Len is the number of events recorded.
func (l *Log) Len() int64 { return l.n }

// Bytes is the memory the log takes: its stream, marks and tables (message
// bodies counted by their references, not their own size).
func (l *Log) Bytes() int64 {
	b := int64(len(l.chunks))*logChunk + int64(l.marks.Len())*int64(unsafe.Sizeof(mark{})) +
		int64(l.msgBody.Len())*4 + int64(l.bodies.Len())*16 + int64(len(l.textArena)) +
		int64(len(l.actions))*int64(unsafe.Sizeof(Action{})) + int64(len(l.strs))*16 + int64(len(l.flagged))*8
	if len(l.chunks) == 1 {
		b += int64(len(l.cur)) - logChunk
	}
	for _, base := range l.bases {
		b += int64(len(base.cnt)) * 4
	}
	return b
}

// QuietSince reports whether event first is a process's start and every
// event recorded after it a note, without decoding any of them.
func (l *Log) QuietSince(first int64) bool {
	return first <= l.n && l.lastStart == first && l.lastLoud == first
}

// Violations lists the sequence numbers of the violation events.
func (l *Log) Violations() []int64 { return l.flagged }

// Truncate keeps the first n events and the first msgs messages.
func (l *Log) Truncate(n int64, msgs int64) {
	if n >= l.n {
		return
	}
	var r reader
	if n > 0 {
		r = *l.seek(n - 1)
		l.decode(&r, nil)
	}
	l.chunks = l.chunks[:r.chunk+1]
	if n == 0 {
		l.chunks = l.chunks[:0]
	}
	clear(l.chunks[len(l.chunks):cap(l.chunks)])
	l.cur, l.off = nil, 0
	if len(l.chunks) > 0 {
		l.cur, l.off = l.chunks[len(l.chunks)-1], r.off
	}
	l.n, l.w = n, r.ctx
	l.marks.Truncate(int((n + markEvery - 1) / markEvery))
	l.rd = reader{}
	l.msgBody.Truncate(int(msgs))
	if l.bodies.Len() > 0 {
		l.bodies.Truncate(int(l.w.bodies) + 1)
	}
	l.lastBody = [2]uintptr{}
	if l.w.body != 0 {
		l.lastBody = words(*l.bodies.At(int(l.w.body)))
	}
	if l.lastStart > n || l.lastLoud > n {
		l.lastStart, l.lastLoud = 0, 0
	}
	for len(l.flagged) > 0 && l.flagged[len(l.flagged)-1] > n {
		l.flagged = l.flagged[:len(l.flagged)-1]
	}
	i := sort.Search(len(l.bases), func(i int) bool { return l.bases[i].seq > n })
	clear(l.bases[i:])
	l.bases = l.bases[:i]
	if i := sort.Search(len(l.arenaAt), func(i int) bool { return l.arenaAt[i].seq > n }); i < len(l.arenaAt) {
		l.textArena = l.textArena[:l.arenaAt[i].off]
		l.arenaAt = l.arenaAt[:i]
	}
	l.nextBase = l.baseEvery
	if i > 0 {
		l.nextBase += l.bases[i-1].seq
	}
}

// counts returns the counters over events 1..seq: the last saved ones
// before it, and the events since counted.
func (l *Log) counts(seq int64) []uint32 {
	var cnt []uint32
	from := int64(0)
	if i := sort.Search(len(l.bases), func(i int) bool { return l.bases[i].seq > seq }); i > 0 {
		from, cnt = l.bases[i-1].seq, slices.Clone(l.bases[i-1].cnt)
	}
	if from == seq {
		return cnt
	}
	m := l.marks.At(int(from / markEvery))
	r := reader{chunk: int(m.chunk), off: int(m.off), next: from / markEvery * markEvery, ctx: m.ctx}
	for r.next < from {
		l.decode(&r, nil)
	}
	tally := func(p int32, k int) {
		i := 3*int(p) + k
		if p < 0 {
			return
		}
		if i >= len(cnt) {
			cnt = append(cnt, make([]uint32, i+1-len(cnt)+3)...)[:3*int(p)+3]
		}
		cnt[i]++
	}
	for r.next < seq {
		switch d := l.decode(&r, nil); d.kind {
		case KindSend:
			tally(d.from, 0)
		case KindDeliver:
			tally(d.to, 1)
		case KindDrop:
			tally(d.to, 2)
		}
	}
	return cnt
}

// CountsAt returns, for each of n processes, the messages sent by it,
// delivered to it and dropped on the way to it over events 1..seq (what
// Metrics.ByProcess said after event seq).
func (l *Log) CountsAt(seq int64, n int) []ProcessCount {
	cnt := l.counts(seq)
	out := make([]ProcessCount, n)
	for p := range min(n, len(cnt)/3) {
		out[p] = ProcessCount{Sent: int64(cnt[3*p]), Delivered: int64(cnt[3*p+1]), Dropped: int64(cnt[3*p+2])}
	}
	return out
}
