package timeline_test

import (
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/timeline"
)

// kinds lists the kinds of step k's events.
func kinds(tl *timeline.Timeline, k int) []engine.Kind {
	var out []engine.Kind
	for seq := tl.StepEnd(k-1) + 1; seq <= tl.StepEnd(k); seq++ {
		out = append(out, tl.Event(seq).Kind)
	}
	return out
}

// Steps in which a process only starts are one step when they follow each
// other: the Maekawa lecture's thirteen starts before the first REQUEST
// (issue 12: 13 of its 25 steps were "Pk starts"), the token ring's six.
// Stepping, seeking back and copying the run see the same steps.
func TestIdleStepsGrouped(t *testing.T) {
	for _, c := range []struct {
		algo   string
		params map[string]any
		starts int
		steps  int
	}{
		{"maekawa", nil, 13, 25 - 12}, // the lecture scenario: 25 steps before

		{"token-ring-election", map[string]any{"n": 6}, 6, 0},
	} {
		params, seed := c.params, int64(1)
		if params == nil {
			a, err := algos.Get(c.algo)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := a.Scenario("lecture")
			if err != nil {
				t.Fatal(err)
			}
			params, seed = sc.Params, sc.Seed
		}
		a, v := resolve(t, c.algo, params, seed)
		tl, err := timeline.New(a, v, seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := tl.Run(0); err != nil {
			t.Fatal(err)
		}
		first := kinds(tl, 1)
		n := 0
		for _, k := range first {
			if k == engine.KindStart {
				n++
			}
		}
		if n != c.starts || kinds(tl, 2)[0] == engine.KindStart {
			t.Errorf("%s: step 1 is %v, step 2 %v: want the %d starts in step 1", c.algo, first, kinds(tl, 2), c.starts)
		}
		if c.steps > 0 && tl.Steps()-1 != c.steps {
			t.Errorf("%s: %d steps, want %d", c.algo, tl.Steps()-1, c.steps)
		}
		// seeking replays the grouped step; a copy groups alike
		if err := tl.Seek(1); err != nil || tl.Seq() != tl.StepEnd(1) {
			t.Fatalf("%s: seek to the grouped step: %v", c.algo, err)
		}
		b, err := tl.Branch(tl.Steps()-1, nil)
		if err != nil {
			t.Fatalf("%s: copying the run: %v", c.algo, err)
		}
		if b.Steps() != tl.Steps() || b.Len() != tl.Len() {
			t.Errorf("%s: the copy has %d steps, %d events; the run %d, %d", c.algo, b.Steps(), b.Len(), tl.Steps(), tl.Len())
		}
		if got := tl.StepStarts(1, tl.StepEnd(2)); len(got) != 2 || got[0] != tl.StepEnd(0)+1 || got[1] != tl.StepEnd(1)+1 {
			t.Errorf("%s: StepStarts %v", c.algo, got)
		}
	}
}
