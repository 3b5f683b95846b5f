package session_test

import (
	"fmt"
	"testing"
)

// Two sessions on one run (the pattern): each has its own cursor,
// and neither moves the other. A action at B's step lands there, not at
// A's; an action in the past of the shared run gives B a copy of its own,
// and A's run keeps every step.
func TestTwoSessionsOnOneRun(t *testing.T) {
	store := newStore()
	a := newClient(t, store)
	a.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":6}}`)
	a.send(`{"type":"last"}`)
	steps := a.frame.Steps
	b := newClient(t, store)
	b.send(`{"type":"attach","id":%q}`, a.run.ID)
	if b.frame.Step != steps-1 || len(b.events) != len(a.events) {
		t.Fatalf("attached at step %d of %d with %d events", b.frame.Step, steps, len(b.events))
	}

	// A looks at step 3; B crashes P0 at its own step, the end.
	a.send(`{"type":"seek","step":3}`)
	b.send(`{"type":"action","action":{"type":"crash","node":0}}`)
	if b.frame.Step != steps || b.run.ID != a.run.ID || len(b.errors) != 0 {
		t.Fatalf("B's crash: step %d (want %d), run %s, errors %+v", b.frame.Step, steps, b.run.ID, b.errors)
	}
	// A is where it was; its next answer shows the run one step longer.
	a.send(`{"type":"step"}`)
	if a.frame.Step != 4 || a.frame.Steps != steps+1 || a.drops != 0 {
		t.Fatalf("A after B's crash: step %d of %d, %d drops", a.frame.Step, a.frame.Steps, a.drops)
	}
	a.sameEvents(store)

	// B acts in the past: on a copy of its own, up to its step.
	b.send(`{"type":"seek","step":2}`)
	b.send(`{"type":"action","action":{"type":"crash","node":5}}`)
	if b.run.ID == a.run.ID || b.run.ForkOf != a.run.ID || b.frame.Step != 3 || b.frame.Steps != 4 {
		t.Fatalf("B's copy: run %s (fork of %q), step %d of %d", b.run.ID, b.run.ForkOf, b.frame.Step, b.frame.Steps)
	}
	b.sameEvents(store)
	if n := store.Holders(sessionRun(a.run.ID)); n != 1 {
		t.Errorf("%d hold A's run after B left it", n)
	}
	// A's run and A's cursor are untouched.
	a.send(`{"type":"last"}`)
	if a.frame.Steps < steps+1 || a.drops != 0 {
		t.Fatalf("A after B's copy: %d steps (want at least %d), %d drops", a.frame.Steps, steps+1, a.drops)
	}
	a.sameEvents(store)

	// Alone on its run, A acts in the past of it: no copy, the run forks.
	a.send(`{"type":"seek","step":2}`)
	a.send(`{"type":"action","action":{"type":"crash","node":1}}`)
	if a.run.ForkOf != "" || a.frame.Steps != 4 || a.drops != 1 {
		t.Fatalf("A alone: fork of %q, %d steps, %d drops", a.run.ForkOf, a.frame.Steps, a.drops)
	}
	a.sameEvents(store)
}

// Whoever attaches to a run sees the link that opened it, scenario and all
// (a page that reconnects writes it in its address bar again).
func TestAttachShowsTheLink(t *testing.T) {
	store := newStore()
	a := newClient(t, store)
	a.send(`{"type":"open","algorithm":"bully","scenario":"lecture"}`)
	if a.run.Query["scenario"] != "lecture" {
		t.Fatalf("the opener's query: %v", a.run.Query)
	}
	b := newClient(t, store)
	b.send(`{"type":"attach","id":%q}`, a.run.ID)
	if fmt.Sprint(b.run.Query) != fmt.Sprint(a.run.Query) {
		t.Fatalf("attached with the query %v, the link was %v", b.run.Query, a.run.Query)
	}
}
