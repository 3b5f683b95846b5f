package mutex_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/algos/algotest"
	"distviz/algos/centralmutex"
	"distviz/algos/kit/mutex"
	"distviz/algos/lamportmutex"
	"distviz/algos/ricartagrawala"
	"distviz/algos/tokenringmutex"
	"distviz/engine"
	"distviz/timeline"
	"distviz/trace"
)

// The family's promises, tested on its algorithms: every request served, no
// two inside at once, the outcome's records, ME3, overtakes, the workload.

// algorithms are the family's algorithms (Maekawa aside, which is not in a
// folder yet), by id.
var algorithms = map[string]*algo.Algorithm{
	centralmutex.Algorithm.ID:   centralmutex.Algorithm,
	ricartagrawala.Algorithm.ID: ricartagrawala.Algorithm,
	lamportmutex.Algorithm.ID:   lamportmutex.Algorithm,
	tokenringmutex.Algorithm.ID: tokenringmutex.Algorithm,
}

// get finds one of the family's algorithms by id.
func get(t testing.TB, id string) *algo.Algorithm {
	t.Helper()
	a, ok := algorithms[id]
	if !ok {
		t.Fatalf("no algorithm %s in the family's tests", id)
	}
	return a
}

func runToEnd(t testing.TB, id string, params map[string]any, seed int64) (*timeline.Timeline, trace.Summary) {
	t.Helper()
	return algotest.RunToEnd(t, get(t, id), params, seed)
}

func outcomeOf(t testing.TB, s trace.Summary) mutex.Outcome {
	t.Helper()
	o, ok := s.Outcome.(interface{ Family() mutex.Outcome })
	if !ok {
		t.Fatalf("outcome is %T, want one with a mutex.Outcome", s.Outcome)
	}
	return o.Family()
}

// requestsOf is the positions of the requests in a run's resolved workload.
func requestsOf(t testing.TB, id string, params map[string]any, seed int64) []int {
	t.Helper()
	v, err := get(t, id).ResolveAny(params, seed)
	if err != nil {
		t.Fatal(err)
	}
	return v.Ints("requestNodes")
}

// checkAllServed runs a workload to its end and checks the family's
// promises: no violation (ME1, deadlock, ME2), every request served, no two
// entries overlapping in time, counters agreeing with the events.
func checkAllServed(t *testing.T, id string, params map[string]any, seed int64) mutex.Outcome {
	t.Helper()
	_, s := runToEnd(t, id, params, seed)
	if len(s.Violations) > 0 || !s.Terminated {
		t.Fatalf("%s seed %d %v: violations %+v, terminated %v", id, seed, params, s.Violations, s.Terminated)
	}
	o := outcomeOf(t, s)
	if want := len(requestsOf(t, id, params, seed)); o.Pending != 0 || len(o.Entries) != want {
		t.Fatalf("%s seed %d %v: %d entries, %d pending; want all %d requests served", id, seed, params, len(o.Entries), o.Pending, want)
	}
	for i := 1; i < len(o.Entries); i++ {
		if prev := o.Entries[i-1]; *prev.ExitTime > o.Entries[i].EnterTime {
			t.Fatalf("%s seed %d: entries overlap in time: %+v then %+v", id, seed, prev, o.Entries[i])
		}
	}
	return o
}

// Over many seeds with random delays, channels and workloads: ME1 holds, no
// deadlock, every request is served, and the counters agree with the events.
func TestAllServed(t *testing.T) {
	for _, id := range []string{"central-mutex", "ricart-agrawala"} {
		t.Run(id, func(t *testing.T) {
			for seed := int64(1); seed <= 200; seed++ {
				r := rand.New(rand.NewPCG(uint64(seed), 42))
				n := 2 + r.IntN(11)
				lo := r.IntN(4)
				cs := r.IntN(5)
				params := map[string]any{
					"n": n, "count": 1 + r.IntN(4), "spread": r.IntN(100),
					"delay":  map[string]any{"min": lo, "max": lo + r.IntN(10)},
					"csTime": map[string]any{"min": cs, "max": cs + r.IntN(6)},
					"fifo":   r.IntN(2) == 0,
				}
				if id == "central-mutex" {
					params["coordinator"] = r.IntN(n)
				}
				checkAllServed(t, id, params, seed)
			}
		})
	}
	for _, id := range []string{"lamport-mutex", "token-ring-mutex"} {
		t.Run(id, func(t *testing.T) {
			for seed := int64(1); seed <= 200; seed++ {
				r := rand.New(rand.NewPCG(uint64(seed), 43))
				n := 2 + r.IntN(9)
				lo := r.IntN(4)
				if id == "token-ring-mutex" {
					lo++ // the default rounds assume a hop takes at least 1
				}
				cs := r.IntN(5)
				params := map[string]any{
					"n": n, "count": 1 + r.IntN(4), "spread": r.IntN(100),
					"delay":  map[string]any{"min": lo, "max": lo + r.IntN(10)},
					"csTime": map[string]any{"min": cs, "max": cs + r.IntN(6)},
				}
				if id == "token-ring-mutex" {
					params["fifo"] = r.IntN(2) == 0 // Lamport's algorithm needs FIFO
				}
				o := checkAllServed(t, id, params, seed)
				if id == "lamport-mutex" && o.Messages != int64(3*(n-1)*len(o.Entries)) {
					t.Fatalf("seed %d: %d messages for %d entries, want 3(n−1) each", seed, o.Messages, len(o.Entries))
				}
			}
		})
	}
}

// A crashed process that the others need stalls everyone: the final check
// reports a deadlock, and requests are left pending.
func TestCrashDeadlocks(t *testing.T) {
	for _, c := range []struct{ id, scenario string }{
		{"central-mutex", "coordinator-crash"}, {"ricart-agrawala", "crash"},
		{"lamport-mutex", "crash"}, {"token-ring-mutex", "crash"},
	} {
		sc, err := get(t, c.id).Scenario(c.scenario)
		if err != nil {
			t.Fatal(err)
		}
		_, s := runToEnd(t, c.id, sc.Params, sc.Seed)
		if len(s.Violations) != 1 || s.Violations[0].Invariant != "deadlock" || !strings.Contains(s.Violations[0].Text, "still wait") {
			t.Fatalf("%s/%s: violations %+v, want one deadlock", c.id, c.scenario, s.Violations)
		}
		if o := outcomeOf(t, s); o.Pending == 0 {
			t.Errorf("%s/%s: nothing pending after a deadlock: %+v", c.id, c.scenario, o)
		}
	}
}

// The user action "request" adds a request now, also after the run ended;
// another action is refused by the process with a note.
func TestRequestAction(t *testing.T) {
	for _, id := range []string{"central-mutex", "ricart-agrawala", "lamport-mutex"} {
		tl, s := runToEnd(t, id, map[string]any{"n": 4}, 1)
		before := len(outcomeOf(t, s).Entries)
		for _, p := range []int{2, 0, 2} {
			if err := tl.Apply(engine.Action{Type: engine.ActNode, Node: p, Name: mutex.ActRequest}); err != nil {
				t.Fatal(err)
			}
		}
		if err := tl.Run(0); err != nil {
			t.Fatal(err)
		}
		s = trace.Summarize(tl)
		algotest.CheckCounters(t, tl, s)
		o := outcomeOf(t, s)
		if len(o.Entries) != before+3 || o.Pending != 0 || len(s.Violations) > 0 {
			t.Errorf("%s: after 3 requests by hand: %d entries (had %d), %d pending, violations %+v", id, len(o.Entries), before, o.Pending, s.Violations)
		}
		if err := tl.Apply(engine.Action{Type: engine.ActNode, Node: 1, Name: "nonsense"}); err != nil {
			t.Fatal(err) // refused by the process with a note, not by the engine
		}
		if got := algotest.Narration(tl, tl.Seq()-1, tl.Seq()); len(got) != 1 || !strings.HasSuffix(got[0], `P1: unknown action "nonsense"; a mutual-exclusion process can only "request"`) {
			t.Errorf("%s: the refusal narrates %q", id, got)
		}
	}
}

// The same parameters and seed give the same run; another seed another.
func TestDeterminism(t *testing.T) {
	for _, c := range []struct {
		ids    []string
		params map[string]any
	}{
		{[]string{"central-mutex", "ricart-agrawala"}, map[string]any{"n": 7, "count": 3, "spread": 40,
			"delay": map[string]any{"min": 0, "max": 6}, "csTime": map[string]any{"min": 1, "max": 4}, "fifo": false}},
		{[]string{"lamport-mutex", "token-ring-mutex"}, map[string]any{"n": 6, "count": 3, "spread": 40,
			"delay": map[string]any{"min": 1, "max": 6}, "csTime": map[string]any{"min": 1, "max": 4}}},
	} {
		for _, id := range c.ids {
			a, _ := runToEnd(t, id, c.params, 9)
			b, _ := runToEnd(t, id, c.params, 9)
			if x, y := algotest.Narration(a, 0, a.Len()), algotest.Narration(b, 0, b.Len()); !slices.Equal(x, y) {
				t.Errorf("%s: two runs with seed 9 differ", id)
			}
			d, _ := runToEnd(t, id, c.params, 10)
			if slices.Equal(algotest.Narration(a, 0, a.Len()), algotest.Narration(d, 0, d.Len())) {
				t.Errorf("%s: seeds 9 and 10 give the same run", id)
			}
		}
	}
}

// Parameter errors of the workload name the parameter.
func TestParamErrors(t *testing.T) {
	for _, c := range []struct {
		params map[string]any
		want   string
	}{
		{map[string]any{"n": 3, "requestNodes": []int{0, 1}, "requestTimes": []int{0}}, "parameter requestTimes: has 1 entries but requestNodes has 2"},
		{map[string]any{"n": 3, "requestNodes": []int{3}, "requestTimes": []int{0}}, "parameter requestNodes: position 3 is outside 0..2"},
		{map[string]any{"n": 3, "crashed": []int{5}}, "parameter crashed: position 5 is outside 0..2"},
		{map[string]any{"n": 65}, "n"},
		{map[string]any{"n": 3, "tellFrom": []int{0}, "tellTo": []int{}}, "parameter tellTo: has 0 entries but tellFrom has 1"},
		{map[string]any{"n": 3, "tellFrom": []int{0}, "tellTo": []int{3}}, "parameter tellFrom: TELL 0→3"},
		{map[string]any{"n": 3, "tellFrom": []int{1}, "tellTo": []int{1}}, "parameter tellTo: process 1 would tell itself"},
	} {
		for _, id := range []string{"central-mutex", "ricart-agrawala"} {
			if _, err := get(t, id).ResolveAny(c.params, 1); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s %v: error %v, want %q", id, c.params, err, c.want)
			}
		}
	}
}
