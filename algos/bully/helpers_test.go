package bully_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/bully"
	"distviz/algos/kit/election"
	"distviz/engine"
	"distviz/narrate"
	"distviz/timeline"
	"distviz/trace"
)

// The tests' helpers: the sends of a run, the outcome every test wants,
// the notes in English, stepping to an event, and random configurations
// with random crashes, recoveries and notices for the property tests.

type sendRec struct {
	from, to int
	typ      string
}

// sends lists every message sent, in order.
func sends(tl *timeline.Timeline) []sendRec {
	var out []sendRec
	for seq := int64(1); seq <= tl.Len(); seq++ {
		if e := tl.Event(seq); e.Kind == engine.KindSend {
			out = append(out, sendRec{int(e.From), int(e.To), e.Msg.Type})
		}
	}
	return out
}

// sendsOf filters sends by type (and by sender when from ≥ 0).
func sendsOf(ss []sendRec, typ string, from int) []sendRec {
	var out []sendRec
	for _, s := range ss {
		if s.typ == typ && (from < 0 || s.from == from) {
			out = append(out, s)
		}
	}
	return out
}

func targets(ss []sendRec) []int {
	out := make([]int, len(ss))
	for i, s := range ss {
		out[i] = s.to
	}
	return out
}

func outcomeOf(t *testing.T, s trace.Summary) election.Outcome {
	return algotest.OutcomeOf[election.Outcome](t, s.Outcome)
}

func wantLeader(t *testing.T, s trace.Summary, leader int) {
	t.Helper()
	o := outcomeOf(t, s)
	if o.Leader == nil || *o.Leader != leader || !o.Agree {
		t.Fatalf("outcome %+v (leader %v), want every live process to agree on %d", o, o.Leader, leader)
	}
	if !slices.Equal(o.Elected, []int{leader}) {
		t.Fatalf("elected %v, want only position %d", o.Elected, leader)
	}
	if !s.Terminated {
		t.Fatal("the run has not terminated")
	}
}

func wantNoViolations(t *testing.T, s trace.Summary) {
	t.Helper()
	if len(s.Violations) > 0 {
		t.Fatalf("violations: %+v", s.Violations)
	}
}

func notes(tl *timeline.Timeline) []string {
	var out []string
	for seq := int64(1); seq <= tl.Len(); seq++ {
		if e := tl.Event(seq); e.Kind == engine.KindNote {
			out = append(out, fmt.Sprintf("P%d: %s", e.Node, english(tl, e.Text)))
		}
	}
	return out
}

// english renders a note or a verdict as the transcripts print it.
func english(tl *timeline.Timeline, t engine.Text) string {
	return narrate.For(tl.Alg, tl.Nodes).In(narrate.English).Text(t)
}

// msgEvent is what stepUntil matches on.
type msgEvent struct {
	kind     engine.Kind
	typ      string
	from, to int
}

// stepUntil steps the run until an event matches.
func stepUntil(t *testing.T, tl *timeline.Timeline, match func(e msgEvent) bool) {
	t.Helper()
	for {
		before := tl.Seq()
		ok, err := tl.Forward()
		if err != nil || !ok {
			t.Fatalf("the run ended before the awaited event (err %v)", err)
		}
		for seq := before + 1; seq <= tl.Seq(); seq++ {
			if e := tl.Event(seq); match(msgEvent{e.Kind, e.Msg.Type, int(e.From), int(e.To)}) {
				return
			}
		}
	}
}

func delivery(typ string, from, to int) func(msgEvent) bool {
	return func(e msgEvent) bool { return e == msgEvent{engine.KindDeliver, typ, from, to} }
}

func apply(t *testing.T, tl *timeline.Timeline, a engine.Action) {
	t.Helper()
	if err := tl.Apply(a); err != nil {
		t.Fatal(err)
	}
}

func finish(t *testing.T, tl *timeline.Timeline) trace.Summary {
	t.Helper()
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	s := trace.Summarize(tl)
	algotest.CheckCounters(t, tl, s)
	return s
}

// testCase is a random configuration for the property tests.
type testCase struct {
	params  map[string]any
	crashed []int
}

// randomCase draws n in [3, 12], delays in a range, T above the round
// trip 2·delay.max, a random T′, an initially crashed set that holds the
// coordinator (the highest) and never everyone, and live detectors.
func randomCase(rng *rand.Rand) testCase {
	n := 3 + rng.IntN(10)
	dmin := rng.Int64N(11)
	dmax := dmin + rng.Int64N(21)
	timeout := 2*dmax + 1 + rng.Int64N(10)
	crashed := []int{n - 1}
	live := []int{}
	for p := range n - 1 {
		if rng.IntN(4) == 0 {
			crashed = append(crashed, p)
		} else {
			live = append(live, p)
		}
	}
	if len(live) == 0 { // never all
		p := rng.IntN(n - 1)
		crashed = slices.DeleteFunc(crashed, func(q int) bool { return q == p })
		live = []int{p}
	}
	detectors := []int{}
	for _, p := range live {
		if rng.IntN(3) == 0 {
			detectors = append(detectors, p)
		}
	}
	if len(detectors) == 0 {
		detectors = []int{live[rng.IntN(len(live))]}
	}
	return testCase{crashed: crashed, params: map[string]any{
		"n": n, "crashed": crashed, "detectors": detectors,
		"delay":   map[string]int64{"min": dmin, "max": dmax},
		"timeout": timeout, "coordinatorTimeout": 1 + rng.Int64N(3*timeout), // safety does not depend on T′
		"fifo": rng.IntN(2) == 0,
	}}
}

// randomAction is a valid crash, recovery or notice for the run's head, or false.
func randomAction(rng *rand.Rand, tl *timeline.Timeline) (engine.Action, bool) {
	sim := tl.Head()
	var live, down []int
	for p := range sim.N() {
		if sim.Crashed(p) {
			down = append(down, p)
		} else {
			live = append(live, p)
		}
	}
	switch k := rng.IntN(3); {
	case k == 0 && len(live) > 1:
		return engine.Action{Type: engine.ActCrash, Node: live[rng.IntN(len(live))]}, true
	case k == 1 && len(down) > 0:
		return engine.Action{Type: engine.ActRecover, Node: down[rng.IntN(len(down))]}, true
	case k == 2 && len(live) > 0:
		return engine.Action{Type: engine.ActNode, Node: live[rng.IntN(len(live))], Name: "notice"}, true
	}
	return engine.Action{}, false
}

const maxEvents = 20_000

// runCase runs a case to its end, applying actions (if any) at the given steps.
func runCase(t *testing.T, c testCase, seed int64, rng *rand.Rand, actions int) (*timeline.Timeline, trace.Summary, []engine.Action) {
	t.Helper()
	tl := algotest.NewRun(t, bully.Algorithm, c.params, seed)
	var at []int
	for range actions {
		at = append(at, rng.IntN(80))
	}
	slices.Sort(at)
	var applied []engine.Action
	for step := 0; ; step++ {
		for len(at) > 0 && at[0] == step {
			at = at[1:]
			if a, ok := randomAction(rng, tl); ok {
				if err := tl.Apply(a); err != nil {
					t.Fatalf("seed %d: %+v: %v", seed, a, err)
				}
				applied = append(applied, a)
			}
		}
		ok, err := tl.Forward()
		if err != nil {
			t.Fatalf("seed %d %v: %v", seed, c.params, err)
		}
		if !ok && len(at) == 0 {
			break
		}
		if tl.Len() > maxEvents {
			t.Fatalf("seed %d %v: no end after %d events", seed, c.params, tl.Len())
		}
	}
	s := trace.Summarize(tl)
	algotest.CheckCounters(t, tl, s)
	return tl, s, applied
}
