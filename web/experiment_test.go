package web

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// expResult is the part of an experiment's answer the tests look at.
type expResult struct {
	Algorithm string   `json:"algorithm"`
	Varied    []string `json:"varied"`
	Runs      int      `json:"runs"`
	Planned   int      `json:"planned"`
	Truncated bool     `json:"truncated"`
	Rows      []struct {
		Params   map[string]any `json:"params"`
		Seed     int64          `json:"seed"`
		Messages struct {
			Sent   int64            `json:"sent"`
			ByType map[string]int64 `json:"byType"`
		} `json:"messages"`
		Events         int64           `json:"events"`
		Outcome        json.RawMessage `json:"outcome"`
		Violations     []any           `json:"violations"`
		ViolationCount int             `json:"violationCount"`
		Terminated     bool            `json:"terminated"`
		Theory         []struct {
			Name  string  `json:"name"`
			Value float64 `json:"value"`
		} `json:"theory"`
	} `json:"rows"`
}

// decodeExperiment reads an experiment's answer: the rows from the body (a
// JSON array), the rest from the Distviz-* headers.
func decodeExperiment(t testing.TB, w *httptest.ResponseRecorder) expResult {
	t.Helper()
	var res expResult
	if err := json.Unmarshal(w.Body.Bytes(), &res.Rows); err != nil {
		t.Fatalf("the body is not a JSON array of rows: %v\n%.200s", err, w.Body.String())
	}
	h := w.Header() // the counts known only at the end are trailers of a JSON answer
	if ct := h.Get("Content-Type"); ct == "application/json" && !strings.Contains(h.Get("Trailer"), "Distviz-Runs") {
		t.Errorf("the JSON answer does not announce its trailers: %q", h.Get("Trailer"))
	}
	res.Algorithm = h.Get("Distviz-Algorithm")
	if v := h.Get("Distviz-Varied"); v != "" {
		res.Varied = strings.Split(v, ",")
	}
	res.Runs, _ = strconv.Atoi(h.Get("Distviz-Runs"))
	res.Planned, _ = strconv.Atoi(h.Get("Distviz-Planned"))
	res.Truncated = h.Get("Distviz-Truncated") == "true"
	return res
}

func postExperiment(t testing.TB, h http.Handler, body, accept string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/experiments", strings.NewReader(body))
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// Each row is what POST /api/simulate reports for its parameters and seed.
func TestExperimentRowsAgreeWithSimulate(t *testing.T) {
	h := newTestRouter(t, Config{})
	w := postExperiment(t, h, `{"algorithm": "bully", "params": {"timeout": 15, "loss": 0.05, "delay": {"min": 5, "max": 12}},
		"vary": {"n": [5, 8]}, "seeds": {"from": 40, "count": 3}}`, "")
	wantStatus(t, w, http.StatusOK)
	wantJSON(t, w)
	res := decodeExperiment(t, w)
	if res.Algorithm != "bully" || res.Runs != 6 || res.Planned != 6 || res.Truncated || len(res.Rows) != 6 || fmt.Sprint(res.Varied) != "[n]" {
		t.Fatalf("answer %+v", res)
	}
	for _, row := range res.Rows {
		params, _ := json.Marshal(row.Params)
		tr := parseTrace(t, simulate(t, h, fmt.Sprintf(`{"algorithm": "bully", "params": %s, "seed": %d}`, params, row.Seed)))
		sum := tr.Summary
		outcome, _ := json.Marshal(sum.Outcome)
		var rowOutcome map[string]any
		json.Unmarshal(row.Outcome, &rowOutcome)
		rowOutcomeJSON, _ := json.Marshal(rowOutcome)
		if row.Messages.Sent != sum.Messages.Sent || fmt.Sprint(row.Messages.ByType) != fmt.Sprint(sum.Messages.ByType) ||
			row.Events != sum.Events || string(rowOutcomeJSON) != string(outcome) || row.ViolationCount != len(sum.Violations) ||
			row.Terminated != sum.Terminated || fmt.Sprint(row.Theory) != fmt.Sprint(sum.Theory) {
			t.Errorf("seed %d: the row %+v differs from the summary %+v", row.Seed, row, sum)
		}
	}
}

// Accept: text/csv gives the JSON rows as CSV.
func TestExperimentCSV(t *testing.T) {
	h := newTestRouter(t, Config{})
	body := `{"algorithm": "ricart-agrawala", "params": {"spread": 10, "delay": {"min": 1, "max": 4}}, "vary": {"n": [2, 5, 9]}, "seeds": {"count": 2}}`
	res := decodeExperiment(t, postExperiment(t, h, body, ""))
	w := postExperiment(t, h, body, "text/csv, application/json;q=0.5")
	wantStatus(t, w, http.StatusOK)
	if ct := w.Header().Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Fatalf("Content-Type %q", ct)
	}
	records, err := csv.NewReader(w.Body).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v", err)
	}
	head := strings.Join(records[0], ",")
	want := "n,seed,messages.sent,messages.delivered,messages.dropped,messages.byType.REQUEST,messages.byType.REPLY,messages.byType.TELL,events,time,terminated,outcome.pending,outcome.messages,outcome.messagesPerEntry"
	if !strings.HasPrefix(head, want) || !strings.Contains(head, ",violations,theory.per entry") {
		t.Fatalf("header %s", head)
	}
	if len(records) != 1+len(res.Rows) {
		t.Fatalf("%d CSV lines for %d rows", len(records), len(res.Rows))
	}
	for i, row := range res.Rows {
		rec := records[i+1]
		got := strings.Join([]string{rec[0], rec[1], rec[2], rec[5], rec[6], rec[8]}, ",") // rec[7] is the TELLs
		want := fmt.Sprintf("%v,%d,%d,%d,%d,%d", row.Params["n"], row.Seed, row.Messages.Sent,
			row.Messages.ByType["REQUEST"], row.Messages.ByType["REPLY"], row.Events)
		if got != want {
			t.Errorf("line %d: %s, the JSON row says %s", i+2, got, want)
		}
	}
}

// Refusals are 400 JSON errors that name the problem; a body over the
// limit is 413.
func TestExperimentRefusals(t *testing.T) {
	h := newTestRouter(t, Config{ExperimentRuns: 50, MaxBodyBytes: 4096})
	for _, c := range []struct {
		body   string
		status int
		want   string
	}{
		{`{"algorithm": "chang-roberts", "vary": {"size": [4, 8]}}`, 400, `vary: chang-roberts has no parameter "size"`},
		{`{"algorithm": "chang-roberts", "vary": {"n": [4, 8]}, "seeds": {"count": 30}}`, 400, "too much work: 2 values of n × 30 seeds is more than 50 runs"},
		{`{"algorithm": "chang-roberts", "seeds": {"count": -1}}`, 400, "seeds.count is -1"},
		{`{"algorithm": "chang-roberts", "seeds": {"from": 1.5}}`, 400, `"seeds.from" must be a whole number`},
		{`{"algorithm": "chang-roberts", "vary": {"n": [4, 0]}}`, 400, "the combination n=0: parameter n: 0 is below the minimum 2"},
		{`not json`, 400, "the experiment is not JSON"},
		{`{"algorithm": "chang-roberts", "params": {"ids": [` + strings.Repeat("1,", 3000) + `1]}}`, 413, "larger than this endpoint's limit"},
	} {
		w := postExperiment(t, h, c.body, "")
		if w.Code != c.status {
			t.Errorf("%.80s: status %d, want %d: %s", c.body, w.Code, c.status, w.Body.String())
			continue
		}
		if msg := errorText(t, w); !strings.Contains(msg, c.want) {
			t.Errorf("%.80s: %q, want it to say %q", c.body, msg, c.want)
		}
	}
}

// An experiment over the event budget is cut, and says so.
func TestExperimentTruncated(t *testing.T) {
	h := newTestRouter(t, Config{ExperimentEvents: 1000})
	w := postExperiment(t, h, `{"algorithm": "chang-roberts", "params": {"n": 10}, "seeds": {"count": 100}}`, "")
	wantStatus(t, w, http.StatusOK)
	res := decodeExperiment(t, w)
	var events int64
	for _, r := range res.Rows {
		events += r.Events
	}
	if !res.Truncated || res.Runs == 0 || res.Runs >= 100 || res.Planned != 100 || events > 1000 {
		t.Fatalf("truncated %v, %d of %d runs with %d events", res.Truncated, res.Runs, res.Planned, events)
	}
}

// Whatever a client posts as an experiment, the server answers 200 or a
// 4xx JSON refusal, and never panics.
func FuzzExperimentRequest(f *testing.F) {
	h := newTestRouter(f, Config{ExperimentRuns: 40, ExperimentEvents: 20_000, MaxEvents: 2000})
	for _, body := range []string{
		`{"algorithm": "chang-roberts", "vary": {"n": [3, 5]}, "seeds": {"from": 1, "count": 3}}`,
		`{"algorithm": "bully", "params": {"timeout": 15}, "cases": [{"n": 4, "detectors": [2]}, {"n": 5}], "maxEvents": 500}`,
		`{"algorithm": "ricart-agrawala", "vary": {"n": [2, 3], "delay": [{"min": 1, "max": 3}]}, "seeds": {"count": 2}}`,
		`{"algorithm": "token-ring-mutex", "vary": {"count": [0, 2]}}`,
		`{"algorithm": "chang-roberts", "vary": {"n": [3, 4]}, "cases": [{"n": 3}]}`,
		`{"algorithm": "chang-roberts", "seeds": {"from": 9007199254740991, "count": 1}}`,
		`{"algorithm": "chang-roberts", "vary": {"ids": [[1, 2, 3], [3, 3, 3]]}}`,
		`{"algorithm": "chang-roberts", "vary": null, "cases": null, "seeds": null}`,
		`{"algorithm": "chang-roberts", "vary": {"n": [1e400]}}`,
		``, `[]`, `{}`, `{"seeds": []}`, `{"algorithm": 3}`,
	} {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body string) {
		w := postExperiment(t, h, body, "")
		switch {
		case w.Code == http.StatusOK:
			wantJSON(t, w)
		case w.Code >= 400 && w.Code < 500:
			errorText(t, w)
		default:
			t.Fatalf("status %d for %q: %s", w.Code, body, w.Body.String())
		}
	})
}
