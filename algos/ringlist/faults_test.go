package ringlist_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/ringlist"
	"distviz/engine"
)

// Faults: random crashed sets and schedules, processes that crash or
// recover during the election, lost messages, and the invariants that
// report what goes wrong.

// Random rings, crashed sets, initiators and schedules: the highest live ID
// is elected and known by every live process, no invariant breaks, every
// list comes back to its own initiator, the count is exactly 2mk, and the
// counters agree with the events.
func TestProperties(t *testing.T) {
	const seeds = 400 // about 0.3 s each with -race
	for seed := int64(1); seed <= int64(seeds); seed++ {
		r := rand.New(rand.NewPCG(uint64(seed), 0x71))
		n := 2 + r.IntN(39)
		params := map[string]any{"n": n, "delay": algotest.RandomDelay(r), "fifo": r.IntN(2) == 0}
		if r.IntN(4) == 0 {
			params["ids"] = algotest.RandomIDs(r, n)
		}
		perm := r.Perm(n)
		crashed := perm[:r.IntN(n)] // 0..n−1 crashed: at least one live
		live := perm[len(crashed):]
		params["crashed"] = crashed
		params["initiators"] = algotest.RandomSubset(r, live, 3)
		tl, s := algotest.RunToEnd(t, ringlist.Algorithm, params, seed)

		ids := tl.Params.Ints("ids")
		top := live[0]
		for _, p := range live {
			if ids[p] > ids[top] {
				top = p
			}
		}
		k, m := len(live), len(params["initiators"].([]int))
		o := outcomeOf(t, s.Outcome)
		if len(s.Violations) > 0 || !s.Terminated || !o.Agree || o.Leader == nil || *o.Leader != ids[top] ||
			o.Knowing != k || o.Live != k || !slices.Equal(o.Elected, []int{top}) {
			t.Fatalf("seed %d %v: terminated %v, outcome %+v, violations %s; want all %d live to know %d",
				seed, params, s.Terminated, o, violations(s), k, ids[top])
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
			returns := returns(t, tl)
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

// The initiator crashes right after sending: its list goes round without it
// and comes back to the first process already in it, P5, which announces.
func TestInitiatorCrashes(t *testing.T) {
	tl, s := runLecture(t, func(e engine.Event) bool { return e.From == 4 }, crash(4))
	returns := returns(t, tl)
	if len(returns) != 1 || returns[0].to != 5 || !slices.Equal(returns[0].list, []int{3, 2, 1, 0, 6, 5, 4}) {
		t.Fatalf("lists back: %+v; want [3 2 1 0 6 5 4] back at P5", returns)
	}
	o := outcomeOf(t, s.Outcome)
	if len(s.Violations) > 0 || !o.Agree || *o.Leader != 6 || o.Knowing != 6 ||
		s.Messages.ByType.Get("ELECTION") != 7 || s.Messages.ByType.Get("COORDINATOR") != 6 {
		t.Fatalf("outcome %+v, %d ELECTION %d COORDINATOR, violations %s", o,
			s.Messages.ByType.Get("ELECTION"), s.Messages.ByType.Get("COORDINATOR"), violations(s))
	}
}

// The announcer crashes after sending COORDINATOR: the message must still go
// round only once (P5, the first to have passed it on, stops it).
func TestAnnouncerCrashes(t *testing.T) {
	tl, s := runLecture(t, func(e engine.Event) bool { return e.Msg.Type == "COORDINATOR" }, crash(4))
	o := outcomeOf(t, s.Outcome)
	if !s.Terminated || len(s.Violations) > 0 || !o.Agree || *o.Leader != 6 || o.Knowing != 6 || s.Messages.ByType.Get("COORDINATOR") != 7 {
		t.Fatalf("terminated %v, outcome %+v, %d COORDINATOR (want 7), violations %s", s.Terminated, o, s.Messages.ByType.Get("COORDINATOR"), violations(s))
	}
	if !slices.Contains(algotest.Narration(tl, 0, tl.Len()), "t=14 P5: this COORDINATOR has gone once round the ring: stops it") {
		t.Errorf("P5 does not stop the COORDINATOR: %s", strings.Join(algotest.Narration(tl, 0, tl.Len()), "\n"))
	}
}

// The agreement check can fail: 6 adds its ID and then crashes, so the list
// that comes back to 4 names a dead maximum. Each process that takes 6 is
// reported, and the final check says the highest live ID is 5.
func TestStaleListViolates(t *testing.T) {
	tl, s := runLecture(t, func(e engine.Event) bool { return e.From == 6 }, crash(6))
	if !slices.Contains(algotest.Narration(tl, 0, tl.Len()), "t=8 P5: P6 to P7 have crashed: skips them") {
		t.Errorf("P5 does not say it skips P6 and P7: %s", strings.Join(algotest.Narration(tl, 0, tl.Len()), "\n"))
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
func TestLoss(t *testing.T) {
	_, s := runLecture(t, func(e engine.Event) bool { return e.From == 1 }, func(msg int64) engine.Action {
		return engine.Action{Type: engine.ActDrop, Msg: msg}
	})
	if v := algotest.ViolationsOf(s, "termination"); len(v) != 1 || !strings.Contains(v[0].Text, "only 0 of 7 live processes know a leader") {
		t.Fatalf("violations %s", violations(s))
	}
	_, s = algotest.RunToEnd(t, ringlist.Algorithm, map[string]any{"n": 6, "loss": 1.0}, 1)
	if v := algotest.ViolationsOf(s, "termination"); len(v) != 1 || s.Messages.Dropped != 1 {
		t.Fatalf("loss 1: %d dropped, violations %s", s.Messages.Dropped, violations(s))
	}
}

// Two COORDINATORs at once and an announcer that crashes: P5 passes on
// P4's list, then P1's; when P4's comes back round (P4 is down), P5 must
// still recognise it among the lists it has passed on, or it would circle
// for ever. Each COORDINATOR goes once round the live processes.
func TestTwoCoordinatorsAnnouncerCrashes(t *testing.T) {
	tl := algotest.NewRun(t, ringlist.Algorithm, algotest.ScenarioParams(t, ringlist.Algorithm, "two-initiators"), 0)
	algotest.StepToSend(t, tl, func(e engine.Event) bool { return e.Msg.Type == "COORDINATOR" && e.From == 4 })
	if err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: 4}); err != nil {
		t.Fatal(err)
	}
	_, s := finish(t, tl)
	o := outcomeOf(t, s.Outcome)
	// P4's COORDINATOR: 4→5→6→0→1→2→3→5 (7); P1's: 1→2→3→5→6→0→1 (6).
	if !s.Terminated || len(s.Violations) > 0 || !o.Agree || *o.Leader != 6 || o.Knowing != 6 || s.Messages.ByType.Get("COORDINATOR") != 13 {
		t.Fatalf("terminated %v, outcome %+v, %d COORDINATOR (want 13), violations %s", s.Terminated, o, s.Messages.ByType.Get("COORDINATOR"), violations(s))
	}
}

// The uniqueness check can fail: 7 recovers while COORDINATOR(…) is on its
// way, so 6 takes itself as coordinator although 7 is live again; 6 now
// passes the list on to 7, which takes 6 as well, and the final check says
// the highest live ID is 7.
func TestRecoveredHigherViolates(t *testing.T) {
	tl, s := runLecture(t, func(e engine.Event) bool { return e.Msg.Type == "COORDINATOR" }, func(int64) engine.Action {
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
	if cs := coordinators(tl); cs[7] != 6 {
		t.Errorf("P7 has coordinator %v, want 6 (the maximum of the list)", cs[7])
	}
}

// The agreement check looks at the step in which a process takes its
// coordinator, not at later steps: with delay 0 everything happens at time
// 0; 6 crashes after passing COORDINATOR on, so P0 to P3 take a dead
// coordinator and are reported, but P4, which took 6 while it was live,
// is not reported when it stops the returning COORDINATOR.
func TestAgreementOnlyWhenTaking(t *testing.T) {
	params := algotest.ScenarioParams(t, ringlist.Algorithm, "lecture")
	params["delay"] = map[string]any{"min": 0, "max": 0}
	tl := algotest.NewRun(t, ringlist.Algorithm, params, 0)
	algotest.StepToSend(t, tl, func(e engine.Event) bool { return e.Msg.Type == "COORDINATOR" && e.From == 6 })
	if err := tl.Apply(crash(6)(0)); err != nil {
		t.Fatal(err)
	}
	_, s := finish(t, tl)
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
		t.Errorf("agreement violations at %v and %d final; want at P0..P3 and one final (violations %s)", nodes, final, violations(s))
	}
}
