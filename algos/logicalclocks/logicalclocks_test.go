package logicalclocks_test

import (
	"slices"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/logicalclocks"
)

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, logicalclocks.Algorithm) }

// ALGORITHMS.md 6: the lecture's example comes out exactly as the slides
// give it, and the total order (T, i) puts e between a and b.
func TestLectureStamps(t *testing.T) {
	_, s := algotest.RunToEnd(t, logicalclocks.Algorithm, algotest.ScenarioParams(t, logicalclocks.Algorithm, "lecture"), 0)
	o := algotest.OutcomeOf[logicalclocks.Outcome](t, s.Outcome)
	want := map[string]logicalclocks.Stamps{
		"a": {Lamport: 1, Vector: []int64{1, 0, 0}}, "b": {Lamport: 2, Vector: []int64{2, 0, 0}},
		"c": {Lamport: 3, Vector: []int64{2, 1, 0}}, "d": {Lamport: 4, Vector: []int64{2, 2, 0}},
		"e": {Lamport: 1, Vector: []int64{0, 0, 1}}, "f": {Lamport: 5, Vector: []int64{2, 2, 2}},
	}
	if len(o.Stamps) != len(want) {
		t.Fatalf("stamps %v, want %v", o.Stamps, want)
	}
	for name, w := range want {
		if g := o.Stamps[name]; g.Lamport != w.Lamport || !slices.Equal(g.Vector, w.Vector) {
			t.Errorf("%s: %v, want %v", name, g, w)
		}
	}
	var order []string
	for _, r := range o.TotalOrder {
		order = append(order, r.Name)
	}
	if !slices.Equal(order, []string{"a", "e", "b", "c", "d", "f"}) {
		t.Errorf("total order %v", order)
	}
	// e is concurrent with a, b, c, d; of these, b, c and d have a larger L
	if o.ConcurrentPairs != 4 || o.CausalPairs != 11 || o.LamportMisleads != 3 || len(s.Violations) > 0 {
		t.Errorf("pairs: %d causal, %d concurrent, %d misleading; violations %s", o.CausalPairs, o.ConcurrentPairs, o.LamportMisleads, algotest.Violations(s))
	}
}

// One message per send event of the workload.
func TestMessagesPerSend(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		sim, v := algotest.Bare(t, logicalclocks.Algorithm, map[string]any{"n": 5, "count": 6}, seed)
		if got, want := float64(sim.Metrics().Sent), algotest.Theory(t, logicalclocks.Algorithm, v, "one per send"); got != want {
			t.Errorf("seed %d: %v messages, want %v", seed, got, want)
		}
	}
}

// Explicit workloads are checked: a send needs another process to go to.
func TestEventErrors(t *testing.T) {
	for _, c := range []struct {
		events []map[string]any
		want   string
	}{
		{[]map[string]any{{"node": 3, "at": 1, "kind": "local"}}, "event 0: position 3 is outside 0..2"},
		{[]map[string]any{{"node": 0, "at": 1, "kind": "send"}}, `event 0: a send needs a receiver "to" in 0..2`},
		{[]map[string]any{{"node": 1, "at": 1, "kind": "send", "to": 1}}, "event 0: position 1 would send to itself"},
		{[]map[string]any{{"node": 1, "at": 1, "kind": "local", "to": 2}}, `event 0: a local event has no receiver; leave "to" out`},
	} {
		_, err := logicalclocks.Algorithm.ResolveAny(map[string]any{"n": 3, "events": c.events}, 1)
		if err == nil || err.Error() != "parameter events: "+c.want {
			t.Errorf("%v: %v, want %q", c.events, err, c.want)
		}
	}
}
