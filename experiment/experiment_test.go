package experiment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/algos"
	"distviz/experiment"
	"distviz/timeline"
	"distviz/trace"
)

// plan decodes a request and checks it with the limits.
func plan(t testing.TB, body string, lim experiment.Limits) *experiment.Plan {
	t.Helper()
	req, err := experiment.DecodeBytes([]byte(body))
	if err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	p, err := experiment.NewPlan(req, lim)
	if err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return p
}

// presetPlan checks a preset's request, with its seeds cut to at most
// maxSeeds (0: as it is).
func presetPlan(t testing.TB, a *algo.Algorithm, pr algo.Preset, maxSeeds int) *experiment.Plan {
	t.Helper()
	if maxSeeds > 0 {
		pr.Seeds.Count = min(pr.Seeds.Count, maxSeeds)
	}
	req, err := experiment.PresetRequest(a, pr)
	if err != nil {
		t.Fatal(err)
	}
	p, err := experiment.NewPlan(req, experiment.Limits{})
	if err != nil {
		t.Fatalf("preset %s of %s: %v", pr.ID, a.ID, err)
	}
	return p
}

func run(t testing.TB, p *experiment.Plan, workers int) experiment.Result {
	t.Helper()
	res, err := experiment.Run(context.Background(), p, experiment.Options{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Every row is what a recorded run of its parameters and seed summarizes:
// for every algorithm, with each of its scenarios as a case (crashes,
// broken invariants and deadlocks among them), several seeds each.
func TestRowsAgreeWithRecordedRuns(t *testing.T) {
	violations, drops := 0, 0
	defer func() {
		if violations == 0 || drops == 0 {
			t.Errorf("%d rows with violations, %d with lost messages: the comparison missed them", violations, drops)
		}
	}()
	for _, a := range algos.All() {
		t.Run(a.ID, func(t *testing.T) {
			var cases []map[string]any
			for _, sc := range a.Scenarios {
				cases = append(cases, sc.Params)
			}
			body := jsonOf(t, map[string]any{"algorithm": a.ID, "cases": cases, "seeds": map[string]any{"from": 7, "count": 3}})
			res := run(t, plan(t, body, experiment.Limits{}), 2)
			if res.Runs != 3*len(cases) || len(res.Rows) != res.Runs || res.Truncated {
				t.Fatalf("runs %d, rows %d, truncated %v; want %d", res.Runs, len(res.Rows), res.Truncated, 3*len(cases))
			}
			for i, row := range res.Rows {
				if want := int64(7 + i%3); row.Seed != want {
					t.Fatalf("row %d has seed %d, want %d", i, row.Seed, want)
				}
				sameAsRecorded(t, a, row, 100_000)
				if row.ViolationCount > 0 {
					violations++
				}
				if row.Messages.Dropped > 0 {
					drops++
				}
			}
		})
	}
}

// A run stopped by its event limit is a row with terminated false, as in
// the trace of /api/simulate with the same maxEvents.
func TestRowsAtTheEventLimit(t *testing.T) {
	p := plan(t, `{"algorithm": "chang-roberts", "params": {"n": 40, "idOrder": "decreasing"}, "maxEvents": 300,
		"vary": {"delay": [{"min": 1, "max": 1}, {"min": 1, "max": 9}]}, "seeds": {"count": 2}}`, experiment.Limits{})
	a, _ := algos.Get("chang-roberts")
	for _, row := range run(t, p, 2).Rows {
		if row.Terminated || row.Events < 300 {
			t.Errorf("seed %d: terminated %v after %d events; want the limit of 300 to stop it", row.Seed, row.Terminated, row.Events)
		}
		sameAsRecorded(t, a, row, 300)
	}
}

// sameAsRecorded records the run that row's parameters and seed describe
// and compares its summary with the row, field by field.
func sameAsRecorded(t *testing.T, a *algo.Algorithm, row experiment.Row, maxEvents int64) {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(jsonOf(t, row.Params)), &raw); err != nil {
		t.Fatal(err)
	}
	v, err := a.Resolve(raw, row.Seed)
	if err != nil {
		t.Fatalf("the row's params do not resolve: %v", err)
	}
	if jsonOf(t, v) != jsonOf(t, row.Params) {
		t.Fatalf("params %s resolve to %s", jsonOf(t, row.Params), jsonOf(t, v))
	}
	tl, err := timeline.New(a, v, row.Seed, maxEvents)
	if err != nil {
		t.Fatal(err)
	}
	if err := tl.Run(0); err != nil && !errors.Is(err, timeline.ErrTooLong) {
		t.Fatal(err)
	}
	sum := trace.Summarize(tl)
	violations := sum.Violations
	if len(violations) > experiment.MaxRowViolations {
		violations = violations[:experiment.MaxRowViolations]
	}
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"messages.sent", row.Messages.Sent, sum.Messages.Sent},
		{"messages.delivered", row.Messages.Delivered, sum.Messages.Delivered},
		{"messages.dropped", row.Messages.Dropped, sum.Messages.Dropped},
		{"messages.byType", jsonOf(t, row.Messages.ByType), jsonOf(t, sum.Messages.ByType)},
		{"events", row.Events, sum.Events},
		{"time", row.Time, sum.Time},
		{"outcome", jsonOf(t, row.Outcome), jsonOf(t, sum.Outcome)},
		{"violations", jsonOf(t, row.Violations), jsonOf(t, violations)},
		{"violationCount", row.ViolationCount, int64(len(sum.Violations))},
		{"terminated", row.Terminated, sum.Terminated},
		{"theory", jsonOf(t, row.Theory), jsonOf(t, sum.Theory)},
	} {
		if c.got != c.want {
			t.Errorf("%s seed %d: %s = %v, the recorded run has %v", jsonOf(t, row.Params), row.Seed, c.what, c.got, c.want)
		}
	}
}

// The rows and the truncation do not depend on how many workers ran them.
func TestRowsDoNotDependOnWorkers(t *testing.T) {
	body := `{"algorithm": "chang-roberts", "params": {"delay": {"min": 1, "max": 5}, "fifo": false},
		"vary": {"n": [3, 9, 17], "variant": ["lcr", "participant"]}, "seeds": {"from": 3, "count": 10}}`
	p := plan(t, body, experiment.Limits{})
	want := jsonOf(t, run(t, p, 1))
	for _, w := range []int{2, 5} {
		if got := jsonOf(t, run(t, p, w)); got != want {
			t.Fatalf("%d workers give other rows than 1", w)
		}
	}
	// A budget that runs out: the same cut whatever the workers.
	lim := experiment.Limits{MaxTotalEvents: 2000}
	p = plan(t, body, lim)
	one := run(t, p, 1)
	if !one.Truncated || one.Runs == 0 || one.Runs >= one.Planned {
		t.Fatalf("truncated %v after %d of %d runs; want a cut inside", one.Truncated, one.Runs, one.Planned)
	}
	var sum int64
	for _, r := range one.Rows {
		sum += r.Events
	}
	full := run(t, plan(t, body, experiment.Limits{}), 1)
	if next := full.Rows[one.Runs].Events; sum > 2000 || sum+next <= 2000 {
		t.Fatalf("the rows hold %d events and the next run %d: not the cut before the budget of 2000", sum, next)
	}
	for _, w := range []int{2, 5} {
		if got := jsonOf(t, run(t, p, w)); got != jsonOf(t, one) {
			t.Fatalf("%d workers cut elsewhere than 1", w)
		}
	}
}

// A budget of bytes cuts the rows like the budget of events, and a row's
// JSON, made by its worker, is what its fields say.
func TestByteBudget(t *testing.T) {
	body := `{"algorithm": "ricart-agrawala", "params": {"count": 5, "spread": 40}, "vary": {"n": [4, 16, 40]}, "seeds": {"count": 5}}`
	full := run(t, plan(t, body, experiment.Limits{}), 2)
	var sizes []int
	for _, r := range full.Rows {
		b := jsonOf(t, r)
		type plain experiment.Row // without the cached encoding's MarshalJSON
		if fresh := jsonOf(t, plain(r)); fresh != b {
			t.Fatalf("the cached JSON differs from the row's:\n%s\n%s", b, fresh)
		}
		sizes = append(sizes, len(b))
	}
	limit := int64(sizes[0] + sizes[1] + sizes[2] + sizes[3] + sizes[4] + sizes[5] + sizes[6]/2)
	for _, w := range []int{1, 3} {
		res := run(t, plan(t, body, experiment.Limits{MaxResultBytes: limit}), w)
		if !res.Truncated || res.Runs != 6 {
			t.Errorf("%d workers: truncated %v after %d runs; want the cut before run 7", w, res.Truncated, res.Runs)
		}
	}
}

// The order: cases, then the varied parameters in the algorithm's order
// (the first slowest), then seeds.
func TestRowOrder(t *testing.T) {
	p := plan(t, `{"algorithm": "chang-roberts", "vary": {"idOrder": ["increasing", "decreasing"], "n": [3, 4]},
		"cases": [{"variant": "lcr"}, {"variant": "participant"}], "seeds": {"from": 5, "count": 2}}`, experiment.Limits{})
	if got := strings.Join(p.Varied, ","); got != "n,variant,idOrder" {
		t.Errorf("varied %s, want n,variant,idOrder", got)
	}
	var got []string
	for _, r := range run(t, p, 3).Rows {
		q := r.Params.Query()
		got = append(got, q["variant"]+"/"+q["n"]+"/"+q["idOrder"]+"/"+jsonOf(t, r.Seed))
	}
	want := "lcr/3/increasing/5 lcr/3/increasing/6 lcr/3/decreasing/5 lcr/3/decreasing/6 lcr/4/increasing/5 lcr/4/increasing/6 lcr/4/decreasing/5 lcr/4/decreasing/6 " +
		"participant/3/increasing/5 participant/3/increasing/6 participant/3/decreasing/5 participant/3/decreasing/6 participant/4/increasing/5 participant/4/increasing/6 participant/4/decreasing/5 participant/4/decreasing/6"
	if strings.Join(got, " ") != want {
		t.Errorf("order\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
}

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

// Refusals name what is wrong.
func TestRefusals(t *testing.T) {
	lim := experiment.Limits{MaxRuns: 100, MaxEvents: 5000}
	for _, c := range []struct{ body, want string }{
		{``, "the experiment is empty"},
		{`{"algorithm": "chang-roberts"} {}`, "goes on after its JSON object"},
		{`{"vary": {"n": [3]}}`, `no "algorithm"`},
		{`{"algorithm": "nope"}`, `unknown algorithm "nope"`},
		{`{"algorithm": "chang-roberts", "seed": 3}`, `unknown field "seed"`},
		{`{"algorithm": "chang-roberts", "seeds": {"first": 3}}`, `unknown field "first"`},
		{`{"algorithm": "chang-roberts", "seeds": {"from": "x"}}`, `"seeds.from" must be a whole number`},
		{`{"algorithm": "chang-roberts", "seeds": {"count": 0}}`, "seeds.count is 0; run each combination with 1 to 100 seeds"},
		{`{"algorithm": "chang-roberts", "seeds": {"from": -1}}`, "seeds.from is -1"},
		{`{"algorithm": "chang-roberts", "seeds": {"from": 9007199254740991, "count": 2}}`, "goes past the largest seed"},
		{`{"algorithm": "chang-roberts", "vary": {"m": [3]}}`, `vary: chang-roberts has no parameter "m"; it takes n, variant`},
		{`{"algorithm": "chang-roberts", "vary": {"n": []}}`, "vary: n has no values"},
		{`{"algorithm": "chang-roberts", "vary": {"n": 3}}`, `the field "vary" must be an object of lists`},
		{`{"algorithm": "chang-roberts", "vary": {"n": [3, 1]}}`, "the combination n=1: parameter n: 1 is below the minimum 2"},
		{`{"algorithm": "chang-roberts", "vary": {"idOrder": ["sideways"]}}`, `the combination idOrder="sideways": parameter idOrder`},
		{`{"algorithm": "chang-roberts", "params": {"x": 1}}`, `params: chang-roberts has no parameter "x"`},
		{`{"algorithm": "chang-roberts", "vary": {"n": [3, 4]}, "cases": [{"n": 5}]}`, "cases[0] sets n, which vary varies too"},
		{`{"algorithm": "chang-roberts", "cases": [{"q": 5}]}`, `cases[0]: chang-roberts has no parameter "q"`},
		{`{"algorithm": "chang-roberts", "vary": {"n": [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]}, "seeds": {"count": 10}}`,
			"too much work: 11 values of n × 10 seeds is more than 100 runs"},
		{`{"algorithm": "chang-roberts", "vary": {"n": [3, 4, 5], "idOrder": ["random", "increasing"]}, "cases": [{}, {}, {}, {}, {}, {}, {}, {}, {}], "seeds": {"count": 2}}`,
			"too much work: 9 cases × 3 values of n × 2 values of idOrder × 2 seeds is more than 100 runs"},
		{`{"algorithm": "chang-roberts", "maxEvents": 6000}`, `"maxEvents" is 6000; ask for 1 to 5000 events per run`},
	} {
		req, err := experiment.DecodeBytes([]byte(c.body))
		if err == nil {
			_, err = experiment.NewPlan(req, lim)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", c.body, err, c.want)
		}
	}
}

// A cancelled experiment stops within a run or so and says how far it got.
func TestCancel(t *testing.T) {
	p := plan(t, `{"algorithm": "chang-roberts", "params": {"n": 200}, "seeds": {"count": 5000}}`, experiment.Limits{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	last := 0
	_, err := experiment.Run(ctx, p, experiment.Options{Workers: 3, Progress: func(done, total int) {
		if done <= last || total != 5000 {
			t.Errorf("progress %d of %d after %d", done, total, last)
		}
		last = done
		if done == 10 {
			cancel()
		}
	}})
	var c *experiment.Cancelled
	if !errors.As(err, &c) || !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want a *Cancelled", err)
	}
	if c.Done < 10 || c.Done > 20 || c.Done != last {
		t.Errorf("done %d (last progress %d): want about 10", c.Done, last)
	}
}

// The CSV holds the JSON rows' values under the documented columns.
func TestCSV(t *testing.T) {
	p := plan(t, `{"algorithm": "bully", "params": {"loss": 0.1, "timeout": 15},
		"vary": {"n": [4, 6], "delay": [{"min": 10, "max": 10}, {"min": 5, "max": 12}]}, "seeds": {"count": 3}}`, experiment.Limits{})
	res := run(t, p, 0)
	var b bytes.Buffer
	if err := experiment.WriteCSV(&b, res); err != nil {
		t.Fatal(err)
	}
	records := parseCSV(t, b.String())
	head := records[0]
	want := "n,delay,seed,messages.sent,messages.delivered,messages.dropped,messages.byType.ELECTION,messages.byType.ANSWER,messages.byType.COORDINATOR,events,time,terminated,"
	if !strings.HasPrefix(strings.Join(head, ","), want) {
		t.Fatalf("header %v, want it to start with %s", head, want)
	}
	if len(records) != len(res.Rows)+1 {
		t.Fatalf("%d lines for %d rows", len(records), len(res.Rows))
	}
	sawViolation := false
	for i, r := range res.Rows {
		rec := map[string]string{}
		for k, h := range head {
			rec[h] = records[i+1][k]
		}
		q := r.Params.Query()
		o := map[string]any{}
		json.Unmarshal([]byte(jsonOf(t, r.Outcome)), &o)
		checks := map[string]string{
			"n": q["n"], "delay": q["delay"], "seed": jsonOf(t, r.Seed),
			"messages.sent": jsonOf(t, r.Messages.Sent), "messages.dropped": jsonOf(t, r.Messages.Dropped),
			"messages.byType.ANSWER": jsonOf(t, r.Messages.ByType.Get("ANSWER")),
			"events":                 jsonOf(t, r.Events), "time": jsonOf(t, r.Time), "terminated": jsonOf(t, r.Terminated),
			"violations":       jsonOf(t, r.ViolationCount),
			"theory.best case": jsonOf(t, theory(t, r, "best case")),
		}
		for k, v := range o {
			switch v.(type) {
			case float64, bool:
				checks["outcome."+k] = jsonOf(t, v)
			}
		}
		for col, want := range checks {
			if got, ok := rec[col]; !ok || got != want {
				t.Errorf("row %d column %s = %q, want %q", i+1, col, got, want)
			}
		}
		sawViolation = sawViolation || r.ViolationCount > 0
	}
	if !sawViolation {
		t.Error("the timeout of 15 broke no invariant: the violations column went untested")
	}
}
