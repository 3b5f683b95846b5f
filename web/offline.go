package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"

	"distviz/narrate"
	"distviz/session"
)

// The offline file's bounds: every step's frame is in it, so a run of many
// steps or large frames is refused rather than made into a file nobody can
// open. Variables, so that the tests can lower them.
var (
	offlineMaxSteps       = 5000
	offlineMaxBytes int64 = 48 << 20
)

// offlineRun is the data the offline file embeds: what a session would send
// the page for the whole run. The page's local transport
// (static/js/app/offline.js) answers the page's requests from it.
//
//	run      the `run` message
//	actions  the `actions` message, when the run holds user actions
//	frames   step 0's whole `frame`, then one `delta` (or `frame`) per step
//	events   the `events` messages of the whole run
//	lang     the frames' language; step: the step the file opens at
//	langs    the words in the other languages (offlinewords.go)
type offlineRun struct {
	Run     json.RawMessage                `json:"run"`
	Actions json.RawMessage                `json:"actions,omitempty"`
	Frames  []json.RawMessage              `json:"frames"`
	Events  []json.RawMessage              `json:"events"`
	Lang    narrate.Lang                   `json:"lang"`
	Step    int                            `json:"step"`
	Langs   map[narrate.Lang]*offlineWords `json:"langs"`
}

// collectOffline steps a session of its own through the stored run, from
// step 0 to the last step computed, and keeps what it sends. A run not
// computed ahead is first computed as far as a page's session would (the
// server's Ahead). The bytes are charged to held as they grow.
func (s *server) collectOffline(run *storedRun, lang narrate.Lang, held *charged) (*offlineRun, error) {
	run.mu.Lock()
	was := run.tl.Cursor()
	_, err := run.tl.Ahead(s.cfg.Ahead)
	if err == nil {
		err = run.tl.Seek(0) // a session attaching starts at the run's cursor: the first step
	}
	steps := run.tl.Steps()
	run.mu.Unlock()
	// the run's own step (where the next to attach starts) as it was
	defer func() {
		run.mu.Lock()
		defer run.mu.Unlock()
		if err := run.tl.Seek(was); err != nil {
			s.log.Error("putting an exported run back at its step", "run", run.id, "step", was, "err", err)
		}
	}()
	if err != nil {
		if isFull(err) {
			return nil, err
		}
		return nil, fmt.Errorf("preparing the run: %w", err)
	}
	if steps > offlineMaxSteps {
		return nil, errorf(http.StatusUnprocessableEntity,
			"the run has %d steps; an offline file holds at most %d (each step's picture is in it): "+
				"export a shorter run, or take its trace (GET /api/runs/{id}/trace) to open with the server", steps, offlineMaxSteps)
	}
	sess := session.New(session.Config{Store: sessionStore{s.runs}, MaxEvents: s.cfg.MaxEvents,
		Log: s.log, MaxNodes: s.cfg.MaxFrameNodes})
	defer sess.Close()
	out := &offlineRun{Lang: lang}
	var size int64
	keep := func(b []byte) (json.RawMessage, error) {
		size += int64(len(b))
		if size > offlineMaxBytes {
			return nil, tooLargeOffline()
		}
		return b, held.grow(size)
	}
	sess.Handle([]byte(`{"type":"lang","lang":"` + string(lang) + `"}`))
	attach, _ := json.Marshal(map[string]any{"type": "attach", "id": run.id, "deltas": true})
	for _, b := range sess.Handle(attach) {
		m, err := keep(b)
		if err != nil {
			return nil, err
		}
		switch msgType(b) {
		case "run":
			out.Run = m
		case "actions":
			out.Actions = m
		case "frame":
			out.Frames = append(out.Frames, m)
		default:
			return nil, sessionRefusal(b)
		}
	}
	for k := 1; k < steps; k++ {
		bs := sess.Handle([]byte(`{"type":"step"}`))
		if len(bs) != 1 || (msgType(bs[0]) != "delta" && msgType(bs[0]) != "frame") {
			return nil, sessionRefusal(bs...)
		}
		m, err := keep(bs[0])
		if err != nil {
			return nil, err
		}
		out.Frames = append(out.Frames, m)
	}
	for b := sess.Events(); b != nil; b = sess.Events() {
		if msgType(b) != "events" {
			return nil, sessionRefusal(b)
		}
		m, err := keep(b)
		if err != nil {
			return nil, err
		}
		out.Events = append(out.Events, m)
	}
	out.Langs = map[narrate.Lang]*offlineWords{}
	for _, l := range narrate.Langs() {
		if l != lang {
			if out.Langs[l], err = wordsIn(run, out, l, held, &size); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func tooLargeOffline() error {
	return errorf(http.StatusUnprocessableEntity,
		"the run's offline file would be larger than %s (its frames, events and words): export a shorter or smaller run, "+
			"or take its trace (GET /api/runs/{id}/trace) to open with the server", bytesText(offlineMaxBytes))
}

// msgType reads a session message's type, which its encoding puts first.
func msgType(b []byte) string {
	const prefix = `{"type":"`
	if !bytes.HasPrefix(b, []byte(prefix)) {
		return ""
	}
	rest := b[len(prefix):]
	if i := bytes.IndexByte(rest, '"'); i >= 0 {
		return string(rest[:i])
	}
	return ""
}

// sessionRefusal words what a session answered instead of what the export
// expected: its error, which says what is wrong.
func sessionRefusal(bs ...[]byte) error {
	for _, b := range bs {
		var e struct{ Type, Error string }
		if json.Unmarshal(b, &e) == nil && e.Type == "error" {
			return errorf(http.StatusUnprocessableEntity, "the run cannot be exported: %s", e.Error)
		}
	}
	return errorf(http.StatusInternalServerError, "internal error: the run's session answered out of turn while it was exported")
}
