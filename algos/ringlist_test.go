package algos_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
	"distviz/trace"
)

// Tests for the ring algorithm with ID lists, tied to ALGORITHMS.md 1.2 and
// the worked example in section 6. The "ring" helpers are in
// changroberts_test.go.

// rlMsg is a message event with its list decoded.
type rlMsg struct {
	seq      int64
	kind     engine.Kind
	typ      string
	from, to int
	list     []int // newest first, as the JSON form
	label    string
}

// rlMessages lists the send and deliver events of a run, with their lists
// read from the JSON form.
func rlMessages(t testing.TB, tl *timeline.Timeline) []rlMsg {
	return rlFilter(t, tl, 0, "")
}

// rlFilter lists the message events of a kind and type (0, "": all).
func rlFilter(t testing.TB, tl *timeline.Timeline, kind engine.Kind, typ string) []rlMsg {
	t.Helper()
	var out []rlMsg
	for seq := int64(1); seq <= tl.Len(); seq++ {
		e := tl.Event(seq)
		if e.Kind != engine.KindSend && e.Kind != engine.KindDeliver ||
			kind != 0 && e.Kind != kind || typ != "" && e.Msg.Type != typ {
			continue
		}
		b, err := json.Marshal(e.Msg.Body)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rlMsg{seq, e.Kind, e.Msg.Type, int(e.From), int(e.To), rlParse(t, b), e.Msg.Label()})
	}
	return out
}

// rlParse reads a JSON array of whole numbers (faster than encoding/json,
// which matters for the property test under the race detector).
func rlParse(t testing.TB, b []byte) []int {
	t.Helper()
	s, ok := bytes.CutPrefix(b, []byte("["))
	if s, ok = bytes.CutSuffix(s, []byte("]")); !ok || len(s) == 0 {
		t.Fatalf("the body %s is not a non-empty JSON array", b)
	}
	var out []int
	for f := range bytes.SplitSeq(s, []byte(",")) {
		x, err := strconv.Atoi(string(f))
		if err != nil {
			t.Fatalf("the body %s is not a JSON array of IDs: %v", b, err)
		}
		out = append(out, x)
	}
	return out
}

// rlCoordinators is every process's "coordinator" variable (nil: unknown).
func rlCoordinators(tl *timeline.Timeline) []any {
	h := tl.Head()
	out := make([]any, h.N())
	for p := range out {
		for _, v := range h.Process(p).View().Vars {
			if v.Name == "coordinator" {
				out[p] = v.Value
			}
		}
	}
	return out
}

func TestRingListRegistry(t *testing.T) {
	a, err := algos.Get("ring-list")
	if err != nil {
		t.Fatal(err)
	}
	if a.Family != algos.FamilyElection || a.View != algos.ViewRing {
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
		_, s := runToEnd(t, "ring-list", sc.Params, sc.Seed)
		o := ringOutcome(t, s.Outcome)
		if len(s.Violations) > 0 || !s.Terminated || !o.Agree {
			t.Errorf("scenario %s: outcome %+v, violations %s", sc.ID, o, ringViolations(s))
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
func TestRingListLecture(t *testing.T) {
	params := scenarioParams(t, "ring-list", "lecture")
	tl, s := runToEnd(t, "ring-list", params, 0)
	if !slices.Equal(tl.Params.Ints("ids"), []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Fatalf("ids %v, want 0..7 by position", tl.Params.Ints("ids"))
	}
	ms := rlMessages(t, tl)
	sends := rlFilter(t, tl, engine.KindSend, "ELECTION")

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
	back := rlFilter(t, tl, engine.KindDeliver, "ELECTION")
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
	coord := rlFilter(t, tl, engine.KindSend, "COORDINATOR")
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
	for p, c := range rlCoordinators(tl) {
		if p == 7 {
			continue
		}
		if c != 6 {
			t.Errorf("P%d has coordinator %v, want 6", p, c)
		}
	}
	o := ringOutcome(t, s.Outcome)
	if len(s.Violations) > 0 || !s.Terminated || !o.Agree || *o.Leader != 6 || o.Knowing != 7 || o.Live != 7 || !slices.Equal(o.Elected, []int{6}) {
		t.Errorf("outcome %+v, violations %s", o, ringViolations(s))
	}
	// The theory: one initiator, k = 7 live: k ELECTION + k COORDINATOR = 2k.
	if s.Messages.ByType.Get("ELECTION") != 7 || s.Messages.Sent != 14 || ringTheory(t, "ring-list", tl.Params, "one initiator") != 14 {
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
func TestRingListRolesOnTheWay(t *testing.T) {
	tl := newRun(t, "ring-list", scenarioParams(t, "ring-list", "lecture"), 0)
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
func TestRingListLabelAndJSON(t *testing.T) {
	tl, _ := runToEnd(t, "ring-list", map[string]any{"n": 10, "idOrder": "increasing"}, 1)
	ms := rlFilter(t, tl, engine.KindSend, "ELECTION")
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
func TestRingListTwoInitiators(t *testing.T) {
	params := scenarioParams(t, "ring-list", "two-initiators")
	tl, s := runToEnd(t, "ring-list", params, 0)
	inits := tl.Params.Ints("initiators")
	k := 8 - len(tl.Params.Ints("crashed"))
	returns := rlReturns(t, tl)
	if len(returns) != len(inits) {
		t.Fatalf("%d lists came back, want one per initiator %v", len(returns), inits)
	}
	ids := tl.Params.Ints("ids")
	for _, m := range returns {
		if !slices.Contains(inits, m.to) || m.list[len(m.list)-1] != ids[m.to] || len(m.list) != k {
			t.Errorf("list %v came back to P%d: want each initiator to get its own full list back", m.list, m.to)
		}
	}
	o := ringOutcome(t, s.Outcome)
	if len(s.Violations) > 0 || !o.Agree || *o.Leader != 6 || s.Messages.Sent != int64(2*len(inits)*k) {
		t.Errorf("outcome %+v, %d messages (want 2mk = %d), violations %s", o, s.Messages.Sent, 2*len(inits)*k, ringViolations(s))
	}
}

// rlReturns are the deliveries of an ELECTION whose list already holds the
// receiver's ID: the moments a list has gone round.
func rlReturns(t testing.TB, tl *timeline.Timeline) []rlMsg {
	ids := tl.Params.Ints("ids")
	var out []rlMsg
	for _, m := range rlFilter(t, tl, engine.KindDeliver, "ELECTION") {
		if slices.Contains(m.list, ids[m.to]) {
			out = append(out, m)
		}
	}
	return out
}

// Random rings, crashed sets, initiators and schedules: the highest live ID
// is elected and known by every live process, no invariant breaks, every
// list comes back to its own initiator, the count is exactly 2mk, and the
// counters agree with the events.
func TestRingListProperties(t *testing.T) {
	const seeds = 400 // about 0.3 s each with -race
	for seed := int64(1); seed <= int64(seeds); seed++ {
		r := rand.New(rand.NewPCG(uint64(seed), 0x71))
		n := 2 + r.IntN(39)
		params := map[string]any{"n": n, "delay": ringDelay(r), "fifo": r.IntN(2) == 0}
		if r.IntN(4) == 0 {
			params["ids"] = ringIDs(r, n)
		}
		perm := r.Perm(n)
		crashed := perm[:r.IntN(n)] // 0..n−1 crashed: at least one live
		live := perm[len(crashed):]
		params["crashed"] = crashed
		params["initiators"] = ringSubset(r, live, 3)
		tl, s := runToEnd(t, "ring-list", params, seed)

		ids := tl.Params.Ints("ids")
		top := live[0]
		for _, p := range live {
			if ids[p] > ids[top] {
				top = p
			}
		}
		k, m := len(live), len(params["initiators"].([]int))
		o := ringOutcome(t, s.Outcome)
		if len(s.Violations) > 0 || !s.Terminated || !o.Agree || o.Leader == nil || *o.Leader != ids[top] ||
			o.Knowing != k || o.Live != k || !slices.Equal(o.Elected, []int{top}) {
			t.Fatalf("seed %d %v: terminated %v, outcome %+v, violations %s; want all %d live to know %d",
				seed, params, s.Terminated, o, ringViolations(s), k, ids[top])
		}
		want := int64(2 * m * k)
		if k == 1 {
			want = 0 // alone: coordinator without a message
		}
		if s.Messages.Sent != want || s.Messages.ByType.Get("ELECTION") != want/2 {
			t.Fatalf("seed %d %v: %d messages (%d ELECTION), want 2mk = %d", seed, params, s.Messages.Sent, s.Messages.ByType.Get("ELECTION"), want)
		}
		if th := s.Theory; len(th) != 1 || th[0].Value != float64(want) {
			t.Fatalf("seed %d: theory %+v, want %d", seed, th, want)
		}
		if k > 1 {
			returns := rlReturns(t, tl)
			if len(returns) != m {
				t.Fatalf("seed %d %v: %d lists came back, want %d", seed, params, len(returns), m)
			}
			for _, ret := range returns {
				if ret.list[len(ret.list)-1] != ids[ret.to] || len(ret.list) != k {
					t.Fatalf("seed %d %v: list %v came back to P%d, not its initiator's full list", seed, params, ret.list, ret.to)
				}
			}
		}
	}
}

// The same parameters and seed give the same events, byte for byte.
func TestRingListDeterministic(t *testing.T) {
	params := map[string]any{"n": 15, "crashed": []int{3, 4, 11}, "initiators": []int{0, 7, 9},
		"delay": map[string]any{"min": 1, "max": 12}, "fifo": false}
	for seed := int64(1); seed <= 5; seed++ {
		a, _ := runToEnd(t, "ring-list", params, seed)
		b, _ := runToEnd(t, "ring-list", params, seed)
		if !bytes.Equal(ringEncode(t, a), ringEncode(t, b)) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
}

// A lone live process elects itself without a message.
func TestRingListAlone(t *testing.T) {
	tl, s := runToEnd(t, "ring-list", map[string]any{"n": 3, "idOrder": "increasing", "crashed": []int{1, 2}, "initiators": []int{0}}, 1)
	o := ringOutcome(t, s.Outcome)
	if s.Messages.Sent != 0 || len(s.Violations) > 0 || !o.Agree || *o.Leader != 0 || !slices.Equal(o.Elected, []int{0}) {
		t.Fatalf("%d messages, outcome %+v, violations %s", s.Messages.Sent, o, ringViolations(s))
	}
	if !slices.ContainsFunc(narration(tl, 0, tl.Len()), func(l string) bool { return strings.Contains(l, "P0: no other process is reachable") }) {
		t.Errorf("no note that P0 is alone: %v", narration(tl, 0, tl.Len()))
	}
}

// rlRun steps a lecture run until a send matches, applies an action (given
// the message's ID), and runs to the end.
func rlRun(t *testing.T, match func(e engine.Event) bool, act func(msg int64) engine.Action) (*timeline.Timeline, trace.Summary) {
	t.Helper()
	tl := newRun(t, "ring-list", scenarioParams(t, "ring-list", "lecture"), 0)
	msg := ringStepToSend(t, tl, match)
	if err := tl.Apply(act(msg)); err != nil {
		t.Fatal(err)
	}
	return rlFinish(t, tl)
}

// rlFinish runs to the end, failing fast if a message circles for ever.
func rlFinish(t *testing.T, tl *timeline.Timeline) (*timeline.Timeline, trace.Summary) {
	t.Helper()
	if err := tl.Run(10_000); err != nil {
		t.Fatal(err)
	}
	if !tl.Ended() {
		t.Fatal("no end after 10,000 steps: a message circles for ever")
	}
	s := trace.Summarize(tl)
	checkCounters(t, tl, s)
	return tl, s
}

func rlCrash(p int) func(int64) engine.Action {
	return func(int64) engine.Action { return engine.Action{Type: engine.ActCrash, Node: p} }
}

// The initiator crashes right after sending: its list goes round without it
// and comes back to the first process already in it, P5, which announces.
func TestRingListInitiatorCrashes(t *testing.T) {
	tl, s := rlRun(t, func(e engine.Event) bool { return e.From == 4 }, rlCrash(4))
	returns := rlReturns(t, tl)
	if len(returns) != 1 || returns[0].to != 5 || !slices.Equal(returns[0].list, []int{3, 2, 1, 0, 6, 5, 4}) {
		t.Fatalf("lists back: %+v; want [3 2 1 0 6 5 4] back at P5", returns)
	}
	o := ringOutcome(t, s.Outcome)
	if len(s.Violations) > 0 || !o.Agree || *o.Leader != 6 || o.Knowing != 6 ||
		s.Messages.ByType.Get("ELECTION") != 7 || s.Messages.ByType.Get("COORDINATOR") != 6 {
		t.Fatalf("outcome %+v, %d ELECTION %d COORDINATOR, violations %s", o,
			s.Messages.ByType.Get("ELECTION"), s.Messages.ByType.Get("COORDINATOR"), ringViolations(s))
	}
}

// The announcer crashes after sending COORDINATOR: the message must still go
// round only once (P5, the first to have passed it on, stops it).
func TestRingListAnnouncerCrashes(t *testing.T) {
	tl, s := rlRun(t, func(e engine.Event) bool { return e.Msg.Type == "COORDINATOR" }, rlCrash(4))
	o := ringOutcome(t, s.Outcome)
	if !s.Terminated || len(s.Violations) > 0 || !o.Agree || *o.Leader != 6 || o.Knowing != 6 || s.Messages.ByType.Get("COORDINATOR") != 7 {
		t.Fatalf("terminated %v, outcome %+v, %d COORDINATOR (want 7), violations %s", s.Terminated, o, s.Messages.ByType.Get("COORDINATOR"), ringViolations(s))
	}
	if !slices.Contains(narration(tl, 0, tl.Len()), "t=14 P5: this COORDINATOR has gone once round the ring: stops it") {
		t.Errorf("P5 does not stop the COORDINATOR: %s", strings.Join(narration(tl, 0, tl.Len()), "\n"))
	}
}

// The agreement check can fail: 6 adds its ID and then crashes, so the list
// that comes back to 4 names a dead maximum. Each process that takes 6 is
// reported, and the final check says the highest live ID is 5.
func TestRingListStaleListViolates(t *testing.T) {
	tl, s := rlRun(t, func(e engine.Event) bool { return e.From == 6 }, rlCrash(6))
	if !slices.Contains(narration(tl, 0, tl.Len()), "t=8 P5: P6 to P7 have crashed: skips them") {
		t.Errorf("P5 does not say it skips P6 and P7: %s", strings.Join(narration(tl, 0, tl.Len()), "\n"))
	}
	var agreement, final []string
	for _, v := range s.Violations {
		switch {
		case v.Invariant == "agreement" && v.Node != nil:
			agreement = append(agreement, v.Text)
		case v.Invariant == "agreement":
			final = append(final, v.Text)
		default:
			t.Errorf("unexpected violation %s: %s", v.Invariant, v.Text)
		}
	}
	if len(agreement) != 6 || agreement[0] != "P4 takes 6 as coordinator, the maximum of its list, but P6 has crashed since it added its ID" {
		t.Errorf("agreement violations %q; want one per live process, P4 first", agreement)
	}
	if len(final) != 1 || !strings.Contains(final[0], "the highest live ID is 5 (P5)") {
		t.Errorf("final violations %q", final)
	}
}

// A lost message stops the election: nobody learns a coordinator, and the
// final "termination" check reports it.
func TestRingListLoss(t *testing.T) {
	_, s := rlRun(t, func(e engine.Event) bool { return e.From == 1 }, func(msg int64) engine.Action {
		return engine.Action{Type: engine.ActDrop, Msg: msg}
	})
	if v := ringTermination(s); len(v) != 1 || !strings.Contains(v[0].Text, "only 0 of 7 live processes know a leader") {
		t.Fatalf("violations %s", ringViolations(s))
	}
	_, s = runToEnd(t, "ring-list", map[string]any{"n": 6, "loss": 1.0}, 1)
	if v := ringTermination(s); len(v) != 1 || s.Messages.Dropped != 1 {
		t.Fatalf("loss 1: %d dropped, violations %s", s.Messages.Dropped, ringViolations(s))
	}
}

// n = 10,000: a list that goes round n processes costs n cells, not n²
// copied IDs (which would be 10⁸ ints, 400 MB at least).
func TestRingListLarge(t *testing.T) {
	n := 10_000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	sim, _ := ringBare(t, "ring-list", map[string]any{"n": n, "idOrder": "increasing"}, 1)
	runtime.ReadMemStats(&after)
	m := sim.Metrics()
	o := ringOutcome(t, sim.Outcome())
	if m.Sent != int64(2*n) || m.Violations != 0 || !o.Agree || *o.Leader != n-1 || o.Knowing != n {
		t.Fatalf("%d messages (want 2n), %d violations, outcome knowing %d agree %v", m.Sent, m.Violations, o.Knowing, o.Agree)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("n = %d: %d messages, %.1f MB allocated", n, m.Sent, float64(alloc)/(1<<20))
	if alloc > 64<<20 {
		t.Errorf("a run with n = %d allocated %d MB: the list is being copied", n, alloc>>20)
	}
}

func TestRingListParamErrors(t *testing.T) {
	a, err := algos.Get("ring-list")
	if err != nil {
		t.Fatal(err)
	}
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

// Two COORDINATORs at once and an announcer that crashes: P5 passes on
// P4's list, then P1's; when P4's comes back round (P4 is down), P5 must
// still recognise it among the lists it has passed on, or it would circle
// for ever. Each COORDINATOR goes once round the live processes.
func TestRingListTwoCoordinatorsAnnouncerCrashes(t *testing.T) {
	tl := newRun(t, "ring-list", scenarioParams(t, "ring-list", "two-initiators"), 0)
	ringStepToSend(t, tl, func(e engine.Event) bool { return e.Msg.Type == "COORDINATOR" && e.From == 4 })
	if err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: 4}); err != nil {
		t.Fatal(err)
	}
	_, s := rlFinish(t, tl)
	o := ringOutcome(t, s.Outcome)
	// P4's COORDINATOR: 4→5→6→0→1→2→3→5 (7); P1's: 1→2→3→5→6→0→1 (6).
	if !s.Terminated || len(s.Violations) > 0 || !o.Agree || *o.Leader != 6 || o.Knowing != 6 || s.Messages.ByType.Get("COORDINATOR") != 13 {
		t.Fatalf("terminated %v, outcome %+v, %d COORDINATOR (want 13), violations %s", s.Terminated, o, s.Messages.ByType.Get("COORDINATOR"), ringViolations(s))
	}
}

// The uniqueness check can fail: 7 recovers while COORDINATOR(…) is on its
// way, so 6 takes itself as coordinator although 7 is live again; 6 now
// passes the list on to 7, which takes 6 as well, and the final check says
// the highest live ID is 7.
func TestRingListRecoveredHigherViolates(t *testing.T) {
	tl, s := rlRun(t, func(e engine.Event) bool { return e.Msg.Type == "COORDINATOR" }, func(int64) engine.Action {
		return engine.Action{Type: engine.ActRecover, Node: 7}
	})
	var got []string
	for _, v := range s.Violations {
		got = append(got, v.Invariant+": "+v.Text)
	}
	want := []string{
		"uniqueness: P6 (ID 6) takes itself as coordinator, but P7 with the higher ID 7 is live",
		"agreement: the run has ended but P0 knows 6 as coordinator (and 7 other live processes a wrong one too); the highest live ID is 7 (P7)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("violations:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	if c := s.Messages.ByType.Get("COORDINATOR"); c != 8 {
		t.Errorf("%d COORDINATOR, want 8 (round the 8 processes, P7 included)", c)
	}
	if cs := rlCoordinators(tl); cs[7] != 6 {
		t.Errorf("P7 has coordinator %v, want 6 (the maximum of the list)", cs[7])
	}
}

// The agreement check looks at the step in which a process takes its
// coordinator, not at later steps: with delay 0 everything happens at time
// 0; 6 crashes after passing COORDINATOR on, so P0 to P3 take a dead
// coordinator and are reported, but P4, which took 6 while it was live,
// is not reported when it stops the returning COORDINATOR.
func TestRingListAgreementOnlyWhenTaking(t *testing.T) {
	params := scenarioParams(t, "ring-list", "lecture")
	params["delay"] = map[string]any{"min": 0, "max": 0}
	tl := newRun(t, "ring-list", params, 0)
	ringStepToSend(t, tl, func(e engine.Event) bool { return e.Msg.Type == "COORDINATOR" && e.From == 6 })
	if err := tl.Apply(rlCrash(6)(0)); err != nil {
		t.Fatal(err)
	}
	_, s := rlFinish(t, tl)
	var nodes []int
	final := 0
	for _, v := range s.Violations {
		switch {
		case v.Invariant == "agreement" && v.Node != nil:
			nodes = append(nodes, *v.Node)
		case v.Invariant == "agreement":
			final++
		default:
			t.Errorf("unexpected violation %s: %s", v.Invariant, v.Text)
		}
	}
	if !slices.Equal(nodes, []int{0, 1, 2, 3}) || final != 1 {
		t.Errorf("agreement violations at %v and %d final; want at P0..P3 and one final (violations %s)", nodes, final, ringViolations(s))
	}
}

// The list's JSON form survives a trace round trip: the import re-simulates
// the run and compares every event, message bodies included.
func TestRingListTraceRoundTrip(t *testing.T) {
	tl, _ := runToEnd(t, "ring-list", map[string]any{"n": 12, "crashed": []int{3, 4}, "initiators": []int{0, 6},
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
