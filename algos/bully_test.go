package algos_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
	"distviz/trace"
)

// Tests for the Bully algorithm, tied to ALGORITHMS.md 1.1 and the worked
// example in section 6. Positions equal IDs unless a test says otherwise.

type sendRec struct {
	from, to int
	typ      string
}

// bullySends lists every message sent, in order.
func bullySends(tl *timeline.Timeline) []sendRec {
	var out []sendRec
	for seq := int64(1); seq <= tl.Len(); seq++ {
		if e := tl.Event(seq); e.Kind == engine.KindSend {
			out = append(out, sendRec{int(e.From), int(e.To), e.Msg.Type})
		}
	}
	return out
}

// sendsOf filters sends by type (and by sender when from ≥ 0).
func sendsOf(ss []sendRec, typ string, from int) []sendRec {
	var out []sendRec
	for _, s := range ss {
		if s.typ == typ && (from < 0 || s.from == from) {
			out = append(out, s)
		}
	}
	return out
}

func targets(ss []sendRec) []int {
	out := make([]int, len(ss))
	for i, s := range ss {
		out[i] = s.to
	}
	return out
}

func outcomeOf(t *testing.T, s trace.Summary) algos.ElectionOutcome {
	t.Helper()
	o, ok := s.Outcome.(algos.ElectionOutcome)
	if !ok {
		t.Fatalf("outcome is %T, want algos.ElectionOutcome", s.Outcome)
	}
	return o
}

func wantLeader(t *testing.T, s trace.Summary, leader int) {
	t.Helper()
	o := outcomeOf(t, s)
	if o.Leader == nil || *o.Leader != leader || !o.Agree {
		t.Fatalf("outcome %+v (leader %v), want every live process to agree on %d", o, o.Leader, leader)
	}
	if !slices.Equal(o.Elected, []int{leader}) {
		t.Fatalf("elected %v, want only position %d", o.Elected, leader)
	}
	if !s.Terminated {
		t.Fatal("the run has not terminated")
	}
}

func wantNoViolations(t *testing.T, s trace.Summary) {
	t.Helper()
	if len(s.Violations) > 0 {
		t.Fatalf("violations: %+v", s.Violations)
	}
}

func notes(tl *timeline.Timeline) []string {
	var out []string
	for seq := int64(1); seq <= tl.Len(); seq++ {
		if e := tl.Event(seq); e.Kind == engine.KindNote {
			out = append(out, fmt.Sprintf("P%d: %s", e.Node, e.Text.Key))
		}
	}
	return out
}

func TestBullyRegistry(t *testing.T) {
	a, err := algos.Get("bully")
	if err != nil {
		t.Fatal(err)
	}
	if a.Family != algos.FamilyElection || a.View != algos.ViewComplete {
		t.Fatalf("family %q view %q", a.Family, a.View)
	}
	if !slices.Equal(a.MessageTypes, []string{"ELECTION", "ANSWER", "COORDINATOR"}) {
		t.Fatalf("message types %v", a.MessageTypes)
	}
	if len(a.Actions) != 1 || a.Actions[0].ID != "notice" {
		t.Fatalf("actions %+v", a.Actions)
	}
	if a.Scenarios[0].ID != "lecture" {
		t.Fatalf("the lecture's scenario must come first, got %q", a.Scenarios[0].ID)
	}
	tl := newRun(t, "bully", nil, 0)
	for p, n := range tl.Nodes {
		if n.ID != p || n.Label != fmt.Sprintf("P%d", p) {
			t.Fatalf("node %d is %+v, want ID %d labelled P%d", p, n, p, p)
		}
	}
	// Defaults: n = 8, the coordinator 7 crashed, 4 notices (the lecture).
	if got := tl.Params.Ints("crashed"); !slices.Equal(got, []int{7}) {
		t.Fatalf("default crashed %v, want [7]", got)
	}
	if got := tl.Params.Ints("detectors"); !slices.Equal(got, []int{4}) {
		t.Fatalf("default detectors %v, want [4]", got)
	}
	for _, sc := range a.Scenarios {
		newRun(t, "bully", sc.Params, sc.Seed) // every scenario resolves
	}
}

// ALGORITHMS.md 6: processes 0–7, the coordinator 7 has crashed, process 4
// notices. 4 sends ELECTION to 5, 6, 7; 5 and 6 answer; 5 and 6 hold
// elections; 6 answers 5; 7 never answers; 6 wins and tells everyone with
// COORDINATOR.
func TestBullyLecture(t *testing.T) {
	tl, s := runToEnd(t, "bully", scenarioParams(t, "bully", "lecture"), 0)
	ss := bullySends(tl)

	if first := ss[:3]; !slices.Equal(first, []sendRec{{4, 5, "ELECTION"}, {4, 6, "ELECTION"}, {4, 7, "ELECTION"}}) {
		t.Fatalf("4's first sends are %v, want ELECTION to 5, 6, 7", first)
	}
	if got := targets(sendsOf(ss, "ELECTION", 5)); !slices.Equal(got, []int{6, 7}) {
		t.Fatalf("5 holds an election with ELECTION to %v, want [6 7]", got)
	}
	if got := targets(sendsOf(ss, "ELECTION", 6)); !slices.Equal(got, []int{7}) {
		t.Fatalf("6 holds an election with ELECTION to %v, want [7]", got)
	}
	if got := sendsOf(ss, "ANSWER", -1); !slices.Equal(got, []sendRec{{5, 4, "ANSWER"}, {6, 4, "ANSWER"}, {6, 5, "ANSWER"}}) {
		t.Fatalf("ANSWERs %v, want 5→4, 6→4, 6→5", got)
	}
	if got := sendsOf(ss, "COORDINATOR", -1); !slices.Equal(got, sendsOf(got, "COORDINATOR", 6)) ||
		!slices.Equal(targets(got), []int{0, 1, 2, 3, 4, 5}) {
		t.Fatalf("COORDINATOR %v, want 6 to 0..5", got)
	}
	for _, x := range ss {
		if x.from == 7 {
			t.Fatalf("the crashed 7 sent %v", x)
		}
	}
	if len(ss) != 15 || s.Messages.Dropped != 3 {
		t.Fatalf("%d sent, %d dropped; want 6 ELECTION + 3 ANSWER + 6 COORDINATOR = 15, the 3 ELECTIONs to 7 lost", len(ss), s.Messages.Dropped)
	}
	wantLeader(t, s, 6)
	wantNoViolations(t, s)
	// Nobody but 4 and 5 had to wait for COORDINATOR, and nobody started over.
	for _, n := range notes(tl) {
		if strings.Contains(n, "starts the election over") {
			t.Fatalf("unexpected restart: %s", n)
		}
	}
}

// ALGORITHMS.md 1.1: best case n−2 (the second-highest notices the crash and
// announces directly); worst case O(n²) when the lowest starts:
// n(n−1)/2 ELECTION + (n−1)(n−2)/2 ANSWER + (n−2) COORDINATOR = n²−n−1.
func TestBullyMessageCounts(t *testing.T) {
	a, _ := algos.Get("bully")
	bound := func(tl *timeline.Timeline, name string) int64 {
		for _, e := range a.Evaluate(tl.Params) {
			if e.Name == name {
				return int64(e.Value)
			}
		}
		t.Fatalf("no %s bound for n = %d", name, tl.Params.Int("n"))
		return 0
	}
	for n := 2; n <= 12; n++ {
		tl, s := runToEnd(t, "bully", map[string]any{"n": n, "detectors": []int{n - 2}}, 0)
		m := s.Messages
		if m.Sent != int64(n-2) || m.ByType.Get("COORDINATOR") != int64(n-2) || bound(tl, "best case") != int64(n-2) {
			t.Fatalf("best case n=%d: %d sent (%d COORDINATOR), want n−2 = %d", n, m.Sent, m.ByType.Get("COORDINATOR"), n-2)
		}
		wantLeader(t, s, n-2)
		wantNoViolations(t, s)
		if n < 3 {
			continue
		}
		tl, s = runToEnd(t, "bully", map[string]any{"n": n, "detectors": []int{0}}, 0)
		m = s.Messages
		el, an, co := int64(n*(n-1)/2), int64((n-1)*(n-2)/2), int64(n-2)
		if m.ByType.Get("ELECTION") != el || m.ByType.Get("ANSWER") != an || m.ByType.Get("COORDINATOR") != co {
			t.Fatalf("worst case n=%d: ELECTION %d ANSWER %d COORDINATOR %d, want %d %d %d", n,
				m.ByType.Get("ELECTION"), m.ByType.Get("ANSWER"), m.ByType.Get("COORDINATOR"), el, an, co)
		}
		if want := int64(n*n - n - 1); m.Sent != want || bound(tl, "worst case") != want {
			t.Fatalf("worst case n=%d: %d sent, bound %d, want n²−n−1 = %d", n, m.Sent, bound(tl, "worst case"), want)
		}
		if m.Dropped != int64(n-1) { // every ELECTION to the crashed coordinator
			t.Fatalf("worst case n=%d: %d dropped, want %d", n, m.Dropped, n-1)
		}
		wantLeader(t, s, n-2)
		wantNoViolations(t, s)
	}
}

// ALGORITHMS.md 1.1, teaching point: if T is underestimated, safety breaks
// and two coordinators exist at once.
func TestBullyTimeoutTooShort(t *testing.T) {
	tl, s := runToEnd(t, "bully", scenarioParams(t, "bully", "timeout-too-short"), 0)
	if len(s.Violations) != 2 {
		t.Fatalf("violations %+v, want 4's and 5's declarations", s.Violations)
	}
	want := []string{
		"P4 declared itself coordinator while P5, P6 with higher IDs are alive: two coordinators",
		"P5 declared itself coordinator while P6 with a higher ID is alive: two coordinators",
	}
	for i, v := range s.Violations {
		if v.Invariant != "uniqueness" || v.Text != want[i] || v.Node == nil || *v.Node != 4+i {
			t.Fatalf("violation %d: %+v, want %q", i, v, want[i])
		}
	}
	// At the moment 4 declared, 4 considered itself coordinator while 6
	// went on to win: seek there and look at the state.
	if err := tl.SeekSeq(s.Violations[0].Seq); err != nil {
		t.Fatal(err)
	}
	if o := tl.State().Outcome().(algos.ElectionOutcome); !slices.Equal(o.Elected, []int{4}) {
		t.Fatalf("at 4's declaration elected = %v", o.Elected)
	}
	wantLeader(t, s, 6) // the last COORDINATOR wins in the end
	// One report per declaration: crashing 4 right after it declared does
	// not report its declaration again.
	before := tl.Seq()
	apply(t, tl, engine.Action{Type: engine.ActCrash, Node: 4})
	for seq := before + 1; seq <= tl.Seq(); seq++ {
		if e := tl.Event(seq); e.Kind == engine.KindViolation {
			t.Fatalf("crash of 4 reported again: %s", e.Text.Key)
		}
	}
	// With T above the round trip the same run is safe.
	p := scenarioParams(t, "bully", "timeout-too-short")
	p2 := map[string]any{}
	for k, v := range p {
		p2[k] = v
	}
	p2["timeout"] = 21
	_, s = runToEnd(t, "bully", p2, 0)
	wantNoViolations(t, s)
}

func TestBullySeveralNotice(t *testing.T) {
	tl, s := runToEnd(t, "bully", scenarioParams(t, "bully", "several-notice"), 0)
	wantLeader(t, s, 6)
	wantNoViolations(t, s)
	if got := targets(sendsOf(bullySends(tl), "ELECTION", 4)); !slices.Equal(got, []int{5, 6, 7}) {
		t.Fatalf("4 sent ELECTION to %v: it must hold exactly one election", got)
	}
	if !slices.Contains(notes(tl), "P4: already holding an election: does not start a second one") {
		t.Fatalf("4 does not say it is already holding an election: %v", notes(tl))
	}
}

// ALGORITHMS.md 1.1: a recovered process holds an election at once; if it
// has the highest ID it takes over ("bullies") even though a coordinator exists.
func TestBullyRecoveryScenario(t *testing.T) {
	tl, s := runToEnd(t, "bully", scenarioParams(t, "bully", "recovery-bully"), 0)
	wantLeader(t, s, 7)
	wantNoViolations(t, s)
	if got := targets(sendsOf(bullySends(tl), "COORDINATOR", 7)); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6}) {
		t.Fatalf("7 announced to %v", got)
	}
}

// msgEvent is what stepUntil matches on.
type msgEvent struct {
	kind     engine.Kind
	typ      string
	from, to int
}

// stepUntil steps the run until an event matches.
func stepUntil(t *testing.T, tl *timeline.Timeline, match func(e msgEvent) bool) {
	t.Helper()
	for {
		before := tl.Seq()
		ok, err := tl.Forward()
		if err != nil || !ok {
			t.Fatalf("the run ended before the awaited event (err %v)", err)
		}
		for seq := before + 1; seq <= tl.Seq(); seq++ {
			if e := tl.Event(seq); match(msgEvent{e.Kind, e.Msg.Type, int(e.From), int(e.To)}) {
				return
			}
		}
	}
}

func delivery(typ string, from, to int) func(msgEvent) bool {
	return func(e msgEvent) bool { return e == msgEvent{engine.KindDeliver, typ, from, to} }
}

func apply(t *testing.T, tl *timeline.Timeline, a engine.Action) {
	t.Helper()
	if err := tl.Apply(a); err != nil {
		t.Fatal(err)
	}
}

func finish(t *testing.T, tl *timeline.Timeline) trace.Summary {
	t.Helper()
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	s := trace.Summarize(tl)
	checkCounters(t, tl, s)
	return s
}

// Crashes and recoveries during an election, applied as user actions.
func TestBullyCrashRecoverDuringElection(t *testing.T) {
	t.Run("crash the winner while it waits", func(t *testing.T) {
		tl := newRun(t, "bully", scenarioParams(t, "bully", "lecture"), 0)
		// 6 has answered 4 and holds its own election: crash it.
		stepUntil(t, tl, delivery("ELECTION", 4, 6))
		apply(t, tl, engine.Action{Type: engine.ActCrash, Node: 6})
		s := finish(t, tl)
		wantLeader(t, s, 5) // 5 hears nothing from 6 or 7 within T
		wantNoViolations(t, s)

		// 6 recovers: not the highest, so it holds an election and wins after T.
		apply(t, tl, engine.Action{Type: engine.ActRecover, Node: 6})
		s = finish(t, tl)
		wantLeader(t, s, 6)
		wantNoViolations(t, s)

		// 7 recovers: the highest takes over at once (it bullies).
		before := tl.Seq()
		apply(t, tl, engine.Action{Type: engine.ActRecover, Node: 7})
		var to []int
		for seq := before + 1; seq <= tl.Seq(); seq++ {
			if e := tl.Event(seq); e.Kind == engine.KindSend {
				if e.From != 7 || e.Msg.Type != "COORDINATOR" {
					t.Fatalf("unexpected send %d→%d %s", e.From, e.To, e.Msg.Type)
				}
				to = append(to, int(e.To))
			}
		}
		if !slices.Equal(to, []int{0, 1, 2, 3, 4, 5, 6}) {
			t.Fatalf("recovering 7 announced to %v in its recovery step", to)
		}
		s = finish(t, tl)
		wantLeader(t, s, 7)
		wantNoViolations(t, s)
	})
	t.Run("crash the winner after it answered everyone: waiters start over", func(t *testing.T) {
		tl := newRun(t, "bully", scenarioParams(t, "bully", "lecture"), 0)
		stepUntil(t, tl, delivery("ANSWER", 6, 5)) // t=30: 4 and 5 both wait for 6
		apply(t, tl, engine.Action{Type: engine.ActCrash, Node: 6})
		s := finish(t, tl)
		wantLeader(t, s, 5)
		wantNoViolations(t, s)
		ns := notes(tl)
		if !slices.Contains(ns, "P4: no COORDINATOR within T′: starts the election over") ||
			!slices.Contains(ns, "P5: no COORDINATOR within T′: starts the election over") {
			t.Fatalf("4 and 5 must start over after T′: %v", ns)
		}
	})
	t.Run("notice by hand", func(t *testing.T) {
		tl := newRun(t, "bully", scenarioParams(t, "bully", "lecture"), 0)
		finish(t, tl)
		apply(t, tl, engine.Action{Type: engine.ActCrash, Node: 6})
		apply(t, tl, engine.Action{Type: engine.ActNode, Node: 2, Name: "notice"})
		s := finish(t, tl)
		wantLeader(t, s, 5)
		wantNoViolations(t, s)
		// The coordinator itself has nothing to notice; the action is refused in the narration.
		before := tl.Seq()
		apply(t, tl, engine.Action{Type: engine.ActNode, Node: 5, Name: "notice"})
		if e := tl.Event(tl.Seq()); tl.Seq() != before+2 || e.Kind != engine.KindNote || !strings.Contains(e.Text.Key, "coordinator itself") {
			t.Fatalf("notice on the coordinator: last event %+v", e)
		}
		before = tl.Seq()
		apply(t, tl, engine.Action{Type: engine.ActNode, Node: 1, Name: "shout"})
		if e := tl.Event(tl.Seq()); tl.Seq() != before+2 || e.Kind != engine.KindNote || !strings.Contains(e.Text.Key, `unknown action "shout"`) {
			t.Fatalf("unknown action: last event %+v", e)
		}
	})
	t.Run("false suspicion: the live coordinator answers and announces again", func(t *testing.T) {
		tl := newRun(t, "bully", scenarioParams(t, "bully", "lecture"), 0)
		finish(t, tl)
		apply(t, tl, engine.Action{Type: engine.ActNode, Node: 5, Name: "notice"})
		s := finish(t, tl)
		wantLeader(t, s, 6) // 5 still asks 6, which answers and announces again
		wantNoViolations(t, s)
	})
}

// IDs other than positions: the labels and the comparisons follow the IDs.
func TestBullyCustomIDs(t *testing.T) {
	tl, s := runToEnd(t, "bully", map[string]any{"n": 4, "ids": []int{3, 1, 2, 0}}, 0)
	labels := []string{}
	for _, n := range tl.Nodes {
		labels = append(labels, n.Label)
	}
	if !slices.Equal(labels, []string{"P3", "P1", "P2", "P0"}) {
		t.Fatalf("labels %v", labels)
	}
	// Defaults: the highest ID (position 0) crashed; the second-highest
	// (position 2, ID 2) notices and announces to IDs 1 and 0.
	if c, d := tl.Params.Ints("crashed"), tl.Params.Ints("detectors"); !slices.Equal(c, []int{0}) || !slices.Equal(d, []int{2}) {
		t.Fatalf("crashed %v detectors %v", c, d)
	}
	if got := bullySends(tl); !slices.Equal(got, []sendRec{{2, 3, "COORDINATOR"}, {2, 1, "COORDINATOR"}}) {
		t.Fatalf("sends %v", got)
	}
	o := outcomeOf(t, s)
	if o.Leader == nil || *o.Leader != 2 || !o.Agree {
		t.Fatalf("outcome %+v", o)
	}
	wantNoViolations(t, s)
}

func TestBullyParamErrors(t *testing.T) {
	a, _ := algos.Get("bully")
	for _, c := range []struct {
		params map[string]any
		param  string
		want   string
	}{
		{map[string]any{"n": 1}, "n", "below the minimum"},
		{map[string]any{"n": 1001}, "n", "above the maximum"},
		{map[string]any{"crashed": []int{7}, "detectors": []int{7}}, "detectors", "crashed from the start"},
		{map[string]any{"crashed": []int{}, "detectors": []int{7}}, "detectors", "coordinator itself"},
		{map[string]any{"crashed": []int{4}}, "detectors", "crashed from the start"}, // the default detector 4
		{map[string]any{"detectors": []int{8}}, "detectors", "outside 0..7"},
		{map[string]any{"crashed": []int{7, 7}}, "crashed", "listed twice"},
		{map[string]any{"recover": []int{3}}, "recover", "not crashed from the start"},
		{map[string]any{"ids": []int{1, 2}}, "ids", "has 2 entries"},
		{map[string]any{"ids": []int{0, 1, 2, 3, 4, 5, 6, 6}}, "ids", "distinct"},
		{map[string]any{"timeout": 0}, "timeout", "below the minimum"},
		{map[string]any{"coordinatorTimeout": 0}, "coordinatorTimeout", "below the minimum"},
	} {
		_, err := a.ResolveAny(c.params, 0)
		var pe *param.Error
		if !errors.As(err, &pe) || pe.Param != c.param || !strings.Contains(pe.Msg, c.want) {
			t.Errorf("%v: error %v, want parameter %s: …%s…", c.params, err, c.param, c.want)
		}
	}
}

// bullyCase is a random configuration for the property tests.
type bullyCase struct {
	params  map[string]any
	crashed []int
}

// randomBullyCase draws n in [3, 12], delays in a range, T above the round
// trip 2·delay.max, a random T′, an initially crashed set that holds the
// coordinator (the highest) and never everyone, and live detectors.
func randomBullyCase(rng *rand.Rand) bullyCase {
	n := 3 + rng.IntN(10)
	dmin := rng.Int64N(11)
	dmax := dmin + rng.Int64N(21)
	timeout := 2*dmax + 1 + rng.Int64N(10)
	crashed := []int{n - 1}
	live := []int{}
	for p := range n - 1 {
		if rng.IntN(4) == 0 {
			crashed = append(crashed, p)
		} else {
			live = append(live, p)
		}
	}
	if len(live) == 0 { // never all
		p := rng.IntN(n - 1)
		crashed = slices.DeleteFunc(crashed, func(q int) bool { return q == p })
		live = []int{p}
	}
	detectors := []int{}
	for _, p := range live {
		if rng.IntN(3) == 0 {
			detectors = append(detectors, p)
		}
	}
	if len(detectors) == 0 {
		detectors = []int{live[rng.IntN(len(live))]}
	}
	return bullyCase{crashed: crashed, params: map[string]any{
		"n": n, "crashed": crashed, "detectors": detectors,
		"delay":   map[string]int64{"min": dmin, "max": dmax},
		"timeout": timeout, "coordinatorTimeout": 1 + rng.Int64N(3*timeout), // safety does not depend on T′
		"fifo": rng.IntN(2) == 0,
	}}
}

// randomAction is a valid crash, recovery or notice for the run's head, or false.
func randomAction(rng *rand.Rand, tl *timeline.Timeline) (engine.Action, bool) {
	sim := tl.Head()
	var live, down []int
	for p := range sim.N() {
		if sim.Crashed(p) {
			down = append(down, p)
		} else {
			live = append(live, p)
		}
	}
	switch k := rng.IntN(3); {
	case k == 0 && len(live) > 1:
		return engine.Action{Type: engine.ActCrash, Node: live[rng.IntN(len(live))]}, true
	case k == 1 && len(down) > 0:
		return engine.Action{Type: engine.ActRecover, Node: down[rng.IntN(len(down))]}, true
	case k == 2 && len(live) > 0:
		return engine.Action{Type: engine.ActNode, Node: live[rng.IntN(len(live))], Name: "notice"}, true
	}
	return engine.Action{}, false
}

const bullyMaxEvents = 20_000

// runBullyCase runs a case to its end, applying actions (if any) at the given steps.
func runBullyCase(t *testing.T, c bullyCase, seed int64, rng *rand.Rand, actions int) (*timeline.Timeline, trace.Summary, []engine.Action) {
	t.Helper()
	tl := newRun(t, "bully", c.params, seed)
	var at []int
	for range actions {
		at = append(at, rng.IntN(80))
	}
	slices.Sort(at)
	var applied []engine.Action
	for step := 0; ; step++ {
		for len(at) > 0 && at[0] == step {
			at = at[1:]
			if a, ok := randomAction(rng, tl); ok {
				if err := tl.Apply(a); err != nil {
					t.Fatalf("seed %d: %+v: %v", seed, a, err)
				}
				applied = append(applied, a)
			}
		}
		ok, err := tl.Forward()
		if err != nil {
			t.Fatalf("seed %d %v: %v", seed, c.params, err)
		}
		if !ok && len(at) == 0 {
			break
		}
		if tl.Len() > bullyMaxEvents {
			t.Fatalf("seed %d %v: no end after %d events", seed, c.params, tl.Len())
		}
	}
	s := trace.Summarize(tl)
	checkCounters(t, tl, s)
	return tl, s, applied
}

// Properties over many random runs (ALGORITHMS.md 1 and 1.1): with T above
// the round trip and no crash during the run, no process ever declares
// itself coordinator while a higher one is alive, the run terminates, and at
// its end every live process knows the highest live ID as coordinator.
// Crashes, recoveries and notices during the run must still terminate.
func TestBullyProperties(t *testing.T) {
	seeds := 400
	if testing.Short() {
		seeds = 100
	}
	for seed := range int64(seeds) {
		rng := rand.New(rand.NewPCG(uint64(seed), 0xb0117))
		c := randomBullyCase(rng)
		chaos := seed%3 == 2
		actions := 0
		if chaos {
			actions = 1 + rng.IntN(3)
		}
		tl, s, _ := runBullyCase(t, c, seed, rng, actions)
		if !s.Terminated {
			t.Fatalf("seed %d %v: not terminated", seed, c.params)
		}
		if chaos {
			continue
		}
		if len(s.Violations) > 0 {
			t.Fatalf("seed %d %v: %+v", seed, c.params, s.Violations)
		}
		top := -1
		for p := range tl.Head().N() {
			if !slices.Contains(c.crashed, p) {
				top = p
			}
		}
		wantLeader(t, s, top)
	}
}

// The same parameters, seed and actions give the same events; a cloned
// simulation continues exactly as the original.
func TestBullyDeterminism(t *testing.T) {
	eventsOf := func(tl *timeline.Timeline) [][]byte {
		var out [][]byte
		for seq := int64(1); seq <= tl.Len(); seq++ {
			e := tl.Event(seq)
			b, err := e.AppendJSON(nil)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
		return out
	}
	for seed := range int64(30) {
		rng := rand.New(rand.NewPCG(uint64(seed), 0xde7))
		c := randomBullyCase(rng)
		tl1, _, acts := runBullyCase(t, c, seed, rand.New(rand.NewPCG(uint64(seed), 1)), 3)
		tl2, _, acts2 := runBullyCase(t, c, seed, rand.New(rand.NewPCG(uint64(seed), 1)), 3)
		if !slices.Equal(acts, acts2) {
			t.Fatalf("seed %d: actions differ", seed)
		}
		e1, e2 := eventsOf(tl1), eventsOf(tl2)
		if !slices.EqualFunc(e1, e2, func(a, b []byte) bool { return string(a) == string(b) }) {
			t.Fatalf("seed %d: the two runs differ", seed)
		}
	}
	// Clone halfway through a run with crashes and compare the continuations.
	a, _ := algos.Get("bully")
	raw := map[string]json.RawMessage{}
	for k, v := range scenarioParams(t, "bully", "several-notice") {
		raw[k], _ = json.Marshal(v)
	}
	raw["delay"] = json.RawMessage(`{"min":3,"max":12}`)
	v, err := a.Resolve(raw, 7)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := a.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := engine.New(cfg, 7)
	if err != nil {
		t.Fatal(err)
	}
	sim.Init()
	for range 20 {
		sim.Step()
	}
	if err := sim.Apply(engine.Action{Type: engine.ActCrash, Node: 6}); err != nil {
		t.Fatal(err)
	}
	clone := sim.Clone()
	state := func(s *engine.Sim) string {
		b, _ := json.Marshal(s.Outcome())
		out := fmt.Sprintf("seq %d t %d sent %d %s", s.Seq(), s.Now(), s.Metrics().Sent, b)
		for p := range s.N() {
			v, _ := json.Marshal(s.Process(p).View())
			out += fmt.Sprintf(" %v%s", s.Crashed(p), v)
		}
		return out
	}
	for steps := 0; ; steps++ {
		ok1, ok2 := sim.Step(), clone.Step()
		if s1, s2 := state(sim), state(clone); ok1 != ok2 || s1 != s2 {
			t.Fatalf("after %d steps the clone differs:\n%s\n%s", steps, s1, s2)
		}
		if !ok1 {
			if steps < 10 {
				t.Fatalf("only %d steps after the clone", steps)
			}
			break
		}
	}
}
