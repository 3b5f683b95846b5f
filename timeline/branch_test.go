package timeline_test

import (
	"testing"

	"distviz/engine"
)

// A branch is the run up to step k, user actions included, and the run it
// copies is left as it was.
func TestBranch(t *testing.T) {
	tl := newTimeline(t, map[string]any{"n": 12, "delay": map[string]int{"min": 1, "max": 4}}, 5)
	for range 20 {
		tl.Forward()
	}
	if err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: 3}); err != nil {
		t.Fatal(err)
	}
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	steps, events := tl.Steps(), tl.Len()
	for _, k := range []int{0, 5, 21, 30, steps - 1} {
		if err := tl.Seek(k); err != nil {
			t.Fatal(err)
		}
		want := snapshot(t, tl.State())
		b, err := tl.Branch(k, nil)
		if err != nil {
			t.Fatal(err)
		}
		if b.Cursor() != k || b.Steps() != k+1 || !b.AtEnd() {
			t.Fatalf("branch at %d: cursor %d of %d steps", k, b.Cursor(), b.Steps())
		}
		if got := snapshot(t, b.State()); got != want {
			t.Fatalf("branch at %d:\n got %s\nwant %s", k, got, want)
		}
		for seq := int64(1); seq <= b.Len(); seq++ {
			x, _ := b.Event(seq).AppendJSON(nil)
			y, _ := tl.Event(seq).AppendJSON(nil)
			if string(x) != string(y) {
				t.Fatalf("branch at %d: event %d differs", k, seq)
			}
		}
	}
	if tl.Steps() != steps || tl.Len() != events {
		t.Errorf("branching changed the run: %d steps, %d events", tl.Steps(), tl.Len())
	}
	m := &fakeMeter{limit: 1 << 30}
	b, err := tl.Branch(steps-1, m)
	if err != nil || m.used == 0 || b.Held() != m.used {
		t.Fatalf("a metered branch: %v, charged %d, held %d", err, m.used, b.Held())
	}
}
