package mutex_test

import (
	"encoding/json"
	"math"
	"slices"
	"testing"

	"distviz/algos/kit/mutex"
)

// A Poisson workload: count requests per process, gaps exponential with mean
// 1/rate (within sampling error), the same for the same seed.
func TestPoissonWorkload(t *testing.T) {
	a := get(t, "ricart-agrawala")
	params := map[string]any{"n": 8, "count": 50, "rate": 0.1}
	v, err := a.ResolveAny(params, 3)
	if err != nil {
		t.Fatal(err)
	}
	nodes, times := v.Ints("requestNodes"), v.Ints("requestTimes")
	if len(nodes) != 8*50 || len(times) != len(nodes) {
		t.Fatalf("%d requests, want 400", len(nodes))
	}
	last := map[int]int{}
	var gaps []float64
	for i, p := range nodes {
		gaps = append(gaps, float64(times[i]-last[p]))
		last[p] = times[i]
	}
	mean := 0.0
	for _, g := range gaps {
		if g < 0 {
			t.Fatalf("request times of a process go back: %v", times)
		}
		mean += g / float64(len(gaps))
	}
	// exponential gaps: standard deviation = mean = 10, so the standard error is 10/√400 = 0.5
	if math.Abs(mean-10) > 4*0.5+0.5 { // + rounding to whole times
		t.Errorf("mean gap %.2f, want 10 (rate 0.1)", mean)
	}
	w, err := a.ResolveAny(params, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(w.Ints("requestTimes"), times) {
		t.Error("the same seed gave another workload")
	}
	if _, err := a.ResolveAny(map[string]any{"rate": -1}, 1); err == nil {
		t.Error("a negative rate was accepted")
	}
}

// The explicit workload as [position, time] pairs is the same as the two
// parallel lists; mixing the two forms or a malformed pair is refused.
func TestRequestsPairs(t *testing.T) {
	a := get(t, "ricart-agrawala")
	params := map[string]any{"n": 3, "requests": []map[string]int{{"node": 0, "at": 12}, {"node": 1, "at": 8}}}
	_, got := runToEnd(t, "ricart-agrawala", params, 1)
	_, want := runToEnd(t, "ricart-agrawala", map[string]any{"n": 3, "requestNodes": []int{0, 1}, "requestTimes": []int{12, 8}}, 1)
	if g, w := outcomeOf(t, got), outcomeOf(t, want); len(g.Entries) != 2 || !slices.EqualFunc(g.Entries, w.Entries, sameEntry) {
		t.Errorf("requests gave entries %+v, the parallel lists %+v", g.Entries, w.Entries)
	}
	// the resolved values (as a trace keeps them) resolve again to the same
	v, err := a.ResolveAny(params, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	var again map[string]json.RawMessage
	json.Unmarshal(b, &again)
	if w, err := a.Resolve(again, 1); err != nil || !slices.EqualFunc(w.IntLists("requests"), v.IntLists("requests"), slices.Equal) {
		t.Errorf("resolved %s does not resolve again: %v", b, err)
	}
	for _, bad := range []map[string]any{
		{"requests": [][]int{{0, 12, 3}}},
		{"requests": [][]int{{5, 1}}},
		{"requests": [][]int{{0, 1}}, "requestNodes": []int{1}, "requestTimes": []int{2}},
	} {
		if _, err := a.ResolveAny(bad, 1); err == nil {
			t.Errorf("%v was accepted", bad)
		}
	}
}

// sameEntry compares entries by who entered and when.
func sameEntry(a, b mutex.Entry) bool {
	return a.Node == b.Node && a.RequestedTime == b.RequestedTime && a.EnterTime == b.EnterTime
}
