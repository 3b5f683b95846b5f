package web

import (
	"bufio"
	"bytes"
	"errors"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"distviz/experiment"
)

// experiment serves POST /api/experiments: every combination of the varied
// parameters with every seed, one row per run, as a JSON array streamed as
// the rows are made or (Accept: text/csv) as CSV, with the experiment's
// counts in Distviz-* headers (and trailers). The runs share the server's
// experiment workers.
func (s *server) experiment(w http.ResponseWriter, r *http.Request) {
	s.bodyDeadline(w)
	req, err := experiment.Decode(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	if err != nil {
		writeError(w, s.slowBody(err))
		return
	}
	plan, err := experiment.NewPlan(req, s.cfg.experimentLimits())
	if err != nil {
		writeError(w, err)
		return
	}
	if wantsCSV(r) {
		s.experimentCSV(w, r, plan)
		return
	}
	// The rows are written as they are made: the experiment holds no more
	// than its window of rows, however large the answer.
	if err := s.mem.Charge(experiment.WindowBytes, "the experiment"); err != nil {
		writeError(w, err)
		return
	}
	defer s.mem.Release(experiment.WindowBytes)
	out := &rowWriter{s: s, w: w, plan: plan}
	start := time.Now()
	res, err := experiment.Run(r.Context(), plan, experiment.Options{Workers: s.cfg.ExperimentWorkers, Pool: s.pool, Rows: out.rows})
	if err != nil {
		if !out.started {
			s.experimentFailed(w, plan, err)
			return
		}
		if r.Context().Err() != nil {
			s.log.Info("experiment abandoned by its client", "algorithm", plan.Alg.ID, "rows", out.n)
			return
		}
		// The answer is under way: it cannot say that it failed, so it is
		// cut off rather than ended as if it were whole.
		s.log.Warn("experiment failed while its rows were written: answer cut off", "algorithm", plan.Alg.ID, "rows", out.n, "err", err)
		panic(http.ErrAbortHandler)
	}
	s.log.Info("experiment", "algorithm", plan.Alg.ID, "runs", res.Runs, "truncated", res.Truncated,
		"duration", time.Since(start).Round(time.Millisecond))
	if err := out.end(res); err != nil {
		s.log.Info("an experiment's answer was not read to its end", "err", err)
	}
}

// experimentFailed answers an experiment that failed before any row was
// written.
func (s *server) experimentFailed(w http.ResponseWriter, plan *experiment.Plan, err error) {
	var cancelled *experiment.Cancelled
	var bug *experiment.Panic
	switch {
	case errors.As(err, &bug):
		s.log.Error("panic in an experiment run", "run", bug.Run, "panic", bug.Value, "stack", string(bug.Stack))
		writeError(w, errorf(http.StatusInternalServerError, "%v (it is logged; please report it with the request)", bug))
	case errors.As(err, &cancelled):
		s.log.Info("experiment abandoned by its client", "algorithm", plan.Alg.ID, "done", cancelled.Done, "runs", plan.Runs())
		writeError(w, errorf(http.StatusServiceUnavailable, "the experiment was cancelled after %d of %d runs", cancelled.Done, plan.Runs()))
	default:
		// A combination that resolved with the first seed failed with
		// another, or the memory budget refused the rows.
		writeError(w, err)
	}
}

// rowWriter writes an experiment's rows as a JSON array as they come. The
// headers go out with the first rows; what is known only at the end (the
// rows written, whether they were cut) follows in trailers.
type rowWriter struct {
	s       *server
	w       http.ResponseWriter
	plan    *experiment.Plan
	bw      *bufio.Writer
	started bool
	n       int
}

func (o *rowWriter) begin() {
	h := o.w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Distviz-Algorithm", o.plan.Alg.ID)
	h.Set("Distviz-Varied", strings.Join(o.plan.Varied, ","))
	h.Set("Distviz-Planned", strconv.Itoa(o.plan.Runs()))
	h.Set("Trailer", "Distviz-Runs, Distviz-Truncated")
	o.w.WriteHeader(http.StatusOK)
	o.bw = bufio.NewWriterSize(o.w, 32<<10)
	o.bw.WriteByte('[')
	o.started = true
}

// rows writes a batch; a client that reads nothing for WriteTimeout ends it.
func (o *rowWriter) rows(rows []experiment.Row) error {
	if !o.started {
		o.begin()
	}
	http.NewResponseController(o.w).SetWriteDeadline(time.Now().Add(o.s.cfg.WriteTimeout))
	for _, r := range rows {
		if o.n > 0 {
			o.bw.WriteByte(',')
		}
		b, _ := r.MarshalJSON() // made by the worker that ran it
		if _, err := o.bw.Write(b); err != nil {
			return err
		}
		o.n++
	}
	return nil
}

func (o *rowWriter) end(res experiment.Result) error {
	if !o.started {
		o.begin()
	}
	o.bw.WriteString("]\n")
	err := o.bw.Flush()
	h := o.w.Header()
	h.Set("Distviz-Runs", strconv.Itoa(res.Runs))
	h.Set("Distviz-Truncated", strconv.FormatBool(res.Truncated))
	return err
}

// experimentCSV answers with the rows as CSV, whose columns depend on every
// row: they are held (charged to the memory budget) until all are made.
func (s *server) experimentCSV(w http.ResponseWriter, r *http.Request, plan *experiment.Plan) {
	res, err := experiment.Run(r.Context(), plan, experiment.Options{Workers: s.cfg.ExperimentWorkers, Pool: s.pool, Meter: s.mem})
	if err != nil {
		s.experimentFailed(w, plan, err)
		return
	}
	defer s.mem.Release(res.Charged)
	var buf bytes.Buffer
	if err := experiment.WriteCSV(&buf, res); err != nil {
		writeError(w, s.internal(r, "writing an experiment's CSV", err))
		return
	}
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
	h := w.Header()
	h.Set("Distviz-Algorithm", res.Algorithm)
	h.Set("Distviz-Varied", strings.Join(res.Varied, ","))
	h.Set("Distviz-Runs", strconv.Itoa(res.Runs))
	h.Set("Distviz-Planned", strconv.Itoa(res.Planned))
	h.Set("Distviz-Truncated", strconv.FormatBool(res.Truncated))
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+plan.Alg.ID+`-experiment.csv"`)
	w.WriteHeader(http.StatusOK)
	buf.WriteTo(w)
}

// wantsCSV reports whether the Accept header asks for text/csv before JSON.
func wantsCSV(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		mt, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mt {
		case "text/csv":
			return true
		case "application/json", "*/*":
			return false
		}
	}
	return false
}
