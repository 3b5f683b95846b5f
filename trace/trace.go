// Package trace is distviz's one JSON format for a run: the API returns it,
// the UI exports and imports it, and tests read it. A trace carries enough to
// reproduce its run exactly: algorithm, resolved parameters, seed and the
// user actions among its events.
package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"distviz/algo"
	"distviz/engine"
	"distviz/narrate"
	"distviz/timeline"
)

// Format and Version identify the document.
const (
	Format = "distviz-trace"
	// Version 2: theory bounds carry the measure they predict, notes may carry
	// a name, bus actions (plug, unplug) and list-of-lists parameters.
	// Version 3: notes, violations and the reasons of starts and crashes
	// are data, {"key": …, "args": [{"pos": 4}, …]}, rendered per language.
	Version = 3
)

// Summary is the run's result: counters that agree with the events, the
// algorithm's outcome, the violations and whether the run ended by itself.
type Summary struct {
	Messages   Messages         `json:"messages"`
	Events     int64            `json:"events"`
	Time       int64            `json:"time"`
	Outcome    any              `json:"outcome"`
	Violations []Violation      `json:"violations"`
	Terminated bool             `json:"terminated"`
	Theory     []algo.Evaluated `json:"theory"`
}

// Messages counts messages in total, by type (sent) and by process.
type Messages struct {
	Sent      int64                 `json:"sent"`
	Delivered int64                 `json:"delivered"`
	Dropped   int64                 `json:"dropped"`
	ByType    TypeCounts            `json:"byType"`
	ByProcess []engine.ProcessCount `json:"byProcess"`
}

// TypeCounts maps message types to the number sent, in declaration order.
type TypeCounts struct {
	Types  []string
	Counts []int64
}

// Get returns the count for a type (0 if absent).
func (c TypeCounts) Get(t string) int64 {
	for i, s := range c.Types {
		if s == t {
			return c.Counts[i]
		}
	}
	return 0
}

// MarshalJSON writes an object in declaration order.
func (c TypeCounts) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, t := range c.Types {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(t)
		b = append(b, k...)
		b = append(b, ':')
		b = fmt.Appendf(b, "%d", c.Counts[i])
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads the object form (order as given).
func (c *TypeCounts) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return fmt.Errorf("byType: want an object")
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return fmt.Errorf("byType: %w", err)
		}
		var v int64
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("byType[%v]: %w", k, err)
		}
		c.Types = append(c.Types, k.(string))
		c.Counts = append(c.Counts, v)
	}
	return nil
}

// Violation is a broken invariant, as recorded in the events.
type Violation struct {
	Seq       int64  `json:"seq"`
	Time      int64  `json:"time"`
	Invariant string `json:"invariant"`
	Node      *int   `json:"node,omitempty"`
	Text      string `json:"text"` // in English
	// Said is the text as data, for rendering in another language.
	Said engine.Text `json:"-"`
}

// Header is everything in a trace but its events and summary.
type Header struct {
	Format    string          `json:"format"`
	Version   int             `json:"version"`
	Algorithm string          `json:"algorithm"`
	Params    json.RawMessage `json:"params"`
	Seed      int64           `json:"seed"`
	Nodes     []algo.Node     `json:"nodes"`
}

// Summarize computes the summary of a timeline's whole recorded run.
func Summarize(t *timeline.Timeline) Summary {
	h := t.Head()
	m := h.Metrics()
	s := Summary{
		Messages: Messages{Sent: m.Sent, Delivered: m.Delivered, Dropped: m.Dropped,
			ByType:    TypeCounts{Types: append([]string(nil), m.Types...)},
			ByProcess: append([]engine.ProcessCount(nil), m.ByProcess...)},
		Events:     m.Events,
		Time:       h.Now(),
		Outcome:    h.Outcome(),
		Violations: []Violation{},
		Terminated: h.Ended(),
		Theory:     t.Alg.Evaluate(t.Params),
	}
	for _, c := range m.ByType {
		s.Messages.ByType.Counts = append(s.Messages.ByType.Counts, c.Sent)
	}
	s.Violations = ViolationsUpTo(t, t.Len())
	return s
}

// ViolationsUpTo lists the violations among events 1..seq.
func ViolationsUpTo(t *timeline.Timeline, seq int64) []Violation {
	out := []Violation{}
	english := narrate.For(t.Alg, t.Nodes).In(narrate.English)
	for _, i := range t.Violations() {
		if i > seq {
			break
		}
		e := t.Event(i)
		out = append(out, violationOf(&e, english))
	}
	return out
}

func violationOf(e *engine.Event, english narrate.Narrator) Violation {
	v := Violation{Seq: e.Seq, Time: e.Time, Invariant: e.Name, Text: english.Text(e.Text), Said: e.Text}
	if e.Node != engine.None {
		n := int(e.Node)
		v.Node = &n
	}
	return v
}

// HeaderOf describes a timeline's run.
func HeaderOf(t *timeline.Timeline) (Header, error) {
	params, err := json.Marshal(t.Params)
	if err != nil {
		return Header{}, fmt.Errorf("params: %w", err)
	}
	return Header{Format: Format, Version: Version, Algorithm: t.Alg.ID, Params: params, Seed: t.Seed, Nodes: t.Nodes}, nil
}

// Write streams a timeline's whole recorded run as a trace document.
func Write(w io.Writer, t *timeline.Timeline) error { return WriteShared(w, t, noLock{}) }

type noLock struct{}

func (noLock) Lock()   {}
func (noLock) Unlock() {}

// chunkEvents is how many events WriteShared encodes under the lock at a
// time: a few hundred kilobytes.
const chunkEvents = 2048

// WriteShared streams the trace of a run that others may use meanwhile: it
// holds lock only while it reads the run (its header and summary first,
// then its events a chunk at a time), never while it writes to w, so a slow
// reader holds up nobody, and the memory it takes is a chunk's. The trace
// is the run as it was when WriteShared began; growing meanwhile does not
// change it. A fork that drops events it has yet to write ends it with an
// error (whoever acts in the past of a run that is being written should act
// on a copy).
func WriteShared(w io.Writer, t *timeline.Timeline, lock sync.Locker) error {
	lock.Lock()
	h, err := HeaderOf(t)
	var head, sum []byte
	if err == nil {
		head, err = json.Marshal(h)
	}
	if err == nil {
		sum, err = json.Marshal(Summarize(t))
	}
	total, forks := t.Len(), t.Forks()
	lock.Unlock()
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(head[:len(head)-1]) // reopen the object to add events and summary
	bw.WriteString(`,"events":[`)
	var buf []byte
	for from := int64(1); from <= total; from += chunkEvents {
		last := min(total, from+chunkEvents-1)
		lock.Lock()
		buf, err = appendEvents(buf[:0], t, from, last, forks)
		lock.Unlock()
		if err != nil {
			return err
		}
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	bw.WriteString(`],"summary":`)
	bw.Write(sum)
	bw.WriteString("}\n")
	return bw.Flush()
}

// appendEvents encodes events from..last, each after a comma and a newline
// but the first.
func appendEvents(b []byte, t *timeline.Timeline, from, last int64, forks int) ([]byte, error) {
	if kept, forked := t.ForkedSince(forks); forked && kept < last {
		return b, fmt.Errorf("the run was forked at event %d while its trace was being written", kept)
	}
	var err error
	for seq := from; seq <= last; seq++ {
		if seq > 1 {
			b = append(b, ',', '\n')
		}
		if b, err = t.Event(seq).AppendJSON(b); err != nil {
			return b, err
		}
	}
	return b, nil
}
