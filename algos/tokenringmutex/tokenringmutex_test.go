package tokenringmutex_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/kit/mutex"
	"distviz/algos/tokenringmutex"
	"distviz/engine"
	"distviz/trace"
)

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, tokenringmutex.Algorithm) }

func outcomeOf(t testing.TB, s trace.Summary) mutex.Outcome {
	return algotest.OutcomeOf[tokenringmutex.Outcome](t, s.Outcome).Outcome
}

// Everyone requests at once: the entries follow the ring from P0, once per
// pass, whatever the delays and times inside.
func TestRingOrder(t *testing.T) {
	for seed := int64(1); seed <= 30; seed++ {
		r := rand.New(rand.NewPCG(uint64(seed), 7))
		n := 2 + r.IntN(9)
		count := 1 + r.IntN(3)
		lo := 1 + r.IntN(3)
		params := map[string]any{"n": n, "count": count, "delay": map[string]any{"min": lo, "max": lo + r.IntN(5)},
			"csTime": map[string]any{"min": 0, "max": r.IntN(8)}}
		_, s := algotest.RunToEnd(t, tokenringmutex.Algorithm, params, seed)
		o := outcomeOf(t, s)
		var got, want []int
		for _, e := range o.Entries {
			got = append(got, e.Node)
		}
		for range count {
			for p := range n {
				want = append(want, p)
			}
		}
		if !slices.Equal(got, want) || len(s.Violations) > 0 {
			t.Fatalf("seed %d %v: entries by %v, want ring order %v; violations %+v", seed, params, got, want, s.Violations)
		}
	}
	// The lecture scenario: 1 TOKEN per entry while everyone waits.
	sc, _ := tokenringmutex.Algorithm.Scenario("lecture")
	tl, _ := algotest.RunToEnd(t, tokenringmutex.Algorithm, sc.Params, sc.Seed)
	passes := 0
	for seq := int64(1); seq <= tl.Len(); seq++ {
		e := tl.Event(seq)
		if e.Kind == engine.KindSend {
			passes++
		}
		if e.Kind == engine.KindNote && e.Text.Key == "note.enters" && passes != int(e.Node) {
			t.Errorf("P%d enters after %d TOKEN passes, want %d", e.Node, passes, e.Node)
		}
	}
}

// A lost token stalls everyone: dropped by the user, or with its holder
// crashed, the final check reports a deadlock.
func TestLostToken(t *testing.T) {
	tl := algotest.NewRun(t, tokenringmutex.Algorithm, map[string]any{"n": 4, "requestNodes": []int{1, 3}, "requestTimes": []int{0, 0}}, 1)
	var token int64
	for token == 0 {
		from := tl.Seq() + 1
		ok, err := tl.Forward()
		if err != nil || !ok {
			t.Fatalf("no TOKEN sent: %v", err)
		}
		for seq := from; seq <= tl.Seq(); seq++ {
			if e := tl.Event(seq); e.Kind == engine.KindSend && e.Msg.Type == "TOKEN" {
				token = e.MsgID
			}
		}
	}
	if err := tl.Apply(engine.Action{Type: engine.ActDrop, Msg: token}); err != nil {
		t.Fatal(err)
	}
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	s := trace.Summarize(tl)
	algotest.CheckCounters(t, tl, s)
	if len(s.Violations) != 1 || s.Violations[0].Invariant != "deadlock" || !strings.Contains(s.Violations[0].Text, "P1, P3 still wait") {
		t.Errorf("dropped TOKEN: violations %+v, want a deadlock of P1 and P3", s.Violations)
	}
	// The token ring's crash: P0 and P1 got in before P2 crashed inside.
	sc, _ := tokenringmutex.Algorithm.Scenario("crash")
	_, s = algotest.RunToEnd(t, tokenringmutex.Algorithm, sc.Params, sc.Seed)
	if o := outcomeOf(t, s); len(o.Entries) != 3 || o.Pending != 2 || !strings.Contains(s.Violations[0].Text, "P3, P4 still wait") {
		t.Errorf("outcome %+v, violations %+v: want 3 entries (P2 crashed inside: its request is moot) and P3, P4 waiting, as the 2 pending", o, s.Violations)
	}
}

// Each entry is charged the passes that brought the token to it after its
// request and after the entry before it: never more than n (a full round,
// when a process requests again while inside), and the charged and idle
// passes add up to every TOKEN sent. So the theory's bounds hold for the
// messages per entry: n at most, and 1 at most when everyone waits.
func TestChargedPasses(t *testing.T) {
	for seed := int64(1); seed <= 200; seed++ {
		r := rand.New(rand.NewPCG(uint64(seed), 11))
		n := 2 + r.IntN(9)
		lo := 1 + r.IntN(3)
		params := map[string]any{"n": n, "count": 1 + r.IntN(4), "spread": r.IntN(80),
			"delay": map[string]any{"min": lo, "max": lo + r.IntN(5)}, "csTime": map[string]any{"min": 0, "max": r.IntN(8)}}
		_, s := algotest.RunToEnd(t, tokenringmutex.Algorithm, params, seed)
		o := algotest.OutcomeOf[tokenringmutex.Outcome](t, s.Outcome)
		var charged int64
		for _, e := range o.Entries {
			if e.Messages < 0 || e.Messages > int64(n) {
				t.Fatalf("seed %d %v: entry %+v charged %d passes, want 0..n = %d", seed, params, e, e.Messages, n)
			}
			charged += e.Messages
		}
		if charged+o.IdlePasses != s.Messages.Sent {
			t.Fatalf("seed %d: %d charged + %d idle passes, but %d TOKENs sent", seed, charged, o.IdlePasses, s.Messages.Sent)
		}
		if len(o.Entries) > 0 && *o.MessagesPerEntry != float64(charged)/float64(len(o.Entries)) {
			t.Fatalf("seed %d: %v messages per entry, want %d/%d", seed, *o.MessagesPerEntry, charged, len(o.Entries))
		}
	}
	sc, _ := tokenringmutex.Algorithm.Scenario("lecture")
	_, s := algotest.RunToEnd(t, tokenringmutex.Algorithm, sc.Params, sc.Seed)
	o := algotest.OutcomeOf[tokenringmutex.Outcome](t, s.Outcome)
	if *o.MessagesPerEntry > 1 || o.IdlePasses == 0 {
		t.Errorf("lecture: %v per entry and %d idle passes; want at most 1 (everyone waits) and the last rounds idle", *o.MessagesPerEntry, o.IdlePasses)
	}
}
