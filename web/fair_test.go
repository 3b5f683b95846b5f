package web

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A run too large to draw is refused at open with what to do instead.
func TestWSRefusesHugeFrames(t *testing.T) {
	_, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":100000}}`)
	m := w.until("error")
	for _, want := range []string{"100000 processes is too large to draw", "experiment", "POST /api/simulate"} {
		if m.For != "open" || !strings.Contains(m.Error, want) {
			t.Fatalf("open n=100000: %+v, want it to say %q", m, want)
		}
	}
	w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":50}}`)
	w.until("frame")
}

// A session's heavy requests wait for the API's workers like the API's own:
// while every worker is busy, `last` waits and is then refused, playing
// makes no frames, and a step (light) goes on.
func TestWSHeavyWorkTakesTurns(t *testing.T) {
	srv, url := startWS(t, Config{Workers: 1, QueueWait: 100 * time.Millisecond})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"token-ring-mutex","params":{"rounds":100}}`)
	w.until("frame")
	s := srv.s
	if err := s.sem.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	w.send(`{"type":"last"}`)
	if m := w.until("error"); m.For != "last" || !strings.Contains(m.Error, "busy") {
		t.Fatalf("last while busy: %+v", m)
	}
	w.send(`{"type":"step"}`)
	if f := w.until("frame"); f.Step != 1 {
		t.Fatalf("a step while busy: step %d", f.Step)
	}
	w.send(`{"type":"play","speed":100}`)
	w.until("playing")
	time.Sleep(200 * time.Millisecond)
	w.send(`{"type":"pause"}`)
	for m := w.next(); m.Type != "playing"; m = w.next() {
		if m.Type == "frame" {
			t.Fatalf("a frame played while every worker was busy: step %d", m.Step)
		}
	}
	s.sem.release()
	w.send(`{"type":"last"}`)
	if f := w.until("frame"); !f.AtEnd {
		t.Fatalf("last with a free worker: step %d of %d", f.Step, f.Steps)
	}
}
