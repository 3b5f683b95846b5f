package algotest

import (
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/engine"
	"distviz/timeline"
	"distviz/trace"
)

// RandomIDs draws n distinct IDs from 0..10⁹ (large and sparse, unlike the
// default 0..n−1).
func RandomIDs(r *rand.Rand, n int) []int {
	ids := make([]int, 0, n)
	for len(ids) < n {
		if id := r.IntN(1e9 + 1); !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// RandomSubset is a random non-empty subset of at most most positions of
// from, in random order (start order is part of the schedule).
func RandomSubset(r *rand.Rand, from []int, most int) []int {
	s := slices.Clone(from)
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	return s[:1+r.IntN(min(most, len(s)))]
}

// Positions is 0, 1, …, n−1.
func Positions(n int) []int {
	ps := make([]int, n)
	for i := range ps {
		ps[i] = i
	}
	return ps
}

// StepToSend steps the run until a send matching the predicate and returns
// its message ID, so that a test can act on that message in flight.
func StepToSend(t *testing.T, tl *timeline.Timeline, match func(e engine.Event) bool) int64 {
	t.Helper()
	for {
		before := tl.Seq()
		ok, err := tl.Forward()
		if err != nil || !ok {
			t.Fatalf("the run ended before the awaited send (err %v)", err)
		}
		for seq := before + 1; seq <= tl.Seq(); seq++ {
			if e := tl.Event(seq); e.Kind == engine.KindSend && match(e) {
				return e.MsgID
			}
		}
	}
}

// ViolationsOf are a run's violations of one invariant.
func ViolationsOf(s trace.Summary, invariant string) []trace.Violation {
	var out []trace.Violation
	for _, v := range s.Violations {
		if v.Invariant == invariant {
			out = append(out, v)
		}
	}
	return out
}
