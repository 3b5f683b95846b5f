package web

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// readCounter records whether anything read the body.
type readCounter struct {
	r    io.Reader
	read int
}

func (c *readCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.read += n
	return n, err
}

// An upload takes its worker before it reads the body: while all workers
// are busy it waits (as long as a body may take) without a byte read, and
// is then refused.
func TestUploadTakesAWorkerFirst(t *testing.T) {
	s := newServer(Config{Workers: 1, BodyTimeout: 50 * time.Millisecond}, testLogger(t))
	h := s.routes()
	trace := simulate(t, h, `{"algorithm": "chang-roberts"}`)
	if err := s.sem.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	body := &readCounter{r: strings.NewReader(string(trace))}
	req := httptest.NewRequest("POST", "/api/traces", body)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	wantStatus(t, w, http.StatusServiceUnavailable)
	if body.read != 0 {
		t.Errorf("%d bytes of the body were read before a worker was free", body.read)
	}
	s.sem.release()
	wantStatus(t, do(t, h, "POST", "/api/traces", string(trace)), http.StatusCreated)
	if used := s.mem.Used(); used <= 0 {
		t.Errorf("the imported run is not charged: %d", used)
	}
}

// A run being downloaded is held: it is not forgotten to make room, and a
// download the client abandons lets go of it.
func TestDownloadHoldsTheRun(t *testing.T) {
	s := newServer(Config{}, testLogger(t))
	h := s.routes()
	id := createdID(t, do(t, h, "POST", "/api/runs", `{"algorithm": "chang-roberts", "params": {"n": 600, "idOrder": "decreasing"}, "maxEvents": 1000000}`))
	run, _ := s.runs.hold(id)
	run.mu.Lock()
	err := run.tl.Run(0) // tens of megabytes of trace: more than the connection buffers
	run.mu.Unlock()
	s.runs.release(run)
	if err != nil {
		t.Fatal(err)
	}

	srv := httptest.NewServer(h)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/runs/"+id+"/trace", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	// The download is under way and the client reads nothing: the run is held.
	if n := s.runs.holdersOf(run); n != 1 {
		t.Fatalf("%d hold the run being downloaded", n)
	}
	if freed := s.runs.reclaim(1 << 40); freed != 0 || s.runs.len() != 1 {
		t.Errorf("a run being downloaded was forgotten: freed %d", freed)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	cancel()
	waitFor(t, func() bool { return s.runs.holdersOf(run) == 0 })
	if freed := s.runs.reclaim(1 << 40); freed == 0 || s.runs.len() != 0 {
		t.Errorf("an idle run was not forgotten: freed %d", freed)
	}
}

// Runs are charged to the memory budget; beyond it the least recently used
// run nobody holds is forgotten to make room.
func TestRunStoreMemoryBudget(t *testing.T) {
	body := `{"algorithm": "token-ring-mutex", "params": {"rounds": 1000}}`
	trace := simulate(t, newTestRouter(t, Config{}), body)
	// What one such run is charged, and room for one, not two, beside an upload.
	probe := newServer(Config{}, testLogger(t))
	wantStatus(t, do(t, probe.routes(), "POST", "/api/traces", string(trace)), http.StatusCreated)
	run := probe.mem.Used()
	s := newServer(Config{MemoryBudget: uploadBytes + run + run/2}, testLogger(t))
	h := s.routes()
	a := createdID(t, do(t, h, "POST", "/api/traces", string(trace)))
	b := createdID(t, do(t, h, "POST", "/api/traces", string(trace)))
	wantStatus(t, do(t, h, "GET", "/api/runs/"+a+"/trace", ""), http.StatusNotFound)
	wantStatus(t, do(t, h, "GET", "/api/runs/"+b+"/trace", ""), http.StatusOK)
	if used, limit := s.mem.Used(), s.mem.Limit(); used <= 0 || used > limit {
		t.Errorf("%d bytes charged of %d", used, limit)
	}

	// A run someone holds is never forgotten: the next one is refused.
	held, _ := s.runs.hold(b)
	w := do(t, h, "POST", "/api/traces", string(trace))
	wantStatus(t, w, http.StatusServiceUnavailable)
	if msg := errorText(t, w); !strings.Contains(msg, "memory is full") || !strings.Contains(msg, "try again") {
		t.Errorf("refusal %q", msg)
	}
	wantStatus(t, do(t, h, "GET", "/api/runs/"+b+"/trace", ""), http.StatusOK)
	s.runs.release(held)
	wantStatus(t, do(t, h, "POST", "/api/traces", string(trace)), http.StatusCreated)
}
