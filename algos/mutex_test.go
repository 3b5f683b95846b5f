package algos_test

import (
	"testing"

	"distviz/algos"
	"distviz/trace"
)

// Helpers for the mutual-exclusion algorithms still in this package; the
// family's tests are in algos/kit/mutex.

func mutexOutcomeOf(t testing.TB, s trace.Summary) algos.MutexOutcome {
	t.Helper()
	o, ok := s.Outcome.(algos.MutexOutcome)
	if !ok {
		t.Fatalf("outcome is %T, want algos.MutexOutcome", s.Outcome)
	}
	return o
}

// requestsOf is the positions of the requests in a run's resolved workload.
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
