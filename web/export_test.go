package web

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"distviz/export"
)

// GET /api/runs/{id}/export answers each format with its type and a file
// name, refuses an unknown format or step naming the field, and an
// unknown run with 404.
func TestExport(t *testing.T) {
	h := newTestRouter(t, Config{})
	trace := simulate(t, h, `{"algorithm": "tree-echo", "params": {"n": 6}, "seed": 2}`)
	id := createdID(t, do(t, h, "POST", "/api/traces", string(trace)))
	for _, tc := range []struct {
		query, ctype, file, has string
	}{
		{"format=shiviz", "text/plain; charset=utf-8", "tree-echo-seed2.log", export.ShiVizRegex + "\n\n"},
		{"format=dot", "text/vnd.graphviz; charset=utf-8", "tree-echo-seed2.dot", "digraph distviz {"},
		{"format=tikz", "application/x-tex; charset=utf-8", "tree-echo-seed2.tex", `\begin{tikzpicture}`},
		{"format=dot&step=2", "text/vnd.graphviz; charset=utf-8", "tree-echo-seed2-step2.dot", "digraph distviz {"},
		{"format=tikz&step=1", "application/x-tex; charset=utf-8", "tree-echo-seed2-step1.tex", `\end{document}`},
	} {
		w := do(t, h, "GET", "/api/runs/"+id+"/export?"+tc.query, "")
		wantStatus(t, w, http.StatusOK)
		if got := w.Header().Get("Content-Type"); got != tc.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tc.query, got, tc.ctype)
		}
		if got := w.Header().Get("Content-Disposition"); got != `attachment; filename=`+tc.file {
			t.Errorf("%s: Content-Disposition %q, want the file %s", tc.query, got, tc.file)
		}
		if !strings.Contains(w.Body.String(), tc.has) {
			t.Errorf("%s: %.300s", tc.query, w.Body.String())
		}
	}
	// A step before the end draws fewer events than the whole run.
	whole := do(t, h, "GET", "/api/runs/"+id+"/export?format=tikz", "").Body.Len()
	if part := do(t, h, "GET", "/api/runs/"+id+"/export?format=tikz&step=1", "").Body.Len(); part >= whole {
		t.Errorf("up to step 1: %d bytes, the whole run %d", part, whole)
	}
	for _, tc := range []struct {
		path   string
		status int
		says   string
	}{
		{"/api/runs/" + id + "/export?format=svg", http.StatusBadRequest, `"format" is "svg"; ask for one of shiviz, dot, tikz`},
		{"/api/runs/" + id + "/export", http.StatusBadRequest, `"format" is ""`},
		{"/api/runs/" + id + "/export?format=dot&step=-1", http.StatusBadRequest, `"step" is "-1"`},
		{"/api/runs/" + id + "/export?format=dot&step=x", http.StatusBadRequest, `"step" is "x"`},
		{"/api/runs/0123456789abcdef/export?format=dot", http.StatusNotFound, `no run "0123456789abcdef"`},
	} {
		w := do(t, h, "GET", tc.path, "")
		wantStatus(t, w, tc.status)
		if got := errorText(t, w); !strings.Contains(got, tc.says) {
			t.Errorf("%s: %q, want it to say %q", tc.path, got, tc.says)
		}
	}
}

// A run too large for vector clocks is refused as a ShiViz log with 422,
// and exported in the other formats.
func TestExportShiVizLimit(t *testing.T) {
	h := newTestRouter(t, Config{})
	trace := simulate(t, h, `{"algorithm": "chang-roberts", "params": {"n": 40}, "maxEvents": 300}`)
	id := createdID(t, do(t, h, "POST", "/api/traces", string(trace)))
	w := do(t, h, "GET", "/api/runs/"+id+"/export?format=shiviz", "")
	wantStatus(t, w, http.StatusUnprocessableEntity)
	if got := errorText(t, w); !strings.Contains(got, "at most 32 processes") {
		t.Errorf("refused with %q", got)
	}
	wantStatus(t, do(t, h, "GET", "/api/runs/"+id+"/export?format=tikz", ""), http.StatusOK)
}

// Exports read a run that a session moves through meanwhile: each takes
// the run's lock to read it (go test -race), and each is the export made
// before.
func TestExportWhileStepping(t *testing.T) {
	s := newServer(Config{}, testLogger(t))
	h := s.routes()
	trace := simulate(t, h, `{"algorithm": "bully", "params": {"n": 6}, "seed": 4}`)
	id := createdID(t, do(t, h, "POST", "/api/traces", string(trace)))
	queries := []string{"format=shiviz", "format=dot", "format=tikz", "format=dot&step=3", "format=shiviz&step=5"}
	want := map[string]string{}
	for _, q := range queries {
		want[q] = do(t, h, "GET", "/api/runs/"+id+"/export?"+q, "").Body.String()
	}
	run, _ := s.runs.hold(id)
	defer s.runs.release(run)
	done := make(chan struct{})
	go func() { // a session seeking back and forth
		defer close(done)
		for i := range 200 {
			run.mu.Lock()
			run.tl.Seek(i % run.tl.Steps())
			run.mu.Unlock()
		}
	}()
	var wg sync.WaitGroup
	for _, q := range queries {
		wg.Go(func() {
			for range 5 {
				w := do(t, h, "GET", "/api/runs/"+id+"/export?"+q, "")
				if w.Code != http.StatusOK || w.Body.String() != want[q] {
					t.Errorf("%s: %d, %d bytes, want the %d bytes exported before", q, w.Code, w.Body.Len(), len(want[q]))
				}
			}
		})
	}
	wg.Wait()
	<-done
}
