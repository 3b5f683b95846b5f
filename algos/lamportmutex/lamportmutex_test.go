package lamportmutex_test

import (
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/kit/mutex"
	"distviz/algos/lamportmutex"
	"distviz/trace"
)

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, lamportmutex.Algorithm) }

func outcomeOf(t testing.TB, s trace.Summary) mutex.Outcome {
	return algotest.OutcomeOf[mutex.Outcome](t, s.Outcome)
}

// ALGORITHMS.md 2.4: Lamport's algorithm sends exactly 3(n−1) messages per
// entry (n−1 REQUEST, n−1 REPLY, n−1 RELEASE), whatever the delays.
func TestMessageCounts(t *testing.T) {
	for _, n := range []int{2, 3, 5, 8, 12} {
		for seed := int64(1); seed <= 4; seed++ {
			params := map[string]any{"n": n, "count": 2, "spread": 30, "delay": map[string]any{"min": 1, "max": 4}}
			_, s := algotest.RunToEnd(t, lamportmutex.Algorithm, params, seed)
			o := outcomeOf(t, s)
			if len(o.Entries) != 2*n || o.Pending != 0 {
				t.Fatalf("n=%d seed %d: %d entries, %d pending; want %d entries", n, seed, len(o.Entries), o.Pending, 2*n)
			}
			if want := int64(3 * (n - 1) * len(o.Entries)); o.Messages != want || s.Messages.Sent != want {
				t.Errorf("n=%d seed %d: %d messages (%d sent) for %d entries, want 3(n−1)·entries = %d", n, seed, o.Messages, s.Messages.Sent, len(o.Entries), want)
			}
			for i, typ := range s.Messages.ByType.Types {
				if typ == mutex.MsgTell { // no TELLs in this workload
					continue
				}
				if c := s.Messages.ByType.Counts[i]; c != int64((n-1)*len(o.Entries)) {
					t.Errorf("n=%d seed %d: %d %s, want (n−1)·entries = %d", n, seed, c, typ, (n-1)*len(o.Entries))
				}
			}
		}
	}
}

// The lecture's stamps: (8,1) heads every queue, so P1 enters first; P0
// enters after P1's RELEASE. 3(n−1) = 6 messages per entry.
func TestLecture(t *testing.T) {
	a := lamportmutex.Algorithm
	sc, err := a.Scenario("lecture")
	if err != nil {
		t.Fatal(err)
	}
	tl, s := algotest.RunToEnd(t, lamportmutex.Algorithm, sc.Params, sc.Seed)
	o := outcomeOf(t, s)
	if len(s.Violations) > 0 || len(o.Entries) != 2 || o.Entries[0].Node != 1 || o.Entries[1].Node != 0 {
		t.Fatalf("violations %+v, entries %+v: want P1, then P0", s.Violations, o.Entries)
	}
	if o.Messages != 12 || *o.MessagesPerEntry != 6 {
		t.Errorf("outcome %+v: want 12 messages, 6 per entry", o)
	}
	lines := strings.Join(algotest.Narration(tl, 0, tl.Len()), "\n")
	for _, want := range []string{
		"P1: its request (8,1) heads its queue and every other process has sent a later message",
		"P0: removes the request of P1 from its queue",
		"P0: its request (12,0) heads its queue",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the narration lacks %q:\n%s", want, lines)
		}
	}
	_, err = a.ResolveAny(map[string]any{"n": 3, "fifo": false}, 1)
	if err == nil || !strings.Contains(err.Error(), "parameter fifo") {
		t.Errorf("fifo=false: error %v, want one about parameter fifo", err)
	}
}
