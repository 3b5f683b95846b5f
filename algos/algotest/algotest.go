// Package algotest is the test harness every algorithm's folder uses: runs
// from parameters, counters checked against the events, narration as the
// transcripts print it, and the transcript language itself.
package algotest

import (
	"fmt"
	"maps"
	"testing"

	"distviz/algo"
	"distviz/engine"
	"distviz/narrate"
	"distviz/timeline"
	"distviz/trace"
)

// NewRun resolves params (Go values, as in a JSON request) and starts a run.
func NewRun(t testing.TB, a *algo.Algorithm, params map[string]any, seed int64) *timeline.Timeline {
	t.Helper()
	v, err := a.ResolveAny(params, seed)
	if err != nil {
		t.Fatalf("%s %v: %v", a.ID, params, err)
	}
	tl, err := timeline.New(a, v, seed, 5_000_000)
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// ScenarioParams returns a copy of a scenario's parameters: tests may change
// it, the registry's must stay as they are.
func ScenarioParams(t testing.TB, a *algo.Algorithm, id string) map[string]any {
	t.Helper()
	sc, err := a.Scenario(id)
	if err != nil {
		t.Fatal(err)
	}
	return maps.Clone(sc.Params)
}

// RunToEnd runs to completion and checks the counters against the events.
func RunToEnd(t testing.TB, a *algo.Algorithm, params map[string]any, seed int64) (*timeline.Timeline, trace.Summary) {
	t.Helper()
	tl := NewRun(t, a, params, seed)
	if err := tl.Run(0); err != nil {
		t.Fatalf("%s %v seed %d: %v", a.ID, params, seed, err)
	}
	s := trace.Summarize(tl)
	CheckCounters(t, tl, s)
	return tl, s
}

// CheckCounters recounts messages from the events: the summary must agree.
func CheckCounters(t testing.TB, tl *timeline.Timeline, s trace.Summary) {
	t.Helper()
	var sent, delivered, dropped int64
	byType := map[string]int64{}
	for seq := int64(1); seq <= tl.Len(); seq++ {
		switch e := tl.Event(seq); e.Kind {
		case engine.KindSend:
			sent++
			byType[e.Msg.Type]++
		case engine.KindDeliver:
			delivered++
		case engine.KindDrop:
			dropped++
		}
	}
	m := s.Messages
	if m.Sent != sent || m.Delivered != delivered || m.Dropped != dropped {
		t.Fatalf("summary says sent/delivered/dropped %d/%d/%d, events say %d/%d/%d", m.Sent, m.Delivered, m.Dropped, sent, delivered, dropped)
	}
	for typ, c := range byType {
		if m.ByType.Get(typ) != c {
			t.Fatalf("summary says %d %s sent, events say %d", m.ByType.Get(typ), typ, c)
		}
	}
	if s.Events != tl.Len() {
		t.Fatalf("summary says %d events, the trace has %d", s.Events, tl.Len())
	}
}

// Narration renders events (from, to] in English as "t=T text" lines.
func Narration(tl *timeline.Timeline, from, to int64) []string {
	evs := make([]engine.Event, 0, to-from)
	for seq := from + 1; seq <= to; seq++ {
		evs = append(evs, tl.Event(seq))
	}
	var out []string
	for _, l := range narrate.For(tl.Alg, tl.Nodes).Lines(evs) {
		out = append(out, fmt.Sprintf("t=%d %s", l.Time, l.Text))
	}
	return out
}
