package web

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// testLogger logs to the test's output, shown on failure or with -v.
func testLogger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
}

func newTestRouter(t testing.TB, cfg Config) http.Handler {
	t.Helper()
	return NewRouter(cfg, testLogger(t))
}

// do serves one request and returns the recorded answer.
func do(t testing.TB, h http.Handler, method, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// wantStatus checks the status and, for JSON answers, the content type.
func wantStatus(t testing.TB, w *httptest.ResponseRecorder, status int) {
	t.Helper()
	if w.Code != status {
		t.Fatalf("status %d, want %d; body: %.500s", w.Code, status, w.Body.String())
	}
}

func wantJSON(t testing.TB, w *httptest.ResponseRecorder) {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("Content-Type %q, want application/json", ct)
	}
	if !json.Valid(w.Body.Bytes()) {
		t.Fatalf("the body is not JSON: %.500s", w.Body.String())
	}
}

// errorText checks that an answer is a JSON refusal and returns its text.
func errorText(t testing.TB, w *httptest.ResponseRecorder) string {
	t.Helper()
	wantJSON(t, w)
	var e struct {
		Error string `json:"error"`
	}
	dec := json.NewDecoder(bytes.NewReader(w.Body.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Error == "" {
		t.Fatalf("want {\"error\": \"…\"}, got %s (%v)", w.Body.String(), err)
	}
	return e.Error
}

// tracedoc is the part of a trace document the tests look at.
type tracedoc struct {
	Format    string            `json:"format"`
	Algorithm string            `json:"algorithm"`
	Params    map[string]any    `json:"params"`
	Seed      int64             `json:"seed"`
	Nodes     []map[string]any  `json:"nodes"`
	Events    []json.RawMessage `json:"events"`
	Summary   struct {
		Messages struct {
			Sent   int64            `json:"sent"`
			ByType map[string]int64 `json:"byType"`
		} `json:"messages"`
		Events     int64          `json:"events"`
		Outcome    map[string]any `json:"outcome"`
		Violations []any          `json:"violations"`
		Terminated bool           `json:"terminated"`
		Theory     []struct {
			Name  string  `json:"name"`
			Value float64 `json:"value"`
		} `json:"theory"`
	} `json:"summary"`
}

func parseTrace(t testing.TB, b []byte) tracedoc {
	t.Helper()
	var d tracedoc
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatalf("not a trace: %v\n%.500s", err, b)
	}
	if d.Format != "distviz-trace" {
		t.Fatalf("format %q", d.Format)
	}
	return d
}

// simulate posts a run request and returns the trace's bytes.
func simulate(t testing.TB, h http.Handler, body string) []byte {
	t.Helper()
	w := do(t, h, "POST", "/api/simulate", body)
	wantStatus(t, w, http.StatusOK)
	wantJSON(t, w)
	return w.Body.Bytes()
}

// createdID checks a 201 {"id"} answer and returns the id.
func createdID(t testing.TB, w *httptest.ResponseRecorder) string {
	t.Helper()
	wantStatus(t, w, http.StatusCreated)
	wantJSON(t, w)
	var c struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &c); err != nil || len(c.ID) != 16 {
		t.Fatalf("want {\"id\": 16 hex digits}, got %s", w.Body.String())
	}
	return c.ID
}
