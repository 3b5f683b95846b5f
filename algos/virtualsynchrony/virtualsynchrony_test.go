package virtualsynchrony_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/virtualsynchrony"
)

// Tests for virtual synchrony, ALGORITHMS.md 5.

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, virtualsynchrony.Algorithm) }

// Hundreds of runs with random multicasts, crashes (of the sequencer too,
// in the middle of its multicasts) and joins, random delays: the total
// order, virtual synchrony and atomicity hold at every step, and at the end
// the live members are in one view, have delivered alike, and every live
// member's messages have been delivered.
func TestInvariantsUnderCrashesAndJoins(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	changes := 0
	for run := range 300 {
		n := 3 + r.IntN(8)
		perm := r.Perm(n)
		var crashes, joins [][]int
		for _, p := range perm[:r.IntN(n-1)] { // at least one process neither crashes nor joins
			if r.IntN(3) == 0 {
				joins = append(joins, []int{p, r.IntN(40)})
			} else {
				crashes = append(crashes, []int{p, r.IntN(50)})
			}
		}
		if len(joins) == n {
			joins = joins[1:]
		}
		lo := 1 + r.IntN(3)
		params := map[string]any{"n": n, "count": r.IntN(4), "spread": 50, "crashes": nonNil(crashes), "joins": nonNil(joins),
			"delay": map[string]any{"min": lo, "max": lo + r.IntN(4)}, "spacing": r.IntN(3), "detect": 1 + r.IntN(5)}
		_, s := algotest.RunToEnd(t, virtualsynchrony.Algorithm, params, int64(run))
		what := fmt.Sprintf("%v seed %d", params, run)
		if len(s.Violations) > 0 || !s.Terminated {
			t.Fatalf("%s: %s (terminated %v)", what, algotest.Violations(s), s.Terminated)
		}
		o := algotest.OutcomeOf[virtualsynchrony.Outcome](t, s.Outcome)
		if !o.Agree {
			t.Fatalf("%s: the live members disagree at the end: %+v", what, o.Installs)
		}
		for p, vs := range o.Views {
			if !slices.IsSorted(vs) || len(slices.Compact(slices.Clone(vs))) != len(vs) {
				t.Fatalf("%s: P%d installed views %v", what, p, vs)
			}
			changes += max(0, len(vs)-1)
		}
		checkDelivered(t, what, o, crashes)
	}
	t.Logf("%d view changes", changes)
	if changes < 300 {
		t.Fatalf("only %d view changes in 300 runs: the test shows too little", changes)
	}
}

// checkDelivered: no live member delivers a message twice, though the
// messages a crashed sequencer had ordered are sent again in the next view.
func checkDelivered(t *testing.T, what string, o virtualsynchrony.Outcome, crashes [][]int) {
	t.Helper()
	all := map[int][]string{}
	for _, in := range o.Installs {
		if !slices.ContainsFunc(crashes, func(c []int) bool { return c[0] == in.Node }) {
			all[in.Node] = append(all[in.Node], strings.Fields(in.Delivered)...)
		}
	}
	for p, ms := range all {
		sorted := slices.Sorted(slices.Values(ms))
		if len(slices.Compact(sorted)) != len(ms) {
			t.Fatalf("%s: P%d delivered a message twice: %v", what, p, ms)
		}
	}
}

func nonNil(x [][]int) [][]int {
	if x == nil {
		return [][]int{}
	}
	return x
}

// The scenario of a crash in the middle of a multicast: P0 crashes after
// sending P2.1 to P1 and P2 only; the flush makes P3 and P4 deliver it
// before view 1, so all four survivors delivered the same two messages in
// view 0, and P2.1 is not sent again.
func TestCrashMidMulticastFlush(t *testing.T) {
	_, s := algotest.RunToEnd(t, virtualsynchrony.Algorithm, algotest.ScenarioParams(t, virtualsynchrony.Algorithm, "crash-mid-multicast"), 0)
	o := algotest.OutcomeOf[virtualsynchrony.Outcome](t, s.Outcome)
	if len(s.Violations) > 0 || !o.Agree {
		t.Fatalf("violations %s, agree %v", algotest.Violations(s), o.Agree)
	}
	for _, in := range o.Installs {
		want := map[int]string{0: "P1.1 P2.1", 1: ""}[in.View]
		if in.Node != 0 && in.Delivered != want {
			t.Errorf("P%d delivered %q in view %d, want %q", in.Node, in.Delivered, in.View, want)
		}
	}
	for p := 1; p < 5; p++ {
		if got := fmt.Sprint(o.Views[p]); got != "[0 1]" {
			t.Errorf("P%d installed views %s, want [0 1]", p, got)
		}
	}
}

// Without crashes and joins the sequencer sends each message to the n−1
// others: m(n−1) ORDER copies, as the theory says.
func TestOrdersWithoutViewChange(t *testing.T) {
	for seed := range int64(50) {
		tl, s := algotest.RunToEnd(t, virtualsynchrony.Algorithm, map[string]any{"n": 2 + int(seed)%9, "count": 3}, seed)
		want := algotest.Theory(t, virtualsynchrony.Algorithm, tl.Params, "ordered copies")
		if got := float64(s.Messages.ByType.Get("ORDER")); got != want || len(s.Violations) > 0 {
			t.Fatalf("seed %d: %v ORDER, theory %v; violations %s", seed, got, want, algotest.Violations(s))
		}
	}
}
