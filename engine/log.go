package engine

import (
	"reflect"

	"distviz/internal/chunk"
)

// record is an event without pointers: the garbage collector never scans the
// log, which is what keeps recording a million-event run cheap. Strings,
// message bodies and actions live in side tables.
type record struct {
	time int64
	ref  int64 // the message ID; for an action event, 1 + its index in actions
	node int32
	from int32
	to   int32
	name uint32 // index into strs (0 = "")
	text uint32 // 1 + index into texts (0 = none)
	kind Kind
}

// sent is a message as sent, without pointers either: its type and body are
// indexes into the side tables, and the scheduled arrival.
type sent struct {
	arrive int64
	typ    uint32 // index into strs
	body   uint32 // index into bodies (0 = no body)
}

// Log records a run's events compactly: in fixed-size chunks (growing never
// copies history; truncating on a fork is cheap), as pointer-free records
// with side tables for messages, strings and actions.
type Log struct {
	recs    chunk.List[record]
	msgs    chunk.List[sent] // by message ID - 1, filled by send events
	strs    []string         // interned names and texts; strs[0] = ""
	strIdx  map[string]uint32
	bodies  []any // message bodies; a body forwarded unchanged is stored once
	actions []Action
	texts   []Text  // notes, violations and reasons: a small share of the events
	flagged []int64 // seqs of violation events, for the views' marks

	// Caches for the common case of a process forwarding what it received.
	lastBody    any
	lastBodyIdx uint32
	lastType    string
	lastTypeIdx uint32
}

// sameRef reports whether two bodies are the same pointer. Only pointers are
// compared: comparing interfaces that hold a non-comparable type would panic.
func sameRef(a, b any) bool {
	ta := reflect.TypeOf(a)
	return ta != nil && ta.Kind() == reflect.Pointer && ta == reflect.TypeOf(b) && a == b
}

func (l *Log) typeIndex(t string) uint32 {
	if t != l.lastType || l.lastTypeIdx == 0 {
		l.lastType, l.lastTypeIdx = t, l.intern(t)
	}
	return l.lastTypeIdx
}

func (l *Log) bodyIndex(b any) uint32 {
	if b == nil {
		return 0
	}
	if l.lastBodyIdx != 0 && sameRef(b, l.lastBody) {
		return l.lastBodyIdx
	}
	if len(l.bodies) == 0 {
		l.bodies = []any{nil}
	}
	l.bodies = append(l.bodies, b)
	l.lastBody, l.lastBodyIdx = b, uint32(len(l.bodies)-1)
	return l.lastBodyIdx
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

// Len is the number of events recorded.
func (l *Log) Len() int64 { return int64(l.recs.Len()) }

func (l *Log) add(e *Event) {
	r := record{time: e.Time, ref: e.MsgID, node: e.Node, from: e.From, to: e.To, kind: e.Kind}
	if e.Name != "" {
		r.name = l.intern(e.Name)
	}
	if !e.Text.IsZero() {
		l.texts = append(l.texts, e.Text)
		r.text = uint32(len(l.texts))
	}
	switch e.Kind {
	case KindSend:
		l.sent(e.MsgID, &e.Msg, e.Arrive)
	case KindDeliver:
		l.delivered(e.MsgID)
	}
	if e.Action != nil {
		l.actions = append(l.actions, *e.Action)
		r.ref = int64(len(l.actions))
	}
	l.recs.Add(r)
	if e.Kind == KindViolation {
		l.flagged = append(l.flagged, e.Seq)
	}
}

// addMsg records a send or a delivery: the bulk of every run, so it skips
// building an Event.
func (l *Log) addMsg(kind Kind, time int64, from, to int32, id int64, m *Message, arrive int64) {
	if kind == KindSend {
		l.sent(id, m, arrive)
	} else {
		l.delivered(id)
	}
	l.recs.Add(record{time: time, ref: id, node: None, from: from, to: to, kind: kind})
}

func (l *Log) sent(id int64, m *Message, arrive int64) {
	if id == int64(l.msgs.Len())+1 {
		l.msgs.Add(sent{arrive: arrive, typ: l.typeIndex(m.Type), body: l.bodyIndex(m.Body)})
	}
}

// delivered remembers the body just delivered: what a process received is
// what it most likely forwards next.
func (l *Log) delivered(id int64) {
	if id > 0 && id <= int64(l.msgs.Len()) {
		if i := l.msgs.At(int(id - 1)).body; i != 0 {
			l.lastBody, l.lastBodyIdx = l.bodies[i], i
		}
	}
}

// Violations lists the sequence numbers of the violation events.
func (l *Log) Violations() []int64 { return l.flagged }

func (l *Log) str(i uint32) string {
	if i == 0 {
		return ""
	}
	return l.strs[i]
}

// At expands the event with sequence number seq (1..Len).
func (l *Log) At(seq int64) Event {
	r := l.recs.At(int(seq - 1))
	e := Event{Seq: seq, Time: r.time, Kind: r.kind, Node: r.node, From: r.from, To: r.to,
		Name: l.str(r.name)}
	if r.text != 0 {
		e.Text = l.texts[r.text-1]
	}
	switch {
	case r.kind == KindAction:
		a := l.actions[r.ref-1]
		e.Action = &a
	case r.ref > 0 && int(r.ref) <= l.msgs.Len():
		m := l.msgs.At(int(r.ref - 1))
		e.MsgID, e.Msg = r.ref, Message{Type: l.strs[m.typ]}
		if m.body != 0 {
			e.Msg.Body = l.bodies[m.body]
		}
		if e.Kind == KindSend {
			e.Arrive = m.arrive
		}
	}
	return e
}

// Truncate keeps the first n events and the first msgs messages.
func (l *Log) Truncate(n int64, msgs int64) {
	l.recs.Truncate(int(n))
	l.lastBody, l.lastBodyIdx = nil, 0
	for len(l.flagged) > 0 && l.flagged[len(l.flagged)-1] > n {
		l.flagged = l.flagged[:len(l.flagged)-1]
	}
	l.msgs.Truncate(int(msgs))
}

// ActionAt returns the action of the event with sequence number seq, if any.
func (l *Log) ActionAt(seq int64) *Action {
	if r := l.recs.At(int(seq - 1)); r.kind == KindAction {
		return &l.actions[r.ref-1]
	}
	return nil
}
