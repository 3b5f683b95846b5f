package session_test

import (
	"encoding/json"
	"strings"
	"testing"

	"distviz/internal/budget"
	"distviz/session"
)

// A frame the caller has written and given back is the memory of the next
// frame, charged to the budget while the session keeps it and not after
// it closes; the frames are the same as without.
func TestWrittenFramesAreReused(t *testing.T) {
	mem := budget.New(1 << 30)
	s := session.New(session.Config{Store: newStore(), Meter: mem})
	plain := session.New(session.Config{Store: newStore()})
	frameOf := func(out [][]byte) []byte {
		t.Helper()
		for _, b := range out {
			var m struct{ Type string }
			json.Unmarshal(b, &m)
			if m.Type == "frame" {
				return b
			}
		}
		t.Fatalf("no frame among %d messages", len(out))
		return nil
	}
	open := []byte(`{"type":"open","algorithm":"chang-roberts","params":{"n":1000}}`)
	step := []byte(`{"type":"step"}`)
	out := s.Handle(open)
	plain.Handle(open)
	prev := frameOf(out)
	s.Written(out)
	kept := mem.Used()
	if kept < int64(len(prev)) {
		t.Fatalf("%d bytes charged while a frame of %d is kept", kept, len(prev))
	}
	for i := range 5 {
		out = s.Handle(step)
		b := frameOf(out)
		if &b[0] != &prev[0] {
			t.Fatalf("step %d: the frame is not made in the memory given back", i+1)
		}
		if want := frameOf(plain.Handle(step)); string(b) != string(want) {
			t.Fatalf("step %d: the frame differs from one made anew", i+1)
		}
		s.Written(out)
		prev = b
	}
	if mem.Used() != kept {
		t.Errorf("%d bytes charged after the steps, %d before", mem.Used(), kept)
	}
	s.Close()
	if mem.Used() >= kept {
		t.Errorf("%d bytes charged after Close, %d before", mem.Used(), kept)
	}
}

// The encoder's memory (every node's JSON as last sent, to send only what
// changes) is charged to the budget while the session lives; when the
// budget has no room for it, the frame is refused with a reason and
// nothing stays charged.
func TestEncoderMemoryIsCharged(t *testing.T) {
	open := []byte(`{"type":"open","algorithm":"chang-roberts","params":{"n":10000}}`)
	mem := budget.New(1 << 30)
	s := session.New(session.Config{Store: newStore(), Meter: mem})
	out := s.Handle(open)
	var frame []byte
	for _, b := range out {
		if len(b) > len(frame) {
			frame = b
		}
	}
	// the nodes are most of a whole frame, and the encoder keeps them all
	if used := mem.Used(); used < int64(len(frame))/2 {
		t.Fatalf("%d bytes charged for a session keeping the nodes of a %d-byte frame", used, len(frame))
	}
	s.Close()
	if used := mem.Used(); used != 0 {
		t.Errorf("%d bytes still charged after Close", used)
	}

	small := budget.New(256 << 10)
	s = session.New(session.Config{Store: newStore(), Meter: small})
	out = s.Handle(open)
	var refused struct{ Type, Error, For string }
	for _, b := range out {
		var m struct{ Type, Error, For string }
		if json.Unmarshal(b, &m) == nil && m.Type == "error" {
			refused = m
		}
	}
	if refused.For != "frame" || !strings.Contains(refused.Error, "memory") {
		t.Errorf("with 256 KiB of budget, the open answered %+v, want the frame refused for lack of memory", refused)
	}
	if used := small.Used(); used != 0 {
		t.Errorf("%d bytes charged after the refusal", used)
	}
	s.Close()
}
