package positiveack_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/kit/group"
	"distviz/algos/kit/group/grouptest"
	"distviz/algos/positiveack"
)

// Tests for reliable multicast by positive ACKs, ALGORITHMS.md 5.

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, positiveack.Algorithm) }

// Without loss every multicast to n−1 receivers costs exactly n−1 DATA
// copies and brings exactly n−1 ACKs back to the sender (the implosion),
// and the theory's bounds say so. (The timeout must exceed the round trip,
// else a late ACK causes a retransmission: the bounds say when they apply.)
func TestWithoutLossNMinusOneCopiesAndAcksPerMulticast(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for run := range 200 {
		n, k := 2+r.IntN(30), 1+r.IntN(6)
		d := grouptest.Delay(r)
		params := map[string]any{"n": n, "messages": k, "delay": d, "interval": 1 + r.IntN(8), "timeout": 2*d["max"].(int) + 1}
		tl, s := algotest.RunToEnd(t, positiveack.Algorithm, params, int64(run))
		what := fmt.Sprintf("%v seed %d", params, run)
		if len(s.Violations) > 0 {
			t.Fatalf("%s: %s", what, algotest.Violations(s))
		}
		o := algotest.OutcomeOf[group.Outcome](t, s.Outcome)
		want := int64(k * (n - 1))
		if d, a := s.Messages.ByType.Get(group.MsgData), s.Messages.ByType.Get(group.MsgAck); d != want || a != want {
			t.Fatalf("%s: %d DATA and %d ACK, want %d each", what, d, a, want)
		}
		if o.AcksPerMulticast != float64(n-1) {
			t.Fatalf("%s: %v ACKs per multicast, want n−1 = %d", what, o.AcksPerMulticast, n-1)
		}
		for _, m := range o.Messages {
			if m.Copies != n-1 || m.Acks != n-1 || m.Retransmissions != 0 {
				t.Fatalf("%s: message %+v, want n−1 copies and ACKs and no retransmission", what, m)
			}
		}
		for _, name := range []string{"data copies", "ACKs"} {
			if got := algotest.Theory(t, positiveack.Algorithm, tl.Params, name); got != float64(want) {
				t.Fatalf("%s: bound %s says %v, measured %d", what, name, got, want)
			}
		}
	}
}

// With loss, over hundreds of seeds, and with receivers crashing at random
// moments: every live receiver delivers every message, in order; the
// sender retransmits only to members whose ACK is missing, and gives up
// only on crashed ones.
func TestWithLossEveryLiveReceiverDeliversEverything(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for run := range 300 {
		n, k := 2+r.IntN(10), 1+r.IntN(5)
		params := map[string]any{"n": n, "messages": k, "delay": grouptest.Delay(r), "loss": 0.05 + 0.4*r.Float64(),
			"fifo": r.IntN(2) == 0}
		crashes := 0
		if run%3 == 0 {
			crashes = 1 + r.IntN(n-1)
		}
		_, s := grouptest.RunCrashing(t, positiveack.Algorithm, params, int64(run), r, crashes)
		o := algotest.OutcomeOf[group.Outcome](t, s.Outcome)
		if len(o.Missing) > 0 || len(s.Violations) > 0 {
			t.Fatalf("%v seed %d: live receivers %v lack messages (delivered %+v)", params, run, o.Missing, o.Delivered)
		}
		for _, d := range o.Delivered {
			if !d.Crashed && !slices.Equal(d.Delivered, grouptest.Seqs(k)) {
				t.Fatalf("%v seed %d: P%d delivered %v", params, run, d.Node, d.Delivered)
			}
		}
		acks := int64(0)
		for _, m := range o.Messages {
			acks += int64(m.Acks)
		}
		if acks > s.Messages.ByType.Get(group.MsgAck) {
			t.Fatalf("%v seed %d: %d ACKs counted, more than sent", params, run, acks)
		}
	}
}
