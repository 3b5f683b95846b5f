package algos_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
	"distviz/trace"
)

// Helpers shared by the ring tests of the algorithms still in this package.

// ringResolve resolves params (Go values, as in a JSON request).
func ringResolve(t testing.TB, id string, params map[string]any, seed int64) (*algos.Algorithm, param.Values) {
	t.Helper()
	a, err := algos.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.ResolveAny(params, seed)
	if err != nil {
		t.Fatalf("%s %v: %v", id, params, err)
	}
	return a, v
}

// ringBare runs on the bare engine, without recording events: for the
// message-count tests, which only need the counters.
func ringBare(t testing.TB, id string, params map[string]any, seed int64) (*engine.Sim, param.Values) {
	t.Helper()
	a, v := ringResolve(t, id, params, seed)
	cfg, _, err := a.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := engine.New(cfg, uint64(seed))
	if err != nil {
		t.Fatal(err)
	}
	sim.Init()
	for steps := 0; sim.Step(); steps++ {
		if steps > 50_000_000 {
			t.Fatalf("%s %v seed %d: no end after %d steps", id, params, seed, steps)
		}
	}
	return sim, v
}

// ringSent is the number of messages of a type sent so far.
func ringSent(m *engine.Metrics, typ string) int64 {
	for i, s := range m.Types {
		if s == typ {
			return m.ByType[i].Sent
		}
	}
	return 0
}

func ringOutcome(t testing.TB, o any) algos.ElectionOutcome {
	t.Helper()
	e, ok := o.(algos.ElectionOutcome)
	if !ok {
		t.Fatalf("outcome is %T, want algos.ElectionOutcome", o)
	}
	return e
}

// ringTheory is the registry's bound of the given name for a run's parameters.
func ringTheory(t testing.TB, id string, v param.Values, name string) float64 {
	t.Helper()
	a, _ := algos.Get(id)
	for _, e := range a.Evaluate(v) {
		if e.Name == name {
			return e.Value
		}
	}
	t.Fatalf("%s has no bound %q for these parameters", id, name)
	return 0
}

// ringEncode is the run's whole trace of events, encoded.
func ringEncode(t testing.TB, tl *timeline.Timeline) []byte {
	t.Helper()
	var b []byte
	for seq := int64(1); seq <= tl.Len(); seq++ {
		e := tl.Event(seq)
		var err error
		if b, err = e.AppendJSON(b); err != nil {
			t.Fatal(err)
		}
		b = append(b, '\n')
	}
	return b
}

// ringViolations renders a summary's violations, for failure messages.
func ringViolations(s trace.Summary) string {
	var out []string
	for _, v := range s.Violations {
		out = append(out, fmt.Sprintf("event %d %s: %s", v.Seq, v.Invariant, v.Text))
	}
	return strings.Join(out, "; ")
}

// ringDelay draws a random delay range min..max with 0 ≤ min ≤ max ≤ 15.
func ringDelay(r *rand.Rand) map[string]any {
	lo := r.IntN(6)
	return map[string]any{"min": lo, "max": lo + r.IntN(11)}
}

// ringSubset is a random non-empty subset of the positions in from, in
// random order (start order is part of the schedule).
func ringSubset(r *rand.Rand, from []int, most int) []int {
	s := slices.Clone(from)
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	return s[:1+r.IntN(min(most, len(s)))]
}

// lcrHops is the LCR ELECTION count computed from the IDs alone: each ID
// travels until it meets a larger one, the largest goes once round. It does
// not depend on delays or channel order.
func lcrHops(ids []int) int64 {
	n := len(ids)
	var total int64
	for i, id := range ids {
		d := 1
		for ; d < n && ids[(i+d)%n] < id; d++ {
		}
		total += int64(d)
	}
	return total
}

func ringHarmonic(n int) float64 {
	h := 0.0
	for k := 1; k <= n; k++ {
		h += 1 / float64(k)
	}
	return h
}

func ringIDs(r *rand.Rand, n int) []int {
	ids := make([]int, 0, n)
	for len(ids) < n {
		if id := r.IntN(1e9 + 1); !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

func ringPositions(n int) []int {
	ps := make([]int, n)
	for i := range ps {
		ps[i] = i
	}
	return ps
}

func ringStepToSend(t *testing.T, tl *timeline.Timeline, match func(e engine.Event) bool) int64 {
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

// ringTermination returns the final "termination" violations of a run.
func ringTermination(s trace.Summary) []trace.Violation {
	var out []trace.Violation
	for _, v := range s.Violations {
		if v.Invariant == "termination" {
			out = append(out, v)
		}
	}
	return out
}
