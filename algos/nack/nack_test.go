package nack_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/kit/group"
	"distviz/algos/kit/group/grouptest"
	"distviz/algos/nack"
	"distviz/engine"
	"distviz/timeline"
)

// Tests for reliable multicast by NACKs, ALGORITHMS.md 5.

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, nack.Algorithm) }

// Without loss (and with FIFO links, so nothing overtakes) no receiver
// sees a gap: k(n−1) DATA copies and not a single control message.
func TestWithoutLossNoControlMessages(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for run := range 200 {
		n, k := 2+r.IntN(30), 1+r.IntN(6)
		params := map[string]any{"n": n, "messages": k, "delay": grouptest.Delay(r), "interval": 1 + r.IntN(8)}
		tl, s := algotest.RunToEnd(t, nack.Algorithm, params, int64(run))
		what := fmt.Sprintf("%v seed %d", params, run)
		want := int64(k * (n - 1))
		if len(s.Violations) > 0 || s.Messages.Sent != want || s.Messages.ByType.Get(group.MsgData) != want {
			t.Fatalf("%s: %d messages (%d DATA), violations %s; want %d DATA and nothing else",
				what, s.Messages.Sent, s.Messages.ByType.Get(group.MsgData), algotest.Violations(s), want)
		}
		if got := algotest.Theory(t, nack.Algorithm, tl.Params, "all messages"); got != float64(want) {
			t.Fatalf("%s: the bound says %v", what, got)
		}
	}
}

// With loss, over hundreds of seeds, with and without STOP signals: a live
// receiver ends without a message exactly when the network lost its copy
// of the last message and every STOP signal to it (without STOP signals:
// exactly when it lost the last message), and the violation at the end
// names exactly those receivers.
func TestTheLastMessagesLossGoesUnnoticedExactlyWhenNothingFollows(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	unnoticed := 0
	for run := range 400 {
		n, k := 2+r.IntN(9), 1+r.IntN(5)
		stops := []int{0, 0, 0, 1, 2, 5}[r.IntN(6)]
		params := map[string]any{"n": n, "messages": k, "delay": grouptest.Delay(r), "loss": 0.05 + 0.35*r.Float64(),
			"fifo": r.IntN(2) == 0, "stops": stops}
		tl, s := algotest.RunToEnd(t, nack.Algorithm, params, int64(run))
		what := fmt.Sprintf("%v seed %d", params, run)
		o := algotest.OutcomeOf[group.Outcome](t, s.Outcome)
		want := lostLastUnheard(tl, n, k)
		if !slices.Equal(o.Missing, want) {
			t.Fatalf("%s: receivers %v lack messages, but the last message and every STOP were lost only to %v", what, o.Missing, want)
		}
		unnoticed += len(want)
		for _, d := range o.Delivered {
			if !slices.Contains(want, d.Node) && !slices.Equal(d.Delivered, grouptest.Seqs(k)) {
				t.Fatalf("%s: P%d delivered %v", what, d.Node, d.Delivered)
			}
		}
		switch {
		case len(want) == 0 && len(s.Violations) > 0:
			t.Fatalf("%s: violations %s", what, algotest.Violations(s))
		case len(want) > 0 && (len(s.Violations) != 1 || s.Violations[0].Invariant != "delivered"):
			t.Fatalf("%s: %v unnoticed, violations %s; want one of delivered", what, want, algotest.Violations(s))
		}
	}
	if unnoticed < 20 {
		t.Fatalf("only %d unnoticed losses in 400 runs: the test shows too little", unnoticed)
	}
}

// With redundant STOP signals, over hundreds of seeds, receivers crashing at
// random moments: every live receiver delivers every message, in order.
func TestWithStopSignalsEveryLiveReceiverDeliversEverything(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for run := range 300 {
		n, k := 2+r.IntN(10), 1+r.IntN(5)
		params := map[string]any{"n": n, "messages": k, "delay": grouptest.Delay(r), "loss": 0.05 + 0.15*r.Float64(),
			"fifo": r.IntN(2) == 0, "stops": 5}
		crashes := 0
		if run%3 == 0 {
			crashes = 1 + r.IntN(n-1)
		}
		_, s := grouptest.RunCrashing(t, nack.Algorithm, params, int64(run), r, crashes)
		o := algotest.OutcomeOf[group.Outcome](t, s.Outcome)
		if len(o.Missing) > 0 || len(s.Violations) > 0 {
			t.Fatalf("%v seed %d: live receivers %v lack messages (%+v), violations %s", params, run, o.Missing, o.Delivered, algotest.Violations(s))
		}
		for _, d := range o.Delivered {
			if !d.Crashed && !slices.Equal(d.Delivered, grouptest.Seqs(k)) {
				t.Fatalf("%v seed %d: P%d delivered %v", params, run, d.Node, d.Delivered)
			}
		}
	}
}

// lostLastUnheard are the receivers whose copy of DATA(k) the network lost
// and to which no STOP signal came through, read from the trace.
func lostLastUnheard(tl *timeline.Timeline, n, k int) []int {
	lost := make([]bool, n)
	heard := make([]bool, n)
	for seq := int64(1); seq <= tl.Len(); seq++ {
		e := tl.Event(seq)
		switch {
		case e.Kind == engine.KindDrop && e.Msg.Type == group.MsgData && e.Msg.Body.(group.Seq).N == k:
			lost[e.To] = true
		case e.Kind == engine.KindDeliver && e.Msg.Type == group.MsgStop:
			heard[e.To] = true
		}
	}
	out := []int{}
	for p := 1; p < n; p++ {
		if lost[p] && !heard[p] {
			out = append(out, p)
		}
	}
	return out
}
