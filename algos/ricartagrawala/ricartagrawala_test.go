package ricartagrawala_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/kit/mutex"
	"distviz/algos/ricartagrawala"
	"distviz/engine"
	"distviz/trace"
)

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, ricartagrawala.Algorithm) }

func outcomeOf(t testing.TB, s trace.Summary) mutex.Outcome {
	return algotest.OutcomeOf[mutex.Outcome](t, s.Outcome)
}

// ALGORITHMS.md 2.2 and 6: P0 requests with Lamport time 12, P1 with 8, P2
// does not request: P1 enters first, P0 after P1 leaves and replies.
func TestLecture(t *testing.T) {
	sc, err := ricartagrawala.Algorithm.Scenario("lecture")
	if err != nil {
		t.Fatal(err)
	}
	tl, s := algotest.RunToEnd(t, ricartagrawala.Algorithm, sc.Params, sc.Seed)
	if len(s.Violations) > 0 {
		t.Fatalf("violations: %+v", s.Violations)
	}
	var stamps []string
	for seq := int64(1); seq <= tl.Len(); seq++ {
		if e := tl.Event(seq); e.Kind == engine.KindSend && e.Msg.Type == "REQUEST" && !slices.Contains(stamps, e.Msg.Label()) {
			stamps = append(stamps, e.Msg.Label())
		}
	}
	if want := []string{"REQUEST(12,0)", "REQUEST(8,1)"}; !slices.Equal(stamps, want) {
		t.Errorf("REQUESTs carry %v, want %v", stamps, want)
	}
	o := outcomeOf(t, s)
	if len(o.Entries) != 2 || o.Entries[0].Node != 1 || o.Entries[1].Node != 0 {
		t.Fatalf("entries %+v: want P1, then P0", o.Entries)
	}
	p1, p0 := o.Entries[0], o.Entries[1]
	if p1.ExitTime == nil || p0.EnterTime <= *p1.ExitTime {
		t.Errorf("P0 enters at %d, not after P1's exit at %v", p0.EnterTime, p1.ExitTime)
	}
	// P1's deferred REPLY to P0 is sent at its exit and lets P0 in. Its
	// stamp by the lecture's rules: P1 ticks to 8 for its REQUEST, to 13 on
	// P0's REQUEST(12,0), to 15 on P0's REPLY(14), to 17 on P2's REPLY(16),
	// and to 18 for the send of this REPLY (LC1).
	lines := strings.Join(algotest.Narration(tl, 0, tl.Len()), "\n")
	for _, want := range []string{
		"t=1 P1: WANTED with the smaller (8,1) < (12,0): defers its reply to P0",
		fmt.Sprintf("t=%d P1 sends REPLY(18) to P0", *p1.ExitTime),
		fmt.Sprintf("t=%d P0: enters the critical section", p0.EnterTime),
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the narration lacks %q:\n%s", want, lines)
		}
	}
	if o.Pending != 0 || o.Messages != 8 || *o.MessagesPerEntry != 4 {
		t.Errorf("outcome %+v: want 0 pending, 8 messages, 2(n−1) = 4 per entry", o)
	}
}

// ALGORITHMS.md 2.2: 2(n−1) messages per entry.
func TestMessageCounts(t *testing.T) {
	for _, n := range []int{2, 3, 5, 8, 12} {
		for seed := int64(1); seed <= 4; seed++ {
			params := map[string]any{"n": n, "count": 2, "spread": 30, "delay": map[string]any{"min": 1, "max": 4}}
			_, s := algotest.RunToEnd(t, ricartagrawala.Algorithm, params, seed)
			o := outcomeOf(t, s)
			if want := int64(2 * (n - 1) * len(o.Entries)); o.Messages != want || s.Messages.Sent != want {
				t.Errorf("n=%d seed %d: %d messages (%d sent) for %d entries, want 2(n−1)·entries = %d", n, seed, o.Messages, s.Messages.Sent, len(o.Entries), want)
			}
		}
	}
}

// Parameter errors name the parameter and say what is wrong.
func TestParamErrors(t *testing.T) {
	_, err := ricartagrawala.Algorithm.ResolveAny(map[string]any{"n": 3, "clocks": []int{1, 2}}, 1)
	if want := "parameter clocks: has 2 entries but n is 3"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
}
