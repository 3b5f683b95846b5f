package experiment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
