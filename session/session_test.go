package session_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

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
	From  int64 `json:"from"`
	Lines []struct {
		Seq  int64  `json:"seq"`
		Last int64  `json:"last"`
		Text string `json:"text"`
	} `json:"lines"`
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
	events []json.RawMessage // events[i] has seq i+1
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
	c.events = append(c.events, evs...)
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

func TestOpenByParams(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	got := c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":5,"idOrder":"decreasing"},"seed":4}`)
	only(t, got[:2], "run", "frame")
	r := c.run
	if r.ID == "" || r.Algorithm.ID != "chang-roberts" || r.Seed != 4 || len(r.Nodes) != 5 || r.Params["n"] != 5.0 || len(r.Theory) == 0 {
		t.Fatalf("run: %+v", r)
	}
	want := map[string]string{"algorithm": "chang-roberts", "seed": "4", "n": "5", "idOrder": "decreasing"}
	if fmt.Sprint(r.Query) != fmt.Sprint(want) {
		t.Fatalf("query %v, want %v", r.Query, want)
	}
	if f := c.frame; f.Step != 0 || f.Steps != 1 || f.AtEnd != true || f.Ended {
		t.Fatalf("first frame: %+v", f)
	}
	c.send(`{"type":"last"}`)
	if !c.frame.Ended || !c.frame.AtEnd {
		t.Fatalf("after last: %+v", c.frame)
	}
	c.sameEvents(store)
	if c.lastLine() != "Nothing is left to happen: the run ends" {
		t.Fatalf("last line %q", c.lastLine())
	}
}

// A deep link's texts open the same run as JSON values; the address bar's
// whole query may come back as it is.
func TestOpenByQuery(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"bully","query":{"n":"8","crashed":"7","detectors":"4"},"seed":3}`)
	want := map[string]string{"algorithm": "bully", "seed": "3", "n": "8", "crashed": "7", "detectors": "4"}
	if fmt.Sprint(c.run.Query) != fmt.Sprint(want) {
		t.Fatalf("query %v, want %v", c.run.Query, want)
	}
	if c.run.Seed != 3 || fmt.Sprint(c.run.Params["crashed"]) != "[7]" {
		t.Fatalf("run: %+v", c.run)
	}
	c.send(`{"type":"last"}`)
	byParams := newClient(t, store)
	byParams.send(`{"type":"open","algorithm":"bully","params":{"n":8,"crashed":[7],"detectors":[4]},"seed":3}`)
	byParams.send(`{"type":"last"}`)
	again := newClient(t, store)
	q, _ := json.Marshal(c.run.Query)
	again.send(`{"type":"open","query":%s}`, q)
	again.send(`{"type":"last"}`)
	for _, other := range []*client{byParams, again} {
		if fmt.Sprint(other.run.Query) != fmt.Sprint(want) || len(other.events) != len(c.events) {
			t.Fatalf("the same run opened another way differs: %v, %d events vs %d", other.run.Query, len(other.events), len(c.events))
		}
		for i := range c.events {
			if !bytes.Equal(c.events[i], other.events[i]) {
				t.Fatalf("event %d differs", i+1)
			}
		}
	}
}

// A scenario's params are the base, explicit ones override; its seed holds
// unless one is given.
func TestOpenByScenario(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"chang-roberts","scenario":"random","params":{"n":5}}`)
	if c.run.Params["n"] != 5.0 || c.run.Params["idOrder"] != "random" || c.run.Seed != 1 {
		t.Fatalf("run: %+v", c.run)
	}
	want := map[string]string{"algorithm": "chang-roberts", "seed": "1", "scenario": "random", "n": "5"}
	if fmt.Sprint(c.run.Query) != fmt.Sprint(want) {
		t.Fatalf("query %v, want %v", c.run.Query, want)
	}
	c.send(`{"type":"open","algorithm":"bully","scenario":"lecture","seed":9}`)
	if c.run.Seed != 9 || fmt.Sprint(c.run.Params["detectors"]) != "[4]" {
		t.Fatalf("run: %+v", c.run)
	}
	c.send(`{"type":"open","query":{"algorithm":"bully","scenario":"lecture","timeout":"15"}}`)
	if c.run.Seed != 0 || c.run.Params["timeout"] != 15.0 || c.run.Query["timeout"] != "15" || c.run.Query["scenario"] != "lecture" {
		t.Fatalf("run: %+v", c.run)
	}
}

func TestMoves(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":6}}`)
	for i := 1; i <= 5; i++ {
		c.send(`{"type":"step"}`)
		if c.frame.Step != i || c.frame.Steps != i+1 || !c.frame.AtEnd {
			t.Fatalf("step %d: %+v", i, c.frame)
		}
	}
	seq5 := c.frame.Seq
	c.send(`{"type":"back"}`)
	if c.frame.Step != 4 || c.frame.Steps != 6 || c.frame.AtEnd {
		t.Fatalf("back: %+v", c.frame)
	}
	c.send(`{"type":"last"}`)
	end, steps := c.frame.Seq, c.frame.Steps
	if !c.frame.Ended || c.frame.Step != steps-1 {
		t.Fatalf("last: %+v", c.frame)
	}
	c.send(`{"type":"first"}`)
	if c.frame.Step != 0 || c.frame.Steps != steps {
		t.Fatalf("first: %+v", c.frame)
	}
	c.send(`{"type":"seek","step":5}`)
	if c.frame.Step != 5 || c.frame.Seq != seq5 || len(c.frame.Narration) == 0 {
		t.Fatalf("seek 5: %+v", c.frame)
	}
	c.send(`{"type":"seek","step":100000}`)
	if c.frame.Step != steps-1 || c.frame.Seq != end {
		t.Fatalf("seek past the end: %+v", c.frame)
	}
	c.send(`{"type":"seekSeq","seq":%d}`, seq5)
	if c.frame.Step != 5 {
		t.Fatalf("seekSeq %d: %+v", seq5, c.frame)
	}
	c.send(`{"type":"seekSeq","seq":%d}`, seq5-1)
	if c.frame.Step != 5 && c.frame.Seq < seq5-1 {
		t.Fatalf("seekSeq %d: %+v", seq5-1, c.frame)
	}
	// A step at the end of an ended run answers the same frame.
	c.send(`{"type":"last"}`)
	c.send(`{"type":"step"}`)
	if c.frame.Step != steps-1 || c.frame.Steps != steps {
		t.Fatalf("step past the end: %+v", c.frame)
	}
	if len(c.errors) != 0 {
		t.Fatalf("errors: %+v", c.errors)
	}
	c.sameEvents(store)
}

func TestActions(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"bully","scenario":"lecture"}`)
	c.send(`{"type":"step"}`)
	c.send(`{"type":"step"}`)
	// The lecture: P4 notices that the coordinator P7 has failed.
	got := c.send(`{"type":"action","action":{"type":"act","node":4,"name":"notice"}}`)
	only(t, got, "frame", "events")
	if !strings.Contains(c.text(), "You: P4: notice") {
		t.Fatalf("lines: %q", c.text())
	}
	if len(c.frame.Flights) == 0 {
		t.Fatal("no ELECTION in flight after notice")
	}
	// Deliver one that may be delivered next.
	var deliverable int64
	for _, f := range c.frame.Flights {
		if f.Deliverable {
			deliverable = f.ID
			break
		}
	}
	c.send(`{"type":"action","action":{"type":"deliver","msg":%d}}`, deliverable)
	if len(c.errors) != 0 {
		t.Fatalf("errors: %+v", c.errors)
	}
	c.send(`{"type":"action","action":{"type":"crash","node":6}}`)
	if !strings.HasSuffix(c.text(), "You: crash P6\nP6 crashes") {
		t.Fatalf("lines: %q", c.text())
	}
	// Refusals change nothing.
	steps := c.frame.Steps
	got = c.send(`{"type":"action","action":{"type":"crash","node":6}}`)
	only(t, got, "frame", "error: the action is refused: crash: P6 has already crashed")
	got = c.send(`{"type":"action","action":{"type":"crash"}}`)
	refused(t, got, "action", `needs the field "node"`)
	got = c.send(`{"type":"action"}`)
	refused(t, got, "action", `action needs "action"`)
	got = c.send(`{"type":"action","action":{"type":"deliver","msg":99999}}`)
	only(t, got, "frame", "error: the action is refused: deliver: no message 99999 is in flight")
	// A refusal is worded in the session's language.
	c.send(`{"type":"lang","lang":"de"}`)
	got = c.send(`{"type":"action","action":{"type":"crash","node":6}}`)
	only(t, got, "frame", "error: die Aktion wird abgelehnt: crash: P6 ist schon ausgefallen")
	c.send(`{"type":"lang","lang":"en"}`)
	if c.frame.Steps != steps {
		t.Fatal("a refused action changed the run")
	}
	c.sameEvents(store)
}

// An action in the past forks the run: the client is told to drop the
// events after the fork and gets the new ones.
func TestForkShrinksEvents(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":8,"idOrder":"decreasing"}}`)
	c.send(`{"type":"last"}`)
	long := len(c.events)
	c.send(`{"type":"seek","step":3}`)
	cut := c.frame.Seq
	got := c.send(`{"type":"action","action":{"type":"crash","node":7}}`)
	if got[1].Type != "events" || got[1].From != cut+1 {
		t.Fatalf("after a fork at event %d: %+v", cut, got[1])
	}
	if c.drops != 1 || int64(len(c.events)) != cut+2 { // the action and the crash
		t.Fatalf("the client has %d events after the fork (dropped %d times), want %d", len(c.events), c.drops, cut+2)
	}
	c.send(`{"type":"last"}`)
	if len(c.events) >= long {
		t.Fatalf("a crash did not shorten the run: %d events, %d before", len(c.events), long)
	}
	c.sameEvents(store)
}

// Long runs come in batches of at most MaxBatch events that cover every
// event once, in order.
func TestEventBatches(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":150,"idOrder":"decreasing"}}`)
	out := c.s.Handle([]byte(`{"type":"last"}`))
	c.take(out)
	batches := 0
	for b := c.s.Events(); b != nil; b = c.s.Events() {
		batches++
		c.take([][]byte{b})
	}
	if n := len(c.events); batches != (n+session.MaxBatch-1)/session.MaxBatch || n < 3*session.MaxBatch {
		t.Fatalf("%d events in %d batches", n, batches)
	}
	c.sameEvents(store)
	if c.s.Events() != nil {
		t.Fatal("Events goes on after the client has all")
	}
}

func TestLang(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":4}}`)
	c.send(`{"type":"step"}`)
	c.send(`{"type":"step"}`)
	if c.frame.Narration[0].Text != "P1 starts" {
		t.Fatalf("narration %+v", c.frame.Narration)
	}
	n := len(c.events)
	got := c.send(`{"type":"lang","lang":"de"}`)
	only(t, got, "frame", "events")
	if c.frame.Narration[0].Text != "P1 startet" || got[1].From != 1 || len(c.events) != n {
		t.Fatalf("after lang de: %+v, events from %d", c.frame.Narration, got[1].From)
	}
	if c.lines[0].text != "P0 startet" {
		t.Fatalf("lines %q", c.text())
	}
	c.send(`{"type":"last"}`)
	if got := c.lastLine(); got != "Nichts passiert mehr: der Lauf endet" {
		t.Fatalf("last line %q", got)
	}
	c.send(`{"type":"lang","lang":"es"}`)
	if got := c.lastLine(); got != "No queda nada por ocurrir: la ejecución termina" {
		t.Fatalf("last line %q", got)
	}
	c.sameEvents(store)
	refused(t, c.send(`{"type":"lang","lang":"fr"}`), "lang", "choose en, de or es")
}

func TestRefusals(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	for _, r := range []struct{ send, typ, want string }{
		{`{"type":"step"`, "", "the message is not JSON"},
		{`nope`, "", "the message is not JSON"},
		{`[1,2]`, "", "must be a JSON object"},
		{`{}`, "", `the message has no "type"`},
		{`{"type":"jump"}`, "jump", `unknown message type "jump"; send one of open, attach, step`},
		{`{"type":"step","sped":3}`, "step", `unknown field "sped"`},
		{`{"type":"step"} {"type":"step"}`, "", "exactly one object"},
		{`{"type":"seek","step":"3"}`, "seek", `the field "step" must be a whole number`},
		{`{"type":"step"}`, "step", "there is no run yet"},
		{`{"type":"play","speed":2}`, "play", "there is no run to play"},
		{`{"type":"open"}`, "open", `open needs "algorithm": one of ` + catalogIDs()},
		{`{"type":"open","algorithm":"paxos"}`, "open", `unknown algorithm "paxos"`},
		{`{"type":"open","algorithm":"bully","scenario":"x"}`, "open", `bully has no scenario "x"; choose one of lecture`},
		{`{"type":"open","algorithm":"bully","params":{"n":1}}`, "open", "parameter n: 1 is below the minimum 2"},
		{`{"type":"open","algorithm":"bully","query":{"n":"eight"}}`, "open", `parameter n: "eight" is not a whole number`},
		{`{"type":"open","algorithm":"bully","query":{"m":"8"}}`, "open", `parameter m: unknown parameter`},
		{`{"type":"open","algorithm":"bully","query":{"seed":"x"}}`, "open", `seed "x" is not a whole number`},
		{`{"type":"open","algorithm":"bully","params":{},"query":{}}`, "open", "not both"},
		{`{"type":"open","algorithm":"bully","seed":-1}`, "open", "seed -1 is outside"},
		{`{"type":"attach"}`, "attach", `attach needs "id"`},
		{`{"type":"attach","id":"nope"}`, "attach", `no run "nope"`},
	} {
		got := c.send("%s", r.send)
		refused(t, got, r.typ, r.want)
	}
	c.send(`{"type":"open","algorithm":"bully"}`)
	for _, r := range []struct{ send, typ, want string }{
		{`{"type":"seek"}`, "seek", `seek needs "step"`},
		{`{"type":"seekSeq"}`, "seekSeq", `seekSeq needs "seq"`},
		{`{"type":"play"}`, "play", `play needs "speed"`},
		{`{"type":"play","speed":0.1}`, "play", "speed 0.1 is outside 0.25 to 2000"},
		{`{"type":"play","speed":5000}`, "play", "speed 5000 is outside"},
	} {
		refused(t, c.send("%s", r.send), r.typ, r.want)
	}
	// The session goes on.
	only(t, c.send(`{"type":"step"}`), "frame", "events")
}

// At the event limit, stepping and `last` say so and the run stays usable.
func TestEventLimit(t *testing.T) {
	store := newStore()
	c := &client{t: t, s: session.New(session.Config{Store: store, MaxEvents: 100})}
	c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":50}}`)
	got := c.send(`{"type":"last"}`)
	if got[0].Type != "frame" || got[1].Type != "error" || !strings.Contains(got[1].Error, "event limit") {
		t.Fatalf("last past the limit: %+v", got)
	}
	if n := len(c.events); n < 100 || n > 110 {
		t.Fatalf("%d events", n)
	}
	got = c.send(`{"type":"step"}`)
	if got[1].Type != "error" || !strings.Contains(got[1].Error, "event limit") {
		t.Fatalf("step past the limit: %+v", got)
	}
	c.send(`{"type":"back"}`)
	if c.frame.AtEnd {
		t.Fatal("back at the limit did not move")
	}
	c.sameEvents(store)
}

// clock ticks every FrameInterval from an arbitrary start.
type clock struct{ now time.Time }

func (k *clock) tick() time.Time {
	k.now = k.now.Add(session.FrameInterval)
	return k.now
}

func TestPlay(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":40,"idOrder":"decreasing"}}`)
	got := c.send(`{"type":"play","speed":10}`)
	only(t, got, "playing")
	if !got[0].Playing || got[0].Speed != 10 || !c.s.Playing() {
		t.Fatalf("play: %+v", got[0])
	}
	k := &clock{now: time.Unix(1000, 0)}
	frames := 0
	for range 60 { // 2 seconds
		out := c.s.Tick(k.tick())
		frames += len(out)
		c.take(out)
		c.sync()
	}
	// 10 steps a second: a step at once, then one every 100 ms.
	if c.frame.Step < 19 || c.frame.Step > 21 || frames != c.frame.Step {
		t.Fatalf("after 2 s at 10 steps/s: step %d in %d frames", c.frame.Step, frames)
	}
	got = c.send(`{"type":"pause"}`)
	only(t, got, "playing")
	if got[0].Playing || c.s.Playing() || c.s.Tick(k.tick()) != nil {
		t.Fatal("pause did not stop")
	}
	// Fast: 30 frames a second at most, many steps a frame, to the end.
	c.send(`{"type":"play","speed":2000}`)
	frames = 0
	for i := 0; c.s.Playing(); i++ {
		if i > 30*60 {
			t.Fatal("playing at 2000 steps/s did not reach the end in a minute")
		}
		out := c.s.Tick(k.tick())
		for _, b := range out {
			if parse(t, b).Type == "frame" {
				frames++
			}
		}
		c.take(out)
		c.sync()
	}
	if last := c.played[len(c.played)-1]; last.Playing || !c.frame.Ended || !c.frame.AtEnd {
		t.Fatalf("the end of play: %+v, frame %+v", last, c.frame)
	}
	if perFrame := float64(c.frame.Step-20) / float64(frames); perFrame < 50 {
		t.Fatalf("%.1f steps a frame at 2000 steps/s, want about 66", perFrame)
	}
	// Nothing is left to play.
	got = c.send(`{"type":"play","speed":1}`)
	if got[0].Playing {
		t.Fatal("play at the end of an ended run plays")
	}
	c.sameEvents(store)
}

// However often Tick is called, frames come at most 30 a second; slow speeds
// step every few frames.
func TestTickRate(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":100,"idOrder":"decreasing"}}`)
	c.send(`{"type":"play","speed":2000}`)
	now := time.Unix(0, 0)
	frames := 0
	for range 1000 { // a second, ticked every millisecond
		now = now.Add(time.Millisecond)
		frames += len(c.s.Tick(now))
	}
	if frames > 31 {
		t.Fatalf("%d frames in a second", frames)
	}
	c.send(`{"type":"play","speed":0.25}`)
	c.send(`{"type":"pause"}`)
	c.send(`{"type":"play","speed":0.25}`)
	k := &clock{now: now}
	frames = 0
	for range 30 * 8 { // 8 seconds: a step at once, then one every 4 s
		frames += len(c.s.Tick(k.tick()))
	}
	if frames != 2 && frames != 3 {
		t.Fatalf("%d frames in 8 s at 0.25 steps/s", frames)
	}
}

// A new run stops autoplay.
func TestOpenStopsPlay(t *testing.T) {
	c := newClient(t, newStore())
	c.send(`{"type":"open","algorithm":"bully"}`)
	c.send(`{"type":"play","speed":5}`)
	got := c.send(`{"type":"open","algorithm":"bully"}`)
	only(t, got[:3], "playing", "run", "frame")
	if got[0].Playing || c.s.Playing() {
		t.Fatal("still playing")
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
