package engine

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
	text uint32 // index into strs (0 = "")
	kind Kind
}

// sent is a message as sent: the body and the scheduled arrival.
type sent struct {
	msg    Message
	arrive int64
}

// Log records a run's events compactly: in fixed-size chunks (growing never
// copies history; truncating on a fork is cheap), as pointer-free records
// with side tables for messages, strings and actions.
type Log struct {
	recs    chunked[record]
	msgs    chunked[sent] // by message ID - 1, filled by send events
	strs    []string      // interned names and texts; strs[0] = ""
	strIdx  map[string]uint32
	actions []Action
	flagged []int64 // seqs of violation events, for the views' marks
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
func (l *Log) Len() int64 { return int64(l.recs.len()) }

func (l *Log) add(e *Event) {
	r := record{time: e.Time, ref: e.MsgID, node: e.Node, from: e.From, to: e.To,
		name: l.intern(e.Name), text: l.intern(e.Text), kind: e.Kind}
	if e.Kind == KindSend && e.MsgID == int64(l.msgs.len())+1 {
		l.msgs.add(sent{msg: e.Msg, arrive: e.Arrive})
	}
	if e.Action != nil {
		l.actions = append(l.actions, *e.Action)
		r.ref = int64(len(l.actions))
	}
	l.recs.add(r)
	if e.Kind == KindViolation {
		l.flagged = append(l.flagged, e.Seq)
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
	r := l.recs.at(int(seq - 1))
	e := Event{Seq: seq, Time: r.time, Kind: r.kind, Node: r.node, From: r.from, To: r.to,
		Name: l.str(r.name), Text: l.str(r.text)}
	switch {
	case r.kind == KindAction:
		a := l.actions[r.ref-1]
		e.Action = &a
	case r.ref > 0 && int(r.ref) <= l.msgs.len():
		m := l.msgs.at(int(r.ref - 1))
		e.MsgID, e.Msg = r.ref, m.msg
		if e.Kind == KindSend {
			e.Arrive = m.arrive
		}
	}
	return e
}

// Truncate keeps the first n events and the first msgs messages.
func (l *Log) Truncate(n int64, msgs int64) {
	l.recs.truncate(int(n))
	for len(l.flagged) > 0 && l.flagged[len(l.flagged)-1] > n {
		l.flagged = l.flagged[:len(l.flagged)-1]
	}
	l.msgs.truncate(int(msgs))
}

// ActionAt returns the action of the event with sequence number seq, if any.
func (l *Log) ActionAt(seq int64) *Action {
	if r := l.recs.at(int(seq - 1)); r.kind == KindAction {
		return &l.actions[r.ref-1]
	}
	return nil
}
