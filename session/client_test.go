package session_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"distviz/algos"
	"distviz/session"
	"distviz/timeline"
	"distviz/trace"
)

// memStore is a run store in memory, as the web server's: it counts who
// holds each run and charges the runs' memory to a meter.
type memStore struct {
	mu      sync.Mutex
	runs    map[string]session.Run
	holders map[string]int
	meter   timeline.Meter // nil: none
}

func newStore() *memStore {
	return &memStore{runs: map[string]session.Run{}, holders: map[string]int{}}
}

func (m *memStore) Add(tl *timeline.Timeline) (session.Run, error) {
	if m.meter != nil && tl.Held() == 0 {
		if err := tl.SetMeter(m.meter); err != nil {
			return session.Run{}, err
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	r := session.Run{ID: fmt.Sprintf("run%d", len(m.runs)+1), TL: tl, Lock: &sync.Mutex{}}
	m.runs[r.ID] = r
	m.holders[r.ID]++
	return r, nil
}

func (m *memStore) Hold(id string) (session.Run, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.runs[id]
	if ok {
		m.holders[id]++
	}
	return r, ok
}

func (m *memStore) Release(r session.Run) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.holders[r.ID]--
}

func (m *memStore) Holders(r session.Run) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.holders[r.ID]
}

func sessionRun(id string) session.Run { return session.Run{ID: id} }

// msg is the part of every server message the tests look at.
type msg struct {
	Type string `json:"type"`
	// error
	Error string `json:"error"`
	For   string `json:"for"`
	// run
	ID     string            `json:"id"`
	ForkOf string            `json:"forkOf"`
	Params map[string]any    `json:"params"`
	Query  map[string]string `json:"query"`
	Seed   int64             `json:"seed"`
	Nodes  []struct {
		ID    int    `json:"id"`
		Label string `json:"label"`
	} `json:"nodes"`
	Algorithm struct {
		ID string `json:"id"`
	} `json:"algorithm"`
	Theory []struct {
		Name  string  `json:"name"`
		Value float64 `json:"value"`
	} `json:"theory"`
	// frame
	Step      int   `json:"step"`
	Steps     int   `json:"steps"`
	Seq       int64 `json:"seq"`
	Events    json.RawMessage
	Time      int64 `json:"time"`
	Ended     bool  `json:"ended"`
	AtEnd     bool  `json:"atEnd"`
	Narration []struct {
		Text string `json:"text"`
	} `json:"narration"`
	Flights []struct {
		ID          int64 `json:"id"`
		Deliverable bool  `json:"deliverable"`
	} `json:"flights"`
	// events
	From   int64             `json:"from"`
	Stamps []json.RawMessage `json:"stamps"`
	Lines  []struct {
		Seq  int64  `json:"seq"`
		Last int64  `json:"last"`
		Text string `json:"text"`
	} `json:"lines"`
	// actions
	Acts string `json:"acts"`
	// playing
	Playing bool    `json:"playing"`
	Speed   float64 `json:"speed"`
}

func parse(t *testing.T, b []byte) msg {
	t.Helper()
	var m msg
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("the server sent something that is not JSON: %v\n%.300s", err, b)
	}
	return m
}

type line struct {
	seq  int64
	text string
}

// client keeps what a browser keeps: the last frame, the events and lines.
type client struct {
	t      *testing.T
	s      *session.Session
	run    msg
	frame  msg
	acts   string            // the last `actions`
	events []json.RawMessage // events[i] has seq i+1
	stamps []json.RawMessage // stamps[i]: event i+1's
	lines  []line
	errors []msg
	played []msg
	drops  int // batches that dropped events (forks)
}

func newClient(t *testing.T, store session.Store) *client {
	return &client{t: t, s: session.New(session.Config{Store: store, MaxEvents: 1_000_000})}
}

// take takes in the session's answers as a browser would.
func (c *client) take(out [][]byte) []msg {
	c.t.Helper()
	var got []msg
	for _, b := range out {
		m := parse(c.t, b)
		got = append(got, m)
		switch m.Type {
		case "run":
			c.run, c.events, c.lines = m, nil, nil
		case "frame":
			c.frame = m
		case "error":
			c.errors = append(c.errors, m)
		case "playing":
			c.played = append(c.played, m)
		case "events":
			c.takeEvents(m)
		case "actions":
			c.acts = m.Acts
		default:
			c.t.Fatalf("unknown message type %q", m.Type)
		}
	}
	return got
}

func (c *client) takeEvents(m msg) {
	c.t.Helper()
	var evs []json.RawMessage
	if err := json.Unmarshal(m.Events, &evs); err != nil {
		c.t.Fatal(err)
	}
	if len(evs) > session.MaxBatch {
		c.t.Fatalf("a batch of %d events, more than %d", len(evs), session.MaxBatch)
	}
	have := int64(len(c.events))
	if m.From < 1 || m.From > have+1 {
		c.t.Fatalf("events from %d, but the client has %d", m.From, have)
	}
	if m.From <= have {
		c.drops++
		c.events = c.events[:m.From-1]
		c.stamps = c.stamps[:m.From-1]
		for len(c.lines) > 0 && c.lines[len(c.lines)-1].seq >= m.From {
			c.lines = c.lines[:len(c.lines)-1]
		}
	}
	for i, e := range evs {
		var head struct{ Seq int64 }
		json.Unmarshal(e, &head)
		if head.Seq != m.From+int64(i) {
			c.t.Fatalf("batch from %d: event %d has seq %d", m.From, i, head.Seq)
		}
	}
	if len(m.Stamps) != len(evs) {
		c.t.Fatalf("batch from %d: %d events, %d stamps", m.From, len(evs), len(m.Stamps))
	}
	c.events = append(c.events, evs...)
	c.stamps = append(c.stamps, m.Stamps...)
	for _, l := range m.Lines {
		if l.Seq < m.From || l.Last > m.From+int64(len(evs))-1 {
			c.t.Fatalf("line %+v is outside its batch from %d of %d events", l, m.From, len(evs))
		}
		c.lines = append(c.lines, line{l.Seq, l.Text})
	}
}

// send handles one message and then takes every events batch due; it
// returns all it took.
func (c *client) send(format string, args ...any) []msg {
	c.t.Helper()
	got := c.take(c.s.Handle(fmt.Appendf(nil, format, args...)))
	return append(got, c.sync()...)
}

func (c *client) sync() []msg {
	c.t.Helper()
	var got []msg
	for b := c.s.Events(); b != nil; b = c.s.Events() {
		got = append(got, c.take([][]byte{b})...)
	}
	return got
}

func (c *client) lastLine() string { return c.lines[len(c.lines)-1].text }

func (c *client) text() string {
	var b strings.Builder
	for i, l := range c.lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.text)
	}
	return b.String()
}

// only checks that the answers are exactly these types.
func only(t *testing.T, got []msg, types ...string) {
	t.Helper()
	var have []string
	for _, m := range got {
		have = append(have, m.Type)
		if m.Type == "error" {
			have[len(have)-1] += ": " + m.Error
		}
	}
	if strings.Join(have, " ") != strings.Join(types, " ") {
		t.Fatalf("answers %q, want %q", have, types)
	}
}

func refused(t *testing.T, got []msg, typ, want string) {
	t.Helper()
	if len(got) != 1 || got[0].Type != "error" {
		t.Fatalf("want one error, got %+v", got)
	}
	if !strings.Contains(got[0].Error, want) || got[0].For != typ {
		t.Fatalf("error %q for %q; want it to say %q, for %q", got[0].Error, got[0].For, want, typ)
	}
}

// exportEvents is the run's trace events as GET /api/runs/{id}/trace gives them.
func exportEvents(t *testing.T, store *memStore, id string) []json.RawMessage {
	t.Helper()
	run, ok := store.Hold(id)
	if !ok {
		t.Fatalf("no run %s", id)
	}
	defer store.Release(run)
	var buf bytes.Buffer
	run.Lock.Lock()
	err := trace.Write(&buf, run.TL)
	run.Lock.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Events []json.RawMessage }
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Events
}

// sameEvents checks that the client holds exactly the run's events.
func (c *client) sameEvents(store *memStore) {
	c.t.Helper()
	want := exportEvents(c.t, store, c.run.ID)
	if len(c.events) != len(want) {
		c.t.Fatalf("the client has %d events, the run %d", len(c.events), len(want))
	}
	for i := range want {
		if !bytes.Equal(c.events[i], want[i]) {
			c.t.Fatalf("event %d differs:\nclient %s\nrun    %s", i+1, c.events[i], want[i])
		}
	}
}

// catalogIDs lists the catalog's ids as refusals name them.
func catalogIDs() string {
	var ids []string
	for _, a := range algos.All() {
		ids = append(ids, a.ID)
	}
	return strings.Join(ids, ", ")
}
