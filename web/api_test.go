package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestAlgorithms(t *testing.T) {
	h := newTestRouter(t, Config{})
	w := do(t, h, "GET", "/api/algorithms", "")
	wantStatus(t, w, http.StatusOK)
	wantJSON(t, w)
	var list []struct {
		ID        string `json:"id"`
		Name      string `json:"name"`
		Params    []struct{ Name string }
		Scenarios []struct{ ID string }
	}
	if err := json.Unmarshal(w.Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, a := range list {
		if a.ID == "" || a.Name == "" || len(a.Params) == 0 {
			t.Errorf("incomplete description %+v", a)
		}
		ids[a.ID] = true
	}
	if !ids["chang-roberts"] {
		t.Errorf("chang-roberts missing from %v", ids)
	}
}

func TestSimulate(t *testing.T) {
	h := newTestRouter(t, Config{})
	for _, tc := range []struct {
		name, body       string
		election, events int64 // 0: not checked
		terminated       bool
		seed             int64
	}{
		{name: "worst case", body: `{"algorithm": "chang-roberts", "params": {"n": 8, "idOrder": "decreasing"}}`,
			election: 36, terminated: true, seed: 1},
		{name: "best case", body: `{"algorithm": "chang-roberts", "params": {"n": 8, "idOrder": "increasing"}, "seed": 7}`,
			election: 15, terminated: true, seed: 7},
		{name: "defaults", body: `{"algorithm": "chang-roberts"}`, terminated: true, seed: 1},
		{name: "params null", body: `{"algorithm": "chang-roberts", "params": null, "seed": 0, "maxEvents": 1000}`, terminated: true, seed: 0},
		{name: "truncated", body: `{"algorithm": "chang-roberts", "params": {"n": 100, "idOrder": "decreasing"}, "maxEvents": 500}`,
			terminated: false, seed: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := parseTrace(t, simulate(t, h, tc.body))
			if d.Algorithm != "chang-roberts" || d.Seed != tc.seed {
				t.Errorf("algorithm %q seed %d", d.Algorithm, d.Seed)
			}
			if got := d.Summary.Messages.ByType["ELECTION"]; tc.election != 0 && got != tc.election {
				t.Errorf("ELECTION messages %d, want %d", got, tc.election)
			}
			if d.Summary.Terminated != tc.terminated {
				t.Errorf("terminated %v, want %v", d.Summary.Terminated, tc.terminated)
			}
			if int64(len(d.Events)) != d.Summary.Events {
				t.Errorf("%d events, summary says %d", len(d.Events), d.Summary.Events)
			}
			if len(d.Nodes) != int(d.Params["n"].(float64)) {
				t.Errorf("%d nodes for n = %v", len(d.Nodes), d.Params["n"])
			}
			if tc.terminated {
				if d.Summary.Outcome["agree"] != true || len(d.Summary.Violations) != 0 {
					t.Errorf("outcome %v, violations %v", d.Summary.Outcome, d.Summary.Violations)
				}
			}
		})
	}
}

// The event limit stops the run at the first step boundary at or after it.
func TestSimulateStopsAtMaxEvents(t *testing.T) {
	h := newTestRouter(t, Config{DefaultMaxEvents: 300})
	for _, tc := range []struct {
		body  string
		limit int
	}{
		{`{"algorithm": "chang-roberts", "params": {"n": 200}, "maxEvents": 1000}`, 1000},
		{`{"algorithm": "chang-roberts", "params": {"n": 200}}`, 300},
		{`{"algorithm": "chang-roberts", "params": {"n": 200}, "maxEvents": 1}`, 1},
	} {
		d := parseTrace(t, simulate(t, h, tc.body))
		n := len(d.Events)
		if d.Summary.Terminated || n < tc.limit || n > tc.limit+10 {
			t.Errorf("%s: %d events, terminated %v; want a stop just after %d", tc.body, n, d.Summary.Terminated, tc.limit)
		}
	}
}

func TestRuns(t *testing.T) {
	h := newTestRouter(t, Config{})
	body := `{"algorithm": "chang-roberts", "params": {"n": 5, "idOrder": "increasing"}, "seed": 3}`
	id := createdID(t, do(t, h, "POST", "/api/runs", body))
	w := do(t, h, "GET", "/api/runs/"+id+"/trace", "")
	wantStatus(t, w, http.StatusOK)
	wantJSON(t, w)
	d := parseTrace(t, w.Body.Bytes())
	// A new run is at step 0: nothing has happened yet.
	if len(d.Events) != 0 || d.Summary.Terminated || d.Seed != 3 || len(d.Nodes) != 5 {
		t.Errorf("new run: %d events, terminated %v, seed %d, %d nodes", len(d.Events), d.Summary.Terminated, d.Seed, len(d.Nodes))
	}
	if ids, _ := d.Params["ids"].([]any); fmt.Sprint(ids) != "[0 1 2 3 4]" {
		t.Errorf("ids %v, want 0..4 increasing", d.Params["ids"])
	}
	if id2 := createdID(t, do(t, h, "POST", "/api/runs", body)); id2 == id {
		t.Errorf("two runs share the id %s", id)
	}
}

// A trace exported by the server, imported and exported again, is the same
// document byte for byte.
func TestTraceRoundTrip(t *testing.T) {
	h := newTestRouter(t, Config{})
	for _, body := range []string{
		`{"algorithm": "chang-roberts", "params": {"n": 8, "idOrder": "decreasing"}}`,
		`{"algorithm": "chang-roberts", "params": {"n": 6, "variant": "participant", "initiators": [0, 3], "delay": {"min": 1, "max": 5}, "fifo": false}, "seed": 42}`,
		`{"algorithm": "chang-roberts", "params": {"n": 10, "loss": 0.2}, "seed": 9}`,
		`{"algorithm": "chang-roberts", "params": {"n": 50}, "maxEvents": 200}`,
	} {
		exported := simulate(t, h, body)
		id := createdID(t, do(t, h, "POST", "/api/traces", string(exported)))
		w := do(t, h, "GET", "/api/runs/"+id+"/trace", "")
		wantStatus(t, w, http.StatusOK)
		if !bytes.Equal(w.Body.Bytes(), exported) {
			t.Errorf("%s: the round trip changed the trace:\nexported %.300s\nreturned %.300s", body, exported, w.Body.Bytes())
		}
	}
}

func TestSchemaEndpoint(t *testing.T) {
	h := newTestRouter(t, Config{})
	w := do(t, h, "GET", "/api/trace.schema.json", "")
	wantStatus(t, w, http.StatusOK)
	wantJSON(t, w)
	var s map[string]any
	json.Unmarshal(w.Body.Bytes(), &s)
	if s["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
		t.Errorf("$schema %v", s["$schema"])
	}
}

func TestHomeAndStatic(t *testing.T) {
	h := newTestRouter(t, Config{})
	for _, tc := range []struct {
		path, contentType string
		want              []string
	}{
		// the lecture app's skeleton (its scripts fetch the registry) and the reference below it
		{"/", "text/html; charset=utf-8", []string{"<!doctype html>", "Leader election", "Chang–Roberts",
			"Worst case: IDs decreasing along the ring", "POST /api/simulate", "bundle/page-",
			`<script type="module" src="/static/v/`,
			`data-testid="step"`, `data-testid="scrubber"`, `data-testid="topology"`, `data-testid="spacetime"`,
			`<option value="bully">Bully</option>`}},
		{"/static/css/tokens.css", "text/css; charset=utf-8", []string{"light-dark("}},
		{"/static/js/app/app.js", "text/javascript; charset=utf-8", []string{`from "./session.js"`}},
		{"/static/test.html", "text/html; charset=utf-8", []string{`data-testid="js-test-results"`, "/static/js/test/all.js"}},
	} {
		w := do(t, h, "GET", tc.path, "")
		wantStatus(t, w, http.StatusOK)
		if ct := w.Header().Get("Content-Type"); ct != tc.contentType {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, ct, tc.contentType)
		}
		for _, s := range tc.want {
			if !strings.Contains(strings.ToLower(w.Body.String()), strings.ToLower(s)) {
				t.Errorf("%s lacks %q", tc.path, s)
			}
		}
	}
}

// Every refusal is a JSON error with a 4xx status whose text names what is
// wrong.
func TestRefusals(t *testing.T) {
	const cr = `"algorithm": "chang-roberts"`
	big := `{` + cr + `, "params": {"ids": [` + strings.Repeat("1, ", 400_000) + `1]}}`
	trace := string(simulate(t, newTestRouter(t, Config{}), `{`+cr+`, "params": {"n": 4}}`))
	for _, tc := range []struct {
		name, method, path, body string
		status                   int
		want                     []string
	}{
		{"unknown algorithm", "POST", "/api/simulate", `{"algorithm": "nope"}`, 400, []string{`"nope"`, "chang-roberts"}},
		{"missing algorithm", "POST", "/api/simulate", `{"seed": 2}`, 400, []string{`"algorithm" is missing`, "chang-roberts"}},
		{"n below minimum", "POST", "/api/simulate", `{` + cr + `, "params": {"n": 1}}`, 400, []string{"parameter n", "below the minimum 2"}},
		{"n above maximum", "POST", "/api/runs", `{` + cr + `, "params": {"n": 1e7}}`, 400, []string{"parameter n", "above the maximum"}},
		{"n wrong type", "POST", "/api/simulate", `{` + cr + `, "params": {"n": "eight"}}`, 400, []string{"parameter n", "whole number"}},
		{"enum wrong value", "POST", "/api/simulate", `{` + cr + `, "params": {"variant": "fast"}}`, 400, []string{"parameter variant", "lcr, participant"}},
		{"unknown parameter", "POST", "/api/simulate", `{` + cr + `, "params": {"m": 3}}`, 400, []string{"parameter m", "unknown parameter"}},
		{"duplicate IDs", "POST", "/api/simulate", `{` + cr + `, "params": {"n": 3, "ids": [4, 7, 4]}}`, 400, []string{"ids", "ID 4", "distinct"}},
		{"missing IDs", "POST", "/api/runs", `{` + cr + `, "params": {"n": 4, "ids": [1, 2, 3]}}`, 400, []string{"ids", "3 entries but n is 4"}},
		{"params not an object", "POST", "/api/simulate", `{` + cr + `, "params": [8]}`, 400, []string{`"params"`, "object"}},
		{"not JSON", "POST", "/api/simulate", `algorithm=chang-roberts`, 400, []string{"not JSON"}},
		{"cut short", "POST", "/api/runs", `{"algorithm": "chang-`, 400, []string{"not JSON", "ends in the middle"}},
		{"empty body", "POST", "/api/simulate", ``, 400, []string{"empty"}},
		{"not an object", "POST", "/api/simulate", `["chang-roberts"]`, 400, []string{"JSON object", "array"}},
		{"unknown field", "POST", "/api/simulate", `{` + cr + `, "sed": 3}`, 400, []string{`unknown field "sed"`, `"seed"`}},
		{"trailing garbage", "POST", "/api/simulate", `{` + cr + `} x`, 400, []string{"goes on after"}},
		{"two objects", "POST", "/api/runs", `{` + cr + `}{` + cr + `}`, 400, []string{"goes on after"}},
		{"seed wrong type", "POST", "/api/simulate", `{` + cr + `, "seed": "one"}`, 400, []string{`"seed"`, "whole number"}},
		{"seed fraction", "POST", "/api/simulate", `{` + cr + `, "seed": 1.5}`, 400, []string{`"seed"`, "whole number"}},
		{"seed negative", "POST", "/api/simulate", `{` + cr + `, "seed": -1}`, 400, []string{"seed -1", "outside"}},
		{"seed too large", "POST", "/api/runs", `{` + cr + `, "seed": 9007199254740992}`, 400, []string{"seed 9007199254740992", "outside"}},
		{"maxEvents zero", "POST", "/api/simulate", `{` + cr + `, "maxEvents": 0}`, 400, []string{`"maxEvents" is 0`, "1 to 1000000"}},
		{"maxEvents over the cap", "POST", "/api/simulate", `{` + cr + `, "maxEvents": 2000000}`, 400, []string{`"maxEvents" is 2000000`, "1 to 1000000"}},
		{"body too large", "POST", "/api/simulate", big, 413, []string{"limit of 1 MiB"}},
		{"body too large, run", "POST", "/api/runs", big, 413, []string{"limit of 1 MiB"}},
		{"wrong method", "GET", "/api/simulate", "", 405, []string{"GET is not allowed on /api/simulate", "use POST"}},
		{"wrong method, algorithms", "DELETE", "/api/algorithms", "", 405, []string{"DELETE", "use GET"}},
		{"wrong method, trace", "POST", "/api/runs/abc/trace", "", 405, []string{"use GET"}},
		{"unknown route", "GET", "/api/nope", "", 404, []string{"no route GET /api/nope", "POST /api/simulate"}},
		{"unknown page", "GET", "/index.php", "", 404, []string{"no route GET /index.php"}},
		{"unknown run", "GET", "/api/runs/0123456789abcdef/trace", "", 404, []string{`no run "0123456789abcdef"`, "POST /api/runs"}},
		{"trace not JSON", "POST", "/api/traces", `format: distviz-trace`, 400, []string{"not JSON"}},
		{"trace empty", "POST", "/api/traces", "", 400, []string{"empty", "trace document"}},
		{"trace trailing garbage", "POST", "/api/traces", trace + `]`, 400, []string{"goes on after"}},
		{"trace wrong format", "POST", "/api/traces", strings.Replace(trace, `"distviz-trace"`, `"other"`, 1), 400, []string{"refused", `"other"`}},
		{"trace unknown field", "POST", "/api/traces", strings.Replace(trace, `"seed"`, `"extra": 1, "seed"`, 1), 400, []string{"refused", `unknown field "extra"`}},
		{"trace unknown algorithm", "POST", "/api/traces", strings.Replace(trace, `"chang-roberts"`, `"nope"`, 1), 400, []string{"refused", `"nope"`, "chang-roberts"}},
		{"trace tampered", "POST", "/api/traces", strings.Replace(trace, `"ELECTION":`, `"ELECTION":1`, 1), 400, []string{"refused", "summary differs"}},
		{"trace too long", "POST", "/api/traces", trace, 400, []string{"refused", "at most 5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{}
			if tc.name == "trace too long" {
				cfg.MaxEvents = 5
			}
			w := do(t, newTestRouter(t, cfg), tc.method, tc.path, tc.body)
			wantStatus(t, w, tc.status)
			msg := errorText(t, w)
			for _, s := range tc.want {
				if !strings.Contains(msg, s) {
					t.Errorf("error %q does not mention %q", msg, s)
				}
			}
		})
	}
}

func TestMethodNotAllowedLists(t *testing.T) {
	w := do(t, newTestRouter(t, Config{}), "PUT", "/api/traces", "")
	wantStatus(t, w, http.StatusMethodNotAllowed)
	if got := w.Header().Get("Allow"); got != "POST" {
		t.Errorf("Allow %q, want POST", got)
	}
}

func TestTraceTooLarge(t *testing.T) {
	h := newTestRouter(t, Config{MaxTraceBytes: 4 << 10})
	trace := simulate(t, h, `{"algorithm": "chang-roberts", "params": {"n": 8}}`)
	w := do(t, h, "POST", "/api/traces", string(trace))
	wantStatus(t, w, http.StatusRequestEntityTooLarge)
	if msg := errorText(t, w); !strings.Contains(msg, "limit of 4 KiB (4096 bytes)") {
		t.Errorf("error %q does not name the limit", msg)
	}
}

// The store keeps the most recently used runs.
func TestRunEviction(t *testing.T) {
	h := newTestRouter(t, Config{MaxRuns: 2})
	body := `{"algorithm": "chang-roberts"}`
	a := createdID(t, do(t, h, "POST", "/api/runs", body))
	b := createdID(t, do(t, h, "POST", "/api/runs", body))
	wantStatus(t, do(t, h, "GET", "/api/runs/"+a+"/trace", ""), http.StatusOK) // a is now the most recent
	c := createdID(t, do(t, h, "POST", "/api/runs", body))
	for id, status := range map[string]int{a: 200, b: 404, c: 200} {
		if w := do(t, h, "GET", "/api/runs/"+id+"/trace", ""); w.Code != status {
			t.Errorf("run %s: status %d, want %d", id, w.Code, status)
		}
	}
}

// A heavy request that cannot get a worker in time is refused with 503.
func TestBusy(t *testing.T) {
	s := newServer(Config{Workers: 1, QueueWait: 20 * time.Millisecond}, testLogger(t))
	h := s.routes()
	if err := s.sem.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	w := do(t, h, "POST", "/api/simulate", `{"algorithm": "chang-roberts"}`)
	wantStatus(t, w, http.StatusServiceUnavailable)
	if msg := errorText(t, w); !strings.Contains(msg, "busy") {
		t.Errorf("error %q", msg)
	}
	wantStatus(t, do(t, h, "GET", "/api/algorithms", ""), http.StatusOK) // light requests still pass
	s.sem.release()
	wantStatus(t, do(t, h, "POST", "/api/simulate", `{"algorithm": "chang-roberts"}`), http.StatusOK)
}

func TestRecoverer(t *testing.T) {
	var logged bytes.Buffer
	s := newServer(Config{}, slog.New(slog.NewTextHandler(&logged, nil)))
	h := s.recoverer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	w := do(t, h, "GET", "/x", "")
	wantStatus(t, w, http.StatusInternalServerError)
	if msg := errorText(t, w); !strings.Contains(msg, "internal error") {
		t.Errorf("error %q", msg)
	}
	if !strings.Contains(logged.String(), "panic=boom") {
		t.Errorf("the panic is not logged: %s", logged.String())
	}
}

// Requests from several clients at once, over real connections (run with -race).
func TestConcurrentClients(t *testing.T) {
	srv := httptest.NewServer(newTestRouter(t, Config{Workers: 2, MaxRuns: 8}))
	defer srv.Close()
	client := srv.Client()
	post := func(path, body string) (int, []byte, error) {
		resp, err := client.Post(srv.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}
	get := func(path string) (int, []byte, error) {
		resp, err := client.Get(srv.URL + path)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 6 {
		wg.Go(func() {
			for i := range 3 {
				body := fmt.Sprintf(`{"algorithm": "chang-roberts", "params": {"n": %d}, "seed": %d}`, 5+g, i)
				code, trace, err := post("/api/simulate", body)
				if err != nil || code != 200 {
					errs <- fmt.Errorf("simulate: %d %v", code, err)
					return
				}
				code, idb, err := post("/api/traces", string(trace))
				if err != nil || code != 201 {
					errs <- fmt.Errorf("import: %d %v %s", code, err, idb)
					return
				}
				var c created
				json.Unmarshal(idb, &c)
				code, again, err := get("/api/runs/" + c.ID + "/trace")
				// Another client's runs may have evicted this one meanwhile.
				if err != nil || (code == 200 && !bytes.Equal(again, trace)) || (code != 200 && code != 404) {
					errs <- fmt.Errorf("trace of %s: %d %v", c.ID, code, err)
					return
				}
				if code, _, err := post("/api/runs", body); err != nil || code != 201 {
					errs <- fmt.Errorf("runs: %d %v", code, err)
					return
				}
				if code, _, err := get("/api/algorithms"); err != nil || code != 200 {
					errs <- fmt.Errorf("algorithms: %d %v", code, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// A panic on a worker gives the worker back.
func TestHeavyReleasesOnPanic(t *testing.T) {
	s := newServer(Config{Workers: 1, QueueWait: 20 * time.Millisecond}, testLogger(t))
	func() {
		defer func() { recover() }()
		s.heavy(context.Background(), func() error { panic("boom") })
	}()
	if err := s.heavy(context.Background(), func() error { return nil }); err != nil {
		t.Fatalf("the worker was not released: %v", err)
	}
}

func TestHead(t *testing.T) {
	h := newTestRouter(t, Config{})
	for _, path := range []string{"/", "/static/css/app.css", "/api/algorithms", "/api/trace.schema.json"} {
		if w := do(t, h, "HEAD", path, ""); w.Code != http.StatusOK {
			t.Errorf("HEAD %s: status %d", path, w.Code)
		}
	}
}
