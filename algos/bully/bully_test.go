package bully_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/algos/algotest"
	"distviz/algos/bully"
	"distviz/algos/kit/election"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
)

// Tests for the Bully algorithm, tied to ALGORITHMS.md 1.1 and the worked
// example in section 6. Positions equal IDs unless a test says otherwise.
// faults_test.go has crashes, recoveries and notices during a run.

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, bully.Algorithm) }

func TestRegistry(t *testing.T) {
	a := bully.Algorithm
	if a.Family != algo.FamilyElection || a.View != algo.ViewComplete {
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
	tl := algotest.NewRun(t, bully.Algorithm, nil, 0)
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
		algotest.NewRun(t, bully.Algorithm, sc.Params, sc.Seed) // every scenario resolves
	}
}

// ALGORITHMS.md 6: processes 0–7, the coordinator 7 has crashed, process 4
// notices. 4 sends ELECTION to 5, 6, 7; 5 and 6 answer; 5 and 6 hold
// elections; 6 answers 5; 7 never answers; 6 wins and tells everyone with
// COORDINATOR.
func TestLecture(t *testing.T) {
	tl, s := algotest.RunToEnd(t, bully.Algorithm, algotest.ScenarioParams(t, bully.Algorithm, "lecture"), 0)
	ss := sends(tl)

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
func TestMessageCounts(t *testing.T) {
	a := bully.Algorithm
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
		tl, s := algotest.RunToEnd(t, bully.Algorithm, map[string]any{"n": n, "detectors": []int{n - 2}}, 0)
		m := s.Messages
		if m.Sent != int64(n-2) || m.ByType.Get("COORDINATOR") != int64(n-2) || bound(tl, "best case") != int64(n-2) {
			t.Fatalf("best case n=%d: %d sent (%d COORDINATOR), want n−2 = %d", n, m.Sent, m.ByType.Get("COORDINATOR"), n-2)
		}
		wantLeader(t, s, n-2)
		wantNoViolations(t, s)
		if n < 3 {
			continue
		}
		tl, s = algotest.RunToEnd(t, bully.Algorithm, map[string]any{"n": n, "detectors": []int{0}}, 0)
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
func TestTimeoutTooShort(t *testing.T) {
	tl, s := algotest.RunToEnd(t, bully.Algorithm, algotest.ScenarioParams(t, bully.Algorithm, "timeout-too-short"), 0)
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
	if o := tl.State().Outcome().(election.Outcome); !slices.Equal(o.Elected, []int{4}) {
		t.Fatalf("at 4's declaration elected = %v", o.Elected)
	}
	wantLeader(t, s, 6) // the last COORDINATOR wins in the end
	// One report per declaration: crashing 4 right after it declared does
	// not report its declaration again.
	before := tl.Seq()
	apply(t, tl, engine.Action{Type: engine.ActCrash, Node: 4})
	for seq := before + 1; seq <= tl.Seq(); seq++ {
		if e := tl.Event(seq); e.Kind == engine.KindViolation {
			t.Fatalf("crash of 4 reported again: %s", english(tl, e.Text))
		}
	}
	// With T above the round trip the same run is safe.
	p := algotest.ScenarioParams(t, bully.Algorithm, "timeout-too-short")
	p2 := map[string]any{}
	for k, v := range p {
		p2[k] = v
	}
	p2["timeout"] = 21
	_, s = algotest.RunToEnd(t, bully.Algorithm, p2, 0)
	wantNoViolations(t, s)
}

func TestSeveralNotice(t *testing.T) {
	tl, s := algotest.RunToEnd(t, bully.Algorithm, algotest.ScenarioParams(t, bully.Algorithm, "several-notice"), 0)
	wantLeader(t, s, 6)
	wantNoViolations(t, s)
	if got := targets(sendsOf(sends(tl), "ELECTION", 4)); !slices.Equal(got, []int{5, 6, 7}) {
		t.Fatalf("4 sent ELECTION to %v: it must hold exactly one election", got)
	}
	if !slices.Contains(notes(tl), "P4: already holding an election: does not start a second one") {
		t.Fatalf("4 does not say it is already holding an election: %v", notes(tl))
	}
}

// ALGORITHMS.md 1.1: a recovered process holds an election at once; if it
// has the highest ID it takes over ("bullies") even though a coordinator exists.
func TestRecoveryScenario(t *testing.T) {
	tl, s := algotest.RunToEnd(t, bully.Algorithm, algotest.ScenarioParams(t, bully.Algorithm, "recovery-bully"), 0)
	wantLeader(t, s, 7)
	wantNoViolations(t, s)
	if got := targets(sendsOf(sends(tl), "COORDINATOR", 7)); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6}) {
		t.Fatalf("7 announced to %v", got)
	}
}

// IDs other than positions: the labels and the comparisons follow the IDs.
func TestCustomIDs(t *testing.T) {
	tl, s := algotest.RunToEnd(t, bully.Algorithm, map[string]any{"n": 4, "ids": []int{3, 1, 2, 0}}, 0)
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
	if got := sends(tl); !slices.Equal(got, []sendRec{{2, 3, "COORDINATOR"}, {2, 1, "COORDINATOR"}}) {
		t.Fatalf("sends %v", got)
	}
	o := outcomeOf(t, s)
	if o.Leader == nil || *o.Leader != 2 || !o.Agree {
		t.Fatalf("outcome %+v", o)
	}
	wantNoViolations(t, s)
}

func TestParamErrors(t *testing.T) {
	a := bully.Algorithm
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
