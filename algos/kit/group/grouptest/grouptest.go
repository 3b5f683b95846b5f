// Package grouptest holds what the group protocols' tests share: runs with
// receivers crashing at random moments, and the sequences a receiver must
// deliver.
package grouptest

import (
	"math/rand/v2"
	"testing"

	"distviz/algo"
	"distviz/algos/algotest"
	"distviz/engine"
	"distviz/timeline"
	"distviz/trace"
)

// RunCrashing runs to the end, crashing up to crashes receivers (never the
// sender P0), each at a step drawn from r.
func RunCrashing(t testing.TB, a *algo.Algorithm, params map[string]any, seed int64, r *rand.Rand, crashes int) (*timeline.Timeline, trace.Summary) {
	t.Helper()
	tl := algotest.NewRun(t, a, params, seed)
	n := len(tl.Nodes)
	for step := 0; ; step++ {
		ok, err := tl.Forward()
		if err != nil {
			t.Fatalf("%v seed %d: %v", params, seed, err)
		}
		if !ok {
			break
		}
		if crashes > 0 && r.IntN(20) == 0 {
			if p := 1 + r.IntN(n-1); !tl.Head().Crashed(p) {
				if err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: p}); err != nil {
					t.Fatal(err)
				}
				crashes--
			}
		}
		if step > 1_000_000 {
			t.Fatalf("%v seed %d: no end", params, seed)
		}
	}
	s := trace.Summarize(tl)
	algotest.CheckCounters(t, tl, s)
	return tl, s
}

// Seqs are the message numbers 1 … k.
func Seqs(k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// Delay draws a random delay range min..max with 1 ≤ min ≤ max ≤ 8.
func Delay(r *rand.Rand) map[string]any {
	lo := 1 + r.IntN(4)
	return map[string]any{"min": lo, "max": lo + r.IntN(5)}
}
