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
// so a send forwarding what was just received takes three bytes and a
// delivery about six. Message bodies, strings, texts and actions live in side
// tables. Nothing the stream holds is a pointer: the garbage collector never
// scans it. Every markEvery events a mark saves the stream position and the
// context, so reading any event decodes at most markEvery-1 others first;
// reading in order decodes each event once.

const (
	logChunk   = 64 << 10 // bytes per chunk of the stream
	maxEncoded = 128      // an event takes fewer bytes (its time step included)
	markEvery  = 64       // events between marks
)

// Header flags of the fast encodings of sends and deliveries.
const (
	sendFromNode = 1 << 4 // from is the context's process
	sendSameType = 1 << 5 // the type is the context's
	sendBodyNew  = 1 << 6 // the body is new: the next index of the body table
	sendBodySame = 2 << 6 // the body is the context's (forwarded or sent again)

	deliverSameType = 1 << 4

	genNode   = 1 << 4 // general encoding: a node follows
	genLink   = 1 << 5 // from and to follow
	genMsg    = 1 << 6 // a message follows
	genExtras = 1 << 7 // a byte saying which of name, text, action, arrive follow

	kindTime    = 0  // not an event: the time advances before the next event
	kindGeneral = 12 // an event of any kind in the general encoding: its kind follows
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
}

// mark is where event markEvery·i starts in the stream, with its context.
type mark struct {
	chunk, off int32
	ctx        logCtx
}

// reader decodes the stream from a position.
type reader struct {
	chunk, off int
	next       int64 // index (from 0) of the next event
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
	texts   chunk.List[Text]
	actions []Action
	flagged []int64 // seqs of violation events, for the views' marks

	lastBody [2]uintptr // the words of the body at w.body (kept alive by the body table): no write barrier

	// The recording Sim's per-process counters (Metrics.ByProcess) every
	// 8n events: CountsAt counts on from the last before its event.
	bases     []countBase
	nextBase  int64 // the Sim saves its counters at the first step that ends here or later
	baseEvery int64
	lastType  string
	lastTyp   uint32
	keyCache  [64]keyCached // texts without arguments, by their key's address
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
		int64(l.msgBody.Len())*4 + int64(l.bodies.Len())*16 + int64(l.texts.Len())*int64(unsafe.Sizeof(Text{})) +
		int64(len(l.actions))*int64(unsafe.Sizeof(Action{})) + int64(len(l.strs))*16 + int64(len(l.flagged))*8
	if len(l.chunks) == 1 {
		b += int64(len(l.cur)) - logChunk
	}
	for _, base := range l.bases {
		b += int64(len(base.cnt)) * 4
	}
	return b
}

// Violations lists the sequence numbers of the violation events.
func (l *Log) Violations() []int64 { return l.flagged }

func zig(x int64) uint64   { return uint64(x<<1) ^ uint64(x>>63) }
func unzig(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// putv writes x as a varint at b[i:] and returns the position after it.
func putv(b []byte, i int, x uint64) int {
	for x >= 0x80 {
		b[i] = byte(x) | 0x80
		x >>= 7
		i++
	}
	b[i] = byte(x)
	return i + 1
}

// begin counts an event and returns where to write it, after the time step
// if the time has moved.
func (l *Log) begin(time int64) (b []byte, i int) {
	if l.off > len(l.cur)-maxEncoded || l.n&(markEvery-1) == 0 {
		l.prepare()
	}
	l.n++
	b, i = l.cur, l.off
	if time != l.w.time {
		b[i] = kindTime
		i = putv(b, i+1, zig(time-l.w.time))
		l.w.time = time
	}
	return b, i
}

// prepare makes room for an event and sets a mark every markEvery events.
func (l *Log) prepare() {
	if l.off > len(l.cur)-maxEncoded {
		if len(l.cur) < logChunk {
			// the first chunk grows by doubling (a short run stays small);
			// the positions in it stay as they are
			grown := make([]byte, min(logChunk, max(1024, 2*len(l.cur))))
			copy(grown, l.cur)
			l.cur = grown
			if len(l.chunks) == 0 {
				l.chunks = append(l.chunks, nil)
			}
			l.chunks[0] = l.cur
		} else {
			l.cur = make([]byte, logChunk)
			l.chunks = append(l.chunks, l.cur)
			l.off = 0
		}
	}
	if l.n%markEvery == 0 {
		l.marks.Add(mark{chunk: int32(len(l.chunks) - 1), off: int32(l.off), ctx: l.w})
	}
}

func (l *Log) intern(s string) uint32 {
	if s == "" {
		return 0
	}
	if i, ok := l.strIdx[s]; ok {
		return i
	}
	if l.strIdx == nil {
		l.strIdx = map[string]uint32{}
		l.strs = []string{""}
	}
	i := uint32(len(l.strs))
	l.strs = append(l.strs, s)
	l.strIdx[s] = i
	return i
}

func (l *Log) typeIndex(t string) uint32 {
	if unsafe.StringData(t) != unsafe.StringData(l.lastType) || len(t) != len(l.lastType) || l.lastTyp == 0 {
		l.lastType, l.lastTyp = t, l.intern(t)
	}
	return l.lastTyp
}

func (l *Log) str(i uint32) string {
	if i == 0 {
		return ""
	}
	return l.strs[i]
}

// words are the two words of an interface value: its dynamic type and its
// data word (for a pointer, the pointer). Two bodies with the same words are
// the same value; unlike ==, comparing words never panics on uncomparable
// types. The log remembers the last body by its words, which the collector
// ignores: the body table keeps the body itself alive.
func words(a any) [2]uintptr { return *(*[2]uintptr)(unsafe.Pointer(&a)) }

// newBody stores a body and returns its index.
func (l *Log) newBody(b any) uint32 {
	if l.bodies.Len() == 0 {
		l.bodies.Add(nil)
	}
	l.bodies.Add(b)
	l.w.bodies++
	return l.w.bodies
}

func (l *Log) textIndex(t Text) uint32 {
	if len(t.Args) == 0 {
		p := unsafe.StringData(t.Key)
		c := &l.keyCache[(uintptr(unsafe.Pointer(p))>>3)%uintptr(len(l.keyCache))]
		if c.ptr == p && c.len == len(t.Key) {
			return c.idx
		}
		l.texts.Add(t)
		*c = keyCached{ptr: p, len: len(t.Key), idx: uint32(l.texts.Len() - 1)}
		return c.idx
	}
	l.texts.Add(t)
	return uint32(l.texts.Len() - 1)
}

// addMsg records a send or a delivery: the bulk of every run.
func (l *Log) addMsg(kind Kind, time int64, from, to int32, id int64, m *Message, arrive int64) {
	if kind == KindSend {
		if id == l.w.sends+1 {
			l.send(time, from, to, m, arrive)
			return
		}
	} else if id > 0 && id <= int64(l.msgBody.Len()) {
		l.deliver(time, from, to, id, m)
		return
	}
	l.add(&Event{Time: time, Kind: kind, Node: None, From: from, To: to, MsgID: id, Msg: *m, Arrive: arrive})
}

func (l *Log) send(time int64, from, to int32, m *Message, arrive int64) {
	b, i := l.begin(time)
	hdr := byte(KindSend)
	typ := l.typeIndex(m.Type)
	if typ == l.w.typ {
		hdr |= sendSameType
	}
	if from == l.w.node {
		hdr |= sendFromNode
	}
	var body uint32
	switch {
	case m.Body == nil:
	case l.w.body != 0 && words(m.Body) == l.lastBody:
		body = l.w.body
		hdr |= sendBodySame
	default:
		body = l.newBody(m.Body)
		l.lastBody = words(m.Body)
		hdr |= sendBodyNew
	}
	b[i] = hdr
	i++
	if hdr&sendFromNode == 0 {
		i = putv(b, i, zig(int64(from)-int64(l.w.node)))
	}
	i = putv(b, i, zig(int64(to)-int64(from)))
	if hdr&sendSameType == 0 {
		i = putv(b, i, uint64(typ))
	}
	l.off = putv(b, i, zig(arrive-time))
	l.msgBody.Add(body)
	l.w.sends++
	l.w.node, l.w.typ = from, typ
	if body != 0 {
		l.w.body = body
	}
}

func (l *Log) deliver(time int64, from, to int32, id int64, m *Message) {
	b, i := l.begin(time)
	hdr := byte(KindDeliver)
	typ := l.typeIndex(m.Type)
	if typ == l.w.typ {
		hdr |= deliverSameType
	}
	b[i] = hdr
	i = putv(b, i+1, zig(id-l.w.did-1))
	i = putv(b, i, zig(int64(to)-int64(l.w.dto)))
	i = putv(b, i, zig(int64(from)-int64(to)))
	if hdr&deliverSameType == 0 {
		i = putv(b, i, uint64(typ))
	}
	l.off = i
	l.w.did, l.w.dto, l.w.node, l.w.typ = id, to, to, typ
	if body := *l.msgBody.At(int(id - 1)); body != 0 {
		l.w.body, l.lastBody = body, words(m.Body) // the table's body, without a cache miss
	}
}

// add records any event in the general encoding.
func (l *Log) add(e *Event) {
	b, i := l.begin(e.Time)
	hdr := byte(kindGeneral)
	if e.Node != None {
		hdr |= genNode
	}
	if e.From != None || e.To != None {
		hdr |= genLink
	}
	if e.MsgID != 0 {
		hdr |= genMsg
	}
	var extras byte
	var name, text, action uint32
	if e.Name != "" {
		extras |= 1
		name = l.intern(e.Name)
	}
	if !e.Text.IsZero() {
		extras |= 2
		text = l.textIndex(e.Text)
	}
	if e.Action != nil {
		extras |= 4
		l.actions = append(l.actions, *e.Action)
		action = uint32(len(l.actions) - 1)
	}
	if e.Kind == KindSend {
		extras |= 8
	}
	if extras != 0 {
		hdr |= genExtras
	}
	b[i] = hdr
	b[i+1] = byte(e.Kind)
	i += 2
	if e.Node != None {
		i = putv(b, i, zig(int64(e.Node)-int64(l.w.node)))
		l.w.node = e.Node
	}
	if hdr&genLink != 0 {
		i = putv(b, i, zig(int64(e.From)))
		i = putv(b, i, zig(int64(e.To)))
	}
	if e.MsgID != 0 {
		var body uint32
		switch {
		case e.Msg.Body == nil:
		case e.Kind != KindSend && e.MsgID > 0 && e.MsgID <= int64(l.msgBody.Len()):
			body = *l.msgBody.At(int(e.MsgID - 1))
		case l.w.body != 0 && words(e.Msg.Body) == l.lastBody:
			body = l.w.body
		default:
			body = l.newBody(e.Msg.Body)
		}
		if e.Kind == KindSend && e.MsgID == l.w.sends+1 {
			l.msgBody.Add(body)
			l.w.sends++
		}
		i = putv(b, i, zig(e.MsgID))
		i = putv(b, i, uint64(l.typeIndex(e.Msg.Type)))
		i = putv(b, i, uint64(body))
	}
	if extras != 0 {
		b[i] = extras
		i++
		if extras&1 != 0 {
			i = putv(b, i, uint64(name))
		}
		if extras&2 != 0 {
			i = putv(b, i, uint64(text))
		}
		if extras&4 != 0 {
			i = putv(b, i, uint64(action))
		}
		if extras&8 != 0 {
			i = putv(b, i, zig(e.Arrive-e.Time))
		}
	}
	l.off = i
	if e.Kind == KindViolation {
		l.flagged = append(l.flagged, l.n)
	}
}

// body is the body of message id.
func (l *Log) body(id int64) any {
	if i := *l.msgBody.At(int(id - 1)); i != 0 {
		return *l.bodies.At(int(i))
	}
	return nil
}

// get reads a varint at the reader's position.
func (r *reader) get(b []byte) uint64 {
	var x uint64
	var s uint
	for {
		c := b[r.off]
		r.off++
		if c < 0x80 {
			return x | uint64(c)<<s
		}
		x |= uint64(c&0x7f) << s
		s += 7
	}
}

// decoded is what reading an event tells besides the Event.
type decoded struct {
	kind     Kind
	from, to int32
	action   int // index in the action table, -1: none
}

// decode reads the next event into e (nil: only advance).
func (l *Log) decode(r *reader, e *Event) decoded {
	if r.off > logChunk-maxEncoded {
		r.chunk++
		r.off = 0
	}
	b := l.chunks[r.chunk]
	c := &r.ctx
	hdr := b[r.off]
	r.off++
	if hdr&0x0f == kindTime {
		c.time += unzig(r.get(b))
		hdr = b[r.off]
		r.off++
	}
	r.next++
	d := decoded{kind: Kind(hdr & 0x0f), from: None, to: None, action: -1}
	switch d.kind {
	case KindSend:
		from := c.node
		if hdr&sendFromNode == 0 {
			from = int32(int64(c.node) + unzig(r.get(b)))
		}
		to := int32(int64(from) + unzig(r.get(b)))
		if hdr&sendSameType == 0 {
			c.typ = uint32(r.get(b))
		}
		arrive := c.time + unzig(r.get(b))
		switch hdr & (3 << 6) {
		case sendBodyNew:
			c.bodies++
			c.body = c.bodies
		case sendBodySame:
		default:
			// no body: the context's stays
		}
		c.sends++
		c.node = from
		d.from, d.to = from, to
		if e != nil {
			*e = Event{Seq: r.next, Time: c.time, Kind: KindSend, Node: None, From: from, To: to,
				MsgID: c.sends, Msg: Message{Type: l.str(c.typ)}, Arrive: arrive}
			if hdr&(3<<6) != 0 {
				e.Msg.Body = *l.bodies.At(int(c.body))
			}
		}
	case KindDeliver:
		id := c.did + 1 + unzig(r.get(b))
		to := int32(int64(c.dto) + unzig(r.get(b)))
		from := int32(int64(to) + unzig(r.get(b)))
		if hdr&deliverSameType == 0 {
			c.typ = uint32(r.get(b))
		}
		c.did, c.dto, c.node = id, to, to
		d.from, d.to = from, to
		body := *l.msgBody.At(int(id - 1))
		if body != 0 {
			c.body = body
		}
		if e != nil {
			*e = Event{Seq: r.next, Time: c.time, Kind: KindDeliver, Node: None, From: from, To: to,
				MsgID: id, Msg: Message{Type: l.str(c.typ)}}
			if body != 0 {
				e.Msg.Body = *l.bodies.At(int(body))
			}
		}
	default: // kindGeneral
		kind := Kind(b[r.off])
		r.off++
		d.kind = kind
		ev := Event{Seq: r.next, Time: c.time, Kind: kind, Node: None, From: None, To: None}
		if hdr&genNode != 0 {
			c.node = int32(int64(c.node) + unzig(r.get(b)))
			ev.Node = c.node
		}
		if hdr&genLink != 0 {
			ev.From = int32(unzig(r.get(b)))
			ev.To = int32(unzig(r.get(b)))
		}
		if hdr&genMsg != 0 {
			ev.MsgID = unzig(r.get(b))
			ev.Msg.Type = l.str(uint32(r.get(b)))
			body := uint32(r.get(b))
			if body > c.bodies {
				c.bodies = body
			}
			if body != 0 {
				ev.Msg.Body = *l.bodies.At(int(body))
			}
			if kind == KindSend && ev.MsgID == c.sends+1 {
				c.sends++
			}
		}
		if hdr&genExtras != 0 {
			extras := b[r.off]
			r.off++
			if extras&1 != 0 {
				ev.Name = l.str(uint32(r.get(b)))
			}
			if extras&2 != 0 {
				ev.Text = *l.texts.At(int(r.get(b)))
			}
			if extras&4 != 0 {
				d.action = int(r.get(b))
			}
			if extras&8 != 0 {
				ev.Arrive = c.time + unzig(r.get(b))
			}
		}
		d.from, d.to = ev.From, ev.To
		if e != nil {
			*e = ev
		}
	}
	return d
}

// seek moves the read cursor to event index i (from 0).
func (l *Log) seek(i int64) *reader {
	r := &l.rd
	if r.next > i || r.next/markEvery != i/markEvery || r.chunk >= len(l.chunks) {
		m := l.marks.At(int(i / markEvery))
		*r = reader{chunk: int(m.chunk), off: int(m.off), next: i / markEvery * markEvery, ctx: m.ctx}
	}
	for r.next < i {
		l.decode(r, nil)
	}
	return r
}

// At expands the event with sequence number seq (1..Len).
func (l *Log) At(seq int64) Event {
	var e Event
	if d := l.decode(l.seek(seq-1), &e); d.action >= 0 {
		act := l.actions[d.action]
		e.Action = &act
	}
	return e
}

// ActionAt returns the action of the event with sequence number seq, if any.
func (l *Log) ActionAt(seq int64) *Action {
	if d := l.decode(l.seek(seq-1), nil); d.action >= 0 {
		return &l.actions[d.action]
	}
	return nil
}

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
	for len(l.flagged) > 0 && l.flagged[len(l.flagged)-1] > n {
		l.flagged = l.flagged[:len(l.flagged)-1]
	}
	i := sort.Search(len(l.bases), func(i int) bool { return l.bases[i].seq > n })
	clear(l.bases[i:])
	l.bases = l.bases[:i]
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
