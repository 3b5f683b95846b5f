package web

import (
	"encoding/json"
	"fmt"
	"strconv"

	"distviz/engine"
	"distviz/frame"
	"distviz/narrate"
)

// offlineWords are a run's words in a language other than the one its
// frames were made in, so that the offline file switches languages as the
// page does: each step's narration, the violations (whose texts are
// narrated) at the steps whose frame carries them, and the lines of each
// events message. The page puts them in place of the frames' own.
type offlineWords struct {
	Narration  []json.RawMessage          `json:"narration"`
	Violations map[string]json.RawMessage `json:"violations"` // by step
	Lines      []json.RawMessage          `json:"lines"`      // by events message
}

// wordsIn narrates the data's run in lang, step by step and batch by batch
// as its frames and events messages are cut. The bytes are charged to held.
func wordsIn(run *storedRun, d *offlineRun, lang narrate.Lang, held *charged, size *int64) (*offlineWords, error) {
	w := &offlineWords{Violations: map[string]json.RawMessage{}}
	keep := func(v any) (json.RawMessage, error) {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		*size += int64(len(b))
		if *size > offlineMaxBytes {
			return nil, tooLargeOffline()
		}
		return b, held.grow(*size)
	}
	run.mu.Lock()
	defer run.mu.Unlock()
	tl := run.tl
	for k, m := range d.Frames {
		var carries struct {
			Violations json.RawMessage `json:"violations"`
		}
		if err := json.Unmarshal(m, &carries); err != nil {
			return nil, err
		}
		n, err := keep(frame.StepNarration(tl, lang, k))
		if err != nil {
			return nil, err
		}
		w.Narration = append(w.Narration, n)
		if carries.Violations != nil {
			if w.Violations[strconv.Itoa(k)], err = keep(frame.ViolationsIn(tl, lang, tl.StepEnd(k))); err != nil {
				return nil, err
			}
		}
	}
	narrator := narrate.For(tl.Alg, tl.Nodes).In(lang)
	for _, m := range d.Events {
		var batch struct {
			From   int64             `json:"from"`
			Events []json.RawMessage `json:"events"`
		}
		if err := json.Unmarshal(m, &batch); err != nil {
			return nil, err
		}
		last := batch.From + int64(len(batch.Events)) - 1
		if last > tl.Len() {
			return nil, fmt.Errorf("the run has %d events, its events message goes to %d", tl.Len(), last)
		}
		evs := make([]engine.Event, 0, len(batch.Events))
		for seq := batch.From; seq <= last; seq++ {
			evs = append(evs, tl.Event(seq))
		}
		lines := narrator.Lines(evs)
		if lines == nil {
			lines = []narrate.Line{}
		}
		l, err := keep(lines)
		if err != nil {
			return nil, err
		}
		w.Lines = append(w.Lines, l)
	}
	return w, nil
}
