package web

import (
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
// parameters with every seed, one row per run, as a JSON array or (Accept:
// text/csv) CSV, with the experiment's counts in Distviz-* headers. The runs
// share the server's experiment workers.
func (s *server) experiment(w http.ResponseWriter, r *http.Request) {
	s.bodyDeadline(w)
	req, err := experiment.Decode(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	if err != nil {
		writeError(w, err)
		return
	}
	plan, err := experiment.NewPlan(req, s.cfg.experimentLimits())
	if err != nil {
		writeError(w, err)
		return
	}
	start := time.Now()
	res, err := experiment.Run(r.Context(), plan, experiment.Options{Workers: s.cfg.ExperimentWorkers, Pool: s.pool})
	var cancelled *experiment.Cancelled
	var bug *experiment.Panic
	switch {
	case errors.As(err, &bug):
		s.log.Error("panic in an experiment run", "run", bug.Run, "panic", bug.Value, "stack", string(bug.Stack))
		writeError(w, errorf(http.StatusInternalServerError, "%v (it is logged; please report it with the request)", bug))
		return
	case errors.As(err, &cancelled):
		s.log.Info("experiment abandoned by its client", "algorithm", plan.Alg.ID, "done", cancelled.Done, "runs", plan.Runs())
		writeError(w, errorf(http.StatusServiceUnavailable, "the experiment was cancelled after %d of %d runs", cancelled.Done, plan.Runs()))
		return
	case err != nil:
		// A combination that resolved with the first seed failed with another.
		writeError(w, err)
		return
	}
	s.log.Info("experiment", "algorithm", plan.Alg.ID, "runs", res.Runs, "truncated", res.Truncated,
		"duration", time.Since(start).Round(time.Millisecond))

	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
	// The body is the rows alone (a JSON array, or CSV); what else there is
	// to know about the experiment travels in headers.
	h := w.Header()
	h.Set("Distviz-Algorithm", res.Algorithm)
	h.Set("Distviz-Varied", strings.Join(res.Varied, ","))
	h.Set("Distviz-Runs", strconv.Itoa(res.Runs))
	h.Set("Distviz-Planned", strconv.Itoa(res.Planned))
	h.Set("Distviz-Truncated", strconv.FormatBool(res.Truncated))
	if !wantsCSV(r) {
		rows := res.Rows
		if rows == nil {
			rows = []experiment.Row{}
		}
		writeJSON(w, http.StatusOK, rows)
		return
	}
	var buf bytes.Buffer
	if err := experiment.WriteCSV(&buf, res); err != nil {
		writeError(w, s.internal(r, "writing an experiment's CSV", err))
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+plan.Alg.ID+`-experiment.csv"`)
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
