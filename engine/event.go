package engine

import (
	"encoding/json"
	"fmt"
	"strconv"

	"distviz/internal/jsonw"
)

// Kind says what an event is.
type Kind uint8

// Cause kinds start a step; effect kinds happen inside one.
const (
	KindStart     Kind = iota + 1 // cause: a process starts
	KindDeliver                   // cause: a message arrives and is handled
	KindTimer                     // cause: a timer fires
	KindAction                    // cause: a user action (crash, drop, deliver next, …)
	KindEnd                       // cause: nothing is left to happen
	KindSend                      // effect: a process sends a message
	KindDrop                      // effect or cause: a message is lost
	KindCrash                     // effect: a process crashes
	KindRecover                   // effect: a process recovers
	KindNote                      // effect: a process narrates a decision
	KindViolation                 // effect: an invariant is broken
)

var kindNames = [...]string{
	KindStart: "start", KindDeliver: "deliver", KindTimer: "timer", KindAction: "action",
	KindEnd: "end", KindSend: "send", KindDrop: "drop", KindCrash: "crash",
	KindRecover: "recover", KindNote: "note", KindViolation: "violation",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// ParseKind is the inverse of Kind.String.
func ParseKind(s string) (Kind, bool) {
	for k, name := range kindNames {
		if name == s && name != "" {
			return Kind(k), true
		}
	}
	return 0, false
}

// MarshalJSON writes the kind's name.
func (k Kind) MarshalJSON() ([]byte, error) { return json.Marshal(k.String()) }

// UnmarshalJSON reads a kind's name.
func (k *Kind) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("event kind: %w", err)
	}
	kk, ok := ParseKind(s)
	if !ok {
		return fmt.Errorf("unknown event kind %q", s)
	}
	*k = kk
	return nil
}

// None marks an unused position field of an Event.
const None = -1

// Event is one entry of the trace. Positions that do not apply are None.
// Seq is 1 for the first event of a run and grows by one per event.
type Event struct {
	Seq    int64
	Time   Time
	Kind   Kind
	Node   int32 // the process a start/timer/crash/recover/note/action concerns
	From   int32 // sender of a message
	To     int32 // receiver of a message
	MsgID  int64 // 0 when the event carries no message
	Msg    Message
	Arrive Time    // send: the scheduled arrival time
	Name   string  // timer name, drop reason, invariant name
	Text   Text    // a note, a violation, the reason of a start or crash
	Action *Action // the user action of an action event
}

// HasMsg reports whether the event carries a message.
func (e Event) HasMsg() bool { return e.MsgID != 0 }

// AppendJSON appends the event's JSON form: only the fields its kind uses,
// in a fixed order, so that the same run always encodes to the same bytes.
func (e Event) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, e.Seq, 10)
	b = append(b, `,"time":`...)
	b = strconv.AppendInt(b, e.Time, 10)
	b = append(b, `,"kind":"`...)
	b = append(b, e.Kind.String()...)
	b = append(b, '"')
	if e.Node != None {
		b = append(b, `,"node":`...)
		b = strconv.AppendInt(b, int64(e.Node), 10)
	}
	if e.From != None {
		b = append(b, `,"from":`...)
		b = strconv.AppendInt(b, int64(e.From), 10)
	}
	if e.To != None {
		b = append(b, `,"to":`...)
		b = strconv.AppendInt(b, int64(e.To), 10)
	}
	if e.HasMsg() {
		b = append(b, `,"msg":{"id":`...)
		b = strconv.AppendInt(b, e.MsgID, 10)
		b = append(b, `,"type":`...)
		b = jsonw.AppendString(b, e.Msg.Type)
		if e.Msg.Body != nil {
			body, err := json.Marshal(e.Msg.Body)
			if err != nil {
				return b, fmt.Errorf("event %d: message body: %w", e.Seq, err)
			}
			b = append(b, `,"body":`...)
			b = append(b, body...)
		}
		b = append(b, '}')
	}
	if e.Kind == KindSend {
		b = append(b, `,"arrive":`...)
		b = strconv.AppendInt(b, e.Arrive, 10)
	}
	if e.Name != "" {
		b = append(b, ',', '"')
		b = append(b, nameKey(e.Kind)...)
		b = append(b, `":`...)
		b = jsonw.AppendString(b, e.Name)
	}
	if !e.Text.IsZero() {
		b = append(b, `,"text":`...)
		b = e.Text.AppendJSON(b)
	}
	if e.Action != nil {
		a, err := json.Marshal(e.Action)
		if err != nil {
			return b, fmt.Errorf("event %d: action: %w", e.Seq, err)
		}
		b = append(b, `,"action":`...)
		b = append(b, a...)
	}
	return append(b, '}'), nil
}

// MarshalJSON implements json.Marshaler with AppendJSON.
func (e Event) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil) }

// nameKey is the JSON key under which an event's Name appears.
func nameKey(k Kind) string {
	switch k {
	case KindTimer:
		return "timer"
	case KindDrop:
		return "reason"
	case KindViolation:
		return "invariant"
	default:
		return "name"
	}
}

// appendString appends s as a JSON string (HTML-safe, as encoding/json does).
