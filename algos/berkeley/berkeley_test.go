package berkeley_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/berkeley"
)

// Tests tied to ALGORITHMS.md 3: the master estimates every clock from the
// RTT, ignores answers slower than maxRTT, averages the clocks within x of
// each other and sends adjustments; a failed master is replaced by a bully
// election.

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, berkeley.Algorithm) }

// randomParams draws a run without faulty clocks, crashes or losses.
func randomParams(r *rand.Rand) map[string]any {
	lo := r.IntN(6)
	hi := lo + r.IntN(15)
	period := 60 + r.IntN(100)
	adjust := "jump"
	if r.IntN(2) == 0 {
		adjust = "slew"
	}
	return map[string]any{
		"n": 2 + r.IntN(8), "rounds": 1 + r.IntN(4), "period": period,
		"delay": map[string]int{"min": lo, "max": hi}, "maxRTT": 2*lo + r.IntN(2*(hi-lo)+8),
		"x": 10 + r.IntN(200), "rho": []float64{0, 0.001, 0.02}[r.IntN(3)], "maxOffset": r.IntN(60),
		"adjust": adjust, "slewTime": 1 + r.IntN(period/4),
	}
}

// TestSkewAfterARoundWithinTheEstimatesSpread: without faults, every round's
// skew once its corrections are complete is at most the spread its
// estimates allow (the two widest bands) and the drift meanwhile.
func TestSkewAfterARoundWithinTheEstimatesSpread(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 4))
	rounds := 0
	for seed := int64(1); seed <= 300; seed++ {
		params := randomParams(r)
		sim, _ := algotest.Bare(t, berkeley.Algorithm, params, seed)
		if sim.Metrics().Violations != 0 {
			t.Fatalf("seed %d %v: %d violations", seed, params, sim.Metrics().Violations)
		}
		o := berkeley.Of(sim)
		if len(o.Rounds) != params["rounds"].(int) {
			t.Fatalf("seed %d %v: %d rounds", seed, params, len(o.Rounds))
		}
		rho := params["rho"].(float64)
		for _, rd := range o.Rounds {
			if rd.SkewAfter == nil {
				t.Fatalf("seed %d %v: round %d never complete", seed, params, rd.Round)
			}
			bound := rd.Spread + 2*rho*(rd.Complete-float64(rd.Time)+float64(params["maxRTT"].(int))+2) + 0.02
			if *rd.SkewAfter > bound {
				t.Fatalf("seed %d %v: round %+v: skew after %g beyond %g", seed, params, rd, *rd.SkewAfter, bound)
			}
			rounds++
		}
	}
	t.Logf("%d rounds, each within its bound", rounds)
}

// TestAFaultyClockBeyondXIsLeftOut: a clock far beyond x of the others is
// never averaged (unless its answer was ignored), and is adjusted all the
// same.
func TestAFaultyClockBeyondXIsLeftOut(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 5))
	for seed := int64(1); seed <= 200; seed++ {
		params := randomParams(r)
		n := 3 + r.IntN(6)
		params["n"], params["faulty"] = n, 1+r.IntN((n-1)/2)
		params["x"], params["maxOffset"] = 20, 5
		params["faultOffset"] = []int{-1, 1}[r.IntN(2)] * (200 + r.IntN(500))
		sim, _ := algotest.Bare(t, berkeley.Algorithm, params, seed)
		o := berkeley.Of(sim)
		rd := o.Rounds[0]
		for p := range params["faulty"].(int) {
			if slices.Contains(rd.Used, p) {
				t.Fatalf("seed %d %v: the faulty clock of P%d is averaged: %+v", seed, params, p, rd)
			}
			if !slices.Contains(rd.Excluded, p) && !slices.Contains(rd.Ignored, p) {
				t.Fatalf("seed %d %v: P%d neither left out nor ignored: %+v", seed, params, p, rd)
			}
		}
		if !slices.Contains(rd.Used, n-1) {
			t.Fatalf("seed %d %v: the master's own clock is not averaged: %+v", seed, params, rd)
		}
	}
}

// TestTheLectureAdjustments: +5, +15, −20 around 3:05 (the transcript has
// the narration).
func TestTheLectureAdjustments(t *testing.T) {
	sim, _ := algotest.Bare(t, berkeley.Algorithm, algotest.ScenarioParams(t, berkeley.Algorithm, "lecture"), 0)
	o := berkeley.Of(sim)
	if len(o.Rounds) != 1 || *o.Rounds[0].SkewAfter != 0 || o.Rounds[0].SkewBefore != 35 || len(o.Rounds[0].Used) != 3 {
		t.Fatalf("%+v", o)
	}
	if got := sim.Metrics().Sent; got != 6 {
		t.Fatalf("%d messages, want 3(n−1) = 6", got)
	}
}

// TestANewMasterAfterACrash: the master crashes; a bully election makes the
// highest live process master, and it finishes the rounds; exactly one master.
func TestANewMasterAfterACrash(t *testing.T) {
	for seed := int64(1); seed <= 100; seed++ {
		n := 3 + int(seed%6)
		params := map[string]any{"n": n, "rounds": 4, "crashAt": 30 + int(seed)*3}
		sim, _ := algotest.Bare(t, berkeley.Algorithm, params, seed)
		o := berkeley.Of(sim)
		if sim.Metrics().Violations != 0 || !slices.Equal(o.Masters, []int{n - 2}) || len(o.Rounds) < 3 {
			t.Fatalf("seed %d %v: masters %v, %d rounds, %d violations", seed, params, o.Masters, len(o.Rounds), sim.Metrics().Violations)
		}
		if last := o.Rounds[len(o.Rounds)-1]; last.Round != 4 || last.Master != n-2 {
			t.Fatalf("seed %d %v: the last round is %+v", seed, params, last)
		}
	}
}

// TestMessagesPerRound: 3(n−1) per round without faults, as the theory says.
func TestMessagesPerRound(t *testing.T) {
	for _, n := range []int{2, 5, 16} {
		sim, v := algotest.Bare(t, berkeley.Algorithm, map[string]any{"n": n, "rounds": 3, "maxRTT": 100}, 1)
		if got, want := float64(sim.Metrics().Sent), algotest.Theory(t, berkeley.Algorithm, v, "one POLL, CLOCK and ADJUST per slave and round"); got != want {
			t.Errorf("n = %d: %g messages, want %g", n, got, want)
		}
	}
}
