package web

import (
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"time"

	"distviz/export"
	"distviz/timeline"
)

// runExport answers with a stored run in a format other tools read
// (package export): ?format= names it, ?step= stops at a step of the run
// (left out: the run so far).
func (s *server) runExport(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("format") == "html" { // the page and its frames: this package's, not export's
		s.exportHTML(w, r)
		return
	}
	f, ok := export.Lookup(q.Get("format"))
	if !ok {
		writeError(w, errorf(http.StatusBadRequest, `"format" is %q; ask for one of %s or html`, q.Get("format"), export.Names()))
		return
	}
	step := -1
	if text := q.Get("step"); text != "" {
		k, err := strconv.Atoi(text)
		if err != nil || k < 0 {
			writeError(w, errorf(http.StatusBadRequest, `"step" is %q; give a step of the run, 0 or more (left out: the run so far)`, text))
			return
		}
		step = k
	}
	run, ok := s.holdRun(w, r)
	if !ok {
		return
	}
	defer s.runs.release(run)
	if err := s.mem.Charge(downloadBytes, "the download"); err != nil {
		writeError(w, err)
		return
	}
	defer s.mem.Release(downloadBytes)
	src, err := s.exportSource(r, run, f, step)
	if err != nil {
		writeError(w, err)
		return
	}
	if src.TL != run.tl { // a branch of the run at the step
		defer src.TL.ReleaseMemory()
	}
	name := fmt.Sprintf("%s-seed%d", run.tl.Alg.ID, run.tl.Seed)
	if step >= 0 {
		name += "-step" + strconv.Itoa(step)
	}
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
	w.Header().Set("Content-Type", f.ContentType)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name + "." + f.Ext}))
	w.WriteHeader(http.StatusOK)
	if err := f.Write(w, src); err != nil {
		s.log.Info("an export was not written to its end", "path", r.URL.Path, "format", f.Name, "err", err)
	}
}

// exportSource is what to export of a stored run: the run itself, read
// under its lock, up to the step's last event; a state before the run's
// head is drawn from a branch of the run made on a worker.
func (s *server) exportSource(r *http.Request, run *storedRun, f export.Format, step int) (export.Source, error) {
	src := export.Source{TL: run.tl, Lock: &run.mu}
	run.mu.Lock()
	var err error
	if f.Refuse != nil {
		err = f.Refuse(run.tl)
	}
	head := step < 0 || step >= run.tl.Steps()-1
	if err == nil && !head && !f.State {
		src.Last = run.tl.StepEnd(step)
	}
	run.mu.Unlock()
	if err != nil {
		return src, errorf(http.StatusUnprocessableEntity, "%v", err)
	}
	if head || !f.State {
		return src, nil
	}
	var b *timeline.Timeline
	err = s.heavy(r.Context(), func() error {
		run.mu.Lock()
		defer run.mu.Unlock()
		var err error
		b, err = run.tl.Branch(step, s.mem)
		return err
	})
	if err != nil {
		return src, err
	}
	return export.Source{TL: b}, nil
}
