package peterson_test

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/peterson"
	"distviz/engine"
	"distviz/param"
	"distviz/trace"
)

// Tests for Peterson's election, tied to ALGORITHMS.md 1.4.

// bare runs on the bare engine, without recording events: for the counting
// tests, which need only the counters, the outcome and the violations.
func bare(t testing.TB, params map[string]any, seed int64) (*engine.Sim, param.Values) {
	t.Helper()
	return algotest.Bare(t, peterson.Algorithm, params, seed)
}

// sent is the number of messages of a type sent so far.
func sent(m *engine.Metrics, typ string) int64 {
	for i, s := range m.Types {
		if s == typ {
			return m.ByType[i].Sent
		}
	}
	return 0
}

func outcome(t testing.TB, o any) peterson.Outcome {
	t.Helper()
	return algotest.OutcomeOf[peterson.Outcome](t, o)
}

// theory is the registry's bound with the given name for a run's parameters.
func theory(t testing.TB, v param.Values, name string) float64 {
	t.Helper()
	return algotest.Theory(t, peterson.Algorithm, v, name)
}

func log2(n int) int { return bits.Len(uint(n)) - 1 }

// model is ALGORITHMS.md 1.4 restated on values alone, phase by phase: the
// active processes in ring order, each with its support; an active process
// whose direct active predecessor's value beats its own and the one before
// stays active with that value; a lone active process is elected. It gives
// the phases, the processes that entered each phase, the elected position
// and the ELECTION messages: 2n for every phase but the last (each active
// process's value travels to the next active process, and on to the one
// after: every link twice), n for the last (the leader's value once round).
type model struct {
	phases         int
	activePerPhase []int
	leader         int
	messages       int64
}

func modelOf(ids []int) model {
	n := len(ids)
	act := make([]int, n) // positions, in ring order
	val := slices.Clone(ids)
	for p := range act {
		act[p] = p
	}
	var m model
	for {
		m.phases++
		m.activePerPhase = append(m.activePerPhase, len(act))
		if len(act) == 1 {
			m.leader = act[0]
			m.messages += int64(n)
			return m
		}
		m.messages += int64(2 * n)
		k := len(act)
		var next []int
		nextVal := slices.Clone(val)
		for i, p := range act {
			pred, predpred := act[(i+k-1)%k], act[(i+k-2)%k]
			if val[pred] > val[p] && val[pred] > val[predpred] {
				next = append(next, p)
				nextVal[p] = val[pred]
			}
		}
		act, val = next, nextVal
	}
}

func randomDelay(r *rand.Rand) map[string]any {
	lo := r.IntN(4)
	return map[string]any{"min": lo, "max": lo + r.IntN(8)}
}

// checkRun checks one finished run against the lecture's promises and the
// model: the highest ID wins, exactly one process is elected (the one the
// model says), everyone knows it when announced, no invariant breaks, the
// phases and messages are the model's and within the bounds.
func checkRun(t *testing.T, sim *engine.Sim, v param.Values, what string) (messages int64, bound float64) {
	t.Helper()
	ids := v.Ints("ids")
	n := len(ids)
	maxID := slices.Max(ids)
	m := sim.Metrics()
	o := outcome(t, sim.Outcome())
	want := modelOf(ids)
	election := sent(m, "ELECTION")
	if !sim.Ended() || m.Violations != 0 || o.Leader == nil || *o.Leader != want.leader || *o.Winner != maxID ||
		!slices.Equal(o.Elected, []int{want.leader}) {
		t.Fatalf("%s: ended %v, %d violations, outcome %+v; want P%d elected holding %d", what, sim.Ended(), m.Violations, o, want.leader, maxID)
	}
	if *o.Phases != want.phases || !slices.Equal(o.ActivePerPhase, want.activePerPhase) || election != want.messages {
		t.Fatalf("%s: %d phases %v, %d ELECTION; the model gives %d phases %v, %d ELECTION",
			what, *o.Phases, o.ActivePerPhase, election, want.phases, want.activePerPhase, want.messages)
	}
	var perPhase int64
	for k, c := range o.MessagesPerPhase {
		perPhase += c
		if last := k == len(o.MessagesPerPhase)-1; last && c != int64(n) || !last && c != int64(2*n) {
			t.Fatalf("%s: messages per phase %v, want 2n = %d in each but the last, n in the last", what, o.MessagesPerPhase, 2*n)
		}
	}
	if perPhase != election {
		t.Fatalf("%s: messages per phase %v add up to %d, not the %d ELECTION sent", what, o.MessagesPerPhase, perPhase, election)
	}
	for k := 1; k < len(o.ActivePerPhase); k++ {
		if 2*o.ActivePerPhase[k] > o.ActivePerPhase[k-1] {
			t.Fatalf("%s: active per phase %v does not halve", what, o.ActivePerPhase)
		}
	}
	if b := theory(t, v, "upper bound"); float64(election) > b {
		t.Fatalf("%s: %d ELECTION messages, over the bound 2n(⌊log₂ n⌋+1) = %v", what, election, b)
	}
	if b := theory(t, v, "worst case"); float64(election) > b {
		t.Fatalf("%s: %d ELECTION messages, over the worst case n(2⌊log₂ n⌋+1) = %v", what, election, b)
	}
	if b := theory(t, v, "phases"); float64(*o.Phases) > b {
		t.Fatalf("%s: %d phases, over ⌊log₂ n⌋+1 = %v", what, *o.Phases, b)
	}
	if v.Bool("announce") {
		if got := sent(m, "ELECTED"); got != int64(n) || float64(got) != theory(t, v, "announcement") {
			t.Fatalf("%s: %d ELECTED, want n = %d", what, got, n)
		}
		if !o.Agree || o.Knowing != n {
			t.Fatalf("%s: outcome %+v, want all %d to know %d", what, o, n, maxID)
		}
	} else if sent(m, "ELECTED") != 0 || o.Knowing != 1 {
		t.Fatalf("%s: without the announcement %d ELECTED, %d knowing", what, sent(m, "ELECTED"), o.Knowing)
	}
	return election, theory(t, v, "upper bound")
}

// ALGORITHMS.md 1.4: over 500 random ID orders for n from 2 to 256 (and 100
// more with n = 256), never more than 2n(⌊log₂ n⌋+1) ELECTION messages and
// ⌊log₂ n⌋+1 phases; exactly one leader, holding the highest ID. Delays,
// channel order and the announcement vary too: the counts depend on the IDs
// alone.
func TestBoundsOverRandomOrders(t *testing.T) {
	for _, fixed := range []int{0, 256} {
		orders := map[int]int{0: 500, 256: 100}[fixed]
		if testing.Short() {
			orders /= 5
		}
		worst, worstAt, sum := 0.0, "", 0.0
		for seed := int64(1); seed <= int64(orders); seed++ {
			r := rand.New(rand.NewPCG(uint64(seed), uint64(fixed)))
			n := fixed
			if n == 0 {
				n = 2 + r.IntN(255)
			}
			params := map[string]any{"n": n, "idOrder": "random", "fifo": r.IntN(2) == 0, "delay": randomDelay(r), "announce": r.IntN(4) != 0}
			if r.IntN(3) == 0 {
				params["ids"] = algotest.RandomIDs(r, n)
			}
			sim, v := bare(t, params, seed)
			what := fmt.Sprintf("seed %d %v", seed, params)
			got, bound := checkRun(t, sim, v, what)
			ratio := float64(got) / bound
			sum += ratio
			if ratio > worst {
				worst, worstAt = ratio, fmt.Sprintf("n=%d: %d of %v", n, got, bound)
			}
		}
		t.Logf("n %s: %d random orders, ELECTION messages relative to 2n(⌊log₂ n⌋+1): at most %.3f (%s), on average %.3f",
			map[bool]string{true: "2..256", false: "= 256"}[fixed == 0], orders, worst, worstAt, sum/float64(orders))
	}
}

// idOrder worst: the active processes halve in every phase, ⌊n/2ʲ⌋ of them
// in phase j+1, so the election takes ⌊log₂ n⌋+1 phases and n(2⌊log₂ n⌋+1)
// ELECTION messages, the most any order can need; the bound 2n(⌊log₂ n⌋+1)
// exceeds it by n.
func TestWorstOrder(t *testing.T) {
	ns := []int{}
	for n := 2; n <= 130; n++ {
		ns = append(ns, n)
	}
	ns = append(ns, 255, 256, 257, 1000, 1024)
	for _, n := range ns {
		sim, v := bare(t, map[string]any{"n": n, "idOrder": "worst"}, 1)
		ids := v.Ints("ids")
		if s := slices.Sorted(slices.Values(ids)); s[0] != 0 || s[n-1] != n-1 || len(slices.Compact(s)) != n {
			t.Fatalf("n=%d: worst IDs %v are not 0..n−1", n, ids)
		}
		checkRun(t, sim, v, fmt.Sprintf("worst n=%d", n))
		o := outcome(t, sim.Outcome())
		for j, a := range o.ActivePerPhase {
			if a != n>>j {
				t.Fatalf("n=%d: active per phase %v, want ⌊n/2ʲ⌋", n, o.ActivePerPhase)
			}
		}
		got := sent(sim.Metrics(), "ELECTION")
		if *o.Phases != log2(n)+1 || got != int64(n*(2*log2(n)+1)) || float64(got) != theory(t, v, "worst case") ||
			float64(*o.Phases) != theory(t, v, "phases") || theory(t, v, "upper bound")-float64(got) != float64(n) {
			t.Fatalf("n=%d: %d phases, %d ELECTION; want ⌊log₂ n⌋+1 = %d phases, n(2⌊log₂ n⌋+1) = %d", n, *o.Phases, got, log2(n)+1, n*(2*log2(n)+1))
		}
	}
}

// IDs increasing or decreasing along the ring have one local maximum: phase
// 1 leaves one process active (the successor of the highest ID), which is
// elected in phase 2: 3n ELECTION messages, the fewest (n ≥ 2 processes
// always need phase 1 and a last phase).
func TestBestOrders(t *testing.T) {
	for n := 2; n <= 100; n++ {
		for _, order := range []string{"increasing", "decreasing"} {
			sim, v := bare(t, map[string]any{"n": n, "idOrder": order}, 1)
			checkRun(t, sim, v, fmt.Sprintf("%s n=%d", order, n))
			o := outcome(t, sim.Outcome())
			top := slices.Index(v.Ints("ids"), n-1)
			got := sent(sim.Metrics(), "ELECTION")
			if *o.Phases != 2 || got != int64(3*n) || float64(got) != theory(t, v, "best case") || *o.Leader != (top+1)%n {
				t.Fatalf("%s n=%d: %d phases, %d ELECTION, leader P%d; want 2, 3n = %d, P%d", order, n, *o.Phases, got, *o.Leader, 3*n, (top+1)%n)
			}
		}
	}
}

// The lecture's ring of eight (scenario lecture): 8, 3 and 1 active
// processes, 16 + 16 + 8 ELECTION messages, P4 elected holding 7 (its own ID
// is 1), then 8 ELECTED.
func TestLectureRing(t *testing.T) {
	tl, s := algotest.RunToEnd(t, peterson.Algorithm, algotest.ScenarioParams(t, peterson.Algorithm, "lecture"), 0)
	o := outcome(t, s.Outcome)
	if len(s.Violations) != 0 || !s.Terminated || *o.Leader != 4 || *o.Winner != 7 || tl.Params.Ints("ids")[4] != 1 ||
		!slices.Equal(o.ActivePerPhase, []int{8, 3, 1}) || !slices.Equal(o.MessagesPerPhase, []int64{16, 16, 8}) ||
		s.Messages.ByType.Get("ELECTION") != 40 || s.Messages.ByType.Get("ELECTED") != 8 || !o.Agree {
		t.Fatalf("outcome %+v, messages %+v, violations %v", o, s.Messages, algotest.Violations(s))
	}
}

// The outcome's live fields follow the run: the current phase and the
// active processes, which at least halve from phase to phase.
func TestLiveOutcome(t *testing.T) {
	tl := algotest.NewRun(t, peterson.Algorithm, map[string]any{"n": 8, "idOrder": "worst"}, 1)
	seen := map[[2]int]bool{}
	for {
		o := outcome(t, tl.State().Outcome())
		seen[[2]int{o.Phase, o.Active}] = true
		if o.Active > 8>>max(o.Phase-2, 0) {
			t.Fatalf("phase %d: %d active", o.Phase, o.Active)
		}
		if ok, err := tl.Forward(); err != nil {
			t.Fatal(err)
		} else if !ok {
			break
		}
	}
	for _, want := range [][2]int{{0, 8}, {1, 8}, {2, 4}, {3, 2}, {4, 1}} {
		if !seen[want] {
			t.Errorf("never saw phase %d with %d active; saw %v", want[0], want[1], seen)
		}
	}
}

// Who stays active depends on the values only, never on the schedule: the
// same IDs under any delays and channel order elect the same process after
// the same phases and messages.
func TestScheduleIndependence(t *testing.T) {
	for seed := int64(1); seed <= 60; seed++ {
		r := rand.New(rand.NewPCG(uint64(seed), 7))
		n := 2 + r.IntN(40)
		ids := algotest.RandomIDs(r, n)
		base, _ := bare(t, map[string]any{"n": n, "ids": ids}, seed)
		want := outcome(t, base.Outcome())
		for k := range 5 {
			params := map[string]any{"n": n, "ids": ids, "fifo": k%2 == 0, "delay": randomDelay(r)}
			sim, v := bare(t, params, seed*10+int64(k))
			checkRun(t, sim, v, fmt.Sprintf("seed %d %v", seed, params))
			o := outcome(t, sim.Outcome())
			if *o.Leader != *want.Leader || !slices.Equal(o.MessagesPerPhase, want.MessagesPerPhase) {
				t.Fatalf("seed %d %v: leader P%d, per phase %v; with unit delays P%d, %v", seed, params, *o.Leader, o.MessagesPerPhase, *want.Leader, want.MessagesPerPhase)
			}
		}
	}
}

// Non-FIFO channels make messages overtake each other; an active process
// keeps an early one until its turn, and the run still elects correctly.
// Over these seeds every kind of keeping happens.
func TestNonFIFOKeeps(t *testing.T) {
	keys := map[string]int{}
	for seed := int64(1); seed <= 40; seed++ {
		params := map[string]any{"n": 12, "fifo": false, "delay": map[string]any{"min": 0, "max": 9}}
		tl, s := algotest.RunToEnd(t, peterson.Algorithm, params, seed)
		if len(s.Violations) != 0 || !s.Terminated || !outcome(t, s.Outcome).Agree {
			t.Fatalf("seed %d: violations %v, outcome %+v", seed, algotest.Violations(s), s.Outcome)
		}
		for seq := int64(1); seq <= tl.Len(); seq++ {
			if e := tl.Event(seq); e.Kind == engine.KindNote {
				keys[e.Text.Key]++
			}
		}
	}
	for _, k := range []string{"note.keepsLaterPhase", "note.keepsSecond", "note.takesKept"} {
		if keys[k] == 0 {
			t.Errorf("no run used %s; notes: %v", k, keys)
		}
	}
	if keys["note.strayElection"] != 0 {
		t.Errorf("an elected process received an ELECTION %d times", keys["note.strayElection"])
	}
}

// A message delivered by hand before its receiver starts is kept until the
// receiver has sent its own ID.
func TestDeliveredBeforeStart(t *testing.T) {
	tl := algotest.NewRun(t, peterson.Algorithm, map[string]any{"n": 4, "idOrder": "increasing"}, 1)
	var msg int64
	for msg == 0 {
		before := tl.Seq()
		if ok, err := tl.Forward(); err != nil || !ok {
			t.Fatalf("no send (err %v)", err)
		}
		for seq := before + 1; seq <= tl.Seq(); seq++ {
			if e := tl.Event(seq); e.Kind == engine.KindSend {
				msg = e.MsgID
			}
		}
	}
	if err := tl.Apply(engine.Action{Type: engine.ActDeliver, Msg: msg}); err != nil {
		t.Fatal(err)
	}
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	s := trace.Summarize(tl)
	lines := strings.Join(algotest.Narration(tl, 0, tl.Len()), "\n")
	if !strings.Contains(lines, "P1: has not started yet: keeps (1,0) of phase 1") || len(s.Violations) != 0 || !outcome(t, s.Outcome).Agree ||
		s.Messages.ByType.Get("ELECTION") != 12 {
		t.Fatalf("violations %v, outcome %+v, messages %+v:\n%s", algotest.Violations(s), s.Outcome, s.Messages, lines)
	}
}

// Peterson assumes reliable channels: a lost ELECTION stalls the election,
// and the final check says that nobody is elected; a lost ELECTED leaves
// some processes without the leader.
func TestLossBreaksTermination(t *testing.T) {
	for _, c := range []struct {
		name, typ, want string
	}{
		{"a lost ELECTION", "ELECTION", "no live process is elected"},
		{"a lost ELECTED", "ELECTED", "only 1 of 8 live processes know a leader"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tl := algotest.NewRun(t, peterson.Algorithm, algotest.ScenarioParams(t, peterson.Algorithm, "lecture"), 1)
			var msg int64
			for msg == 0 {
				before := tl.Seq()
				if ok, err := tl.Forward(); err != nil || !ok {
					t.Fatalf("no %s sent (err %v)", c.typ, err)
				}
				for seq := before + 1; seq <= tl.Seq(); seq++ {
					if e := tl.Event(seq); e.Kind == engine.KindSend && e.Msg.Type == c.typ {
						msg = e.MsgID
					}
				}
			}
			if err := tl.Apply(engine.Action{Type: engine.ActDrop, Msg: msg}); err != nil {
				t.Fatal(err)
			}
			if err := tl.Run(0); err != nil {
				t.Fatal(err)
			}
			s := trace.Summarize(tl)
			if len(s.Violations) != 1 || s.Violations[0].Invariant != "termination" || !strings.Contains(s.Violations[0].Text, c.want) {
				t.Fatalf("violations %s; want one termination violation saying %q", algotest.Violations(s), c.want)
			}
		})
	}
}

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, peterson.Algorithm) }
