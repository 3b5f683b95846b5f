package heartbeatdetector_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/heartbeatdetector"
)

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, heartbeatdetector.Algorithm) }

// randomRun draws a run's parameters from a seed: 2–6 processes, T 5–15,
// delays within 0–9, a tail or not, FIFO or not, up to two crashes at
// times when a heartbeat is still due after them.
func randomRun(seed int64, synchronous bool, margin int) map[string]any {
	r := rand.New(rand.NewPCG(uint64(seed), 7))
	n, period, duration := 2+r.IntN(5), 5+r.IntN(11), 150
	lo := r.IntN(4)
	params := map[string]any{"n": n, "period": period, "margin": margin, "synchronous": synchronous, "duration": duration,
		"delay": map[string]any{"min": lo, "max": lo + r.IntN(6)}, "fifo": r.IntN(2) == 0,
		"tail": []float64{0, 0.05}[r.IntN(2)], "tailDelay": map[string]any{"min": 10, "max": 10 + r.IntN(20)}}
	var crashes []map[string]any
	for range r.IntN(3) {
		crashes = append(crashes, map[string]any{"node": r.IntN(n), "at": r.IntN(duration - period)})
	}
	if crashes != nil {
		params["crashes"] = crashes
	}
	return params
}

// ALGORITHMS.md 4: in a synchronous system (D the real maximum delay) the
// detector never suspects a live process, and every crash is detected by
// every live process within T + D; over 400 random runs.
func TestSynchronousIsReliable(t *testing.T) {
	detected := 0
	for seed := int64(1); seed <= 400; seed++ {
		params := randomRun(seed, true, 0)
		sim, v := algotest.Bare(t, heartbeatdetector.Algorithm, params, seed)
		o := algotest.OutcomeOf[heartbeatdetector.Outcome](t, sim.Outcome())
		if sim.Metrics().Violations > 0 || o.FalseSuspicions > 0 || o.Undetected > 0 {
			t.Fatalf("seed %d %v: %d violations, %d false suspicions, %d crashes undetected", seed, params, sim.Metrics().Violations, o.FalseSuspicions, o.Undetected)
		}
		for _, s := range o.Suspicions {
			if s.Detection == nil || *s.Detection > o.Bound {
				t.Fatalf("seed %d %v: P%d suspects P%d at %d: detection %v, bound T + D = %d", seed, params, s.Observer, s.Suspect, s.Time, s.Detection, o.Bound)
			}
		}
		if o.Bound != int64(v.Int("period"))+max(v.Range("delay").Max, map[bool]int64{true: v.Range("tailDelay").Max}[v.Float("tail") > 0]) {
			t.Fatalf("seed %d: T + D = %d, but D is not the real maximum delay", seed, o.Bound)
		}
		detected += o.Detections
	}
	if detected < 100 {
		t.Errorf("only %d detections in 400 runs: too few crashes to tell", detected)
	}
}

// In an asynchronous system a timeout below the delays suspects live
// processes: reported as information (a note), never as a violation; each
// such suspicion ends when a heartbeat arrives later, unless the run ends.
func TestAsynchronousFalseSuspicionsAreInformation(t *testing.T) {
	falses := 0
	for seed := int64(1); seed <= 100; seed++ {
		params := randomRun(seed, false, 1)
		sim, _ := algotest.Bare(t, heartbeatdetector.Algorithm, params, seed)
		o := algotest.OutcomeOf[heartbeatdetector.Outcome](t, sim.Outcome())
		if sim.Metrics().Violations > 0 {
			t.Fatalf("seed %d %v: a false suspicion counted as a violation", seed, params)
		}
		falses += o.FalseSuspicions
	}
	if falses < 50 {
		t.Fatalf("only %d false suspicions in 100 runs with D = 1", falses)
	}
	tl, s := algotest.RunToEnd(t, heartbeatdetector.Algorithm, algotest.ScenarioParams(t, heartbeatdetector.Algorithm, "false-suspicions"), 1)
	o := algotest.OutcomeOf[heartbeatdetector.Outcome](t, s.Outcome)
	text := strings.Join(algotest.Narration(tl, 0, tl.Len()), "\n")
	if o.FalseSuspicions == 0 || len(s.Violations) > 0 || !strings.Contains(text, "false suspicion (information)") || !strings.Contains(text, "no longer suspects") {
		t.Errorf("the scenario: %d false suspicions, violations %s", o.FalseSuspicions, algotest.Violations(s))
	}
}

// The lecture's trade-off, on the experiment's runs: a larger D suspects
// live processes less often and detects the crash later.
func TestTimeoutTradeOff(t *testing.T) {
	rate := func(margin int) (falseRate, detection float64) {
		for seed := int64(1); seed <= 20; seed++ {
			params := map[string]any{"n": 5, "margin": margin, "tail": 0.02, "duration": 200, "crashes": []map[string]any{{"node": 4, "at": 95}}}
			sim, _ := algotest.Bare(t, heartbeatdetector.Algorithm, params, seed)
			o := algotest.OutcomeOf[heartbeatdetector.Outcome](t, sim.Outcome())
			falseRate += o.FalseRate / 20
			if o.MeanDetection != nil {
				detection += *o.MeanDetection / 20
			}
		}
		return falseRate, detection
	}
	f1, d1 := rate(1)
	f16, d16 := rate(16)
	if f1 <= f16 || d1 >= d16 {
		t.Errorf("D = 1: false rate %.4f, detection %.1f; D = 16: %.4f, %.1f", f1, d1, f16, d16)
	}
}

// Without crashes every process sends n−1 heartbeats at 0, T, 2T, …
func TestHeartbeatCount(t *testing.T) {
	for seed := int64(1); seed <= 10; seed++ {
		sim, v := algotest.Bare(t, heartbeatdetector.Algorithm, map[string]any{"n": 2 + int(seed)%5, "period": 3 + int(seed), "duration": 60}, seed)
		if got, want := float64(sim.Metrics().Sent), algotest.Theory(t, heartbeatdetector.Algorithm, v, "heartbeats"); got != want {
			t.Errorf("seed %d: %v messages, want %v", seed, got, want)
		}
	}
}
