package session_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"distviz/experiment"
	"distviz/session"
)

// fakeRunner remembers the experiments a session starts; the test runs
// them and hands the reports back, as the web server's goroutines do.
type fakeRunner struct {
	started   []string
	plans     []*experiment.Plan
	cancelled map[string]bool
}

func (f *fakeRunner) Start(id string, p *experiment.Plan) (func(), error) {
	f.started = append(f.started, id)
	f.plans = append(f.plans, p)
	return func() { f.cancelled[id] = true }, nil
}

// expMsg is the part of the experiment messages the tests look at.
type expMsg struct {
	Type  string            `json:"type"`
	Error string            `json:"error"`
	For   string            `json:"for"`
	ID    string            `json:"id"`
	Done  int               `json:"done"`
	Total int               `json:"total"`
	Runs  int               `json:"runs"`
	From  int               `json:"from"`
	Rows  []json.RawMessage `json:"rows"`
}

func expMsgs(t *testing.T, out [][]byte) []expMsg {
	t.Helper()
	var got []expMsg
	for _, b := range out {
		var m expMsg
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		got = append(got, m)
	}
	return got
}

func newExperimentSession(t *testing.T) (*session.Session, *fakeRunner) {
	f := &fakeRunner{cancelled: map[string]bool{}}
	return session.New(session.Config{Store: newStore(), MaxEvents: 1_000_000, Experiments: f,
		ExperimentLimits: experiment.Limits{MaxRuns: 1000}}), f
}

// An experiment answers progress at once, passes the runner's progress on
// and ends with the result; the session steps meanwhile.
func TestExperimentProgressAndResult(t *testing.T) {
	s, f := newExperimentSession(t)
	got := expMsgs(t, s.Handle([]byte(`{"type": "experiment", "experiment": {"algorithm": "chang-roberts", "vary": {"n": [3, 5]}, "seeds": {"count": 4}}}`)))
	if len(got) != 1 || got[0].Type != "experimentProgress" || got[0].ID != "x1" || got[0].Done != 0 || got[0].Total != 8 {
		t.Fatalf("answer %+v, want experimentProgress x1 0 of 8", got)
	}
	if len(f.plans) != 1 || f.plans[0].Runs() != 8 {
		t.Fatalf("the runner got %d plans", len(f.plans))
	}
	// The session's run goes on while the experiment runs.
	out := s.Handle([]byte(`{"type": "open", "algorithm": "bully"}`))
	if len(out) != 2 || !strings.Contains(string(out[1]), `"type":"frame"`) {
		t.Fatalf("open during an experiment: %s", out)
	}
	refusal := expMsgs(t, s.Handle([]byte(`{"type": "experiment", "experiment": {"algorithm": "bully"}}`)))
	if len(refusal) != 1 || refusal[0].Type != "error" || refusal[0].For != "experiment" || !strings.Contains(refusal[0].Error, "experiment x1 is still running") {
		t.Fatalf("a second experiment: %+v", refusal)
	}

	var reports []session.ExperimentReport
	var mu sync.Mutex // progress and rows come from different workers
	from := 0
	res, err := experiment.Run(context.Background(), f.plans[0], experiment.Options{Workers: 2, Progress: func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		reports = append(reports, session.ExperimentReport{ID: "x1", Done: done, Total: total})
	}, Rows: func(rows []experiment.Row) error {
		mu.Lock()
		defer mu.Unlock()
		msg, err := session.RowsMessage("x1", from, rows)
		from += len(rows)
		reports = append(reports, session.ExperimentReport{ID: "x1", Rows: msg})
		return err
	}})
	if err != nil {
		t.Fatal(err)
	}
	var rows []json.RawMessage
	for _, r := range reports {
		got := expMsgs(t, s.ExperimentReport(r))
		switch {
		case len(got) == 1 && r.Rows != nil && got[0].Type == "experimentRows" && got[0].From == len(rows):
			rows = append(rows, got[0].Rows...)
		case len(got) == 1 && r.Rows == nil && got[0].Type == "experimentProgress" && got[0].Done == r.Done && got[0].Total == 8:
		default:
			t.Fatalf("answer %+v to the report %+v", got, r)
		}
	}
	result, err := session.ResultMessage("x1", res)
	if err != nil {
		t.Fatal(err)
	}
	if out := s.ExperimentReport(session.ExperimentReport{ID: "x0", Done: 8, Total: 8, Final: true, Result: result}); out != nil {
		t.Fatalf("a report of another experiment was answered: %s", out)
	}
	got = expMsgs(t, s.ExperimentReport(session.ExperimentReport{ID: "x1", Done: 8, Total: 8, Final: true, Result: result}))
	if len(got) != 1 || got[0].Type != "experimentResult" || got[0].ID != "x1" || got[0].Runs != 8 || got[0].Rows != nil || len(rows) != 8 {
		t.Fatalf("result %+v after %d rows", got, len(rows))
	}
	var row struct {
		Seed   int64 `json:"seed"`
		Params struct {
			N int `json:"n"`
		} `json:"params"`
	}
	if err := json.Unmarshal(rows[7], &row); err != nil || row.Seed != 4 || row.Params.N != 5 {
		t.Fatalf("the last row %s: %v", rows[7], err)
	}
	// Done: the next experiment is x2, and a late report of x1 is ignored.
	if out := s.ExperimentReport(session.ExperimentReport{ID: "x1", Done: 8, Total: 8}); out != nil {
		t.Fatalf("a report after the result was answered: %s", out)
	}
	got = expMsgs(t, s.Handle([]byte(`{"type": "experiment", "experiment": {"algorithm": "bully"}}`)))
	if len(got) != 1 || got[0].ID != "x2" {
		t.Fatalf("the next experiment: %+v", got)
	}
}

// Cancelling stops the runner; experimentCancelled follows its final
// report, and the session can start another.
func TestExperimentCancel(t *testing.T) {
	s, f := newExperimentSession(t)
	s.Handle([]byte(`{"type": "experiment", "experiment": {"algorithm": "chang-roberts", "seeds": {"count": 500}}}`))
	if out := s.Handle([]byte(`{"type": "experimentCancel"}`)); out != nil {
		t.Fatalf("cancel answered at once: %s", out)
	}
	if !f.cancelled["x1"] {
		t.Fatal("the runner was not told to cancel")
	}
	// Progress reported while stopping is not passed on.
	if out := s.ExperimentReport(session.ExperimentReport{ID: "x1", Done: 3, Total: 500}); out != nil {
		t.Fatalf("progress after cancel: %s", out)
	}
	got := expMsgs(t, s.ExperimentReport(session.ExperimentReport{ID: "x1", Total: 500, Final: true,
		Err: &experiment.Cancelled{Done: 7, Cause: context.Canceled}}))
	if len(got) != 1 || got[0].Type != "experimentCancelled" || got[0].ID != "x1" || got[0].Done != 7 {
		t.Fatalf("answer %+v, want experimentCancelled x1 done 7", got)
	}
	refusal := expMsgs(t, s.Handle([]byte(`{"type": "experimentCancel"}`)))
	if len(refusal) != 1 || refusal[0].For != "experimentCancel" || !strings.Contains(refusal[0].Error, "no experiment is running") {
		t.Fatalf("cancel without an experiment: %+v", refusal)
	}
	got = expMsgs(t, s.Handle([]byte(`{"type": "experiment", "experiment": {"algorithm": "bully"}}`)))
	if len(got) != 1 || got[0].Type != "experimentProgress" || got[0].ID != "x2" {
		t.Fatalf("an experiment after the cancel: %+v", got)
	}
	s.Close()
	if !f.cancelled["x2"] {
		t.Fatal("Close did not cancel the running experiment")
	}
}

// A failed experiment is an error for "experiment"; bad experiments are
// refused with the texts of POST /api/experiments.
func TestExperimentRefusals(t *testing.T) {
	s, _ := newExperimentSession(t)
	for _, c := range []struct{ body, want string }{
		{`{"type": "experiment"}`, `experiment needs "experiment"`},
		{`{"type": "experiment", "experiment": "x"}`, "an experiment must be a JSON object"},
		{`{"type": "experiment", "experiment": {"algorithm": "chang-roberts", "vary": {"nn": [3]}}}`, `vary: chang-roberts has no parameter "nn"`},
		{`{"type": "experiment", "experiment": {"algorithm": "chang-roberts", "seeds": {"count": 2000}}}`, "seeds.count is 2000; run each combination with 1 to 1000 seeds"},
		{`{"type": "experiment", "experiment": {"algorithm": "chang-roberts", "vary": {"n": [3, 4]}, "seeds": {"count": 501}}}`, "too much work"},
		{`{"type": "experiment", "experiment": {"algorithm": "chang-roberts", "sedes": 1}}`, `unknown field "sedes"`},
	} {
		got := expMsgs(t, s.Handle([]byte(c.body)))
		if len(got) != 1 || got[0].Type != "error" || got[0].For != "experiment" || !strings.Contains(got[0].Error, c.want) {
			t.Errorf("%s: %+v, want an error for experiment saying %q", c.body, got, c.want)
		}
	}
	s.Handle([]byte(`{"type": "experiment", "experiment": {"algorithm": "bully"}}`))
	got := expMsgs(t, s.ExperimentReport(session.ExperimentReport{ID: "x1", Final: true, Err: fmt.Errorf("parameter n: boom")}))
	if len(got) != 1 || got[0].Type != "error" || got[0].For != "experiment" || got[0].Error != "experiment x1 failed: parameter n: boom" {
		t.Fatalf("failure: %+v", got)
	}

	plain := session.New(session.Config{Store: newStore()})
	got = expMsgs(t, plain.Handle([]byte(`{"type": "experiment", "experiment": {"algorithm": "bully"}}`)))
	if len(got) != 1 || !strings.Contains(got[0].Error, "runs no experiments in sessions") {
		t.Fatalf("a session without a runner: %+v", got)
	}
}
