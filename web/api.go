package web

import (
	"bufio"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"

	"distviz/algos"
	"distviz/internal/budget"
	"distviz/launch"
	"distviz/timeline"
	"distviz/trace"
)

// traceSchema is the JSON Schema of the trace document.
//
//go:embed trace.schema.json
var traceSchema []byte

// created is the answer to a request that stored a run.
type created struct {
	ID string `json:"id"`
}

// algorithmsJSON is the answer of GET /api/algorithms, made once: the
// registry does not change while the server runs, and every page asks for
// it (gzipped, and answered with 304 when the browser has it).
var algorithmsJSON = sync.OnceValues(func() (*blob, error) {
	b, err := json.Marshal(algos.All())
	if err != nil {
		return nil, err
	}
	return newBlob(append(b, '\n'), "application/json"), nil
})

func (s *server) algorithms(w http.ResponseWriter, r *http.Request) {
	b, err := algorithmsJSON()
	if err != nil {
		writeError(w, s.internal(r, "encoding the algorithms", err))
		return
	}
	b.serve(w, r, cacheRevalidate)
}

// simulate runs a request to the end, or to its event limit, and answers
// with the whole trace.
func (s *server) simulate(w http.ResponseWriter, r *http.Request) {
	req, err := s.readRunRequest(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	var tl *timeline.Timeline
	err = s.heavy(r.Context(), func() error {
		var err error
		if tl, err = s.newTimeline(req); err != nil {
			return err
		}
		// The run is charged to the memory budget until its trace is written.
		if err := tl.SetMeter(s.mem); err != nil {
			return err
		}
		// Reaching the event limit is a result, not a failure: the summary
		// then says terminated: false.
		if err := tl.Run(0); err != nil && !errors.Is(err, timeline.ErrTooLong) {
			tl.ReleaseMemory()
			if isFull(err) {
				return err
			}
			return s.internal(r, "running the simulation", err)
		}
		return nil
	})
	if err != nil {
		writeError(w, err)
		return
	}
	defer tl.ReleaseMemory()
	// Streamed after the worker is released: the pace is the client's.
	s.beginTrace(w, http.StatusOK)
	if err := trace.Write(w, tl); err != nil {
		s.log.Info("a trace answer was not read to its end", "path", r.URL.Path, "err", err)
	}
}

// createRun stores an interactive run at step 0.
func (s *server) createRun(w http.ResponseWriter, r *http.Request) {
	req, err := s.readRunRequest(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	var run *storedRun
	err = s.heavy(r.Context(), func() error {
		tl, err := s.newTimeline(req)
		if err == nil {
			run, err = s.runs.add(tl, false)
		}
		return err
	})
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, created{ID: run.id})
}

// runTrace answers with a stored run's trace so far.
func (s *server) runTrace(w http.ResponseWriter, r *http.Request) {
	run, ok := s.holdRun(w, r)
	if !ok {
		return
	}
	// Held, the run is not forgotten while it is written, and whoever acts
	// in its past acts on a copy.
	defer s.runs.release(run)
	if err := s.mem.Charge(downloadBytes, "the download"); err != nil {
		writeError(w, err)
		return
	}
	defer s.mem.Release(downloadBytes)
	// Encoded a chunk at a time under the run's lock and sent without it:
	// a slow client holds up nobody and holds no more than a chunk.
	s.beginTrace(w, http.StatusOK)
	if err := trace.WriteShared(w, run.tl, &run.mu); err != nil {
		s.log.Info("a trace answer was not read to its end", "path", r.URL.Path, "err", err)
	}
}

// noRun is the answer for a run that is not (or no longer) stored.
func noRun(id string) error {
	return errorf(http.StatusNotFound,
		"no run %q: create one with POST /api/runs or POST /api/traces (runs live in memory; "+
			"the least recently used that nobody is looking at are forgotten to make room, and all on a restart)", id)
}

// holdRun holds the stored run the route's {id} names, or answers 404.
func (s *server) holdRun(w http.ResponseWriter, r *http.Request) (*storedRun, bool) {
	id := chi.URLParam(r, "id")
	run, ok := s.runs.hold(id)
	if !ok {
		writeError(w, noRun(id))
	}
	return run, ok
}

// downloadBytes is what a trace download holds while it is written: its
// buffers and the chunk being encoded.
const downloadBytes = 512 << 10

// isFull reports whether err is the memory budget's refusal.
func isFull(err error) bool {
	var full *budget.Error
	return errors.As(err, &full)
}

// importTrace stores a run that replays a trace document. The document is
// read as it arrives, on a worker taken before reading: each event is
// replayed and compared as it comes, so what the upload holds is the run it
// rebuilds (charged to the memory budget as it grows), not the document.
func (s *server) importTrace(w http.ResponseWriter, r *http.Request) {
	body := &countingReader{r: http.MaxBytesReader(w, r.Body, s.cfg.MaxTraceBytes)}
	// An upload waits for its worker as long as it may take to send its
	// body (nothing of it is read meanwhile, so waiting costs no memory):
	// a class uploading at once is served in turn rather than refused.
	if err := s.sem.acquireWithin(r.Context(), s.cfg.BodyTimeout); err != nil {
		writeError(w, err)
		return
	}
	defer s.sem.release()
	// A large document takes a while to replay as it arrives.
	grace := time.Duration(max(r.ContentLength, 0)/(4<<20)) * time.Second
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.cfg.BodyTimeout + grace))
	var run *storedRun
	err := func() error {
		if err := s.mem.Charge(uploadBytes, "the upload"); err != nil {
			return err
		}
		defer s.mem.Release(uploadBytes)
		tl, err := trace.ImportMetered(bufio.NewReaderSize(body, 64<<10), s.cfg.MaxEvents, s.mem)
		if err != nil {
			if slow := s.slowBody(body.err); slow != body.err {
				return slow
			}
			return uploadError(err, body.n)
		}
		run, err = s.runs.add(tl, false)
		return err
	}()
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, created{ID: run.id})
}

// uploadBytes is what an upload holds besides the run it rebuilds: its
// read buffer and the decoder's.
const uploadBytes = 256 << 10

// uploadError words an import's failure: a body over the limit or a full
// memory budget as they are, an empty body with advice, anything else as
// the trace's refusal.
func uploadError(err error, read int64) error {
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &mb), isFull(err):
		return err
	case read == 0:
		return errors.New("the body is empty; send a trace document as POST /api/simulate or GET /api/runs/{id}/trace returns it")
	}
	return fmt.Errorf("the trace is refused: %w", err)
}

// countingReader counts the bytes read through it and keeps the error that
// ended the reading (the trace's own error may not wrap it).
type countingReader struct {
	r   io.Reader
	n   int64
	err error
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF {
		c.err = err
	}
	return n, err
}

// slowBody turns a body that did not arrive within its time into a 408
// that says so, rather than the socket's error text; other errors pass.
func (s *server) slowBody(err error) error {
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		return err
	}
	return errorf(http.StatusRequestTimeout, "the request body did not arrive within %v; send it whole and without pauses "+
		"(a trace upload has a second more for every 4 MiB its Content-Length announces)", s.cfg.BodyTimeout)
}

// heavy runs f on a worker, waiting for one if all are busy. The worker is
// released even if f panics.
func (s *server) heavy(ctx context.Context, f func() error) error {
	if err := s.sem.acquire(ctx); err != nil {
		return err
	}
	defer s.sem.release()
	return f()
}

// readRunRequest reads and decodes a run request within the body limits.
func (s *server) readRunRequest(w http.ResponseWriter, r *http.Request) (runRequest, error) {
	s.bodyDeadline(w)
	req, err := decodeRunRequest(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	return req, s.slowBody(err)
}

// newTimeline checks a request against the registry and the limits and
// builds its run at step 0. Its errors are the client's.
func (s *server) newTimeline(req runRequest) (*timeline.Timeline, error) {
	alg, err := algos.Get(req.Algorithm)
	if err != nil {
		return nil, err
	}
	seed := int64(1)
	if req.Seed != nil {
		seed = *req.Seed
	}
	maxEvents := s.cfg.DefaultMaxEvents
	if req.MaxEvents != nil {
		maxEvents = *req.MaxEvents
		if maxEvents < 1 || maxEvents > s.cfg.MaxEvents {
			return nil, fmt.Errorf(`"maxEvents" is %d; ask for 1 to %d events (left out, it is %d)`,
				maxEvents, s.cfg.MaxEvents, s.cfg.DefaultMaxEvents)
		}
	}
	tl, _, err := launch.Open(alg, launch.Request{Params: req.Params, Seed: &seed}, maxEvents)
	return tl, err
}

// bodyDeadline bounds the time to receive a request body. The server itself
// sets no read timeout, so that WebSocket connections can stay open.
func (s *server) bodyDeadline(w http.ResponseWriter) {
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.cfg.BodyTimeout)) // unsupported in tests: fine
}

// beginTrace starts a trace answer with a deadline for the client to read it.
func (s *server) beginTrace(w http.ResponseWriter, status int) {
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
}

// internal logs a failure that is the server's, not the client's.
func (s *server) internal(r *http.Request, what string, err error) error {
	s.log.Error(what, "method", r.Method, "path", r.URL.Path, "err", err)
	return errorf(http.StatusInternalServerError, "internal error %s: %v", what, err)
}
