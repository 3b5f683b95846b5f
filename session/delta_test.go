package session_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"distviz/frame"
	"distviz/session"
)

// framesOf keeps a client's frame from a session's answers: whole frames
// replace it, deltas are applied to it (frame.ApplyDelta, as the browser
// does). It returns the frame and the type of the last frame message.
func framesOf(t *testing.T, model map[string]any, out [][]byte) (map[string]any, string) {
	t.Helper()
	last := ""
	for _, b := range out {
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		switch m["type"] {
		case "run":
			model = nil
		case "frame":
			model, last = m, "frame"
		case "delta":
			if model == nil {
				t.Fatalf("a delta without a frame before it: %s", b)
			}
			if err := frame.ApplyDelta(model, m); err != nil {
				t.Fatal(err)
			}
			last = "delta"
		case "error":
			t.Fatalf("refused: %s", b)
		}
	}
	return model, last
}

func drain(s *session.Session) {
	for s.Events() != nil {
	}
}

// A client that asks for deltas holds, after every answer, the frame a
// client without them is sent: on open, steps, seeks, actions that fork,
// a change of language, attach and autoplay.
func TestDeltasKeepTheClientsFrame(t *testing.T) {
	store := newStore()
	withDeltas := session.New(session.Config{Store: store, MaxEvents: 1_000_000})
	whole := session.New(session.Config{Store: store, MaxEvents: 1_000_000})
	open := `{"type":"open","algorithm":"bully","scenario":"lecture","deltas":%t}`
	var model map[string]any
	var typ string
	types := map[string]int{}
	check := func(what string, a, b [][]byte) {
		t.Helper()
		model, typ = framesOf(t, model, a)
		want, _ := framesOf(t, nil, b)
		if want == nil { // no frame (play answers playing)
			return
		}
		types[typ]++
		want["type"], model["type"] = "frame", "frame"
		if !reflect.DeepEqual(model, want) {
			t.Fatalf("%s: the deltas give\n%v\nthe whole frame is\n%v", what, model, want)
		}
		drain(withDeltas)
		drain(whole)
	}
	check("open", withDeltas.Handle(fmt.Appendf(nil, open, true)), whole.Handle(fmt.Appendf(nil, open, false)))
	if typ != "frame" {
		t.Fatalf("open answered a %s, want a whole frame", typ)
	}
	for _, m := range []string{
		`{"type":"step"}`, `{"type":"step"}`, `{"type":"step"}`, `{"type":"lang","lang":"de"}`,
		`{"type":"step"}`, `{"type":"back"}`, `{"type":"seek","step":9}`, `{"type":"step"}`,
		`{"type":"action","action":{"type":"crash","node":2}}`, `{"type":"step"}`, `{"type":"seek","step":4}`,
		`{"type":"action","action":{"type":"crash","node":5}}`, `{"type":"step"}`, `{"type":"first"}`,
		`{"type":"last"}`, `{"type":"seekSeq","seq":12}`, `{"type":"lang","lang":"es"}`, `{"type":"step"}`,
	} {
		check(m, withDeltas.Handle([]byte(m)), whole.Handle([]byte(m)))
	}
	if types["delta"] < 10 {
		t.Errorf("only %d deltas: %v", types["delta"], types)
	}
	// Autoplay: frames and deltas as they come.
	now := time.Unix(0, 0)
	for _, m := range []string{`{"type":"seek","step":0}`, `{"type":"step"}`, `{"type":"play","speed":100}`} {
		check(m, withDeltas.Handle([]byte(m)), whole.Handle([]byte(m)))
	}
	for i := 0; i < 10 && withDeltas.Playing(); i++ {
		now = now.Add(session.FrameInterval)
		check(fmt.Sprintf("tick %d", i), withDeltas.Tick(now), whole.Tick(now))
	}
	// attach starts again with a whole frame (here: the run this session
	// opened, so that the two sessions' runs stay alike).
	var id string
	reopen := `{"type":"open","algorithm":"chang-roberts","params":{"n":12},"deltas":%t}`
	for _, b := range withDeltas.Handle(fmt.Appendf(nil, reopen, true)) {
		var m struct{ Type, ID string }
		json.Unmarshal(b, &m)
		if m.Type == "run" {
			id = m.ID
		}
	}
	whole.Handle(fmt.Appendf(nil, reopen, false))
	drain(whole)
	drain(withDeltas)
	out := withDeltas.Handle(fmt.Appendf(nil, `{"type":"attach","id":%q,"deltas":true}`, id))
	model, typ = framesOf(t, model, out)
	if typ != "frame" {
		t.Fatalf("attach answered a %s, want a whole frame", typ)
	}
	check("step after attach", withDeltas.Handle([]byte(`{"type":"step"}`)), whole.Handle([]byte(`{"type":"step"}`)))
	if typ != "delta" {
		t.Errorf("a step after attach answered a %s", typ)
	}
}
