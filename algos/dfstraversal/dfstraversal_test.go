package dfstraversal_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/dfstraversal"
	"distviz/algos/kit/graph"
)

// Tests for the traversal election, tied to ALGORITHMS.md 1.8 (Sequential
// traversal).

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, dfstraversal.Algorithm) }

// Hundreds of random graphs, initiator sets, ID orders, delays, FIFO or
// not, both variants: no invariant breaks at any step (no edge used twice
// in one direction); exactly one process wins, the largest initiator; the
// parents form a spanning tree rooted at it and the order visits every
// process once, the winner first, each after its parent. With one
// initiator the token moves exactly 2|E| times with edge colouring and
// 2(n−1) times with the path method.
func TestElectsTheLargestInitiator(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 5))
	for run := range 400 {
		n := 2 + r.IntN(30)
		variant := []string{"path", "edge-colouring"}[run%2]
		params := map[string]any{
			"n": n, "m": n - 1 + r.IntN(n*(n-1)/2-n+2), "initiatorCount": 1 + r.IntN(n), "variant": variant,
			"delay": algotest.RandomDelay(r), "fifo": r.IntN(2) == 0,
		}
		if run%3 == 0 {
			params["initiatorCount"] = 1
		}
		seed := int64(run)
		what := algotest.RunName(params, seed)
		tl, s := algotest.RunToEnd(t, dfstraversal.Algorithm, params, seed)
		if len(s.Violations) > 0 || !s.Terminated {
			t.Fatalf("%s: violations %s", what, algotest.Violations(s))
		}
		o := algotest.OutcomeOf[dfstraversal.Outcome](t, s.Outcome)
		ids, inits := tl.Params.Ints("ids"), tl.Params.Ints("initiators")
		largest := -1
		for _, p := range inits {
			largest = max(largest, ids[p])
		}
		if len(o.Elected) != 1 || ids[o.Elected[0]] != largest || o.Leader == nil || *o.Leader != largest {
			t.Fatalf("%s: elected %v leader %v, want the largest initiator %d", what, o.Elected, o.Leader, largest)
		}
		winner := o.Elected[0]
		if err := graph.SpanningTree(o.Parents, o.Edges, winner); err != nil {
			t.Fatalf("%s: tree %v: %v", what, o.Parents, err)
		}
		if len(o.Order) != n || o.Order[0] != winner {
			t.Fatalf("%s: order %v", what, o.Order)
		}
		for i, p := range o.Order[1:] {
			if !slices.Contains(o.Order[:i+1], o.Parents[p]) {
				t.Fatalf("%s: order %v visits %d before its parent %d", what, o.Order, p, o.Parents[p])
			}
		}
		moves, e := s.Messages.Sent, int64(len(o.Edges))
		switch {
		case len(inits) == 1 && variant == "edge-colouring" && moves != 2*e:
			t.Fatalf("%s: %d moves, want 2|E| = %d", what, moves, 2*e)
		case len(inits) == 1 && variant == "path" && moves != 2*int64(n-1):
			t.Fatalf("%s: %d moves, want 2(n−1) = %d", what, moves, 2*(n-1))
		}
	}
}

// The scenarios' counts agree with the registry's theory.
func TestTheory(t *testing.T) {
	for _, c := range []struct{ scenario, bound string }{{"path", "path method"}, {"edge-colouring", "edge-colouring"}} {
		params := algotest.ScenarioParams(t, dfstraversal.Algorithm, c.scenario)
		tl, s := algotest.RunToEnd(t, dfstraversal.Algorithm, params, 1)
		if want := algotest.Theory(t, dfstraversal.Algorithm, tl.Params, c.bound); float64(s.Messages.Sent) != want {
			t.Errorf("%s: %d moves, theory %v", c.scenario, s.Messages.Sent, want)
		}
	}
}

// In the path method the token's path is the order of first visits.
func TestPathIsTheOrder(t *testing.T) {
	_, s := algotest.RunToEnd(t, dfstraversal.Algorithm, algotest.ScenarioParams(t, dfstraversal.Algorithm, "path"), 1)
	o := algotest.OutcomeOf[dfstraversal.Outcome](t, s.Outcome)
	if want := []int{0, 1, 2, 4, 3, 5}; !slices.Equal(o.Order, want) {
		t.Errorf("order %v, want the depth-first %v", o.Order, want)
	}
}

// Before it starts, an initiator is shown as one, not as defeated (the
// cross is for an initiator whose token a larger one swallowed).
func TestInitiatorBeforeItStarts(t *testing.T) {
	tl := algotest.NewRun(t, dfstraversal.Algorithm, map[string]any{"n": 6, "initiatorCount": 2}, 3)
	roles := map[string]int{}
	for p := range 6 {
		roles[tl.State().Process(p).View().Role]++
	}
	if roles["initiator"] != 2 || roles["defeated"] != 0 {
		t.Errorf("at step 0 the roles are %v, want 2 initiators and no defeated", roles)
	}
}
