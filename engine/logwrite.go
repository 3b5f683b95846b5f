package engine

import (
	"unsafe"
)

// Writing events into the log's stream and side tables (log.go describes
// the format).

func zig(x int64) uint64 { return uint64(x<<1) ^ uint64(x>>63) }

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
	l.lastLoud = l.n // add undoes it for a note
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
		l.lastType, l.lastTyp = t, l.strIndex(t) // a type met before: no hash
	}
	return l.lastTyp
}

// words are the two words of an interface value: its dynamic type and its
// data word (for a pointer, the pointer). Two bodies with the same words are
// the same value; unlike ==, comparing words never panics on uncomparable
// types. The log remembers the last body by its words, which the collector
// ignores: the body table keeps the body itself alive.
func words(a any) [2]uintptr { return *(*[2]uintptr)(unsafe.Pointer(&a)) }

// wordsAt is words(*a), read as two words: the 16-byte copy words makes of
// a message's body just written waits for the stores to drain (a stall of
// a dozen cycles on every send and delivery).
func wordsAt(a *any) (w0, w1 uintptr) {
	p := (*[2]uintptr)(unsafe.Pointer(a))
	return p[0], p[1]
}

// isLastBody reports whether *a is the body at w.body.
func (l *Log) isLastBody(a *any) bool {
	w0, w1 := wordsAt(a)
	return w0 == l.lastBody[0] && w1 == l.lastBody[1]
}

// setLastBody remembers *a as the body at w.body.
func (l *Log) setLastBody(a *any) {
	l.lastBody[0], l.lastBody[1] = wordsAt(a)
}

// newBody stores a body and returns its index.
func (l *Log) newBody(b any) uint32 {
	if l.bodies.Len() == 0 {
		l.bodies.Add(nil)
	}
	l.bodies.Add(b)
	l.w.bodies++
	return l.w.bodies
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
	hop, delay := int64(to)-int64(from), arrive-time
	again := hop == int64(l.w.shop) && delay == int64(l.w.sdelay)
	if again {
		hdr = kindSendAgain
	}
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
	case l.w.body != 0 && l.isLastBody(&m.Body):
		body = l.w.body
		hdr |= sendBodySame
	default:
		body = l.newBody(m.Body)
		l.setLastBody(&m.Body)
		hdr |= sendBodyNew
	}
	b[i] = hdr
	i++
	if hdr&sendFromNode == 0 {
		i = putv(b, i, zig(int64(from)-int64(l.w.node)))
	}
	if !again {
		i = putv(b, i, zig(hop))
	}
	if hdr&sendSameType == 0 {
		i = putv(b, i, uint64(typ))
	}
	if !again {
		i = putv(b, i, zig(delay))
	}
	l.off = i
	l.msgBody.Add(body)
	l.w.sends++
	l.w.node, l.w.typ = from, typ
	l.w.shop, l.w.sdelay = int32(hop), int32(delay)
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
	if id == l.w.did+1 {
		hdr |= deliverNextID
	}
	hop := int64(from) - int64(to)
	if hop == int64(l.w.dhop) {
		hdr |= deliverSameHop
	}
	b[i] = hdr
	i++
	if hdr&deliverNextID == 0 {
		i = putv(b, i, zig(id-l.w.did-1))
	}
	i = putv(b, i, zig(int64(to)-int64(l.w.dto)))
	if hdr&deliverSameHop == 0 {
		i = putv(b, i, zig(hop))
	}
	if hdr&deliverSameType == 0 {
		i = putv(b, i, uint64(typ))
	}
	l.off = i
	l.w.did, l.w.dto, l.w.node, l.w.typ, l.w.dhop = id, to, to, typ, int32(hop)
	if body := *l.msgBody.At(int(id - 1)); body != 0 {
		l.w.body = body
		l.setLastBody(&m.Body) // the table's body, without a cache miss
	}
}

// putGeneral writes a general event's header byte, its kind and its node
// (if the header says it has one) at b[i:]; it returns the position after.
func (l *Log) putGeneral(b []byte, i int, hdr byte, kind Kind, node int32) int {
	b[i] = hdr
	b[i+1] = byte(kind)
	i += 2
	if hdr&genNode != 0 {
		i = putv(b, i, zig(int64(node)-int64(l.w.node)))
		l.w.node = node
	}
	return i
}

// add records any event in the general encoding.
func (l *Log) add(e *Event) {
	prevLoud := l.lastLoud
	b, i := l.begin(e.Time)
	switch e.Kind {
	case KindNote:
		l.lastLoud = prevLoud
	case KindStart:
		l.lastStart = l.n
	}
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
	var name, action uint32
	if e.Name != "" {
		extras |= 1
		name = l.intern(e.Name)
	}
	if !e.Text.IsZero() {
		extras |= extraText // or extraTextArena: putText says
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
	i = l.putGeneral(b, i, hdr, e.Kind, e.Node)
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
		case l.w.body != 0 && l.isLastBody(&e.Msg.Body):
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
		ext := i
		i++
		if extras&1 != 0 {
			i = putv(b, i, uint64(name))
		}
		if extras&4 != 0 {
			i = putv(b, i, uint64(action))
		}
		if extras&8 != 0 {
			i = putv(b, i, zig(e.Arrive-e.Time))
		}
		if extras&extraText != 0 { // last: putText measures the event so far
			l.scratch = l.appendText(l.scratch[:0], e.Text.Key, e.Text.Args)
			var where byte
			i, where = l.putText(b, i)
			extras = extras&^extraText | where
		}
		b[ext] = extras
	}
	l.off = i
	if e.Kind == KindViolation {
		l.flagged = append(l.flagged, l.n)
	}
}
