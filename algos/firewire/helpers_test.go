package firewire_test

import (
	"distviz/algos/algotest"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/algos/firewire"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
	"distviz/trace"
)

// Helpers of the FireWire tests.

// Tests for FireWire tree identify, tied to ALGORITHMS.md 1.7.

func outcomeOf(t testing.TB, o any) firewire.Outcome {
	return algotest.OutcomeOf[firewire.Outcome](t, o)
}

// checkTree checks, from the outcome alone, that the attached devices
// form buses (the parts the cables join, a tree each) and that on each bus
// the parent links along the cables form a tree with exactly one root;
// root is the root of the bus of the lowest attached position.
func checkTree(t testing.TB, o firewire.Outcome, what string) {
	t.Helper()
	if o.Root == nil || o.ElectedAt == nil {
		t.Fatalf("%s: no root: %+v", what, o)
	}
	cable := map[[2]int]bool{}
	for _, e := range o.Edges {
		cable[e] = true
	}
	partOf := map[int]int{}
	for k, part := range o.Parts {
		if !slices.IsSorted(part) || len(part) == 0 || (k > 0 && o.Parts[k-1][0] > part[0]) {
			t.Fatalf("%s: parts %v are not in order", what, o.Parts)
		}
		for _, p := range part {
			partOf[p] = k
		}
	}
	if len(o.Roots) != len(o.Parts) || !slices.IsSorted(o.Roots) {
		t.Fatalf("%s: roots %v for the buses %v: want one each, ascending", what, o.Roots, o.Parts)
	}
	rootOf := map[int]int{}
	for _, r := range o.Roots {
		if _, dup := rootOf[partOf[r]]; dup {
			t.Fatalf("%s: two roots on the bus %v", what, o.Parts[partOf[r]])
		}
		rootOf[partOf[r]] = r
	}
	if first := o.Parts[0]; rootOf[0] != *o.Root || first[0] != slices.Index(o.Attached, true) {
		t.Fatalf("%s: root P%d, want the root of the bus %v of the lowest attached position", what, *o.Root, first)
	}
	attached := 0
	for p, a := range o.Attached {
		if !a {
			if o.Parent[p] != nil {
				t.Fatalf("%s: detached P%d has parent %d", what, p, *o.Parent[p])
			}
			continue
		}
		attached++
		k, ok := partOf[p]
		if !ok {
			t.Fatalf("%s: P%d is on no bus of %v", what, p, o.Parts)
		}
		if o.Parent[p] == nil {
			t.Fatalf("%s: P%d knows no parent", what, p)
		}
		if q := *o.Parent[p]; q < 0 {
			if p != rootOf[k] {
				t.Fatalf("%s: P%d considers itself root, the outcome says P%d", what, p, rootOf[k])
			}
		} else if !cable[[2]int{min(p, q), max(p, q)}] {
			t.Fatalf("%s: P%d's parent P%d is not on a cable", what, p, q)
		}
	}
	if len(o.Edges) != attached-len(o.Parts) {
		t.Fatalf("%s: %d cables for %d attached devices on %d buses: not a forest", what, len(o.Edges), attached, len(o.Parts))
	}
	for p, a := range o.Attached {
		q := p
		for steps := 0; a && q != rootOf[partOf[p]]; steps++ {
			if steps > len(o.Parent) {
				t.Fatalf("%s: the parent links from P%d cycle", what, p)
			}
			q = *o.Parent[q]
		}
	}
}

// randomBus draws a bus: n, ports, wire delay, tie-break.
func randomBus(r *rand.Rand) map[string]any {
	n := 1 + r.IntN(20)
	return map[string]any{"n": n, "ports": 2 + r.IntN(3), "wireDelay": r.IntN(201),
		"tieBreak": []string{"random", "id"}[r.IntN(2)], "spares": r.IntN(3)}
}

// runName names a run in failure messages.
func runName(params map[string]any, seed int64) string {
	b, _ := json.Marshal(params)
	return fmt.Sprintf("%s seed %d", b, seed)
}

// violations renders a summary's violations, for failure messages.
func violations(s trace.Summary) string { return algotest.Violations(s) }

// encode is the run's whole trace of events, encoded.
func encode(t testing.TB, tl *timeline.Timeline) []byte { return algotest.Encode(t, tl) }

// bare runs on the bare engine, without recording events: for the tests
// that only need the outcome of thousands of runs.
func bare(t testing.TB, params map[string]any, seed int64) (*engine.Sim, param.Values) {
	return algotest.Bare(t, firewire.Algorithm, params, seed)
}
