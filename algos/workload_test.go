package algos_test

import (
	"math"
	"slices"
	"testing"

	"distviz/algos"
)

// A Poisson workload: count requests per process, gaps exponential with mean
// 1/rate (within sampling error), the same for the same seed.
func TestPoissonWorkload(t *testing.T) {
	a, err := algos.Get("ricart-agrawala")
	if err != nil {
		t.Fatal(err)
	}
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
	a, err := algos.Get("ricart-agrawala")
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.ResolveAny(map[string]any{"n": 3, "requests": []map[string]int{{"node": 0, "at": 12}, {"node": 1, "at": 8}}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(v.Ints("requestNodes"), []int{0, 1}) || !slices.Equal(v.Ints("requestTimes"), []int{12, 8}) {
		t.Errorf("requests → %v at %v", v.Ints("requestNodes"), v.Ints("requestTimes"))
	}
	// the resolved values carry both forms and resolve again to the same
	w, err := a.ResolveAny(map[string]any{"n": 3, "requests": [][]int{{0, 12}, {1, 8}}, "requestNodes": []int{0, 1}, "requestTimes": []int{12, 8}}, 1)
	if err != nil || !slices.Equal(w.Ints("requestTimes"), []int{12, 8}) {
		t.Errorf("both forms, agreeing: %v", err)
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
