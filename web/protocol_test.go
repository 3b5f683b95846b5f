package web

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// protocolDefs reads the message types the protocol schema lists under
// clientMessage or serverMessage, with each one's properties and examples.
type messageDef struct {
	Properties map[string]json.RawMessage `json:"properties"`
	Examples   []json.RawMessage          `json:"examples"`
}

func protocolDefs(t *testing.T, side string) map[string]messageDef {
	t.Helper()
	var doc struct {
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(protocolSchema, &doc); err != nil {
		t.Fatal(err)
	}
	var list struct {
		OneOf []struct {
			Ref string `json:"$ref"`
		} `json:"oneOf"`
	}
	json.Unmarshal(doc.Defs[side], &list)
	out := map[string]messageDef{}
	for _, r := range list.OneOf {
		name := strings.TrimPrefix(r.Ref, "#/$defs/")
		var d messageDef
		if err := json.Unmarshal(doc.Defs[name], &d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = d
	}
	if len(out) == 0 {
		t.Fatalf("the schema lists no %s", side)
	}
	return out
}

// rawSession is a WebSocket session whose every server message is kept.
type rawSession struct {
	t    *testing.T
	c    *websocket.Conn
	in   chan []byte
	seen [][]byte
}

func openRawSession(t *testing.T) *rawSession {
	t.Helper()
	_, url := startWS(t, Config{MessageRate: 1 << 20, MessageBurst: 1 << 20})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(-1)
	s := &rawSession{t: t, c: c, in: make(chan []byte, 10000)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer close(s.in)
		for {
			_, b, err := c.Read(context.Background())
			if err != nil {
				return
			}
			s.in <- b
		}
	}()
	t.Cleanup(func() { c.CloseNow(); <-done })
	return s
}

// write sends one message.
func (s *rawSession) write(msg string) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		s.t.Fatal(err)
	}
}

// until sends msg and keeps every answer until one satisfies stop; it
// returns the answers before that one.
func (s *rawSession) until(msg string, stop func(typ string, b []byte) bool) (before [][]byte) {
	s.t.Helper()
	s.write(msg)
	timeout := time.After(30 * time.Second)
	for {
		select {
		case b, ok := <-s.in:
			if !ok {
				s.t.Fatalf("the session ended while waiting after %s", msg)
			}
			s.seen = append(s.seen, b)
			var m struct{ Type string }
			json.Unmarshal(b, &m)
			if stop(m.Type, b) {
				return before
			}
			before = append(before, b)
		case <-timeout:
			s.t.Fatalf("no end to the answers of %s", msg)
		}
	}
}

// send sends msg and returns the session's errors for it: a message of no
// known type follows it, and answers come in the order of the messages.
func (s *rawSession) send(msg string) []string {
	s.t.Helper()
	s.write(msg)
	var errs []string
	for _, b := range s.until(`{"type": "sync"}`, func(typ string, b []byte) bool {
		return typ == "error" && strings.Contains(string(b), `unknown message type \"sync\"`)
	}) {
		var m struct{ Type, Error, For string }
		json.Unmarshal(b, &m)
		if m.Type == "error" {
			errs = append(errs, m.For+": "+m.Error)
		}
	}
	return errs
}

// The session accepts every example of every client message the schema
// describes (each valid against the schema), refuses a field the schema
// gives another type, and every message it sends meanwhile is a server
// message of the schema; every server message type is seen.
func TestProtocolSchema(t *testing.T) {
	c := docCompiler(t)
	client, err := c.Compile(docBase + "protocol.schema.json#/$defs/clientMessage")
	if err != nil {
		t.Fatal(err)
	}
	server, err := c.Compile(docBase + "protocol.schema.json#/$defs/serverMessage")
	if err != nil {
		t.Fatal(err)
	}
	defs := protocolDefs(t, "clientMessage")
	s := openRawSession(t)
	runID := ""
	// In an order in which each applies: a language before any run, the
	// moves on a run (attached with deltas), actions on the lecture's bully.
	order := []string{"lang", "open", "attach", "step", "back", "seek", "seekSeq", "first", "last", "play", "pause", "action"}
	for name := range defs {
		if !slices.Contains(order, name) && !strings.HasPrefix(name, "experiment") {
			order = append(order, name)
		}
	}
	for _, name := range order {
		d := defs[name]
		if len(d.Examples) == 0 {
			t.Errorf("%s: no examples", name)
		}
		if name == "action" { // the lecture's bully, whose P4 can notice
			s.send(`{"type": "open", "algorithm": "bully", "scenario": "lecture"}`)
		}
		for _, ex := range d.Examples {
			msg := string(ex)
			if name == "attach" {
				msg = strings.Replace(msg, "713b64703cf16edf", runID, 1)
			}
			if err := validate(client, []byte(msg)); err != nil {
				t.Errorf("the example %s does not match the schema: %v", msg, err)
			}
			if errs := s.send(msg); len(errs) > 0 {
				t.Errorf("the session refuses the described %s: %q", msg, errs)
			}
			if id := lastRunID(s.seen); id != "" {
				runID = id
			}
		}
	}
	checkForeignFields(t, s, defs)
	runExperiments(t, s, defs)

	seen := map[string]bool{}
	for _, b := range s.seen {
		var m struct{ Type string }
		json.Unmarshal(b, &m)
		seen[m.Type] = true
		if err := validate(server, b); err != nil {
			t.Errorf("the session sent a %s the schema does not describe: %v\n%.400s", m.Type, err, b)
		}
	}
	for name := range protocolDefs(t, "serverMessage") {
		if !seen[name] {
			t.Errorf("the session never sent a %s: the schema is not tested on it", name)
		}
	}
}

func lastRunID(msgs [][]byte) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		var m struct{ Type, ID string }
		json.Unmarshal(msgs[i], &m)
		if m.Type == "run" {
			return m.ID
		}
	}
	return ""
}

// checkForeignFields adds to each type's first example a field that only
// other types have: the session refuses it for that type.
func checkForeignFields(t *testing.T, s *rawSession, defs map[string]messageDef) {
	t.Helper()
	for _, name := range slices.Sorted(maps.Keys(defs)) {
		d := defs[name]
		if len(d.Examples) == 0 || name == "experimentCancel" {
			continue // cancelling with no experiment running is refused anyway
		}
		for _, other := range slices.Sorted(maps.Keys(defs)) {
			for field := range defs[other].Properties {
				if _, own := d.Properties[field]; own {
					continue
				}
				var msg map[string]json.RawMessage
				json.Unmarshal(d.Examples[0], &msg)
				msg[field] = exampleValue(t, defs[other], field)
				b, _ := json.Marshal(msg)
				errs := s.send(string(b))
				if len(errs) != 1 || !strings.Contains(errs[0], `the field "`+field+`" does not belong to`) {
					t.Errorf("%s with %s's field %q: %q, want it refused naming the field", name, other, field, errs)
				}
			}
		}
	}
}

// exampleValue is a value of field from one of d's examples.
func exampleValue(t *testing.T, d messageDef, field string) json.RawMessage {
	t.Helper()
	for _, ex := range d.Examples {
		var msg map[string]json.RawMessage
		json.Unmarshal(ex, &msg)
		if v, ok := msg[field]; ok {
			return v
		}
	}
	t.Errorf("no example gives the field %q", field)
	return json.RawMessage(`1`)
}

// runExperiments sends the experiment examples and cancels them, then runs
// a small one to its result.
func runExperiments(t *testing.T, s *rawSession, defs map[string]messageDef) {
	t.Helper()
	for _, ex := range defs["experiment"].Examples {
		if errs := s.send(string(ex)); len(errs) > 0 {
			t.Errorf("the session refuses the described %s: %q", ex, errs)
		}
		for _, cancel := range defs["experimentCancel"].Examples {
			s.until(string(cancel), func(typ string, _ []byte) bool { return typ == "experimentCancelled" || typ == "error" })
			if last := s.seen[len(s.seen)-1]; !strings.Contains(string(last), `"experimentCancelled"`) {
				t.Errorf("the session refuses the described %s: %s", cancel, last)
			}
		}
	}
	s.until(`{"type": "experiment", "experiment": {"algorithm": "chang-roberts", "vary": {"n": [3, 4]}}}`,
		func(typ string, _ []byte) bool { return typ == "experimentResult" || typ == "error" })
	var m struct{ Type string }
	json.Unmarshal(s.seen[len(s.seen)-1], &m)
	if m.Type != "experimentResult" {
		t.Errorf("a small experiment ended with %s", s.seen[len(s.seen)-1])
	}
}
