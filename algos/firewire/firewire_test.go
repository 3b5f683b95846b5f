package firewire_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/firewire"
	"distviz/engine"
	"distviz/timeline"
)

// Tests for FireWire tree identify, tied to ALGORITHMS.md 1.7.

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, firewire.Algorithm) }

// Hundreds of random trees and seeds: every run ends with one root, a tree of
// parent links along the cables, no violation, and the message counts of the
// rules: n−1 YOU_ARE_MY_CHILD, and n−1 BE_MY_PARENT plus two per contention
// round with coins (plus one with the ID rule: the crossing itself).
func TestElectsOneRootOnRandomTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	contended := 0
	for run := range 400 {
		params := randomBus(r)
		seed := int64(run)
		_, s := algotest.RunToEnd(t, firewire.Algorithm, params, seed)
		what := runName(params, seed)
		if len(s.Violations) > 0 || !s.Terminated {
			t.Fatalf("%s: terminated %v, violations %s", what, s.Terminated, violations(s))
		}
		o := outcomeOf(t, s.Outcome)
		checkTree(t, o, what)
		n, rounds := int64(params["n"].(int)), int64(o.ContentionRounds)
		bmp, yamc := s.Messages.ByType.Get("BE_MY_PARENT"), s.Messages.ByType.Get("YOU_ARE_MY_CHILD")
		want := n - 1 + 2*rounds
		if params["tieBreak"] == "id" {
			want = n - 1 + rounds
			if rounds > 1 {
				t.Fatalf("%s: the ID rule took %d rounds", what, rounds)
			}
		}
		if yamc != n-1 || bmp != want {
			t.Fatalf("%s: %d BE_MY_PARENT and %d YOU_ARE_MY_CHILD after %d rounds, want %d and %d", what, bmp, yamc, rounds, want, n-1)
		}
		if rounds > 0 {
			contended++
		}
	}
	if contended < 100 {
		t.Fatalf("only %d of 400 runs had root contention: the test does not exercise it", contended)
	}
}

// contendedPairs finds, from the trace, every cable over which BE_MY_PARENT
// crossed: a device received it from the peer it had itself asked.
func contendedPairs(tl *timeline.Timeline) [][2]int {
	asked := map[[2]int]bool{} // (from, to) of BE_MY_PARENT sent since the last reset
	var out [][2]int
	for seq := int64(1); seq <= tl.Len(); seq++ {
		e := tl.Event(seq)
		switch {
		case e.Kind == engine.KindNote && strings.HasPrefix(e.Text.Key, "engine.busReset"):
			clear(asked)
		case e.Kind == engine.KindSend && e.Msg.Type == "BE_MY_PARENT":
			asked[[2]int{int(e.From), int(e.To)}] = true
		case e.Kind == engine.KindDeliver && e.Msg.Type == "BE_MY_PARENT" && asked[[2]int{int(e.To), int(e.From)}]:
			p := [2]int{min(int(e.From), int(e.To)), max(int(e.From), int(e.To))}
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// With tieBreak id the larger ID of the two contenders becomes root at once:
// one round, no coins, no waits.
func TestTieBreakByIDResolvesAtOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	seen := 0
	for run := range 300 {
		params := randomBus(r)
		params["tieBreak"] = "id"
		tl, s := algotest.RunToEnd(t, firewire.Algorithm, params, int64(run))
		o := outcomeOf(t, s.Outcome)
		pairs := contendedPairs(tl)
		if len(pairs) > 1 {
			t.Fatalf("%s: contention on %v", runName(params, int64(run)), pairs)
		}
		if len(pairs) == 1 {
			seen++
			if *o.Root != pairs[0][1] || o.ContentionRounds != 1 {
				t.Fatalf("%s: contention on %v, root P%d after %d rounds: want the larger ID at once", runName(params, int64(run)), pairs[0], *o.Root, o.ContentionRounds)
			}
		}
		for seq := int64(1); seq <= tl.Len(); seq++ {
			if e := tl.Event(seq); e.Kind == engine.KindTimer && e.Name == "wait" {
				t.Fatalf("%s: a contention wait under the ID rule", runName(params, int64(run)))
			}
		}
	}
	if seen < 50 {
		t.Fatalf("only %d runs had contention", seen)
	}
}

// The same seed and actions give the same trace; another seed another one.
func TestIsDeterministic(t *testing.T) {
	params := map[string]any{"n": 2, "spares": 1}
	trace := func(seed int64) []byte {
		tl := algotest.NewRun(t, firewire.Algorithm, params, seed)
		if err := tl.Run(5); err != nil {
			t.Fatal(err)
		}
		if err := tl.Apply(engine.Action{Type: engine.ActPlug, Node: 0}); err != nil {
			t.Fatal(err)
		}
		if err := tl.Run(0); err != nil {
			t.Fatal(err)
		}
		return encode(t, tl)
	}
	if !bytes.Equal(trace(4), trace(4)) {
		t.Fatal("the same seed and actions gave different traces")
	}
	if bytes.Equal(trace(4), trace(5)) {
		t.Fatal("two seeds gave the same trace")
	}
}

// The edges parameter: a random tree when empty, written back so that the
// run's parameters show it; a given one is checked.
func TestEdgesParameter(t *testing.T) {
	a := firewire.Algorithm
	v, err := a.ResolveAny(map[string]any{"n": 9, "ports": 3}, 11)
	if err != nil {
		t.Fatal(err)
	}
	edges := v.IntLists("edges")
	if len(edges) != 8 {
		t.Fatalf("random tree %v", edges)
	}
	if q := v.Query()["edges"]; !strings.Contains(q, ";") {
		t.Fatalf("the random tree is not in the run's parameters: %q", q)
	}
	again, _ := a.ResolveAny(map[string]any{"n": 9, "ports": 3}, 11)
	if !slices.EqualFunc(edges, again.IntLists("edges"), slices.Equal) {
		t.Fatal("the same seed drew another tree")
	}
	for _, c := range []struct {
		params map[string]any
		want   string
	}{
		{map[string]any{"n": 3, "edges": [][]int{{0, 1}}}, "the bus is not connected"},
		{map[string]any{"n": 60, "spares": 5}, "at most 63 devices"},
		{map[string]any{"n": 3, "edges": [][]int{{0, 1}, {0, 3}}}, "outside 0..2"},
		{map[string]any{"n": 3, "edges": [][]int{{0, 1}, {1, 1}}}, "itself"},
		{map[string]any{"n": 4, "edges": [][]int{{0, 1}, {1, 0}, {2, 3}}}, "cycle"},
		{map[string]any{"n": 4, "edges": [][]int{{0, 1}, {1, 2}, {2, 0}}}, "cycle"},
		{map[string]any{"n": 3, "edges": [][]int{{0, 1, 2}, {1, 2}}}, "pair"},
		{map[string]any{"n": 4, "ports": 2, "edges": [][]int{{0, 1}, {0, 2}, {0, 3}}}, "more than 2 cables"},
		{map[string]any{"n": 3, "ports": 1}, "at least 2 ports"},
		{map[string]any{"n": 3, "edges": [][]int{{0, -1}, {1, 2}}}, "below the minimum"},
	} {
		_, err := a.ResolveAny(c.params, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "parameter") {
			t.Errorf("%v: %v, want an error with %q", c.params, err, c.want)
		}
	}
}
