package algos_test

import (
	"slices"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/timeline"
	"distviz/trace"
)

func maekawaOutcomeOf(t testing.TB, s trace.Summary) algos.MaekawaOutcome {
	t.Helper()
	o, ok := s.Outcome.(algos.MaekawaOutcome)
	if !ok {
		t.Fatalf("outcome is %T, want algos.MaekawaOutcome", s.Outcome)
	}
	return o
}

// sentByType counts the messages sent, by type.
func sentByType(tl *timeline.Timeline) map[string]int {
	out := map[string]int{}
	for seq := int64(1); seq <= tl.Len(); seq++ {
		if e := tl.Event(seq); e.Kind == engine.KindSend {
			out[e.Msg.Type]++
		}
	}
	return out
}

// ALGORITHMS.md 2.5 and 6: on the lecture's plane one uncontended request
// costs 3(|S|−1) = 9 messages, the requester's own lock taken locally.
func TestMaekawaLecture(t *testing.T) {
	tl, s := runToEnd(t, "maekawa", scenarioParams(t, "maekawa", "lecture"), 0)
	o := maekawaOutcomeOf(t, s)
	if len(s.Violations) > 0 || len(o.Entries) != 1 || o.Entries[0].Node != 0 || o.Pending != 0 {
		t.Fatalf("violations %+v, outcome %+v: want P1's one entry", s.Violations, o)
	}
	if got := sentByType(tl); o.Messages != 9 || *o.MessagesPerEntry != 9 || got["REQUEST"] != 3 || got["LOCKED"] != 3 || got["RELEASE"] != 3 || len(got) != 3 {
		t.Errorf("messages %v (outcome %d, %v per entry), want 3 REQUEST, 3 LOCKED, 3 RELEASE", got, o.Messages, *o.MessagesPerEntry)
	}
	a, _ := algos.Get("maekawa")
	v, err := a.ResolveAny(scenarioParams(t, "maekawa", "lecture"), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range a.Evaluate(v) {
		if b.Name == "uncontended" && b.Value != 9 {
			t.Errorf("the uncontended bound is %v for |S| = 4, want 9", b.Value)
		}
	}
	if o.Deadlock != nil || len(o.Quorums) != 13 || !slices.Equal(o.Quorums[1], []int{1, 4, 7, 10}) {
		t.Errorf("outcome quorums %v, deadlock %+v: want the lecture's S2 = {2,5,8,11} as positions, no deadlock", o.Quorums, o.Deadlock)
	}
	lines := strings.Join(narration(tl, 0, tl.Len()), "\n")
	for _, want := range []string{
		"P1: requests with (1,1): REQUEST to its quorum P1, P2, P3, P4",
		"P1 sends REQUEST(1,1) to P2, P3, P4",
		"P1: handles its own REQUEST(1,1) locally: it is in its own quorum, no message is sent",
		"P2: R1: adds (1,1) of P1; R2: free → locks for it: LOCKED to P1",
		"P1: L1: P4 has locked for it: 4 of 4; L2: all of its quorum have locked → enters",
		"P3: S1: removes (1,1) of P1; S2: no request left: free",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the narration lacks %q", want)
		}
	}
}
