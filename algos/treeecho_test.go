package algos_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/algos"
	"distviz/engine"
)

// Tests for the election on trees, tied to ALGORITHMS.md 1.6.

// Hundreds of random trees, starter sets, ID orders and delays: the maximum
// wins and everyone knows it; exactly two neighbours learn it first; every
// process echoes once (n ECHO), INFO crosses every edge but the doubly
// echoed one (n−2), and with one starter EXPLOSION crosses every edge once
// (n−1): 3n−3 messages in all.
func TestTreeEchoElectsTheMaximum(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for run := range 400 {
		n := 2 + r.IntN(30)
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		starters := ringSubset(r, all, n)
		if run%3 == 0 {
			starters = []int{r.IntN(n)}
		}
		params := map[string]any{"n": n, "ports": 2 + r.IntN(3), "starters": starters, "delay": ringDelay(r)}
		seed := int64(run)
		tl, s := runToEnd(t, "tree-echo", params, seed)
		what := runName(params, seed)
		if len(s.Violations) > 0 || !s.Terminated {
			t.Fatalf("%s: violations %s", what, ringViolations(s))
		}
		o, ok := s.Outcome.(algos.TreeEchoOutcome)
		if !ok {
			t.Fatalf("outcome %T", s.Outcome)
		}
		ids := tl.Params.Ints("ids")
		if o.Leader == nil || *o.Leader != slices.Max(ids) || !o.Agree || o.Knowing != n {
			t.Fatalf("%s: outcome %+v, want leader %d known by all", what, o.ElectionOutcome, slices.Max(ids))
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
func TestTreeEchoTheory(t *testing.T) {
	for _, id := range []string{"one-starter", "random-tree"} {
		params := scenarioParams(t, "tree-echo", id)
		_, s := runToEnd(t, "tree-echo", params, 1)
		_, v := ringResolve(t, "tree-echo", params, 1)
		if got, want := float64(s.Messages.Sent), ringTheory(t, "tree-echo", v, "total"); got != want {
			t.Errorf("%s: %v messages, theory %v", id, got, want)
		}
		if got, want := float64(s.Messages.ByType.Get("ECHO")), ringTheory(t, "tree-echo", v, "echo"); got != want {
			t.Errorf("%s: %v ECHO, theory %v", id, got, want)
		}
	}
}

// Hot-plug is FireWire's: the tree of tree-echo is fixed.
func TestTreeEchoRefusesHotPlug(t *testing.T) {
	tl := newRun(t, "tree-echo", map[string]any{"n": 4}, 1)
	for _, typ := range []string{"plug", "unplug"} {
		if err := tl.Apply(engineAction(typ, 0)); err == nil {
			t.Errorf("%s on tree-echo was accepted", typ)
		}
	}
}

func engineAction(typ string, node int) engine.Action { return engine.Action{Type: typ, Node: node} }

// runName names a run in failure messages.
func runName(params map[string]any, seed int64) string {
	b, _ := json.Marshal(params)
	return fmt.Sprintf("%s seed %d", b, seed)
}
