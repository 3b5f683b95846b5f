package srm_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/kit/group/grouptest"
	"distviz/algos/srm"
)

// Tests for SRM, ALGORITHMS.md 5 (Floyd et al. 1997).

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, srm.Algorithm) }

// randomLosses are a few links of the run's tree, each losing the first
// copy of a message before the last (so that a later one shows the gap).
func randomLosses(r *rand.Rand, edges [][]int, k int) [][]int {
	var out [][]int
	for range 1 + r.IntN(3) {
		e := edges[r.IntN(len(edges))]
		out = append(out, []int{1 + r.IntN(max(1, k-1)), e[0], e[1]})
	}
	return out
}

// Over hundreds of random trees and losses of whole subtrees, with and
// without suppression: every member delivers every message in order; each
// loss costs at least one NACK and one REPAIR; without suppression every
// member that missed a message asks for it.
func TestEveryLossIsRepaired(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for run := range 300 {
		n, k := 3+r.IntN(30), 2+r.IntN(4)
		suppress := run%2 == 0
		seed := int64(run)
		tl := algotest.NewRun(t, srm.Algorithm, map[string]any{"n": n, "messages": k}, seed)
		params := map[string]any{"n": n, "messages": k, "edges": tl.Params.IntLists("edges"),
			"lose": randomLosses(r, tl.Params.IntLists("edges"), k), "suppression": suppress}
		_, s := algotest.RunToEnd(t, srm.Algorithm, params, seed)
		what := fmt.Sprintf("%v seed %d", params, seed)
		if len(s.Violations) > 0 {
			t.Fatalf("%s: %s", what, algotest.Violations(s))
		}
		o := algotest.OutcomeOf[srm.Outcome](t, s.Outcome)
		for _, d := range o.Delivery {
			if !slices.Equal(d.Delivered, grouptest.Seqs(k)) {
				t.Fatalf("%s: P%d delivered %v", what, d.Node, d.Delivered)
			}
		}
		if len(o.Losses) == 0 {
			t.Fatalf("%s: no loss recorded", what)
		}
		for _, l := range o.Losses {
			if l.Nacks < 1 || l.Repairs < 1 || !suppress && l.Nacks < l.Missed {
				t.Fatalf("%s: loss %+v: want a NACK and a REPAIR at least (without suppression a NACK per member that missed it)", what, l)
			}
		}
	}
}

// With random loss on every link, the gaps a member knows of are always
// repaired: a member that ends without a message lacks the last ones,
// whose loss (and that of every SESSION) nothing showed it.
func TestOnlyTheLastMessagesCanGoUnnoticed(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for run := range 200 {
		n, k := 3+r.IntN(20), 1+r.IntN(5)
		params := map[string]any{"n": n, "messages": k, "loss": 0.02 + 0.15*r.Float64(), "sessions": r.IntN(3)}
		_, s := algotest.RunToEnd(t, srm.Algorithm, params, int64(run))
		o := algotest.OutcomeOf[srm.Outcome](t, s.Outcome)
		for _, v := range s.Violations {
			if v.Invariant != "delivered" {
				t.Fatalf("%v seed %d: %s", params, run, algotest.Violations(s))
			}
		}
		for _, d := range o.Delivery {
			if !slices.Equal(d.Delivered, grouptest.Seqs(len(d.Delivered))) || len(d.Delivered) < k && !slices.Contains(o.Missing, d.Node) {
				t.Fatalf("%v seed %d: P%d delivered %v (missing %v)", params, run, d.Node, d.Delivered, o.Missing)
			}
		}
	}
}

// The experiment's claim: the link P0–P1 loses message 1, so the subtree
// below P1 misses it. With suppression the NACKs per loss stay near 1 as
// the group grows; without, they grow with it.
func TestSuppressionKeepsNacksPerLossNearOne(t *testing.T) {
	mean := func(n int, suppress bool) float64 {
		sum := 0.0
		for seed := range int64(10) {
			s, _ := algotest.Bare(t, srm.Algorithm, map[string]any{"n": n, "messages": 2, "lose": [][]int{{1, 0, 1}}, "suppression": suppress}, seed+1)
			sum += algotest.OutcomeOf[srm.Outcome](t, s.Outcome()).NacksPerLoss
		}
		return sum / 10
	}
	with8, with64 := mean(8, true), mean(64, true)
	without8, without64 := mean(8, false), mean(64, false)
	t.Logf("NACKs per loss: n=8 %.2f with, %.2f without; n=64 %.2f with, %.2f without", with8, without8, with64, without64)
	if with8 > 2 || with64 > 2 {
		t.Errorf("with suppression %.2f (n=8) and %.2f (n=64) NACKs per loss, want near 1", with8, with64)
	}
	if without64 < 4*with64 || without64 <= without8 {
		t.Errorf("without suppression %.2f (n=8) and %.2f (n=64) NACKs per loss: want it to grow with the group", without8, without64)
	}
}
