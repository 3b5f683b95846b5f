package frame

import (
	"encoding/json"
	"strconv"

	"distviz/engine"
	"distviz/internal/jsonw"
	"distviz/narrate"
)

// MarshalJSON writes the frame as AppendJSON does.
func (f Frame) MarshalJSON() ([]byte, error) { return f.AppendJSON(make([]byte, 0, 1024)) }

// AppendJSON appends the frame's JSON form: the bytes encoding/json would
// write for its fields, written by hand for the parts that grow with the
// number of processes and messages (frames are what sessions send most).
func (f *Frame) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = f.appendHead(b)
	b = append(b, `,"nodes":`...)
	if f.Nodes == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range f.Nodes {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendNode(b, &f.Nodes[i]); err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	return f.appendTail(b)
}

// appendHead writes the frame's fields before its nodes, from the opening
// brace.
func (f *Frame) appendHead(b []byte) []byte {
	b = append(b, `{"type":`...)
	b = jsonw.AppendString(b, f.Type)
	b = appendInt(b, `,"step":`, int64(f.Step))
	b = appendInt(b, `,"steps":`, int64(f.Steps))
	b = appendInt(b, `,"seq":`, f.Seq)
	b = appendInt(b, `,"events":`, f.Events)
	b = appendInt(b, `,"time":`, f.Time)
	b = appendBool(b, `,"ended":`, f.Ended)
	return appendBool(b, `,"atEnd":`, f.AtEnd)
}

// appendTail writes the frame's fields after its nodes, to the closing
// brace.
func (f *Frame) appendTail(b []byte) ([]byte, error) {
	var err error
	b = append(b, `,"flights":`...)
	if f.Flights == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range f.Flights {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendFlight(b, &f.Flights[i]); err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}

	b = append(b, `,"timers":`...)
	if b, err = appendValue(b, f.Timers); err != nil {
		return b, err
	}

	ms := &f.Messages
	b = appendInt(b, `,"messages":{"sent":`, ms.Sent)
	b = appendInt(b, `,"delivered":`, ms.Delivered)
	b = appendInt(b, `,"dropped":`, ms.Dropped)
	b = append(b, `,"byType":`...)
	if b, err = appendValue(b, ms.ByType); err != nil {
		return b, err
	}
	b = append(b, `,"byProcess":`...)
	if ms.ByProcess == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, c := range ms.ByProcess {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCount(b, "{", c)
		}
		b = append(b, ']')
	}
	b = append(b, '}')

	for _, part := range []struct {
		key string
		v   any
	}{{`,"outcome":`, f.Outcome}, {`,"violations":`, f.Violations}, {`,"narration":`, f.Step1}} {
		b = append(b, part.key...)
		if b, err = appendValue(b, part.v); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

// appendNode writes one node as encoding/json does.
func appendNode(b []byte, n *Node) ([]byte, error) {
	var err error
	b = appendInt(b, `{"pos":`, int64(n.Pos))
	b = appendInt(b, `,"id":`, int64(n.ID))
	b = append(b, `,"label":`...)
	b = jsonw.AppendString(b, n.Label)
	b = append(b, `,"role":`...)
	b = jsonw.AppendString(b, n.Role)
	b = appendBool(b, `,"crashed":`, n.Crashed)
	b = append(b, `,"vars":`...)
	if n.Vars == nil {
		return append(b, "null}"...), nil
	}
	b = append(b, '[')
	for j, v := range n.Vars {
		if j > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = jsonw.AppendString(b, v.Name)
		b = append(b, `,"value":`...)
		if b, err = appendValue(b, v.Value); err != nil {
			return b, err
		}
		b = append(b, '}')
	}
	return append(b, "]}"...), nil
}

// appendFlight writes one message in flight as encoding/json does.
func appendFlight(b []byte, m *engine.Flight) ([]byte, error) {
	var err error
	b = appendInt(b, `{"id":`, m.ID)
	b = appendInt(b, `,"from":`, int64(m.From))
	b = appendInt(b, `,"to":`, int64(m.To))
	b = append(b, `,"type":`...)
	b = jsonw.AppendString(b, m.Type)
	b = append(b, `,"label":`...)
	b = jsonw.AppendString(b, m.Label)
	if m.Body != nil {
		b = append(b, `,"body":`...)
		if b, err = appendValue(b, m.Body); err != nil {
			return b, err
		}
	}
	b = appendInt(b, `,"sentAt":`, m.SentAt)
	b = appendInt(b, `,"arrive":`, m.Arrive)
	b = appendBool(b, `,"deliverable":`, m.Next)
	return append(b, '}'), nil
}

// appendCount writes a process's counts after open (`{`, or `,` after `{"pos":3`).
func appendCount(b []byte, open string, c engine.ProcessCount) []byte {
	b = append(b, open...)
	b = appendInt(b, `"sent":`, c.Sent)
	b = appendInt(b, `,"delivered":`, c.Delivered)
	b = appendInt(b, `,"dropped":`, c.Dropped)
	return append(b, '}')
}

func appendInt(b []byte, key string, x int64) []byte {
	return strconv.AppendInt(append(b, key...), x, 10)
}

func appendBool(b []byte, key string, x bool) []byte {
	return strconv.AppendBool(append(b, key...), x)
}

// appendValue writes the common simple values by hand, anything else as
// encoding/json does.
func appendValue(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case int32:
		return strconv.AppendInt(b, int64(x), 10), nil
	case string:
		return jsonw.AppendString(b, x), nil
	case []narrate.Line: // a step's narration, in every delta
		return narrate.AppendJSON(b, x), nil
	}
	enc, err := json.Marshal(v)
	return append(b, enc...), err
}

// appendString writes s as encoding/json does.
