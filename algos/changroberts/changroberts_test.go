package changroberts_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/algos/algotest"
	"distviz/algos/changroberts"
	"distviz/algos/kit/election"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
	"distviz/trace"
)

// Tests for Chang–Roberts, tied to ALGORITHMS.md 1.3.

// ringResolve resolves params (Go values, as in a JSON request).
func ringResolve(t testing.TB, id string, params map[string]any, seed int64) (*algo.Algorithm, param.Values) {
	t.Helper()
	a := algorithm(t, id)
	v, err := a.ResolveAny(params, seed)
	if err != nil {
		t.Fatalf("%s %v: %v", id, params, err)
	}
	return a, v
}

// ringBare runs on the bare engine, without recording events: for the
// message-count tests, which only need the counters.
func ringBare(t testing.TB, id string, params map[string]any, seed int64) (*engine.Sim, param.Values) {
	return algotest.Bare(t, algorithm(t, id), params, seed)
}

// ringSent is the number of messages of a type sent so far.
func ringSent(m *engine.Metrics, typ string) int64 {
	for i, s := range m.Types {
		if s == typ {
			return m.ByType[i].Sent
		}
	}
	return 0
}

func ringOutcome(t testing.TB, o any) election.Outcome {
	t.Helper()
	e, ok := o.(election.Outcome)
	if !ok {
		t.Fatalf("outcome is %T, want election.Outcome", o)
	}
	return e
}

// ringTheory is the registry's bound of the given name for a run's parameters.
func ringTheory(t testing.TB, id string, v param.Values, name string) float64 {
	return algotest.Theory(t, algorithm(t, id), v, name)
}

// ringEncode is the run's whole trace of events, encoded.
func ringEncode(t testing.TB, tl *timeline.Timeline) []byte { return algotest.Encode(t, tl) }

// ringViolations renders a summary's violations, for failure messages.
func ringViolations(s trace.Summary) string { return algotest.Violations(s) }

// lcrHops is the LCR ELECTION count computed from the IDs alone: each ID
// travels until it meets a larger one, the largest goes once round. It does
// not depend on delays or channel order.
func lcrHops(ids []int) int64 {
	n := len(ids)
	var total int64
	for i, id := range ids {
		d := 1
		for ; d < n && ids[(i+d)%n] < id; d++ {
		}
		total += int64(d)
	}
	return total
}

func ringHarmonic(n int) float64 {
	h := 0.0
	for k := 1; k <= n; k++ {
		h += 1 / float64(k)
	}
	return h
}

// ALGORITHMS.md 1.3, variant A: worst case n(n+1)/2 ELECTION messages (IDs
// decreasing along the direction of travel), best case 2n−1 (increasing);
// the announcement is n ELECTED either way.
func TestChangRobertsLCRWorstAndBest(t *testing.T) {
	ns := []int{}
	for n := 2; n <= 50; n++ {
		ns = append(ns, n)
	}
	ns = append(ns, 1000)
	for _, n := range ns {
		for _, c := range []struct {
			order, bound string
			want         int64
		}{
			{"decreasing", "worst case", int64(n) * int64(n+1) / 2},
			{"increasing", "best case", int64(2*n - 1)},
		} {
			sim, v := ringBare(t, "chang-roberts", map[string]any{"n": n, "idOrder": c.order}, 1)
			m := sim.Metrics()
			if got := ringSent(m, "ELECTION"); got != c.want {
				t.Errorf("n=%d %s: %d ELECTION messages, want %d", n, c.order, got, c.want)
			}
			if th := ringTheory(t, "chang-roberts", v, c.bound); th != float64(c.want) {
				t.Errorf("n=%d: the registry's %s is %v, want %d", n, c.bound, th, c.want)
			}
			if got := ringSent(m, "ELECTED"); got != int64(n) {
				t.Errorf("n=%d %s: %d ELECTED messages, want n = %d", n, c.order, got, n)
			}
			o := ringOutcome(t, sim.Outcome())
			top := 0 // increasing: the maximum n−1 sits at position n−1
			if c.order == "increasing" {
				top = n - 1
			}
			if !sim.Ended() || m.Violations != 0 || !o.Agree || o.Leader == nil || *o.Leader != n-1 || !slices.Equal(o.Elected, []int{top}) {
				t.Errorf("n=%d %s: ended %v, %d violations, outcome %+v; want everyone to agree on %d, elected P%d",
					n, c.order, sim.Ended(), m.Violations, o, n-1, top)
			}
		}
	}
}

// ALGORITHMS.md 1.3: over random ID orders the average is n·H_n ELECTION
// messages. (The ID of rank k, k ≥ 2, has k−1 larger IDs among the other n−1
// positions, placed at random; the expected distance to the first of them
// is n/k. The largest travels n. Sum: n·(1 + 1/2 + … + 1/n) = n·H_n.)
//
// The test draws N = 400 independent random orders (seeds 1..400) and
// compares the sample mean with n·H_n in units of its standard error
// SE = s/√N, s the sample standard deviation. By the central limit theorem
// the mean is close to normal, so a correct implementation lies within 4·SE
// with probability 1 − 6·10⁻⁵; the seeds are fixed, so the test is
// deterministic anyway. It is also sharp: 4·SE is under 3% of n·H_n here,
// so counting even n/8 extra or missing messages per run would fail it.
func TestChangRobertsLCRAverage(t *testing.T) {
	const runs = 400
	for _, n := range []int{16, 64} {
		var sum, sumSq float64
		for seed := int64(1); seed <= runs; seed++ {
			sim, v := ringBare(t, "chang-roberts", map[string]any{"n": n}, seed)
			got := ringSent(sim.Metrics(), "ELECTION")
			if want := lcrHops(v.Ints("ids")); got != want {
				t.Fatalf("n=%d seed %d: %d ELECTION messages, the IDs %v give %d", n, seed, got, v.Ints("ids"), want)
			}
			if e := ringSent(sim.Metrics(), "ELECTED"); e != int64(n) {
				t.Fatalf("n=%d seed %d: %d ELECTED, want %d", n, seed, e, n)
			}
			x := float64(got)
			sum += x
			sumSq += x * x
		}
		mean := sum / runs
		sd := math.Sqrt((sumSq - runs*mean*mean) / (runs - 1))
		se := sd / math.Sqrt(runs)
		want := float64(n) * ringHarmonic(n)
		_, v := ringResolve(t, "chang-roberts", map[string]any{"n": n}, 1)
		if th := ringTheory(t, "chang-roberts", v, "average"); math.Abs(th-want) > 1e-9 {
			t.Errorf("n=%d: the registry's average is %v, want n·H_n = %v", n, th, want)
		}
		t.Logf("n=%d: mean %.2f ELECTION over %d random orders, n·H_n = %.2f, SE %.2f (|diff| = %.2f SE)", n, mean, runs, want, se, math.Abs(mean-want)/se)
		if math.Abs(mean-want) >= 4*se {
			t.Errorf("n=%d: mean %.2f is %.1f standard errors (SE %.2f) from n·H_n = %.2f", n, mean, math.Abs(mean-want)/se, se, want)
		}
		if 4*se > float64(n)/8 {
			t.Errorf("n=%d: the tolerance 4·SE = %.1f is too loose to tell a bias of n/8 = %.1f", n, 4*se, float64(n)/8)
		}
	}
}

// ALGORITHMS.md 1.3, variant B with one starter: between 2n and 3n−1
// messages. Exactly: the running maximum travels d hops from the starter to
// the maximum (d its distance along the ring), then the maximum's ID goes
// once round (n) and ELECTED once round (n): 2n + d, d in 0..n−1. The
// extremes: the starter is the maximum (d = 0, 2n), or its successor
// (d = n−1, 3n−1).
func TestChangRobertsParticipantOneStarter(t *testing.T) {
	for n := 2; n <= 30; n++ {
		for seed := int64(1); seed <= 3; seed++ {
			sawMin, sawMax := false, false
			for s := range n {
				sim, v := ringBare(t, "chang-roberts", map[string]any{"n": n, "variant": "participant", "initiators": []int{s}}, seed)
				ids := v.Ints("ids")
				top := slices.Index(ids, n-1)
				d := (top - s + n) % n
				m := sim.Metrics()
				total := m.Sent
				if total != int64(2*n+d) {
					t.Errorf("n=%d seed %d starter P%d (maximum at P%d): %d messages, want 2n+d = %d", n, seed, s, top, total, 2*n+d)
				}
				lo := ringTheory(t, "chang-roberts", v, "fewest")
				hi := ringTheory(t, "chang-roberts", v, "most")
				if float64(total) < lo || float64(total) > hi {
					t.Errorf("n=%d starter P%d: %d messages, outside [2n, 3n−1] = [%v, %v]", n, s, total, lo, hi)
				}
				sawMin = sawMin || total == int64(2*n)
				sawMax = sawMax || total == int64(3*n-1)
				if got := ringSent(m, "ELECTED"); got != int64(n) {
					t.Errorf("n=%d starter P%d: %d ELECTED, want n", n, s, got)
				}
				o := ringOutcome(t, sim.Outcome())
				if m.Violations != 0 || !o.Agree || *o.Leader != n-1 || !slices.Equal(o.Elected, []int{top}) {
					t.Errorf("n=%d starter P%d: %d violations, outcome %+v", n, s, m.Violations, o)
				}
			}
			if !sawMin || !sawMax {
				t.Errorf("n=%d seed %d: the extremes 2n and 3n−1 were not both reached (min %v, max %v)", n, seed, sawMin, sawMax)
			}
		}
	}
}

// Both variants, random rings and schedules: the highest ID is elected,
// everyone learns it, no invariant breaks, and the counters agree with the
// events. LCR's ELECTION count depends on the IDs only, never on the
// schedule; with FIFO channels ELECTED goes round exactly once.
func TestChangRobertsProperties(t *testing.T) {
	const seeds = 400 // about 0.3 s each with -race
	reelections := 0
	for seed := int64(1); seed <= int64(seeds); seed++ {
		r := rand.New(rand.NewPCG(uint64(seed), 0xc4))
		n := 2 + r.IntN(39)
		fifo := r.IntN(2) == 0
		params := map[string]any{"n": n, "delay": algotest.RandomDelay(r), "fifo": fifo}
		lcr := r.IntN(2) == 0
		if lcr {
			params["variant"] = "lcr"
		} else {
			params["variant"] = "participant"
			params["initiators"] = algotest.RandomSubset(r, algotest.Positions(n), n)
		}
		if r.IntN(4) == 0 {
			params["ids"] = algotest.RandomIDs(r, n)
		}
		tl, s := algotest.RunToEnd(t, changroberts.Algorithm, params, seed)
		ids := tl.Params.Ints("ids")
		maxID := slices.Max(ids)
		o := ringOutcome(t, s.Outcome)
		if len(s.Violations) > 0 || !s.Terminated || !o.Agree || o.Leader == nil || *o.Leader != maxID ||
			o.Knowing != n || !slices.Equal(o.Elected, []int{slices.Index(ids, maxID)}) {
			t.Fatalf("seed %d %v: terminated %v, outcome %+v, violations %s; want all %d to agree on %d",
				seed, params, s.Terminated, o, ringViolations(s), n, maxID)
		}
		elected := s.Messages.ByType.Get("ELECTED")
		if lcr {
			if got, want := s.Messages.ByType.Get("ELECTION"), lcrHops(ids); got != want {
				t.Fatalf("seed %d %v: %d ELECTION, the IDs give %d", seed, params, got, want)
			}
			if elected != int64(n) {
				t.Fatalf("seed %d %v: %d ELECTED, want n = %d", seed, params, elected, n)
			}
		} else if fifo && elected != int64(n) {
			t.Fatalf("seed %d %v: %d ELECTED over FIFO channels, want n = %d", seed, params, elected, n)
		} else if elected%int64(n) != 0 {
			t.Fatalf("seed %d %v: %d ELECTED, not whole rounds of n = %d", seed, params, elected, n)
		} else if elected > int64(n) {
			reelections++
		}
	}
	// Without FIFO a late, smaller ELECTION can reach the leader after it has
	// announced (no longer participant): it replaces it with its own ID and
	// a second, equally correct round follows. Only counted, for the log.
	t.Logf("%d of %d runs: participant variant without FIFO elected the leader twice or more", reelections, seeds)
}

// ringIDs draws n distinct IDs from 0..10⁹ (large and sparse, unlike the
// default 0..n−1).
// The same parameters and seed give the same events, byte for byte.
func TestChangRobertsDeterministic(t *testing.T) {
	for _, params := range []map[string]any{
		{"n": 12, "variant": "lcr", "delay": map[string]any{"min": 1, "max": 9}, "fifo": false},
		{"n": 12, "variant": "participant", "initiators": []int{0, 5, 7}, "delay": map[string]any{"min": 0, "max": 4}},
		{"n": 12, "loss": 0.1},
	} {
		for seed := int64(1); seed <= 5; seed++ {
			a, _ := algotest.RunToEnd(t, changroberts.Algorithm, params, seed)
			b, _ := algotest.RunToEnd(t, changroberts.Algorithm, params, seed)
			ea, eb := ringEncode(t, a), ringEncode(t, b)
			if !bytes.Equal(ea, eb) {
				t.Fatalf("%v seed %d: two runs differ", params, seed)
			}
			if len(ea) == 0 {
				t.Fatal("no events")
			}
		}
	}
}

// ringStepToSend steps until a send matching the predicate and returns its message ID.
// LCR assumes reliable channels: a lost message that matters (the maximum's
// ELECTION, or an ELECTED) leaves live processes without a leader, the run
// ends anyway, and the final check "termination" reports it.
func TestChangRobertsLossBreaksTermination(t *testing.T) {
	params := map[string]any{"n": 5, "idOrder": "increasing"} // P4 holds the maximum 4
	for _, c := range []struct {
		name    string
		match   func(e engine.Event) bool
		knowing int
	}{
		{"the maximum's ELECTION", func(e engine.Event) bool { return e.Msg.Label() == "ELECTION(4)" && e.From == 4 }, 0},
		{"ELECTED P1→P2", func(e engine.Event) bool { return e.Msg.Type == "ELECTED" && e.From == 1 }, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			tl := algotest.NewRun(t, changroberts.Algorithm, params, 1)
			id := algotest.StepToSend(t, tl, c.match)
			if err := tl.Apply(engine.Action{Type: engine.ActDrop, Msg: id}); err != nil {
				t.Fatal(err)
			}
			if err := tl.Run(0); err != nil {
				t.Fatal(err)
			}
			s := trace.Summarize(tl)
			algotest.CheckCounters(t, tl, s)
			o := ringOutcome(t, s.Outcome)
			if !s.Terminated || o.Agree || o.Knowing != c.knowing || s.Messages.Dropped != 1 {
				t.Fatalf("terminated %v, outcome %+v, dropped %d; want the run to end with %d of 5 knowing", s.Terminated, o, s.Messages.Dropped, c.knowing)
			}
			v := algotest.ViolationsOf(s, "termination")
			want := fmt.Sprintf("only %d of 5 live processes know a leader", c.knowing)
			if len(v) != 1 || !strings.Contains(v[0].Text, want) || v[0].Seq != tl.Len() {
				t.Fatalf("violations %s; want one final \"termination\" violation saying %q", ringViolations(s), want)
			}
		})
	}

	// The loss parameter: whenever a run ends without everyone knowing the
	// leader, the final check says so, and some runs do.
	failed := 0
	for seed := int64(1); seed <= 40; seed++ {
		_, s := algotest.RunToEnd(t, changroberts.Algorithm, map[string]any{"n": 8, "loss": 0.2}, seed)
		o := ringOutcome(t, s.Outcome)
		v := algotest.ViolationsOf(s, "termination")
		if o.Agree != (len(v) == 0) {
			t.Fatalf("loss seed %d: outcome %+v but termination violations %s", seed, o, ringViolations(s))
		}
		if !o.Agree {
			failed++
		}
	}
	if failed == 0 {
		t.Fatal("loss 0.2: no run lost a message that matters; the final check was never exercised")
	}
	_, s := algotest.RunToEnd(t, changroberts.Algorithm, map[string]any{"n": 8, "loss": 1.0}, 1)
	if v := algotest.ViolationsOf(s, "termination"); len(v) != 1 || !strings.Contains(v[0].Text, "only 0 of 8") {
		t.Fatalf("loss 1: violations %s", ringViolations(s))
	}
}

// algorithm is the algorithm a helper's id names: this folder's.
func algorithm(t testing.TB, id string) *algo.Algorithm {
	t.Helper()
	if id != changroberts.Algorithm.ID {
		t.Fatalf("this folder tests %s, not %s", changroberts.Algorithm.ID, id)
	}
	return changroberts.Algorithm
}

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, changroberts.Algorithm) }
