package ntp_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/ntp"
)

// Tests tied to ALGORITHMS.md 3: θ and δ from the four timestamps, the true
// offset within θ ± δ/2, the filter trusting the smallest δ, strata.

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, ntp.Algorithm) }

func randomParams(r *rand.Rand) map[string]any {
	lo := r.IntN(8)
	mode, adjust := "procedure-call", "jump"
	if r.IntN(2) == 0 {
		mode = "symmetric"
	}
	if r.IntN(2) == 0 {
		adjust = "slew"
	}
	period := 20 + r.IntN(60)
	return map[string]any{
		"n": 2 + r.IntN(10), "fanout": 1 + r.IntN(3), "mode": mode, "period": period, "polls": 3 + r.IntN(8),
		"window": 1 + r.IntN(8), "delay": map[string]int{"min": lo, "max": lo + r.IntN(20)},
		"rho": []float64{0, 0.001, 0.01}[r.IntN(3)], "maxOffset": r.IntN(100),
		"adjust": adjust, "slewTime": 1 + r.IntN(period/2),
	}
}

// TestEveryCorrectionWithinItsBound: over hundreds of random runs (both
// modes, jumps and slews, any filter window) the invariant withinBound holds
// at every step: right after a correction a server's offset from the
// reference is within its server's offset ± δ/2, and the drift.
func TestEveryCorrectionWithinItsBound(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 6))
	fixes := 0
	for seed := int64(1); seed <= 300; seed++ {
		params := randomParams(r)
		sim, _ := algotest.Bare(t, ntp.Algorithm, params, seed)
		if sim.Metrics().Violations != 0 {
			t.Fatalf("seed %d %v: %d violations", seed, params, sim.Metrics().Violations)
		}
		fixes += len(ntp.Of(sim).Corrections)
	}
	t.Logf("%d corrections within their bounds", fixes)
}

// TestOffsetsConvergeWithinTheDelaysBound: with exchanges enough for every
// stratum (polls that do not overlap), every server ends within what the
// delays allow down its path, δ/2 ≤ the largest delay per stratum, plus the
// drift since its last correction.
func TestOffsetsConvergeWithinTheDelaysBound(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 7))
	for seed := int64(1); seed <= 200; seed++ {
		params := randomParams(r)
		hi := params["delay"].(map[string]int)["max"]
		params["period"] = 3*hi + 10 + r.IntN(40)
		params["polls"] = 12 + r.IntN(6)
		params["slewTime"] = 1 + r.IntN(params["period"].(int)/2)
		sim, _ := algotest.Bare(t, ntp.Algorithm, params, seed)
		o := ntp.Of(sim)
		drift := 2 * params["rho"].(float64) * float64(2*params["period"].(int)+2*hi)
		for _, nd := range o.Nodes {
			if bound := float64(nd.Stratum-1)*(float64(hi)+drift) + 0.02; math.Abs(nd.Offset) > bound {
				t.Fatalf("seed %d %v: P%d (stratum %d) ends %g off, beyond %g", seed, params, nd.Node, nd.Stratum, nd.Offset, bound)
			}
		}
	}
}

// TestTheFourTimestamps: with exact delays and no drift θ is the offset
// exactly and δ the two delays.
func TestTheFourTimestamps(t *testing.T) {
	sim, _ := algotest.Bare(t, ntp.Algorithm, map[string]any{"n": 2, "rho": 0.0, "delay": map[string]int{"min": 5, "max": 5}, "polls": 1}, 3)
	o := ntp.Of(sim)
	c := o.Corrections[0]
	if c.Delay != 10 || c.OffsetAfter != 0 || o.Nodes[1].Offset != 0 {
		t.Fatalf("%+v", o)
	}
	if c.Theta != -sim.Hardware(1).Offset && math.Abs(c.Theta+sim.Hardware(1).Offset) > 0.01 {
		t.Fatalf("θ = %g, P1's offset %g", c.Theta, sim.Hardware(1).Offset)
	}
}

// TestMessages: two per exchange, in both modes.
func TestMessages(t *testing.T) {
	for _, mode := range []string{"procedure-call", "symmetric"} {
		sim, v := algotest.Bare(t, ntp.Algorithm, map[string]any{"n": 7, "mode": mode, "polls": 5}, 1)
		if got, want := float64(sim.Metrics().Sent), algotest.Theory(t, ntp.Algorithm, v, "two messages per exchange"); got != want {
			t.Errorf("%s: %g messages, want %g", mode, got, want)
		}
	}
}
