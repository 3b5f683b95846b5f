package firewire_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/firewire"
	"distviz/engine"
	"distviz/trace"
)

// Plugging and unplugging devices: bus resets, splits, re-election.

// Plugging a device in or unplugging any device mid-run resets the bus: the
// drops say so, every device starts over at that instant, and a fresh
// election gives one root over the new cables on each bus (unplugging an
// inner device splits the bus into several).
func TestHotPlugResetsAndReelects(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	done := 0
	for run := range 200 {
		params := randomBus(r)
		params["spares"] = 1 + r.IntN(2)
		seed := int64(run)
		tl := algotest.NewRun(t, firewire.Algorithm, params, seed)
		if err := tl.Run(r.IntN(30)); err != nil {
			t.Fatal(err)
		}
		o := outcomeOf(t, tl.Head().Outcome())
		var a engine.Action
		if r.IntN(2) == 0 {
			a = engine.Action{Type: engine.ActPlug, Node: r.IntN(params["n"].(int))}
		} else {
			// any device, a leaf or an inner one (which splits the bus)
			var on []int
			for p, at := range o.Attached {
				if at {
					on = append(on, p)
				}
			}
			a = engine.Action{Type: engine.ActUnplug, Node: on[r.IntN(len(on))]}
		}
		at := tl.Head().Now()
		if err := tl.Apply(a); err != nil {
			if strings.Contains(err.Error(), "every port") || strings.Contains(err.Error(), "last device") {
				continue // a refusal the rules allow; the validation test covers it
			}
			t.Fatalf("%s %+v: %v", runName(params, seed), a, err)
		}
		if err := tl.Run(0); err != nil {
			t.Fatal(err)
		}
		s := trace.Summarize(tl)
		what := runName(params, seed) + " " + a.Type
		if len(s.Violations) > 0 || !s.Terminated {
			t.Fatalf("%s: violations %s", what, violations(s))
		}
		after := outcomeOf(t, s.Outcome)
		checkTree(t, after, what)
		if after.ResetAt != at || *after.ElectedAt < at {
			t.Fatalf("%s at %d: resetAt %d electedAt %d", what, at, after.ResetAt, *after.ElectedAt)
		}
		wantAttached := 0
		for _, x := range o.Attached {
			if x {
				wantAttached++
			}
		}
		if a.Type == engine.ActPlug {
			wantAttached++
		} else {
			wantAttached--
		}
		if got := len(after.Edges) + len(after.Parts); got != wantAttached {
			t.Fatalf("%s: %d devices on the bus after the %s, want %d", what, got, a.Type, wantAttached)
		}
		done++
		if run%10 != 0 {
			continue // the rest is slower: a sample suffices
		}
		// Replaying the exported trace reproduces it, the action included.
		var buf bytes.Buffer
		if err := trace.Write(&buf, tl); err != nil {
			t.Fatal(err)
		}
		back, err := trace.Import(bytes.NewReader(buf.Bytes()), 0)
		if err != nil {
			t.Fatalf("%s: import: %v", what, err)
		}
		if !bytes.Equal(encode(t, back), encode(t, tl)) {
			t.Fatalf("%s: the imported run differs", what)
		}
		// Rewinding replays from the start through the action; the timeline
		// refuses a replay that does not reach the recorded events.
		if err := tl.Seek(tl.Steps() - 2); err != nil {
			t.Fatalf("%s: rewinding: %v", what, err)
		}
		if got := outcomeOf(t, tl.State().Outcome()); got.ResetAt != at {
			t.Fatalf("%s: after rewinding, the last reset is at %d, want %d", what, got.ResetAt, at)
		}
	}
	if done < 150 {
		t.Fatalf("only %d hot-plug runs were applied", done)
	}
}

// IEEE 1394: unplugging a device mid-run, an inner one (which splits the
// bus) or a leaf, resets every part; each part elects its own root over its
// own cables. A second change afterwards resets only the bus it touches: the
// other buses keep their roots and parent links.
func TestSplitElectsOneRootPerPart(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	splits, kept := 0, 0
	for run := range 300 {
		params := randomBus(r)
		params["n"] = 3 + r.IntN(18)
		params["spares"] = 1 + r.IntN(2)
		seed := int64(run)
		what := runName(params, seed)
		tl := algotest.NewRun(t, firewire.Algorithm, params, seed)
		if err := tl.Run(r.IntN(40)); err != nil {
			t.Fatal(err)
		}
		o := outcomeOf(t, tl.Head().Outcome())
		var on []int
		for p, at := range o.Attached {
			if at {
				on = append(on, p)
			}
		}
		victim := on[r.IntN(len(on))]
		cables := 0
		for _, e := range o.Edges {
			if e[0] == victim || e[1] == victim {
				cables++
			}
		}
		if err := tl.Apply(engine.Action{Type: engine.ActUnplug, Node: victim}); err != nil {
			t.Fatalf("%s: unplug P%d: %v", what, victim, err)
		}
		if err := tl.Run(0); err != nil {
			t.Fatal(err)
		}
		s := trace.Summarize(tl)
		if len(s.Violations) > 0 || !s.Terminated {
			t.Fatalf("%s unplug P%d: violations %s", what, victim, violations(s))
		}
		after := outcomeOf(t, s.Outcome)
		checkTree(t, after, fmt.Sprintf("%s unplug P%d", what, victim))
		if max(cables, 1) != len(after.Parts) {
			t.Fatalf("%s: unplugging P%d with %d cables left the buses %v", what, victim, cables, after.Parts)
		}
		if cables > 1 {
			splits++
		}
		// A second change: plug a device into a random device; the other buses carry on.
		target := after.Parts[r.IntN(len(after.Parts))]
		a := engine.Action{Type: engine.ActPlug, Node: target[r.IntN(len(target))]}
		from := tl.Seq()
		if err := tl.Apply(a); err != nil {
			if strings.Contains(err.Error(), "every port") {
				continue
			}
			t.Fatalf("%s: %+v: %v", what, a, err)
		}
		if err := tl.Run(0); err != nil {
			t.Fatal(err)
		}
		s = trace.Summarize(tl)
		if len(s.Violations) > 0 || !s.Terminated {
			t.Fatalf("%s then %+v: violations %s", what, a, violations(s))
		}
		final := outcomeOf(t, s.Outcome)
		checkTree(t, final, fmt.Sprintf("%s unplug P%d, plug into P%d", what, victim, a.Node))
		if len(final.Parts) != len(after.Parts) {
			t.Fatalf("%s: a plug changed the number of buses: %v → %v", what, after.Parts, final.Parts)
		}
		rootIn := func(roots, part []int) int {
			return roots[slices.IndexFunc(roots, func(x int) bool { return slices.Contains(part, x) })]
		}
		for _, part := range after.Parts {
			if slices.Contains(part, a.Node) {
				continue
			}
			if !slices.ContainsFunc(final.Parts, func(x []int) bool { return slices.Equal(x, part) }) || rootIn(after.Roots, part) != rootIn(final.Roots, part) {
				t.Fatalf("%s: the untouched bus %v changed: roots %v → %v, parts %v", what, part, after.Roots, final.Roots, final.Parts)
			}
			for _, p := range part {
				if *after.Parent[p] != *final.Parent[p] {
					t.Fatalf("%s: P%d on an untouched bus changed its parent", what, p)
				}
			}
			for seq := from + 1; seq <= tl.Len(); seq++ { // not even a note: it did not notice
				if e := tl.Event(seq); slices.Contains(part, int(e.Node)) || slices.Contains(part, int(e.From)) {
					t.Fatalf("%s: after the plug into P%d, the untouched bus %v has an event %+v", what, a.Node, part, e)
				}
			}
			kept++
		}
	}
	t.Logf("%d splits, %d buses left alone by a later plug", splits, kept)
	if splits < 80 || kept < 50 {
		t.Fatalf("only %d splits and %d untouched buses: the test does not exercise them", splits, kept)
	}
}
