package echoelection_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/echoelection"
	"distviz/algos/kit/graph"
)

// Tests for the echo election, tied to ALGORITHMS.md 1.8 (Echo/Election).

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, echoelection.Algorithm) }

// Every rule of the slides, (1) to (5), fires in the lecture transcripts
// (which the narration must reproduce line by line).
func TestEveryRuleFiresInATranscript(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txt")
	var all strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	for _, rule := range []string{"(1) initiator", "(2a) free", "(2b) free", "(3a) ε", "(3b) ε", "(3c) ε", "conquers the initiator", "(4a) χ", "(4b) χ", "(5) all edges but", "(5) all edges are done"} {
		if !strings.Contains(all.String(), rule) {
			t.Errorf("no transcript shows rule %q", rule)
		}
	}
}

// Hundreds of random graphs, initiator sets, ID orders, delays and FIFO or
// not: no invariant breaks at any step; exactly one process wins, the
// largest initiator; with the information wave everyone knows it; the
// parents form a spanning tree rooted at the winner; with one initiator
// the explorers and echoes are exactly 2|E|, the INFO messages n−1.
func TestElectsTheLargestInitiator(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 8))
	for run := range 400 {
		n := 2 + r.IntN(30)
		params := map[string]any{
			"n": n, "m": n - 1 + r.IntN(n*(n-1)/2-n+2), "initiatorCount": 1 + r.IntN(n),
			"delay": algotest.RandomDelay(r), "fifo": r.IntN(2) == 0, "inform": r.IntN(4) != 0,
		}
		if run%3 == 0 {
			params["initiatorCount"] = 1
		}
		if run%5 == 0 {
			params["shape"], params["m"] = []string{"grid", "complete", "tree", "wheel", "ring"}[r.IntN(5)], 0
			if n < 4 {
				params["shape"] = "complete"
			}
		}
		seed := int64(run)
		what := algotest.RunName(params, seed)
		tl, s := algotest.RunToEnd(t, echoelection.Algorithm, params, seed)
		if len(s.Violations) > 0 || !s.Terminated {
			t.Fatalf("%s: violations %s", what, algotest.Violations(s))
		}
		o := algotest.OutcomeOf[echoelection.Outcome](t, s.Outcome)
		ids, inits := tl.Params.Ints("ids"), tl.Params.Ints("initiators")
		largest := -1
		for _, p := range inits {
			largest = max(largest, ids[p])
		}
		if len(o.Elected) != 1 || ids[o.Elected[0]] != largest {
			t.Fatalf("%s: elected %v, want the largest initiator %d", what, o.Elected, largest)
		}
		if params["inform"].(bool) && (!o.Agree || o.Knowing != n || *o.Leader != largest) {
			t.Fatalf("%s: outcome %+v, want %d known by all", what, o.Outcome, largest)
		}
		if err := graph.SpanningTree(o.Tree, o.Edges, o.Elected[0]); err != nil {
			t.Fatalf("%s: tree %v: %v", what, o.Tree, err)
		}
		m := s.Messages.ByType
		if info := m.Get("INFO"); params["inform"].(bool) != (info == int64(n-1)) || (info != 0 && info != int64(n-1)) {
			t.Fatalf("%s: %d INFO", what, info)
		}
		waves := m.Get("EXPLORER") + m.Get("ECHO")
		if e := int64(2 * len(o.Edges)); len(inits) == 1 && waves != e || waves < e {
			t.Fatalf("%s: %d initiators: %d explorers and echoes, 2|E| = %d", what, len(inits), waves, e)
		}
	}
}

// The scenarios' counts agree with the registry's theory.
func TestTheory(t *testing.T) {
	for _, c := range []struct{ scenario, bound, measure string }{
		{"one-initiator", "explorers", "EXPLORER"}, {"one-initiator", "echoes", "ECHO"},
		{"one-initiator", "information", "INFO"}, {"hypercube", "explorers and echoes", ""},
	} {
		params := algotest.ScenarioParams(t, echoelection.Algorithm, c.scenario)
		tl, s := algotest.RunToEnd(t, echoelection.Algorithm, params, 1)
		got := s.Messages.Sent
		if c.measure != "" {
			got = s.Messages.ByType.Get(c.measure)
		}
		if want := algotest.Theory(t, echoelection.Algorithm, tl.Params, c.bound); float64(got) != want {
			t.Errorf("%s: %d %s, theory %v", c.scenario, got, c.bound, want)
		}
	}
}

// Parameters that do not make a connected simple graph are refused with why.
func TestRefusesBadGraphs(t *testing.T) {
	for _, c := range []struct {
		params map[string]any
		want   string
	}{
		{map[string]any{"n": 4, "edges": [][]int{{0, 1}, {2, 3}}}, "not connected"},
		{map[string]any{"n": 3, "edges": [][]int{{0, 1}, {1, 1}, {1, 2}}}, "self-loop"},
		{map[string]any{"n": 3, "edges": [][]int{{0, 1}, {1, 2}, {2, 1}}}, "repeats"},
		{map[string]any{"n": 3, "initiators": []int{3}}, "outside"},
		{map[string]any{"n": 3, "initiatorCount": 4}, "only 3"},
		{map[string]any{"n": 6, "shape": "hypercube"}, "power of two"},
	} {
		_, err := echoelection.Algorithm.ResolveAny(c.params, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.params, err, c.want)
		}
	}
}
