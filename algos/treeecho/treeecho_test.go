package treeecho_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/treeecho"
	"distviz/engine"
	"distviz/param"
	"distviz/trace"
)

// Tests for the election on trees, tied to ALGORITHMS.md 1.6.

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, treeecho.Algorithm) }

// Hundreds of random trees, starter sets, ID orders and delays: the maximum
// wins and everyone knows it; exactly two neighbours learn it first; every
// process echoes once (n ECHO), INFO crosses every edge but the doubly
// echoed one (n−2), and with one starter EXPLOSION crosses every edge once
// (n−1): 3n−3 messages in all.
func TestElectsTheMaximum(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for run := range 400 {
		n := 2 + r.IntN(30)
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		starters := subset(r, all, n)
		if run%3 == 0 {
			starters = []int{r.IntN(n)}
		}
		params := map[string]any{"n": n, "ports": 2 + r.IntN(3), "starters": starters, "delay": delay(r)}
		seed := int64(run)
		tl, s := algotest.RunToEnd(t, treeecho.Algorithm, params, seed)
		what := runName(params, seed)
		if len(s.Violations) > 0 || !s.Terminated {
			t.Fatalf("%s: violations %s", what, violations(s))
		}
		o, ok := s.Outcome.(treeecho.Outcome)
		if !ok {
			t.Fatalf("outcome %T", s.Outcome)
		}
		ids := tl.Params.Ints("ids")
		if o.Leader == nil || *o.Leader != slices.Max(ids) || !o.Agree || o.Knowing != n {
			t.Fatalf("%s: outcome %+v, want leader %d known by all", what, o.Outcome, slices.Max(ids))
		}
		if len(o.Elected) != 1 || ids[o.Elected[0]] != slices.Max(ids) {
			t.Fatalf("%s: elected %v", what, o.Elected)
		}
		if len(o.FirstToKnow) != 2 || !slices.Contains(o.Edges, [2]int{o.FirstToKnow[0], o.FirstToKnow[1]}) {
			t.Fatalf("%s: first to know %v, want two neighbours (edges %v)", what, o.FirstToKnow, o.Edges)
		}
		m := s.Messages.ByType
		nn := int64(n)
		if m.Get("ECHO") != nn || m.Get("INFO") != nn-2 {
			t.Fatalf("%s: %d ECHO and %d INFO, want %d and %d", what, m.Get("ECHO"), m.Get("INFO"), n, n-2)
		}
		ex := m.Get("EXPLOSION")
		if len(starters) == 1 && (ex != nn-1 || s.Messages.Sent != 3*nn-3) {
			t.Fatalf("%s: one starter: %d EXPLOSION, %d messages, want %d and %d", what, ex, s.Messages.Sent, n-1, 3*n-3)
		}
		if ex < nn-1 || ex > 2*(nn-1) {
			t.Fatalf("%s: %d EXPLOSION, want between n−1 and 2(n−1)", what, ex)
		}
		if !slices.Equal(o.Attached, slices.Repeat([]bool{true}, n)) || len(o.Edges) != n-1 {
			t.Fatalf("%s: attached %v edges %v", what, o.Attached, o.Edges)
		}
	}
}

// The scenarios' counts agree with the registry's theory.
func TestTheory(t *testing.T) {
	for _, id := range []string{"one-starter", "random-tree"} {
		params := algotest.ScenarioParams(t, treeecho.Algorithm, id)
		tl, s := algotest.RunToEnd(t, treeecho.Algorithm, params, 1)
		if got, want := float64(s.Messages.Sent), theory(t, tl.Params, "total"); got != want {
			t.Errorf("%s: %v messages, theory %v", id, got, want)
		}
		if got, want := float64(s.Messages.ByType.Get("ECHO")), theory(t, tl.Params, "echo"); got != want {
			t.Errorf("%s: %v ECHO, theory %v", id, got, want)
		}
	}
}

// Hot-plug is FireWire's: the tree of tree-echo is fixed.
func TestRefusesHotPlug(t *testing.T) {
	tl := algotest.NewRun(t, treeecho.Algorithm, map[string]any{"n": 4}, 1)
	for _, typ := range []string{engine.ActPlug, engine.ActUnplug} {
		if err := tl.Apply(engine.Action{Type: typ, Node: 0}); err == nil {
			t.Errorf("%s on tree-echo was accepted", typ)
		}
	}
}

// theory is the registry's bound of the given name for a run's parameters.
func theory(t testing.TB, v param.Values, name string) float64 {
	return algotest.Theory(t, treeecho.Algorithm, v, name)
}

// runName names a run in failure messages.
func runName(params map[string]any, seed int64) string {
	b, _ := json.Marshal(params)
	return fmt.Sprintf("%s seed %d", b, seed)
}

// violations renders a summary's violations, for failure messages.
func violations(s trace.Summary) string { return algotest.Violations(s) }

// delay draws a random delay range min..max with 0 ≤ min ≤ max ≤ 15.
func delay(r *rand.Rand) map[string]any {
	lo := r.IntN(6)
	return map[string]any{"min": lo, "max": lo + r.IntN(11)}
}

// subset is a random non-empty subset of the positions in from, in random
// order (start order is part of the schedule).
func subset(r *rand.Rand, from []int, most int) []int {
	s := slices.Clone(from)
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	return s[:1+r.IntN(min(most, len(s)))]
}
