package algos_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/trace"
)

func mutexOutcomeOf(t testing.TB, s trace.Summary) algos.MutexOutcome {
	t.Helper()
	o, ok := s.Outcome.(algos.MutexOutcome)
	if !ok {
		t.Fatalf("outcome is %T, want algos.MutexOutcome", s.Outcome)
	}
	return o
}

// requestsOf is the number of requests in a run's resolved workload.
func requestsOf(t testing.TB, id string, params map[string]any, seed int64) (nodes []int) {
	t.Helper()
	a, err := algos.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.ResolveAny(params, seed)
	if err != nil {
		t.Fatal(err)
	}
	return v.Ints("requestNodes")
}

// ALGORITHMS.md 2.2 and 6: P0 requests with Lamport time 12, P1 with 8, P2
// does not request: P1 enters first, P0 after P1 leaves and replies.
func TestRicartAgrawalaLecture(t *testing.T) {
	a, _ := algos.Get("ricart-agrawala")
	sc, err := a.Scenario("lecture")
	if err != nil {
		t.Fatal(err)
	}
	tl, s := runToEnd(t, "ricart-agrawala", sc.Params, sc.Seed)
	if len(s.Violations) > 0 {
		t.Fatalf("violations: %+v", s.Violations)
	}
	var stamps []string
	for seq := int64(1); seq <= tl.Len(); seq++ {
		if e := tl.Event(seq); e.Kind == engine.KindSend && e.Msg.Type == "REQUEST" && !slices.Contains(stamps, e.Msg.Label()) {
			stamps = append(stamps, e.Msg.Label())
		}
	}
	if want := []string{"REQUEST(12,0)", "REQUEST(8,1)"}; !slices.Equal(stamps, want) {
		t.Errorf("REQUESTs carry %v, want %v", stamps, want)
	}
	o := mutexOutcomeOf(t, s)
	if len(o.Entries) != 2 || o.Entries[0].Node != 1 || o.Entries[1].Node != 0 {
		t.Fatalf("entries %+v: want P1, then P0", o.Entries)
	}
	p1, p0 := o.Entries[0], o.Entries[1]
	if p1.ExitTime == nil || p0.EnterTime <= *p1.ExitTime {
		t.Errorf("P0 enters at %d, not after P1's exit at %v", p0.EnterTime, p1.ExitTime)
	}
	// P1's deferred REPLY to P0 is sent at its exit and lets P0 in.
	lines := strings.Join(narration(tl, 0, tl.Len()), "\n")
	for _, want := range []string{
		"t=1 P1: WANTED with the smaller (8,1) < (12,0): defers its reply to P0",
		fmt.Sprintf("t=%d P1 sends REPLY(15) to P0", *p1.ExitTime),
		fmt.Sprintf("t=%d P0: enters the critical section", p0.EnterTime),
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the narration lacks %q:\n%s", want, lines)
		}
	}
	if o.Pending != 0 || o.Messages != 8 || *o.MessagesPerEntry != 4 {
		t.Errorf("outcome %+v: want 0 pending, 8 messages, 2(n−1) = 4 per entry", o)
	}
}

// ALGORITHMS.md 2.1: 3 messages per entry (the coordinator's own entries
// need none); 2.2: 2(n−1) messages per entry.
func TestMutexMessageCounts(t *testing.T) {
	for _, n := range []int{2, 3, 5, 8, 12} {
		for seed := int64(1); seed <= 4; seed++ {
			params := map[string]any{"n": n, "count": 2, "spread": 30, "delay": map[string]any{"min": 1, "max": 4}}
			_, s := runToEnd(t, "ricart-agrawala", params, seed)
			o := mutexOutcomeOf(t, s)
			if want := int64(2 * (n - 1) * len(o.Entries)); o.Messages != want || s.Messages.Sent != want {
				t.Errorf("ricart-agrawala n=%d seed %d: %d messages (%d sent) for %d entries, want 2(n−1)·entries = %d", n, seed, o.Messages, s.Messages.Sent, len(o.Entries), want)
			}
			coord := (n - 1) * int(seed) % n
			params["coordinator"] = coord
			_, s = runToEnd(t, "central-mutex", params, seed)
			o = mutexOutcomeOf(t, s)
			others := 0
			for _, e := range o.Entries {
				if e.Node != coord {
					others++
				}
			}
			if want := int64(3 * others); o.Messages != want || s.Messages.Sent != want {
				t.Errorf("central-mutex n=%d seed %d: %d messages for %d entries of non-coordinators, want 3 each = %d", n, seed, o.Messages, others, want)
			}
		}
	}
}

// checkAllServed runs a mutual-exclusion workload to its end and checks the
// family's promises: no violation (ME1, deadlock), every request served, no
// two entries overlapping in time, counters agreeing with the events.
func checkAllServed(t *testing.T, id string, params map[string]any, seed int64) algos.MutexOutcome {
	t.Helper()
	_, s := runToEnd(t, id, params, seed)
	if len(s.Violations) > 0 || !s.Terminated {
		t.Fatalf("seed %d %v: violations %+v, terminated %v", seed, params, s.Violations, s.Terminated)
	}
	o := mutexOutcomeOf(t, s)
	if want := len(requestsOf(t, id, params, seed)); o.Pending != 0 || len(o.Entries) != want {
		t.Fatalf("seed %d %v: %d entries, %d pending; want all %d requests served", seed, params, len(o.Entries), o.Pending, want)
	}
	for i := 1; i < len(o.Entries); i++ {
		if prev := o.Entries[i-1]; *prev.ExitTime > o.Entries[i].EnterTime {
			t.Fatalf("seed %d: entries overlap in time: %+v then %+v", seed, prev, o.Entries[i])
		}
	}
	return o
}

// Over many seeds with random delays, channels and workloads: ME1 holds, no
// deadlock, every request is served, and the counters agree with the events.
func TestMutexProperties(t *testing.T) {
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
}

// A crashed coordinator stalls everyone: the final check reports a deadlock.
// In Ricart–Agrawala any crashed process does.
func TestMutexCrashDeadlocks(t *testing.T) {
	for _, c := range []struct{ id, scenario string }{{"central-mutex", "coordinator-crash"}, {"ricart-agrawala", "crash"}} {
		a, _ := algos.Get(c.id)
		sc, err := a.Scenario(c.scenario)
		if err != nil {
			t.Fatal(err)
		}
		_, s := runToEnd(t, c.id, sc.Params, sc.Seed)
		if len(s.Violations) != 1 || s.Violations[0].Invariant != "deadlock" || !strings.Contains(s.Violations[0].Text, "still wait") {
			t.Fatalf("%s/%s: violations %+v, want one deadlock", c.id, c.scenario, s.Violations)
		}
		if o := mutexOutcomeOf(t, s); o.Pending == 0 {
			t.Errorf("%s/%s: nothing pending after a deadlock: %+v", c.id, c.scenario, o)
		}
	}
	// The coordinator crashing while P1 is inside: P1 got in, the others did not.
	a, _ := algos.Get("central-mutex")
	sc, _ := a.Scenario("coordinator-crash")
	_, s := runToEnd(t, "central-mutex", sc.Params, sc.Seed)
	if o := mutexOutcomeOf(t, s); len(o.Entries) != 1 || o.Entries[0].Node != 1 || o.Pending != 2 {
		t.Errorf("outcome %+v: want P1's one entry and 2 pending", o)
	}
}

// The user action "request" adds a request now, also after the run ended.
func TestMutexRequestAction(t *testing.T) {
	for _, id := range []string{"central-mutex", "ricart-agrawala"} {
		tl, s := runToEnd(t, id, map[string]any{"n": 4}, 1)
		before := len(mutexOutcomeOf(t, s).Entries)
		for _, p := range []int{2, 0, 2} {
			if err := tl.Apply(engine.Action{Type: engine.ActNode, Node: p, Name: "request"}); err != nil {
				t.Fatal(err)
			}
		}
		if err := tl.Run(0); err != nil {
			t.Fatal(err)
		}
		s = trace.Summarize(tl)
		checkCounters(t, tl, s)
		o := mutexOutcomeOf(t, s)
		if len(o.Entries) != before+3 || o.Pending != 0 || len(s.Violations) > 0 {
			t.Errorf("%s: after 3 requests by hand: %d entries (had %d), %d pending, violations %+v", id, len(o.Entries), before, o.Pending, s.Violations)
		}
		if err := tl.Apply(engine.Action{Type: engine.ActNode, Node: 1, Name: "nonsense"}); err != nil {
			t.Fatal(err) // refused by the process with a note, not by the engine
		}
	}
}

// The same parameters and seed give the same run.
func TestMutexDeterminism(t *testing.T) {
	for _, id := range []string{"central-mutex", "ricart-agrawala"} {
		params := map[string]any{"n": 7, "count": 3, "spread": 40, "delay": map[string]any{"min": 0, "max": 6}, "csTime": map[string]any{"min": 1, "max": 4}, "fifo": false}
		a, _ := runToEnd(t, id, params, 9)
		b, _ := runToEnd(t, id, params, 9)
		if x, y := narration(a, 0, a.Len()), narration(b, 0, b.Len()); !slices.Equal(x, y) {
			t.Errorf("%s: two runs with seed 9 differ", id)
		}
		c, _ := runToEnd(t, id, params, 10)
		if slices.Equal(narration(a, 0, a.Len()), narration(c, 0, c.Len())) {
			t.Errorf("%s: seeds 9 and 10 give the same run", id)
		}
	}
}

// Parameter errors name the parameter and say what is wrong.
func TestMutexParamErrors(t *testing.T) {
	for _, c := range []struct {
		id     string
		params map[string]any
		want   string
	}{
		{"ricart-agrawala", map[string]any{"n": 3, "requestNodes": []int{0, 1}, "requestTimes": []int{0}}, "parameter requestTimes: has 1 entries but requestNodes has 2"},
		{"ricart-agrawala", map[string]any{"n": 3, "requestNodes": []int{3}, "requestTimes": []int{0}}, "parameter requestNodes: position 3 is outside 0..2"},
		{"ricart-agrawala", map[string]any{"n": 3, "clocks": []int{1, 2}}, "parameter clocks: has 2 entries but n is 3"},
		{"central-mutex", map[string]any{"n": 3, "coordinator": 3}, "parameter coordinator: position 3 is outside 0..2"},
		{"central-mutex", map[string]any{"n": 3, "crashed": []int{5}}, "parameter crashed: position 5 is outside 0..2"},
		{"central-mutex", map[string]any{"n": 65}, "n"},
	} {
		a, _ := algos.Get(c.id)
		_, err := a.ResolveAny(c.params, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: error %v, want %q", c.id, c.params, err, c.want)
		}
	}
}
