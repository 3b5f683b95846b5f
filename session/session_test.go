package session_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"distviz/session"
)

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
	only(t, got, "frame", "actions", "events")
	if c.acts != "2.act.4.notice" {
		t.Fatalf("acts %q after notice at step 2", c.acts)
	}
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
	if got[2].Type != "events" || got[2].From != cut+1 || c.acts != "3.crash.7" {
		t.Fatalf("after a fork at event %d: %+v, acts %q", cut, got[2], c.acts)
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
