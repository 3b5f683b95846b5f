package algotest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
	"distviz/trace"
)

// OutcomeOf asserts an outcome's type: every algorithm's tests read their
// own outcome record.
func OutcomeOf[T any](t testing.TB, o any) T {
	t.Helper()
	v, ok := o.(T)
	if !ok {
		var want T
		t.Fatalf("outcome is %T, want %T", o, want)
	}
	return v
}

// Violations writes a summary's violations on one line, for failure messages.
func Violations(s trace.Summary) string {
	var out []string
	for _, v := range s.Violations {
		out = append(out, fmt.Sprintf("event %d %s: %s", v.Seq, v.Invariant, v.Text))
	}
	return strings.Join(out, "; ")
}

// Encode is a run's whole trace of events, one JSON line each.
func Encode(t testing.TB, tl *timeline.Timeline) []byte {
	t.Helper()
	var b []byte
	for seq := int64(1); seq <= tl.Len(); seq++ {
		var err error
		if b, err = tl.Event(seq).AppendJSON(b); err != nil {
			t.Fatal(err)
		}
		b = append(b, '\n')
	}
	return b
}

// Bare runs on the bare engine to the end, recording no events: for the
// message-count tests, which need only the counters.
func Bare(t testing.TB, a *algo.Algorithm, params map[string]any, seed int64) (*engine.Sim, param.Values) {
	t.Helper()
	v, err := a.ResolveAny(params, seed)
	if err != nil {
		t.Fatalf("%s %v: %v", a.ID, params, err)
	}
	cfg, _, err := a.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := engine.New(cfg, uint64(seed))
	if err != nil {
		t.Fatal(err)
	}
	sim.Init()
	for steps := 0; sim.Step(); steps++ {
		if steps > 50_000_000 {
			t.Fatalf("%s %v seed %d: no end after %d steps", a.ID, params, seed, steps)
		}
	}
	return sim, v
}

// Theory is the value of a's bound with the given name for a run's parameters.
func Theory(t testing.TB, a *algo.Algorithm, v param.Values, name string) float64 {
	t.Helper()
	for _, e := range a.Evaluate(v) {
		if e.Name == name {
			return e.Value
		}
	}
	t.Fatalf("%s has no bound %q for these parameters", a.ID, name)
	return 0
}

// RunName names a run in failure messages: its parameters as JSON and its seed.
func RunName(params map[string]any, seed int64) string {
	b, _ := json.Marshal(params)
	return fmt.Sprintf("%s seed %d", b, seed)
}

// RandomDelay draws a delay range min..max with 0 ≤ min ≤ max ≤ 15, for
// the property tests' random schedules.
func RandomDelay(r *rand.Rand) map[string]any {
	lo := r.IntN(6)
	return map[string]any{"min": lo, "max": lo + r.IntN(11)}
}
