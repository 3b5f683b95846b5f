package algos_test

import (
	"testing"

	"distviz/algos"
)

// A helper for the mutual-exclusion algorithm still in this package
// (Maekawa); the family's tests are in algos/kit/mutex.

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
