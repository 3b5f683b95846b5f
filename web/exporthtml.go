package web

import (
	"fmt"
	"net/http"
	"strconv"

	"distviz/narrate"
)

// exportHTML answers with the run as one HTML file that steps, rewinds and
// scrubs without a server: the page, its scripts and styles, and the frame
// of every step (offline.go). lang is the narration's language (en by
// default), step the step the file opens at (0 by default).
func (s *server) exportHTML(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	lang := narrate.English
	if q.Has("lang") {
		l, err := narrate.ParseLang(q.Get("lang"))
		if err != nil {
			writeError(w, fmt.Errorf("lang: %w", err))
			return
		}
		lang = l
	}
	start := 0
	if q.Has("step") {
		k, err := strconv.Atoi(q.Get("step"))
		if err != nil || k < 0 {
			writeError(w, fmt.Errorf("step %q is not a step: give a whole number from 0", q.Get("step")))
			return
		}
		start = k
	}
	run, ok := s.holdRun(w, r)
	if !ok {
		return
	}
	defer s.runs.release(run)
	held := &charged{mem: s.mem}
	defer held.release()
	var page []byte
	err := s.heavy(r.Context(), func() error {
		var err error
		page, err = s.offlinePage(run, lang, start, held)
		return err
	})
	if err != nil {
		writeError(w, err)
		return
	}
	name := "distviz-" + run.tl.Alg.ID + "-seed" + strconv.FormatInt(run.tl.Seed, 10) + ".html"
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(page)))
	w.Write(page)
}

// charged counts what an export holds against the memory budget as it
// grows, a MiB at a time, until release.
type charged struct {
	mem interface {
		Charge(n int64, what string) error
		Release(n int64)
	}
	n int64
}

const chargeStep = 1 << 20

// grow makes sure size bytes are charged.
func (c *charged) grow(size int64) error {
	for c.n < size {
		if err := c.mem.Charge(chargeStep, "the offline file"); err != nil {
			return err
		}
		c.n += chargeStep
	}
	return nil
}

func (c *charged) release() {
	c.mem.Release(c.n)
	c.n = 0
}
