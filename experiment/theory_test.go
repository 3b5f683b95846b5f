package experiment_test

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/algos"
	"distviz/experiment"
)

// theory is a row's value of the named bound.
func theory(t *testing.T, r experiment.Row, name string) float64 {
	t.Helper()
	for _, b := range r.Theory {
		if b.Name == name {
			return b.Value
		}
	}
	t.Fatalf("%s: no bound %q among %s", jsonOf(t, r.Params), name, jsonOf(t, r.Theory))
	return 0
}

// Chang–Roberts with random IDs: the mean of the ELECTION messages is
// n·H_n within sampling error (4 standard errors), and the worst and best
// cases are exactly n(n+1)/2 and 2n−1.
func TestChangRobertsTheory(t *testing.T) {
	const seeds = 400
	p := plan(t, `{"algorithm": "chang-roberts", "params": {"variant": "lcr", "idOrder": "random"},
		"vary": {"n": [8, 32, 64]}, "seeds": {"from": 1, "count": 400}}`, experiment.Limits{})
	rows := run(t, p, 0).Rows
	for k := 0; k < len(rows); k += seeds {
		group := rows[k : k+seeds]
		var sum, sq float64
		for _, r := range group {
			x := float64(r.Messages.ByType.Get("ELECTION"))
			sum += x
			sq += x * x
		}
		mean := sum / seeds
		se := math.Sqrt((sq/seeds-mean*mean)*seeds/(seeds-1)) / math.Sqrt(seeds)
		want := theory(t, group[0], "average")
		n := group[0].Params.Int("n")
		if math.Abs(mean-want) > 4*se {
			t.Errorf("n = %d: mean %.2f ELECTION messages, n·H_n = %.2f, more than 4 standard errors (%.2f) apart", n, mean, want, se)
		}
		t.Logf("n = %d: mean %.2f ± %.2f, n·H_n = %.2f", n, mean, se, want)
	}
	p = plan(t, `{"algorithm": "chang-roberts", "params": {"variant": "lcr"},
		"vary": {"n": [2, 5, 16, 100], "idOrder": ["decreasing", "increasing"]}}`, experiment.Limits{})
	for _, r := range run(t, p, 0).Rows {
		name := map[string]string{"decreasing": "worst case", "increasing": "best case"}[r.Params.String("idOrder")]
		if got, want := float64(r.Messages.ByType.Get("ELECTION")), theory(t, r, name); got != want {
			t.Errorf("n = %d, %s: %g ELECTION messages, theory %g", r.Params.Int("n"), name, got, want)
		}
	}
}

// Ricart–Agrawala needs exactly 2(n−1) messages per entry, Lamport's
// algorithm 3(n−1), whatever the timing; the central coordinator 3 for
// every entry but its own.
func TestMutexTheory(t *testing.T) {
	for _, id := range []string{"ricart-agrawala", "lamport-mutex"} {
		p := plan(t, `{"algorithm": "`+id+`", "params": {"count": 2, "spread": 30, "delay": {"min": 1, "max": 5}},
			"vary": {"n": [2, 3, 5, 8, 13]}, "seeds": {"count": 20}}`, experiment.Limits{})
		for _, r := range run(t, p, 0).Rows {
			o := outcome(t, r)
			want := theory(t, r, "per entry")
			if o.MessagesPerEntry == nil || *o.MessagesPerEntry != want || o.Pending != 0 {
				t.Errorf("%s n = %d seed %d: %s per entry (pending %d), theory %g", id, r.Params.Int("n"), r.Seed, jsonOf(t, o.MessagesPerEntry), o.Pending, want)
			}
			if len(o.Entries) != 2*r.Params.Int("n") || r.ViolationCount != 0 {
				t.Errorf("%s n = %d seed %d: %d entries, %d violations", id, r.Params.Int("n"), r.Seed, len(o.Entries), r.ViolationCount)
			}
			for _, e := range o.Entries {
				if float64(e.Messages) != want {
					t.Errorf("%s n = %d seed %d: an entry of P%d took %d messages, theory %g", id, r.Params.Int("n"), r.Seed, e.Node, e.Messages, want)
				}
			}
		}
	}
	p := plan(t, `{"algorithm": "central-mutex", "params": {"count": 2, "spread": 30, "delay": {"min": 1, "max": 5}},
		"vary": {"n": [2, 3, 5, 8]}, "seeds": {"count": 20}}`, experiment.Limits{})
	for _, r := range run(t, p, 0).Rows {
		o := outcome(t, r)
		others := 0
		for _, e := range o.Entries {
			want := int64(0) // the coordinator enters without messages
			if e.Node != 0 {
				others++
				want = 3
			}
			if e.Messages != want {
				t.Errorf("central n = %d seed %d: an entry of P%d took %d messages, want %d", r.Params.Int("n"), r.Seed, e.Node, e.Messages, want)
			}
		}
		if want := theory(t, r, "per entry") * float64(others); float64(r.Messages.Sent) != want || o.Pending != 0 {
			t.Errorf("central n = %d seed %d: %d messages for %d entries of others, want %g", r.Params.Int("n"), r.Seed, r.Messages.Sent, others, want)
		}
	}
}

type mutexOutcome struct {
	Entries []struct {
		Node     int   `json:"node"`
		Messages int64 `json:"messages"` // attributed to this entry
	} `json:"entries"`
	Pending          int      `json:"pending"`
	MessagesPerEntry *float64 `json:"messagesPerEntry"`
}

func outcome(t *testing.T, r experiment.Row) mutexOutcome {
	t.Helper()
	var o mutexOutcome
	if err := json.Unmarshal([]byte(jsonOf(t, r.Outcome)), &o); err != nil {
		t.Fatal(err)
	}
	return o
}

// Bully: n−2 messages when the second-highest notices, n²−n−1 when the
// lowest does (the presets' experiments).
func TestBullyTheory(t *testing.T) {
	a, _ := algos.Get("bully")
	for _, pr := range a.Experiments {
		name := map[string]string{"second-highest": "best case", "lowest": "worst case"}[pr.ID]
		if name == "" {
			continue
		}
		res := run(t, presetPlan(t, a, pr, 0), 0)
		if res.Runs < 5 {
			t.Fatalf("preset %s: %d runs", pr.ID, res.Runs)
		}
		for _, r := range res.Rows {
			if got, want := float64(r.Messages.Sent), theory(t, r, name); got != want || r.ViolationCount != 0 {
				t.Errorf("%s n = %d: %g messages (%d violations), theory %g", pr.ID, r.Params.Int("n"), got, r.ViolationCount, want)
			}
		}
	}
}

// Every preset is a valid experiment within the default limits, and its
// plot names what its rows hold.
func TestPresets(t *testing.T) {
	for _, a := range algos.All() {
		for _, pr := range a.Experiments {
			t.Run(a.ID+"/"+pr.ID, func(t *testing.T) {
				p := presetPlan(t, a, pr, 0)
				if p.Runs() > 2000 {
					t.Errorf("%d runs: keep presets quick", p.Runs())
				}
				varied := map[string]bool{}
				for _, v := range p.Varied {
					varied[v] = true
				}
				switch pr.Plot.Kind {
				case algo.PlotLine:
					if !varied[pr.Plot.X] {
						t.Errorf("plot.x %q is not among the varied %v", pr.Plot.X, p.Varied)
					}
				case algo.PlotHistogram:
					if pr.Seeds.Count < 100 {
						t.Errorf("a histogram of %d seeds", pr.Seeds.Count)
					}
				default:
					t.Errorf("plot.kind %q", pr.Plot.Kind)
				}
				if pr.Plot.Series != "" && !varied[pr.Plot.Series] {
					t.Errorf("plot.series %q is not among the varied %v", pr.Plot.Series, p.Varied)
				}
				// A few seeds suffice to see that every row has the plotted value.
				for _, r := range run(t, presetPlan(t, a, pr, 2), 0).Rows {
					if _, ok := lookup(t, r, pr.Plot.Y); !ok {
						t.Fatalf("plot.y %q: no number in the row %s", pr.Plot.Y, jsonOf(t, r))
					}
					if !r.Terminated {
						t.Errorf("%s seed %d: not terminated", jsonOf(t, r.Params), r.Seed)
					}
					for _, v := range r.Violations {
						if !slices.Contains(pr.Violates, v.Invariant) {
							t.Errorf("%s seed %d: %s broken, which the preset does not name (violates %v)", jsonOf(t, r.Params), r.Seed, v.Invariant, pr.Violates)
						}
					}
					if len(r.Violations) == 0 && r.ViolationCount != 0 {
						t.Errorf("%s seed %d: %d violations, none listed", jsonOf(t, r.Params), r.Seed, r.ViolationCount)
					}
				}
			})
		}
	}
}

// lookup finds a number in a row by a plot path.
func lookup(t *testing.T, r experiment.Row, path string) (float64, bool) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(jsonOf(t, r)), &m); err != nil {
		t.Fatal(err)
	}
	var cur any = m
	for _, k := range strings.Split(path, ".") {
		obj, ok := cur.(map[string]any)
		if !ok {
			return 0, false
		}
		cur = obj[k]
	}
	x, ok := cur.(float64)
	return x, ok
}
