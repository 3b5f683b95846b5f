package maekawa_test

import (
	"fmt"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/kit/mutex"
	"distviz/algos/maekawa"
	"distviz/engine"
	"distviz/timeline"
	"distviz/trace"
)

// The tests' helpers: runs of Maekawa's entry, its outcome, the messages
// sent by type, and the statistics of messages per entry.

var alg = maekawa.Algorithm

func runToEnd(t testing.TB, params map[string]any, seed int64) (*timeline.Timeline, trace.Summary) {
	t.Helper()
	return algotest.RunToEnd(t, alg, params, seed)
}

func scenarioParams(t testing.TB, id string) map[string]any {
	t.Helper()
	return algotest.ScenarioParams(t, alg, id)
}

func narration(tl *timeline.Timeline) []string { return algotest.Narration(tl, 0, tl.Len()) }

func outcomeOf(t testing.TB, s trace.Summary) maekawa.Outcome {
	return algotest.OutcomeOf[maekawa.Outcome](t, s.Outcome)
}

// sentByType counts the messages sent, by type.
func sentByType(tl *timeline.Timeline) map[string]int {
	out := map[string]int{}
	for seq := int64(1); seq <= tl.Len(); seq++ {
		if e := tl.Event(seq); e.Kind == engine.KindSend {
			out[e.Msg.Type]++
		}
	}
	return out
}

// requests counts the requests of the resolved workload.
func requests(t testing.TB, params map[string]any, seed int64) int {
	t.Helper()
	v, err := alg.ResolveAny(params, seed)
	if err != nil {
		t.Fatal(err)
	}
	nodes, _ := mutex.Workload(v)
	return len(nodes)
}

// stats gathers messages per entry over runs: the runs' averages and the
// single entries'.
type stats struct {
	runs, entries  int
	maxRun, sumRun float64
	maxEntry       int64
	maxRunParams   string
}

func (m *stats) add(o maekawa.Outcome, what string) {
	if o.MessagesPerEntry == nil {
		return
	}
	m.runs++
	m.sumRun += *o.MessagesPerEntry
	if *o.MessagesPerEntry > m.maxRun {
		m.maxRun, m.maxRunParams = *o.MessagesPerEntry, what
	}
	for _, e := range o.Entries {
		m.entries++
		m.maxEntry = max(m.maxEntry, e.Messages)
	}
}

func (m *stats) String() string {
	return fmt.Sprintf("%d runs, %d entries: messages per entry, run average max %.2f (%s) mean %.2f; single entry max %d",
		m.runs, m.entries, m.maxRun, m.maxRunParams, m.sumRun/float64(max(m.runs, 1)), m.maxEntry)
}

// checkServed: no violation, every request served, entries in turn.
func checkServed(t *testing.T, params map[string]any, seed int64) maekawa.Outcome {
	t.Helper()
	_, s := runToEnd(t, params, seed)
	o := outcomeOf(t, s)
	if len(s.Violations) > 0 || !s.Terminated || o.Deadlock != nil {
		t.Fatalf("seed %d %v: violations %+v, terminated %v, deadlock %+v", seed, params, s.Violations, s.Terminated, o.Deadlock)
	}
	if want := requests(t, params, seed); o.Pending != 0 || len(o.Entries) != want {
		t.Fatalf("seed %d %v: %d entries, %d pending; want all %d requests served", seed, params, len(o.Entries), o.Pending, want)
	}
	var perEntry int64
	for i, e := range o.Entries {
		perEntry += e.Messages
		if i > 0 && *o.Entries[i-1].ExitTime > e.EnterTime {
			t.Fatalf("seed %d: entries overlap in time: %+v then %+v", seed, o.Entries[i-1], e)
		}
	}
	if perEntry != o.Messages {
		t.Fatalf("seed %d %v: the entries' messages add up to %d, the run sent %d", seed, params, perEntry, o.Messages)
	}
	return o
}

// quick runs to the end on the engine alone, without the event log or the
// vector clocks ME3 needs: the deadlock statistics take thousands of runs.
// It returns the outcome and the number of violations.
func quick(t *testing.T, params map[string]any, seed int64) (maekawa.Outcome, int64) {
	t.Helper()
	v, err := alg.ResolveAny(params, seed)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := alg.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Causality = false
	sim, err := engine.New(cfg, uint64(seed))
	if err != nil {
		t.Fatal(err)
	}
	sim.Init()
	for steps := 0; sim.Step(); steps++ {
		if steps > 1_000_000 {
			t.Fatalf("seed %d %v: no end after a million steps", seed, params)
		}
	}
	return sim.Outcome().(maekawa.Outcome), sim.Metrics().Violations
}
