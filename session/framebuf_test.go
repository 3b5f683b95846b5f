package session_test

import (
	"encoding/json"
	"fmt"
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

// A delta the caller has written is the memory of the next; one not given
// back is left alone.
func TestWrittenDeltasAreReused(t *testing.T) {
	s := session.New(session.Config{Store: newStore()})
	plain := session.New(session.Config{Store: newStore()})
	open := []byte(`{"type":"open","algorithm":"chang-roberts","params":{"n":16},"deltas":true}`)
	step := []byte(`{"type":"step"}`)
	s.Written(s.Handle(open))
	plain.Handle(open)
	var prev []byte
	for i := range 6 {
		out := s.Handle(step)
		b := out[0]
		if want := plain.Handle(step)[0]; string(b) != string(want) {
			t.Fatalf("step %d: %s\nwant %s", i+1, b, want)
		}
		switch {
		case i == 0:
		case i%2 == 0 && &b[0] != &prev[0]:
			t.Fatalf("step %d: the delta is not made in the memory given back", i+1)
		case i%2 == 1 && &b[:1][0] == &prev[:1][0]:
			t.Fatalf("step %d: the delta is made in memory not given back", i+1)
		}
		if i%2 == 1 {
			s.Written(out) // steps 2, 4, 6 give theirs back
		}
		prev = b
	}
}

// countingGate counts the turns a session takes.
type countingGate struct{ enter, stream int }

func (g *countingGate) Enter() (func(), error)   { g.enter++; return func() {}, nil }
func (g *countingGate) TryEnter() (func(), bool) { g.enter++; return func() {}, true }
func (g *countingGate) Stream() func()           { g.stream++; return func() {} }

// A step of a run computed ahead, whose events the client holds, takes no
// turn of the server's heavy work (a busy server would make it wait), at
// any size when the client takes deltas.
func TestStepWithEveryEventSentTakesNoTurn(t *testing.T) {
	for _, n := range []int{16, 2000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) { stepTakesNoTurn(t, n) })
	}
}

func stepTakesNoTurn(t *testing.T, n int) {
	g := &countingGate{}
	s := session.New(session.Config{Store: newStore(), Gate: g, Ahead: 100_000})
	s.Handle([]byte(fmt.Sprintf(`{"type":"open","algorithm":"chang-roberts","params":{"n":%d},"deltas":true}`, n)))
	for s.Events() != nil {
	}
	if g.stream == 0 {
		t.Fatal("the events of the run computed ahead were sent without a turn")
	}
	before := *g
	for range 5 {
		s.Handle([]byte(`{"type":"step"}`))
		if b := s.Events(); b != nil {
			t.Fatalf("events after a step of a run computed ahead: %.100s", b)
		}
	}
	if *g != before {
		t.Errorf("turns taken by 5 steps: %+v, before %+v", *g, before)
	}
}
