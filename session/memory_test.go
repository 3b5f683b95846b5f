package session_test

import (
	"strings"
	"testing"

	"distviz/internal/budget"
	"distviz/session"
)

// A session's run is charged to the server's memory budget as it grows: a
// run the budget cannot hold stops where it is, with an error that says
// what to do, and everything the session had is still there.
func TestRunStopsAtTheMemoryBudget(t *testing.T) {
	store := newStore()
	mem := budget.New(6 << 20)
	store.meter = mem
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"token-ring-mutex","params":{"rounds":1000000}}`)
	got := c.send(`{"type":"last"}`)
	if len(c.errors) != 1 || !strings.Contains(c.errors[0].Error, "memory is full") || !strings.Contains(c.errors[0].Error, "try again") {
		t.Fatalf("last: %+v", got)
	}
	if mem.Used() > mem.Limit() {
		t.Errorf("%d bytes charged of %d", mem.Used(), mem.Limit())
	}
	at := c.frame.Step
	if at < 1000 || int64(len(c.events)) != c.frame.Seq {
		t.Fatalf("the run stopped at step %d with %d of %d events sent", at, len(c.events), c.frame.Seq)
	}
	// The session goes on: back in the run, and forward again to the stop.
	only(t, c.send(`{"type":"seek","step":10}`), "frame")
	if c.frame.Step != 10 {
		t.Fatalf("seek: step %d", c.frame.Step)
	}
	c.send(`{"type":"last"}`)
	if c.frame.Step < at {
		t.Errorf("last again: step %d, before %d", c.frame.Step, at)
	}

	// A run whose start does not fit is refused, and the session keeps its run.
	c.errors = nil
	got = c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":5000}}`)
	refused(t, got, "open", "memory is full")
	if c.run.Algorithm.ID != "token-ring-mutex" {
		t.Errorf("the refused open replaced the run: %s", c.run.Algorithm.ID)
	}

	// Closing the session lets go of its run.
	c.s.Close()
	if n := store.Holders(session.Run{ID: c.run.ID}); n != 0 {
		t.Errorf("%d hold the run after Close", n)
	}
}
