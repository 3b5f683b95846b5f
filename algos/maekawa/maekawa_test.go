package maekawa_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/engine"
	"distviz/narrate"
	"distviz/trace"
)

// The lectures' worked examples, word for word (testdata/*.txt).
func TestTranscripts(t *testing.T) { algotest.Transcripts(t, alg) }

// ALGORITHMS.md 2.5 and 6: on the lecture's plane one uncontended request
// costs 3(|S|−1) = 9 messages, the requester's own lock taken locally.
func TestLecture(t *testing.T) {
	tl, s := runToEnd(t, scenarioParams(t, "lecture"), 0)
	o := outcomeOf(t, s)
	if len(s.Violations) > 0 || len(o.Entries) != 1 || o.Entries[0].Node != 0 || o.Pending != 0 {
		t.Fatalf("violations %+v, outcome %+v: want P1's one entry", s.Violations, o)
	}
	if got := sentByType(tl); o.Messages != 9 || *o.MessagesPerEntry != 9 || got["REQUEST"] != 3 || got["LOCKED"] != 3 || got["RELEASE"] != 3 || len(got) != 3 {
		t.Errorf("messages %v (outcome %d, %v per entry), want 3 REQUEST, 3 LOCKED, 3 RELEASE", got, o.Messages, *o.MessagesPerEntry)
	}
	v, err := alg.ResolveAny(scenarioParams(t, "lecture"), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range alg.Evaluate(v) {
		if b.Name == "uncontended" && b.Value != 9 {
			t.Errorf("the uncontended bound is %v for |S| = 4, want 9", b.Value)
		}
	}
	if o.Deadlock != nil || len(o.Quorums) != 13 || !slices.Equal(o.Quorums[1], []int{1, 4, 7, 10}) {
		t.Errorf("outcome quorums %v, deadlock %+v: want the lecture's S2 = {2,5,8,11} as positions, no deadlock", o.Quorums, o.Deadlock)
	}
	lines := strings.Join(narration(tl), "\n")
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

// The scenario "inquire" read against the rules (ALGORITHMS.md 2.5): P3
// locks itself first, P9 fails at P3 (R2 → FAILED, Fb stores it); the older
// (1,2) of P2 reaches P11, locked for P9 (R2 → INQUIRE); P9 has failed and
// gives the lock back (Ia/Ib); P11 locks for P2 (Q1–Q3). P2's INQUIRE to P3
// through P8 finds P3 inside. P3, then P2, then P9 enter.
func TestInquireScenario(t *testing.T) {
	tl, s := runToEnd(t, scenarioParams(t, "inquire"), 0)
	o := outcomeOf(t, s)
	var order []int
	for _, e := range o.Entries {
		order = append(order, e.Node)
	}
	if len(s.Violations) > 0 || !slices.Equal(order, []int{2, 1, 8}) || o.Pending != 0 {
		t.Fatalf("violations %+v, entries by %v: want P3, P2, P9 and nothing pending", s.Violations, order)
	}
	got := sentByType(tl)
	if want := map[string]int{"REQUEST": 9, "LOCKED": 10, "RELEASE": 9, "FAILED": 1, "INQUIRE": 2, "RELINQUISH": 1}; !maps.Equal(got, want) {
		t.Errorf("messages %v, want %v", got, want)
	}
	var perEntry int64
	for _, e := range o.Entries {
		perEntry += e.Messages
		if e.Messages > 15 {
			t.Errorf("entry %+v: %d messages, above 5(|S|−1) = 15", e, e.Messages)
		}
	}
	if perEntry != o.Messages || o.Messages != 32 {
		t.Errorf("the entries' messages add up to %d, the run sent %d (want 32)", perEntry, o.Messages)
	}
	lines := strings.Join(narration(tl), "\n")
	for _, want := range []string{
		"t=1 P3: R1: adds (1,9) of P9; R2: locked by P3 for (1,3); (1,9) is not the oldest → FAILED to P9",
		"t=2 P9: Fb: stores the FAILED from P3 (no INQUIRE to answer yet)",
		"t=2 P11: R1: adds (1,2) of P2; R2: locked by P9 for (1,9); (1,2) is now the oldest → INQUIRE to P9",
		"t=2 P8: R1: adds (1,2) of P2; R2: locked by P3 for (1,3); (1,2) is now the oldest → INQUIRE to P3",
		"t=3 P3: inside the critical section: keeps the lock of P8; its RELEASE will answer the INQUIRE",
		"t=3 P9: has received FAILED (from P3): Ia removes P11 from E; Ib RELINQUISH to P11",
		"t=3 P9 sends RELINQUISH(1,9) to P11",
		"t=4 P11: Q1: drops the lock for (1,9) of P9; Q2: locks for the oldest, (1,2) of P2; Q3: LOCKED to P2",
		"t=7 P3: S1: removes (1,3) of P3; S2: locks for the oldest, (1,9) of P9: LOCKED to P9",
		"t=9 P2: L1: P8 has locked for it: 4 of 4; L2: all of its quorum have locked → enters",
		"t=16 P9: L1: P11 has locked for it: 4 of 4; L2: all of its quorum have locked → enters",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the narration lacks %q", want)
		}
	}
}

// The contract's node variables (docs: contracts, maekawa) in the middle of
// the scenario "inquire", at time 2 after P9 stored the FAILED of P3.
func TestView(t *testing.T) {
	tl := algotest.NewRun(t, alg, scenarioParams(t, "inquire"), 0)
	english := narrate.For(tl.Alg, tl.Nodes).In(narrate.English)
	for {
		ok, err := tl.Forward()
		if err != nil || !ok {
			t.Fatalf("the scenario ended before P9 received LOCKED from P11: %v", err)
		}
		if e := tl.Event(tl.Seq()); strings.HasPrefix(english.Text(e.Text), "L1: P11 has locked for it") {
			break
		}
	}
	view := func(p int) map[string]string {
		out := map[string]string{}
		var names []string
		for _, v := range tl.State().Process(p).View().Vars {
			b, err := json.Marshal(v.Value)
			if err != nil {
				t.Fatal(err)
			}
			out[v.Name] = string(b)
			names = append(names, v.Name)
		}
		if want := []string{"state", "pending", "entries", "quorum", "clock", "request", "lock", "queue", "granted", "inquired", "failed"}; !slices.Equal(names, want) {
			t.Fatalf("P%d's vars are %v, want %v", p+1, names, want)
		}
		return out
	}
	p9 := view(8)
	for name, want := range map[string]string{"quorum": "[2,6,8,10]", "clock": "1", "request": "[1,9]", "lock": `{"node":8,"ts":[1,9]}`,
		"queue": "[]", "granted": "[6,8,10]", "inquired": "[]", "failed": "[2]"} {
		if p9[name] != want {
			t.Errorf("P9's %s is %s, want %s", name, p9[name], want)
		}
	}
	p3 := view(2)
	for name, want := range map[string]string{"request": "[1,3]", "lock": `{"node":2,"ts":[1,3]}`, "queue": `[{"node":8,"ts":[1,9]}]`} {
		if p3[name] != want {
			t.Errorf("P3's %s is %s, want %s", name, p3[name], want)
		}
	}
	if r := tl.State().Process(2).View().Role; r != "held" {
		t.Errorf("P3's role is %q, want held", r)
	}
	if v := view(0); v["request"] != "null" || v["lock"] != "null" || v["clock"] != "0" {
		t.Errorf("P1 (no request): %v", v)
	}
}

// Over hundreds of seeds with random delays and concurrent requests, the
// default rules (corrected, with INQUIRE) on planes of 7 and 13, grids and
// majorities: ME1 holds at every step, no deadlock, every request served,
// and a run's messages per entry stay within 5(|S|−1).
func TestProperties(t *testing.T) {
	for _, c := range []struct {
		name  string
		quorm string
		n     func(r *rand.Rand) int
	}{
		{"plane7", "projective", func(*rand.Rand) int { return 7 }},
		{"plane13", "projective", func(*rand.Rand) int { return 13 }},
		{"grid", "grid", func(r *rand.Rand) int { return 2 + r.IntN(19) }},
		{"majority", "majority", func(r *rand.Rand) int { return 2 + r.IntN(12) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			var st stats
			for seed := int64(1); seed <= 150; seed++ {
				r := rand.New(rand.NewPCG(uint64(seed), 44))
				n := c.n(r)
				lo, cs := 1+r.IntN(3), r.IntN(5)
				params := map[string]any{
					"n": n, "quorums": c.quorm, "count": 1 + r.IntN(3), "spread": r.IntN(60),
					"delay":  map[string]any{"min": lo, "max": lo + r.IntN(10)},
					"csTime": map[string]any{"min": cs, "max": cs + r.IntN(6)},
				}
				o := checkServed(t, params, seed)
				k := 0
				for _, s := range o.Quorums {
					k = max(k, len(s))
				}
				if *o.MessagesPerEntry > float64(5*(k-1)) {
					t.Errorf("seed %d %v: %.2f messages per entry, above 5(|S|−1) = %d", seed, params, *o.MessagesPerEntry, 5*(k-1))
				}
				st.add(o, fmt.Sprintf("seed %d n=%d", seed, n))
			}
			t.Log(st.String())
		})
	}
}

// Explicit quorums: one central node is a valid quorum system (every
// quorum {P1}); a requester outside its quorum needs 3|S| = 3 messages.
func TestExplicitQuorums(t *testing.T) {
	params := map[string]any{"n": 4, "quorums": "explicit", "quorumList": [][]int{{0}, {0}, {0}, {0}}, "count": 2, "spread": 20,
		"delay": map[string]any{"min": 1, "max": 3}}
	for seed := int64(1); seed <= 20; seed++ {
		o := checkServed(t, params, seed)
		for _, e := range o.Entries {
			if want := int64(3); e.Node != 0 && e.Messages < want {
				t.Errorf("seed %d: P%d's entry took %d messages, want at least REQUEST, LOCKED, RELEASE", seed, e.Node+1, e.Messages)
			}
			if e.Node == 0 && e.Messages != 0 {
				t.Errorf("seed %d: P1, the central node, sent %d messages for its own entry", seed, e.Messages)
			}
		}
	}
	// Majorities given by hand, as the grid view may edit them.
	checkServed(t, map[string]any{"n": 3, "quorums": "explicit", "quorumList": [][]int{{0, 1}, {1, 2}, {2, 0}}}, 1)
}

// Parameter errors name the parameter and the reason.
func TestParamErrors(t *testing.T) {
	for _, c := range []struct {
		params map[string]any
		want   string
	}{
		{map[string]any{"n": 10}, "parameter n: a projective plane needs n ∈ {7, 13, 21, 31, 57, 73, 91}"},
		{map[string]any{"n": 92, "quorums": "grid"}, "parameter n"},
		{map[string]any{"n": 13, "fifo": false}, "parameter fifo: must be on"},
		{map[string]any{"n": 3, "quorums": "explicit"}, "parameter quorumList: has 0 quorums but n is 3"},
		{map[string]any{"n": 4, "quorums": "explicit", "quorumList": [][]int{{0, 1}, {1, 2}, {0, 2}, {3}}}, "parameter quorumList: quorums of P1 and P4 do not intersect"},
		{map[string]any{"n": 3, "quorums": "explicit", "quorumList": [][]int{{0, 1}, {1, 2}, {2, 3}}}, "parameter quorumList: the quorum of P3 holds position 3, outside 0..2"},
		{map[string]any{"n": 3, "quorums": "explicit", "quorumList": "0,1;1,2;2,0,1"}, "parameter quorumList"},
		{map[string]any{"n": 3, "quorums": "square"}, "parameter quorums"},
		{map[string]any{"n": 3, "quorums": "grid", "quorumList": [][]int{{0, 1}, {1, 2}, {2, 0}}}, "parameter quorumList: is given, but quorums is grid"},
	} {
		_, err := alg.ResolveAny(c.params, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.params, err, c.want)
		}
	}
	// a quorum list alone means explicit quorums
	if v, err := alg.ResolveAny(map[string]any{"n": 3, "quorumList": [][]int{{0, 1}, {1, 2}, {2, 0}}}, 1); err != nil || v.String("quorums") != "explicit" {
		t.Errorf("a quorum list without quorums: %v", err)
	}
	for _, n := range []int{7, 21, 31, 57, 73, 91} {
		if _, err := alg.ResolveAny(map[string]any{"n": n, "requestNodes": []int{n - 1}, "requestTimes": []int{0}}, 1); err != nil {
			t.Errorf("projective n=%d: %v", n, err)
		}
	}
	// The largest plane runs, uncontended: 3(|S|−1) = 27 messages.
	_, s := runToEnd(t, map[string]any{"n": 91, "requestNodes": []int{90}, "requestTimes": []int{0}}, 1)
	if o := outcomeOf(t, s); len(o.Entries) != 1 || o.Messages != 27 {
		t.Errorf("n=91: %d entries, %d messages; want 1 entry, 27 messages", len(o.Entries), o.Messages)
	}
}

// The user's request action is served; the same seed gives the same run.
func TestRequestsAndDeterminism(t *testing.T) {
	tl, s := runToEnd(t, map[string]any{"n": 7, "requestNodes": []int{}, "requestTimes": []int{}, "count": 0}, 1)
	if o := outcomeOf(t, s); len(o.Entries) != 0 {
		t.Fatalf("no workload, yet %d entries", len(o.Entries))
	}
	for _, p := range []int{2, 5, 2, 0} {
		if err := tl.Apply(engine.Action{Type: engine.ActNode, Node: p, Name: "request"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	s = trace.Summarize(tl)
	algotest.CheckCounters(t, tl, s)
	if o := outcomeOf(t, s); len(o.Entries) != 4 || o.Pending != 0 || len(s.Violations) > 0 {
		t.Errorf("after 4 requests by hand: %d entries, %d pending, violations %+v", len(o.Entries), o.Pending, s.Violations)
	}
	// The family's TELL: P1 tells P6 after its request, and P6's request is
	// stamped later than P1's.
	tl, s = runToEnd(t, map[string]any{"n": 7, "requestNodes": []int{0}, "requestTimes": []int{0}, "tellFrom": []int{0}, "tellTo": []int{5}}, 1)
	lines := strings.Join(narration(tl), "\n")
	if o := outcomeOf(t, s); len(o.Entries) != 2 || len(s.Violations) > 0 || !strings.Contains(lines, "P6: hears from P1 and requests the critical section") || !strings.Contains(lines, "P6: requests with (4,6)") {
		t.Errorf("TELL from P1 to P6: entries %+v, violations %+v; narration:\n%s", o.Entries, s.Violations, lines)
	}
	params := map[string]any{"n": 13, "count": 2, "spread": 30, "delay": map[string]any{"min": 1, "max": 6}}
	a, _ := runToEnd(t, params, 9)
	b, _ := runToEnd(t, params, 9)
	if !slices.Equal(narration(a), narration(b)) {
		t.Error("two runs with seed 9 differ")
	}
}
