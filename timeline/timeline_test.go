package timeline_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/timeline"
)

// snapshot is everything a view shows of a state.
func snapshot(t *testing.T, s *engine.Sim) string {
	t.Helper()
	var views []engine.NodeView
	for p := range s.N() {
		views = append(views, s.Process(p).View())
	}
	b, err := json.Marshal(map[string]any{"seq": s.Seq(), "now": s.Now(), "views": views,
		"flight": s.InFlight(), "timers": s.Timers(), "sent": s.Metrics().Sent, "outcome": s.Outcome()})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func newTimeline(t *testing.T, params map[string]any, seed int64) *timeline.Timeline {
	a, v := resolve(t, "chang-roberts", params, seed)
	tl, err := timeline.New(a, v, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

func TestSeekAnywhereEqualsSteppingThere(t *testing.T) {
	params := map[string]any{"n": 80, "idOrder": "decreasing", "delay": map[string]int{"min": 1, "max": 5}}
	tl := newTimeline(t, params, 3)
	want := []string{snapshot(t, tl.State())}
	for {
		ok, err := tl.Forward()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		want = append(want, snapshot(t, tl.State()))
	}
	if tl.Steps() < 3000 {
		t.Fatalf("only %d steps: the run is too short to cross checkpoints", tl.Steps())
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for range 300 {
		k := rng.IntN(tl.Steps())
		if rng.IntN(3) == 0 { // by way of the end, which keeps the view aside
			if err := tl.Seek(tl.Steps() - 1); err != nil {
				t.Fatal(err)
			}
		}
		if err := tl.Seek(k); err != nil {
			t.Fatal(err)
		}
		if got := snapshot(t, tl.State()); got != want[k] || tl.Cursor() != k {
			t.Fatalf("seek to step %d:\n got %s\nwant %s", k, got, want[k])
		}
		// Stepping on from a seek agrees too.
		if k+1 < tl.Steps() {
			if _, err := tl.Forward(); err != nil {
				t.Fatal(err)
			}
			if got := snapshot(t, tl.State()); got != want[k+1] {
				t.Fatalf("forward from step %d disagrees", k)
			}
			if err := tl.Back(); err != nil {
				t.Fatal(err)
			}
			if got := snapshot(t, tl.State()); got != want[k] {
				t.Fatalf("back to step %d disagrees", k)
			}
		}
	}
	// SeekSeq lands on the step that holds the event.
	for seq := int64(1); seq <= tl.Len(); seq += 97 {
		if err := tl.SeekSeq(seq); err != nil {
			t.Fatal(err)
		}
		k := tl.Cursor()
		if tl.StepEnd(k) < seq || (k > 0 && tl.StepEnd(k-1) >= seq) {
			t.Fatalf("SeekSeq(%d) landed on step %d covering (%d, %d]", seq, k, tl.StepEnd(k-1), tl.StepEnd(k))
		}
	}
}

func TestActingInThePastForksTheRun(t *testing.T) {
	tl := newTimeline(t, map[string]any{"n": 6}, 1)
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	full := tl.Len()
	if err := tl.Seek(3); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, tl.State())
	// An invalid action changes nothing, not even the future.
	if err := tl.Apply(engine.Action{Type: engine.ActRecover, Node: 2}); err == nil {
		t.Fatal("recovering a live process was accepted")
	}
	if tl.Len() != full || snapshot(t, tl.State()) != before {
		t.Fatal("a refused action changed the run")
	}
	if err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: 2}); err != nil {
		t.Fatal(err)
	}
	if tl.Cursor() != 4 || !tl.AtEnd() || tl.Steps() != 5 {
		t.Fatalf("after the fork: cursor %d of %d steps, want the new step 4 at the end", tl.Cursor(), tl.Steps())
	}
	if e := tl.Event(tl.StepEnd(3) + 1); e.Kind != engine.KindAction || e.Action.Type != engine.ActCrash {
		t.Fatalf("the forked step starts with %v, want the crash action", e.Kind)
	}
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	// The forked run is a run of its own: replaying it from scratch agrees.
	end := snapshot(t, tl.State())
	if err := tl.Seek(0); err != nil {
		t.Fatal(err)
	}
	if err := tl.Seek(tl.Steps() - 2); err != nil {
		t.Fatal(err)
	}
	if _, err := tl.Forward(); err != nil {
		t.Fatal(err)
	}
	if snapshot(t, tl.State()) != end {
		t.Fatal("replaying the forked run does not reach the same end")
	}
	if tl.Head().Metrics().Dropped == 0 {
		t.Fatal("messages to the crashed process were not lost")
	}
}

func TestEventLimit(t *testing.T) {
	a, v := resolve(t, "chang-roberts", map[string]any{"n": 50}, 1)
	tl, err := timeline.New(a, v, 1, 100)
	if err != nil {
		t.Fatal(err)
	}
	if err := tl.Run(0); err != timeline.ErrTooLong {
		t.Fatalf("Run past the limit: %v, want ErrTooLong", err)
	}
	if tl.Len() < 100 || tl.Len() > 110 || tl.Ended() {
		t.Fatalf("stopped at %d events (ended %v), want just past 100", tl.Len(), tl.Ended())
	}
}

// Readers that copied events learn from ForkedSince which copies went stale.
func TestForkedSinceSaysWhatChanged(t *testing.T) {
	tl := newTimeline(t, map[string]any{"n": 6}, 1)
	if _, forked := tl.ForkedSince(0); forked || tl.Forks() != 0 {
		t.Fatal("a new run says it was forked")
	}
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	// Acting at the end extends the run: no fork.
	if err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: 1}); err != nil {
		t.Fatal(err)
	}
	if tl.Forks() != 0 {
		t.Fatal("an action at the end counted as a fork")
	}
	fork := func(step, node int) int64 {
		t.Helper()
		if err := tl.Seek(step); err != nil {
			t.Fatal(err)
		}
		kept := tl.Seq()
		if err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: node}); err != nil {
			t.Fatal(err)
		}
		if err := tl.Run(0); err != nil {
			t.Fatal(err)
		}
		return kept
	}
	k1 := fork(5, 3)
	k2 := fork(2, 4)
	k3 := fork(9, 5)
	if tl.Forks() != 3 {
		t.Fatalf("Forks() = %d, want 3", tl.Forks())
	}
	for _, c := range []struct {
		since int
		want  int64
	}{{0, min(k1, k2, k3)}, {1, min(k2, k3)}, {2, k3}} {
		if kept, forked := tl.ForkedSince(c.since); !forked || kept != c.want {
			t.Errorf("ForkedSince(%d) = %d, %v; want %d, true", c.since, kept, forked, c.want)
		}
	}
	if _, forked := tl.ForkedSince(3); forked {
		t.Error("ForkedSince(Forks()) says forked")
	}
}

// After a seek the per-process counters are counted from the log (from
// counters saved every 8n events): they are what the events up to the
// cursor say.
func TestCountersAfterSeekMatchTheEvents(t *testing.T) {
	tl := newTimeline(t, map[string]any{"n": 10000, "delay": map[string]int{"min": 1, "max": 4}, "loss": 0.001}, 2)
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	if tl.Len() < 150_000 { // counters are saved every 80,000 events
		t.Fatalf("only %d events", tl.Len())
	}
	want := make([]engine.ProcessCount, 10000)
	seq := int64(0)
	rng := rand.New(rand.NewPCG(4, 4))
	for _, k := range []int{rng.IntN(tl.Steps()), rng.IntN(tl.Steps()), tl.Steps() - 2, rng.IntN(tl.Steps()), 5} {
		if err := tl.Seek(k); err != nil {
			t.Fatal(err)
		}
		if tl.Seq() < seq {
			seq, want = 0, make([]engine.ProcessCount, 10000)
		}
		for ; seq < tl.Seq(); seq++ {
			switch e := tl.Event(seq + 1); e.Kind {
			case engine.KindSend:
				want[e.From].Sent++
			case engine.KindDeliver:
				want[e.To].Delivered++
			case engine.KindDrop:
				want[e.To].Dropped++
			}
		}
		if got := tl.State().Metrics().ByProcess; !slices.Equal(got, want) {
			t.Fatalf("at step %d (event %d) the per-process counters differ from the events", k, tl.Seq())
		}
	}
}

// Ahead computes the whole run and leaves the cursor where it was; the
// run is the one stepping computes.
func TestAhead(t *testing.T) {
	alg, err := algos.Get("bully")
	if err != nil {
		t.Fatal(err)
	}
	v, err := alg.Resolve(nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	stepped, err := timeline.New(alg, v, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := stepped.Run(0); err != nil {
		t.Fatal(err)
	}
	ahead, err := timeline.New(alg, v, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ahead.Forward(); err != nil {
		t.Fatal(err)
	}
	ended, err := ahead.Ahead(1_000_000)
	if err != nil || !ended {
		t.Fatalf("Ahead: ended %v, %v", ended, err)
	}
	if ahead.Cursor() != 1 || ahead.Steps() != stepped.Steps() || ahead.Len() != stepped.Len() {
		t.Fatalf("cursor %d, %d steps, %d events; stepping made %d steps, %d events", ahead.Cursor(), ahead.Steps(), ahead.Len(), stepped.Steps(), stepped.Len())
	}
	// a budget: a few events more, not the end
	short, _ := timeline.New(alg, v, 1, 0)
	ended, err = short.Ahead(5)
	if err != nil || ended || short.Len() < 5 || short.Len() >= stepped.Len() || short.Cursor() != 0 {
		t.Fatalf("Ahead(5): ended %v, %d events, cursor %d, %v", ended, short.Len(), short.Cursor(), err)
	}
}
