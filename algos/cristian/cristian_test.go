package cristian_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/cristian"
	"distviz/engine"
)

// Tests tied to ALGORITHMS.md 3: the client sets t + RTT/2 and is then
// accurate to ±(RTT/2 − min).

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, cristian.Algorithm) }

// randomParams draws a run: delays, asymmetry, drift, offsets, jumping or
// slewing, from the test's own generator.
func randomParams(r *rand.Rand) map[string]any {
	lo := r.IntN(20)
	adjust := "jump"
	if r.IntN(2) == 0 {
		adjust = "slew"
	}
	return map[string]any{
		"n": 2 + r.IntN(7), "rounds": 1 + r.IntN(4), "period": 20 + r.IntN(200),
		"minDelay": lo, "maxDelay": lo + r.IntN(60), "asymmetry": r.IntN(3) * r.IntN(40),
		"rho": []float64{0, 0.001, 0.05, 0.2}[r.IntN(4)], "maxOffset": r.IntN(200),
		"adjust": adjust, "slewTime": 1 + r.IntN(80),
	}
}

// TestEveryClientWithinItsBand: over hundreds of random runs every
// exchange's error lies within its band; the invariant, checked at every
// step, never fires.
func TestEveryClientWithinItsBand(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 3))
	exchanges := 0
	for seed := int64(1); seed <= 400; seed++ {
		params := randomParams(r)
		sim, _ := algotest.Bare(t, cristian.Algorithm, params, seed)
		if sim.Metrics().Violations != 0 {
			t.Fatalf("seed %d %v: %d violations", seed, params, sim.Metrics().Violations)
		}
		o := cristian.Of(sim)
		want := (params["n"].(int) - 1) * params["rounds"].(int)
		if len(o.Exchanges) != want || !o.AllWithin {
			t.Fatalf("seed %d %v: %d exchanges (want %d), all within: %v", seed, params, len(o.Exchanges), want, o.AllWithin)
		}
		for _, x := range o.Exchanges {
			if math.Abs(x.Error) > x.Band+0.01 || x.Band < 0 {
				t.Fatalf("seed %d %v: %+v outside its band", seed, params, x)
			}
		}
		exchanges += len(o.Exchanges)
	}
	t.Logf("%d exchanges, all within their bands", exchanges)
}

// TestTheBandIsTight: with the answer as fast as it gets the error reaches
// +(RTT/2 − min); the band is not wider than the lecture's (no drift).
func TestTheBandIsTight(t *testing.T) {
	// requests take 30, answers 10: RTT = 40, band 20 − 10 = 10, error +10
	sim, _ := algotest.Bare(t, cristian.Algorithm, map[string]any{"n": 2, "rounds": 1, "minDelay": 10, "maxDelay": 10,
		"asymmetry": 0, "rho": 0.0}, 1)
	o := cristian.Of(sim)
	if o.Exchanges[0].Error != 0 || o.Exchanges[0].Band != 0 {
		t.Fatalf("exact delays: %+v", o.Exchanges[0])
	}
	sim, _ = algotest.Bare(t, cristian.Algorithm, map[string]any{"n": 2, "rounds": 1, "minDelay": 10, "maxDelay": 10,
		"asymmetry": 20, "rho": 0.0}, 1)
	x := cristian.Of(sim).Exchanges[0]
	// requests 10, answers 30: RTT 40, set t + 20 when 30 have passed: error −10 = −band
	if x.RTT != 40 || x.Band != 10 || x.Error != -10 || !x.Within {
		t.Fatalf("asymmetric exact delays: %+v", x)
	}
}

// TestMeanErrorIsMinusHalfTheAsymmetry: the bound the asymmetry preset plots.
func TestMeanErrorIsMinusHalfTheAsymmetry(t *testing.T) {
	for _, a := range []int{0, 20, 60} {
		sum, k := 0.0, 0
		for seed := int64(1); seed <= 40; seed++ {
			sim, _ := algotest.Bare(t, cristian.Algorithm, map[string]any{"n": 8, "asymmetry": a, "rho": 0.0}, seed)
			for _, x := range cristian.Of(sim).Exchanges {
				sum += x.Error
				k++
			}
		}
		if mean := sum / float64(k); math.Abs(mean+float64(a)/2) > 1.5 {
			t.Errorf("asymmetry %d: mean error %.2f, want about %g", a, mean, -float64(a)/2)
		}
	}
}

// TestSlewingNeverRunsBackwards: with adjust=slew no clock mark lowers the
// clock, and every clock's rate stays positive.
func TestSlewingNeverRunsBackwards(t *testing.T) {
	for seed := int64(1); seed <= 50; seed++ {
		sim, _ := algotest.Bare(t, cristian.Algorithm, map[string]any{"n": 6, "rounds": 3, "adjust": "slew", "maxOffset": 100}, seed)
		for p := range sim.N() {
			for _, m := range sim.Process(p).(interface{ SoftClock() *engine.Clock }).SoftClock().Marks() {
				if m.C != m.Before || m.Rate <= 0 {
					t.Fatalf("seed %d P%d: a mark that is not monotonic: %+v", seed, p, m)
				}
			}
		}
	}
}
