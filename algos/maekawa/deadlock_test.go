package maekawa_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"distviz/algos/maekawa"
	"distviz/narrate"
)

// ALGORITHMS.md 2.5: the lecture's rules, all 13 processes of the plane
// requesting at once over FIFO channels with delays 1–10, deadlock on some
// seeds (an independent model: 204 of 2,000) and never break ME1; every
// such deadlock is the one the lecture's rules hide (a request never told
// that it failed). The corrected rules on the same 2,000 runs never
// deadlock (the model: at most 11.8 messages per entry). Without INQUIRE
// the algorithm deadlocks too.
func TestDeadlocks(t *testing.T) {
	all := make([]int, 13)
	for p := range all {
		all[p] = p
	}
	base := func(kv ...any) map[string]any {
		m := map[string]any{"n": 13, "requestNodes": all, "requestTimes": make([]int, 13), "delay": map[string]any{"min": 1, "max": 10}}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	const runs = 2000
	lecture, corrected := base("variant", "lecture"), base()
	dead := 0
	var st stats
	for seed := int64(1); seed <= runs; seed++ {
		o, violations := quick(t, lecture, seed)
		if o.Deadlock == nil {
			if violations != 0 || o.Pending != 0 {
				t.Fatalf("lecture seed %d: %d violations, %d pending without a deadlock", seed, violations, o.Pending)
			}
		} else {
			dead++
			if violations != 1 || len(o.Deadlock.Cycle) < 2 || !strings.Contains(o.Deadlock.Text, "never learnt that it had failed at") {
				t.Fatalf("lecture seed %d: %d violations (want the deadlock alone: ME1 holds), deadlock %+v", seed, violations, o.Deadlock)
			}
		}
		o, violations = quick(t, corrected, seed)
		if violations != 0 || o.Deadlock != nil || o.Pending != 0 || len(o.Entries) != 13 {
			t.Fatalf("corrected seed %d: %d violations, deadlock %+v, %d entries", seed, violations, o.Deadlock, len(o.Entries))
		}
		if *o.MessagesPerEntry > 15 {
			t.Errorf("corrected seed %d: %.2f messages per entry, above 5(|S|−1) = 15", seed, *o.MessagesPerEntry)
		}
		st.add(o, fmt.Sprintf("seed %d", seed))
	}
	t.Logf("variant lecture: %d of %d runs deadlock (%.1f%%; the independent model: 204)", dead, runs, 100*float64(dead)/runs)
	t.Logf("variant corrected: no deadlock; %s", st.String())
	// About 10%: far from it would mean the model differs from the lecture's rules.
	if dead < 120 || dead > 300 {
		t.Errorf("the lecture's rules deadlock in %d of %d runs; the independent model found 204", dead, runs)
	}

	// Without INQUIRE: everyone once within [0, 30].
	noInquire := map[string]any{"n": 13, "inquire": false, "spread": 30, "delay": map[string]any{"min": 1, "max": 10}}
	dead = 0
	for seed := int64(1); seed <= 300; seed++ {
		o, violations := quick(t, noInquire, seed)
		if o.Deadlock != nil {
			dead++
			if violations != 1 || !strings.Contains(o.Deadlock.Text, "INQUIRE is off") {
				t.Fatalf("inquire=false seed %d: %d violations, deadlock %+v", seed, violations, o.Deadlock)
			}
		}
	}
	t.Logf("inquire=false, requests within [0, 30]: %d of 300 runs deadlock", dead)
	if dead == 0 {
		t.Error("without INQUIRE no run deadlocked")
	}
}

// The deadlock scenarios report the cycle of waits in the violation and in
// the outcome, in the lecture's terms, and in every language; the corrected
// rules serve the same run.
func TestDeadlockScenarios(t *testing.T) {
	for _, c := range []struct {
		scenario string
		cycle    []int
		want     string
	}{
		{"no-inquire", []int{1, 7, 8}, "cycle of waits P2 –[P8]→ P8 –[P9]→ P9 –[P11]→ P2 (a –[j]→ b: a waits for j, which is locked for b); " +
			"INQUIRE is off (inquire=false): nobody is asked to give a lock back"},
		{"lecture-deadlock", []int{0, 1, 3, 2}, "cycle of waits P1 –[P2]→ P2 –[P11]→ P4 –[P6]→ P3 –[P3]→ P1 (a –[j]→ b: a waits for j, which is locked for b); " +
			"(1,4) of P4 never learnt that it had failed at P6 (no FAILED came from there), so it keeps the locks it holds and leaves the INQUIRE of P4, P11 unanswered"},
	} {
		sc, _ := alg.Scenario(c.scenario)
		tl, s := runToEnd(t, sc.Params, sc.Seed)
		o := outcomeOf(t, s)
		if o.Deadlock == nil || !slices.Equal(o.Deadlock.Cycle, c.cycle) || o.Deadlock.Text != c.want {
			t.Fatalf("%s: deadlock %+v, want cycle %v and %q", c.scenario, o.Deadlock, c.cycle, c.want)
		}
		if len(s.Violations) != 1 || s.Violations[0].Invariant != "deadlock" || !strings.HasSuffix(s.Violations[0].Text, "; "+c.want) ||
			!strings.HasPrefix(s.Violations[0].Text, "nothing is left to happen, but P") {
			t.Errorf("%s: violations %+v", c.scenario, s.Violations)
		}
		// Before the end the outcome claims no deadlock.
		if err := tl.Seek(tl.Steps() - 2); err != nil {
			t.Fatal(err)
		}
		if o, ok := tl.State().Outcome().(maekawa.Outcome); !ok || o.Deadlock != nil {
			t.Errorf("%s: one step before the end the outcome has deadlock %+v", c.scenario, o.Deadlock)
		}
		// The verdict and the explanation are keyed texts: the family's
		// verdict, then the explanation, in every language.
		said := s.Violations[0].Said
		if said.Key != "violation.deadlockExplained" || len(said.Args) != 2 || !said.Args[1].Sub().Equal(o.Deadlock.Why) {
			t.Errorf("%s: the verdict is %+v, want the family's verdict and the outcome's explanation", c.scenario, said)
		}
		for _, lang := range narrate.Langs()[1:] {
			tr := narrate.For(tl.Alg, tl.Nodes).In(lang)
			got := tr.Text(o.Deadlock.Why)
			if got == o.Deadlock.Text || !strings.Contains(got, "P2 –[P") || !strings.HasSuffix(tr.Text(said), "; "+got) {
				t.Errorf("%s: the %s deadlock is %q, the verdict %q", c.scenario, lang, got, tr.Text(said))
			}
		}
	}
	sc, _ := alg.Scenario("corrected")
	lecture, _ := alg.Scenario("lecture-deadlock")
	if sc.Seed != lecture.Seed {
		t.Errorf("the corrected scenario uses seed %d, the lecture's deadlock %d: not the same run", sc.Seed, lecture.Seed)
	}
	o := checkServed(t, sc.Params, sc.Seed)
	if len(o.Entries) != 13 {
		t.Errorf("corrected: %d entries, want 13", len(o.Entries))
	}
	for _, id := range []string{"grid", "majority"} {
		sc, _ := alg.Scenario(id)
		checkServed(t, sc.Params, sc.Seed)
	}
}

// A deadlock without a cycle of waits (a quorum member crashed) says whose
// permission never comes, rather than an empty explanation.
func TestDeadlockOnACrash(t *testing.T) {
	_, s := runToEnd(t, map[string]any{"n": 7, "crashed": []int{1}, "count": 1}, 1)
	o := outcomeOf(t, s)
	if o.Deadlock == nil || len(o.Deadlock.Cycle) != 0 || !strings.Contains(o.Deadlock.Text, "permission of P2, which crashed") {
		t.Fatalf("deadlock %+v, want no cycle and P2's crash named", o.Deadlock)
	}
	// Without a cycle the verdict is the family's alone.
	if len(s.Violations) != 1 || s.Violations[0].Said.Key != "violation.stillWaiting" {
		t.Errorf("violations %+v: want the family's verdict", s.Violations)
	}
	tl, _ := runToEnd(t, map[string]any{"n": 7, "crashed": []int{1}, "count": 1}, 1)
	for _, lang := range narrate.Langs()[1:] {
		if got := narrate.For(tl.Alg, tl.Nodes).In(lang).Text(o.Deadlock.Why); got == o.Deadlock.Text || !strings.Contains(got, "P2") {
			t.Errorf("the %s explanation is %q", lang, got)
		}
	}
}
