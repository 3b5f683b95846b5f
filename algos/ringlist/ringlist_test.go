package ringlist_test

import (
	"bytes"
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/algos/algotest"
	"distviz/algos/ringlist"
	"distviz/engine"
	"distviz/param"
	"distviz/trace"
)

// Tests for the ring algorithm with ID lists, tied to ALGORITHMS.md 1.2 and
// the worked example in section 6; faults_test.go has the crashes, losses
// and the invariants that catch them.

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, ringlist.Algorithm) }

func TestRegistry(t *testing.T) {
	a := ringlist.Algorithm
	if a.Family != algo.FamilyElection || a.View != algo.ViewRing {
		t.Errorf("family %q view %q, want election on the ring view", a.Family, a.View)
	}
	if !slices.Equal(a.MessageTypes, []string{"ELECTION", "COORDINATOR"}) {
		t.Errorf("message types %v", a.MessageTypes)
	}
	if len(a.Scenarios) == 0 || a.Scenarios[0].ID != "lecture" {
		t.Fatalf("the lecture's scenario must come first: %+v", a.Scenarios)
	}
	// Every scenario runs cleanly and meets the theory's count.
	for _, sc := range a.Scenarios {
		_, s := algotest.RunToEnd(t, ringlist.Algorithm, sc.Params, sc.Seed)
		o := outcomeOf(t, s.Outcome)
		if len(s.Violations) > 0 || !s.Terminated || !o.Agree {
			t.Errorf("scenario %s: outcome %+v, violations %s", sc.ID, o, violations(s))
		}
		if len(s.Theory) != 1 || float64(s.Messages.Sent) != s.Theory[0].Value {
			t.Errorf("scenario %s: %d messages, theory %+v", sc.ID, s.Messages.Sent, s.Theory)
		}
	}
}

// ALGORITHMS.md 6: processes 0–7 on a ring, the old coordinator 7 has
// crashed, process 4 starts the election; the list grows round the ring,
// skipping 7; when it returns to 4, 4 sends COORDINATOR with the full list
// round once; everyone picks the maximum, 6.
func TestLecture(t *testing.T) {
	params := algotest.ScenarioParams(t, ringlist.Algorithm, "lecture")
	tl, s := algotest.RunToEnd(t, ringlist.Algorithm, params, 0)
	if !slices.Equal(tl.Params.Ints("ids"), []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Fatalf("ids %v, want 0..7 by position", tl.Params.Ints("ids"))
	}
	ms := messageEvents(t, tl)
	sends := filter(t, tl, engine.KindSend, "ELECTION")

	// "process 4 starts the election": its first send is ELECTION(4) to P5.
	if first := sends[0]; first.from != 4 || first.to != 5 || first.label != "ELECTION(4)" || !slices.Equal(first.list, []int{4}) {
		t.Errorf("first send %+v, want P4 → P5 ELECTION([4])", first)
	}
	// "skipping 7": P6 sends to P0, and nobody sends anything to P7.
	for _, m := range ms {
		if m.kind == engine.KindSend && m.from == 6 && m.to != 0 {
			t.Errorf("P6 sends %s to P%d, want P0 (skipping the crashed P7)", m.label, m.to)
		}
		if m.to == 7 {
			t.Errorf("event %d: %s is sent to the crashed P7", m.seq, m.label)
		}
	}
	// "the list grows round the ring": each hop prepends the sender's ID.
	for i := 1; i < len(sends); i++ {
		if want := append([]int{sends[i].from}, sends[i-1].list...); !slices.Equal(sends[i].list, want) {
			t.Errorf("P%d sends %v, want %v", sends[i].from, sends[i].list, want)
		}
	}
	// "when it returns to 4": the list P4 receives holds 0..6, not 7.
	back := filter(t, tl, engine.KindDeliver, "ELECTION")
	last := back[len(back)-1]
	if last.to != 4 || !slices.Equal(last.list, []int{3, 2, 1, 0, 6, 5, 4}) {
		t.Errorf("the list back at P%d is %v, want P4 to receive [3 2 1 0 6 5 4]", last.to, last.list)
	}
	sorted := slices.Sorted(slices.Values(last.list))
	if !slices.Equal(sorted, []int{0, 1, 2, 3, 4, 5, 6}) {
		t.Errorf("the list back at P4 holds %v, want 0..6 without 7", sorted)
	}
	// "4 sends COORDINATOR with the full list round once": 7 messages, from
	// P4 round to P3, each carrying that list; the last one reaches P4.
	coord := filter(t, tl, engine.KindSend, "COORDINATOR")
	if len(coord) != 7 || s.Messages.ByType.Get("COORDINATOR") != 7 {
		t.Fatalf("%d COORDINATOR messages, want 7 (once round the 7 live processes)", len(coord))
	}
	wantFrom := []int{4, 5, 6, 0, 1, 2, 3}
	for i, m := range coord {
		if m.from != wantFrom[i] || !slices.Equal(m.list, last.list) {
			t.Errorf("COORDINATOR %d: %+v, want from P%d with the full list", i, m, wantFrom[i])
		}
	}
	if coord[6].to != 4 {
		t.Errorf("the last COORDINATOR goes to P%d, want back to P4", coord[6].to)
	}
	// "everyone picks the maximum, 6".
	for p, c := range coordinators(tl) {
		if p == 7 {
			continue
		}
		if c != 6 {
			t.Errorf("P%d has coordinator %v, want 6", p, c)
		}
	}
	o := outcomeOf(t, s.Outcome)
	if len(s.Violations) > 0 || !s.Terminated || !o.Agree || *o.Leader != 6 || o.Knowing != 7 || o.Live != 7 || !slices.Equal(o.Elected, []int{6}) {
		t.Errorf("outcome %+v, violations %s", o, violations(s))
	}
	// The theory: one initiator, k = 7 live: k ELECTION + k COORDINATOR = 2k.
	if s.Messages.ByType.Get("ELECTION") != 7 || s.Messages.Sent != 14 || theory(t, tl.Params, "one initiator") != 14 {
		t.Errorf("%d ELECTION, %d in all; want 7 and 2k = 14", s.Messages.ByType.Get("ELECTION"), s.Messages.Sent)
	}
	// Roles at the end: 6 is the coordinator, the others informed, 7 idle.
	h := tl.Head()
	for p := range 8 {
		want := "informed"
		switch p {
		case 6:
			want = "coordinator"
		case 7:
			want = "idle"
		}
		if got := h.Process(p).View().Role; got != want {
			t.Errorf("P%d's role is %q, want %q", p, got, want)
		}
	}
}

// The roles while the list is on its way (after P5 has forwarded it).
func TestRolesOnTheWay(t *testing.T) {
	tl := algotest.NewRun(t, ringlist.Algorithm, algotest.ScenarioParams(t, ringlist.Algorithm, "lecture"), 0)
	for range 3 { // P4 starts; P5 receives and forwards; P6 receives and forwards
		if ok, err := tl.Forward(); !ok || err != nil {
			t.Fatal(ok, err)
		}
	}
	want := []string{"idle", "idle", "idle", "idle", "initiator", "participant", "participant", "idle"}
	for p, w := range want {
		if got := tl.State().Process(p).View().Role; got != w {
			t.Errorf("P%d's role is %q, want %q", p, got, w)
		}
	}
}

// Token labels show up to 8 IDs, newest first; the JSON form holds them all.
func TestLabelAndJSON(t *testing.T) {
	tl, _ := algotest.RunToEnd(t, ringlist.Algorithm, map[string]any{"n": 10, "idOrder": "increasing"}, 1)
	ms := filter(t, tl, engine.KindSend, "ELECTION")
	want := map[int]string{
		0: "ELECTION(0)",
		2: "ELECTION(2,1,0)",
		7: "ELECTION(7,6,5,4,3,2,1,0)",   // 8 IDs: all shown
		8: "ELECTION(8,7,6,5,4,3,2,1,…)", // 9 IDs: truncated
		9: "ELECTION(9,8,7,6,5,4,3,2,…)",
	}
	for i, m := range ms {
		if w, ok := want[i]; ok && m.label != w {
			t.Errorf("ELECTION %d is labelled %q, want %q", i, m.label, w)
		}
		if len(m.list) != i+1 || m.list[0] != i || m.list[i] != 0 {
			t.Errorf("ELECTION %d carries %v, want [%d … 0]", i, m.list, i)
		}
	}
}

// Several initiators: each list comes back to its own initiator, each
// initiator announces, both COORDINATORs go once round: 2mk messages.
func TestTwoInitiators(t *testing.T) {
	params := algotest.ScenarioParams(t, ringlist.Algorithm, "two-initiators")
	tl, s := algotest.RunToEnd(t, ringlist.Algorithm, params, 0)
	inits := tl.Params.Ints("initiators")
	k := 8 - len(tl.Params.Ints("crashed"))
	returns := returns(t, tl)
	if len(returns) != len(inits) {
		t.Fatalf("%d lists came back, want one per initiator %v", len(returns), inits)
	}
	ids := tl.Params.Ints("ids")
	for _, m := range returns {
		if !slices.Contains(inits, m.to) || m.list[len(m.list)-1] != ids[m.to] || len(m.list) != k {
			t.Errorf("list %v came back to P%d: want each initiator to get its own full list back", m.list, m.to)
		}
	}
	o := outcomeOf(t, s.Outcome)
	if len(s.Violations) > 0 || !o.Agree || *o.Leader != 6 || s.Messages.Sent != int64(2*len(inits)*k) {
		t.Errorf("outcome %+v, %d messages (want 2mk = %d), violations %s", o, s.Messages.Sent, 2*len(inits)*k, violations(s))
	}
}

// The same parameters and seed give the same events, byte for byte.
func TestDeterministic(t *testing.T) {
	params := map[string]any{"n": 15, "crashed": []int{3, 4, 11}, "initiators": []int{0, 7, 9},
		"delay": map[string]any{"min": 1, "max": 12}, "fifo": false}
	for seed := int64(1); seed <= 5; seed++ {
		a, _ := algotest.RunToEnd(t, ringlist.Algorithm, params, seed)
		b, _ := algotest.RunToEnd(t, ringlist.Algorithm, params, seed)
		if !bytes.Equal(encode(t, a), encode(t, b)) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
}

// A lone live process elects itself without a message.
func TestAlone(t *testing.T) {
	tl, s := algotest.RunToEnd(t, ringlist.Algorithm, map[string]any{"n": 3, "idOrder": "increasing", "crashed": []int{1, 2}, "initiators": []int{0}}, 1)
	o := outcomeOf(t, s.Outcome)
	if s.Messages.Sent != 0 || len(s.Violations) > 0 || !o.Agree || *o.Leader != 0 || !slices.Equal(o.Elected, []int{0}) {
		t.Fatalf("%d messages, outcome %+v, violations %s", s.Messages.Sent, o, violations(s))
	}
	if !slices.ContainsFunc(algotest.Narration(tl, 0, tl.Len()), func(l string) bool { return strings.Contains(l, "P0: no other process is reachable") }) {
		t.Errorf("no note that P0 is alone: %v", algotest.Narration(tl, 0, tl.Len()))
	}
}

func TestParamErrors(t *testing.T) {
	a := ringlist.Algorithm
	for _, c := range []struct {
		params map[string]any
		param  string
		says   string
	}{
		{map[string]any{"n": 1}, "n", "below the minimum"},
		{map[string]any{"n": 10001}, "n", "above the maximum"},
		{map[string]any{"n": 4, "initiators": []int{}}, "initiators", "at least one process must start"},
		{map[string]any{"n": 4, "initiators": []int{4}}, "initiators", "outside 0..3"},
		{map[string]any{"n": 4, "initiators": []int{1, 1}}, "initiators", "listed twice"},
		{map[string]any{"n": 4, "crashed": []int{0}}, "initiators", "position 0 is crashed from the start"},
		{map[string]any{"n": 4, "crashed": []int{0, 1, 2, 3}, "initiators": []int{}}, "initiators", "at least one"},
		{map[string]any{"n": 3, "crashed": []int{0, 1, 2}, "initiators": []int{1}}, "crashed", "at least one must be live"},
		{map[string]any{"n": 4, "crashed": []int{5}}, "crashed", "outside 0..3"},
		{map[string]any{"n": 3, "ids": []int{1, 2}}, "ids", "has 2 entries but n is 3"},
		{map[string]any{"n": 3, "ids": []int{1, 2, 1}}, "ids", "must be distinct"},
	} {
		_, err := a.ResolveAny(c.params, 1)
		var pe *param.Error
		if !errors.As(err, &pe) || pe.Param != c.param || !strings.Contains(pe.Msg, c.says) {
			t.Errorf("%v: error %v, want one about %s saying %q", c.params, err, c.param, c.says)
		}
	}
}

// The list's JSON form survives a trace round trip: the import re-simulates
// the run and compares every event, message bodies included.
func TestTraceRoundTrip(t *testing.T) {
	tl, _ := algotest.RunToEnd(t, ringlist.Algorithm, map[string]any{"n": 12, "crashed": []int{3, 4}, "initiators": []int{0, 6},
		"fifo": false, "delay": map[string]any{"min": 1, "max": 5}}, 3)
	var b bytes.Buffer
	if err := trace.Write(&b, tl); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte(`"type":"COORDINATOR","body":[`)) {
		t.Fatal("no COORDINATOR with a list body in the trace")
	}
	if _, err := trace.Import(bytes.NewReader(b.Bytes()), 0); err != nil {
		t.Fatal(err)
	}
}

// n = 10,000: a list that goes round n processes costs n cells, not n²
// copied IDs (which would be 10⁸ ints, 400 MB at least).
func TestLarge(t *testing.T) {
	n := 10_000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	sim, _ := bare(t, map[string]any{"n": n, "idOrder": "increasing"}, 1)
	runtime.ReadMemStats(&after)
	m := sim.Metrics()
	o := outcomeOf(t, sim.Outcome())
	if m.Sent != int64(2*n) || m.Violations != 0 || !o.Agree || *o.Leader != n-1 || o.Knowing != n {
		t.Fatalf("%d messages (want 2n), %d violations, outcome knowing %d agree %v", m.Sent, m.Violations, o.Knowing, o.Agree)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("n = %d: %d messages, %.1f MB allocated", n, m.Sent, float64(alloc)/(1<<20))
	if alloc > 64<<20 {
		t.Errorf("a run with n = %d allocated %d MB: the list is being copied", n, alloc>>20)
	}
}
