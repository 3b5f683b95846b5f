package session_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"distviz/engine"
	"distviz/session"
)

// Messages are read strictly: names exactly, each once, no null where a
// value is required, no unknown field in a nested object either.
func TestStrictMessages(t *testing.T) {
	c := newClient(t, newStore())
	c.send(`{"type":"open","algorithm":"bully","params":{"n":5}}`)
	for _, m := range []struct{ msg, typ, want string }{
		{`{"type":"step","type":"back"}`, "", `the field "type" is given twice`},
		{`{"TYPE":"step"}`, "", `unknown field "TYPE": did you mean "type"?`},
		{`{"type":"seek","Step":3}`, "seek", `did you mean "step"`},
		{`{"type":"action","action":{"type":"crash","node":1,"colour":"red"}}`, "action", `unknown field "colour" in "action"`},
		{`{"type":"action","action":{"type":"crash","NODE":1}}`, "action", `unknown field "NODE" in "action": did you mean "node"?`},
		{`{"type":"action","action":{"type":"crash","node":1,"node":2}}`, "action", `"action.node" is given twice`},
		{`{"type":"open","algorithm":"bully","params":{"crashed":[null]}}`, "open", `"params.crashed[0]" is null`},
		{`{"type":"open","algorithm":"bully","query":{"n":null}}`, "open", `"query.n" is null where a value is required`},
		{`{"type":"open","algorithm":"bully","params":{"n":5,"n":6}}`, "open", `"params.n" is given twice`},
	} {
		got := c.send("%s", m.msg)
		if len(got) != 1 || got[0].Type != "error" || got[0].For != m.typ || !strings.Contains(got[0].Error, m.want) {
			t.Errorf("%s: %+v, want an error for %q saying %q", m.msg, got, m.typ, m.want)
		}
	}
	if c.frame.Step != 0 {
		t.Errorf("a refused message moved the run to step %d", c.frame.Step)
	}
	s, _ := newExperimentSession(t)
	got := expMsgs(t, s.Handle([]byte(`{"type":"experiment","experiment":{"algorithm":"bully","seeds":{"COUNT":3}}}`)))
	if len(got) != 1 || got[0].For != "experiment" || !strings.Contains(got[0].Error, `unknown field "COUNT" in "seeds": did you mean "count"?`) {
		t.Errorf("an experiment's nested field: %+v", got)
	}
}

// Every field of an engine action's JSON is a field the session accepts.
func TestActionFieldsCoverTheEngine(t *testing.T) {
	c := newClient(t, newStore())
	c.send(`{"type":"open","algorithm":"bully","params":{"n":5}}`)
	for _, a := range []engine.Action{{Type: engine.ActCrash, Node: 1}, {Type: engine.ActDeliver, Msg: 1},
		{Type: engine.ActFire, Node: 1, Timer: "t"}, {Type: engine.ActCut, From: 1, To: 2},
		{Type: engine.ActLoss, From: 1, To: 2, P: 0.5}, {Type: engine.ActNode, Node: 1, Name: "x"}} {
		b, _ := json.Marshal(a)
		var fields map[string]any
		json.Unmarshal(b, &fields)
		got := c.send(`{"type":"action","action":%s}`, b)
		for _, m := range got {
			if m.Type == "error" && strings.Contains(m.Error, "unknown field") {
				t.Errorf("%s: %s", b, m.Error)
			}
		}
	}
	// And the engine has no field the session does not know.
	want := []string{"Type", "Node", "From", "To", "Msg", "Timer", "Name", "P"}
	var have []string
	for f := range reflect.TypeFor[engine.Action]().Fields() {
		have = append(have, f.Name)
	}
	if strings.Join(have, ",") != strings.Join(want, ",") {
		t.Errorf("engine.Action has the fields %v; update actionFields in wire.go (%v)", have, want)
	}
}

// A field of another message type, or of another action type, is refused
// and named, and the run stays where it was.
func TestForeignFieldsRefused(t *testing.T) {
	c := newClient(t, newStore())
	c.send(`{"type":"open","algorithm":"bully","scenario":"lecture"}`)
	for _, m := range []struct{ msg, typ, want string }{
		{`{"type":"step","step":5}`, "step", `the field "step" does not belong to a "step" message, which takes no field besides "type"`},
		{`{"type":"seek","step":3,"seq":9}`, "seek", `the field "seq" does not belong to a "seek" message, which takes only "type" and "step"`},
		{`{"type":"play","speed":2,"lang":"de"}`, "play", `the field "lang" does not belong to a "play" message`},
		{`{"type":"attach","id":"x","algorithm":"bully"}`, "attach", `the field "algorithm" does not belong to an`},
		{`{"type":"lang","lang":"de","seed":null}`, "lang", `the field "seed" does not belong to a "lang" message`},
		{`{"type":"action","action":{"type":"crash","node":1,"msg":4}}`, "action", `the field "msg" in "action" does not belong to a "crash" action, which takes only "type" and "node"`},
		{`{"type":"action","action":{"type":"act","node":4,"id":"notice","name":"notice"}}`, "action", `both "id" and "name"`},
	} {
		got := c.send("%s", m.msg)
		if len(got) != 1 || got[0].Type != "error" || got[0].For != m.typ || !strings.Contains(got[0].Error, m.want) {
			t.Errorf("%s: %+v, want an error for %q saying %q", m.msg, got, m.typ, m.want)
		}
	}
	if c.frame.Step != 0 {
		t.Errorf("a refused message moved the run to step %d", c.frame.Step)
	}
}

// An act names its action by "id", as the registry's actions list it, or
// by "name", as a trace writes it: the same action either way.
func TestActByID(t *testing.T) {
	acts := map[string]string{}
	for _, field := range []string{"id", "name"} {
		c := newClient(t, newStore())
		c.send(`{"type":"open","algorithm":"bully","scenario":"lecture"}`)
		c.send(`{"type":"step"}`)
		c.send(`{"type":"step"}`)
		c.send(`{"type":"action","action":{"type":"act","node":4,"%s":"notice"}}`, field)
		if len(c.errors) != 0 {
			t.Fatalf("%s: %+v", field, c.errors)
		}
		acts[field] = c.acts
	}
	if acts["id"] != "2.act.4.notice" || acts["id"] != acts["name"] {
		t.Errorf("acts by id %q, by name %q; want 2.act.4.notice for both", acts["id"], acts["name"])
	}
}

// A message that is only its type is read at once (decode's bare path) as
// encoding/json reads it; one that only looks like one is read in full.
func TestBareMessagesReadAsAnyOther(t *testing.T) {
	msgs := []string{`{"type":"nope"}`, `{"type":"step"} `, `{"type":"st\u0065p"}`, `{"type":"}`, `{"type":""}`,
		`{"type":"step","x":1}`, `{"type":"step"}{"type":"step"}`, `{"type":"step","type":"back"}`}
	for _, typ := range []string{"open", "attach", "step", "back", "seek", "seekSeq", "first", "last", "play", "pause",
		"action", "experiment", "experimentCancel", "lang"} {
		msgs = append(msgs, `{"type":"`+typ+`"}`)
	}
	for _, m := range msgs {
		typ, more, err := session.Decode([]byte(m))
		wantTyp, wantMore, wantErr := session.DecodeAny([]byte(m))
		if typ != wantTyp || fmt.Sprint(err) != fmt.Sprint(wantErr) || more != wantMore {
			t.Errorf("%s: read as %q, %v, other fields %t; want %q, %v, %t", m, typ, err, more, wantTyp, wantErr, wantMore)
		}
	}
}
