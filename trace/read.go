package trace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"distviz/algos"
	"distviz/engine"
	"distviz/internal/strictjson"
	"distviz/launch"
	"distviz/timeline"
)

// eventHead is the part of an event that drives a replay.
type eventHead struct {
	Seq    int64          `json:"seq"`
	Time   *int64         `json:"time"`
	Kind   engine.Kind    `json:"kind"`
	Name   string         `json:"name"`
	Action *engine.Action `json:"action"`
}

// Import validates a trace and rebuilds its run by re-simulating it with the
// same parameters, seed and user actions. The rebuilt run must agree with the
// trace event for event, and with its summary; otherwise the trace is refused
// with the first difference. The cursor of the result is at the start.
func Import(r io.Reader, maxEvents int64) (*timeline.Timeline, error) {
	return ImportMetered(r, maxEvents, nil)
}

// ImportMetered is Import reading the document as it arrives: each event is
// replayed and compared as soon as it is read, so that what the import
// holds is the run it rebuilds, charged to m (if not nil) as it grows, not
// the document. A document whose events come before its header (format,
// version, algorithm, params, seed, nodes) has them held until the header
// is complete, charged to m too.
func ImportMetered(r io.Reader, maxEvents int64, m timeline.Meter) (*timeline.Timeline, error) {
	im := &importer{dec: json.NewDecoder(r), maxEvents: maxEvents, meter: m}
	defer im.releaseHeld()
	tl, err := im.read()
	if err != nil {
		if im.tl != nil {
			im.tl.ReleaseMemory()
		}
		return nil, err
	}
	return tl, nil
}

// importer reads one trace document.
type importer struct {
	dec       *json.Decoder
	maxEvents int64
	meter     timeline.Meter

	h       Header
	seen    map[string]bool // the document's fields so far
	summary json.RawMessage

	tl       *timeline.Timeline
	received int64             // events read
	lastTime int64             // of the last event read
	waiting  []json.RawMessage // events read, not yet compared with the replay
	heads    []eventHead       // theirs
	held     int64             // bytes of waiting events charged to meter before the header was complete
}

// documentFields are the fields of a trace document.
var documentFields = []string{"format", "version", "algorithm", "params", "seed", "nodes", "events", "summary"}

func (im *importer) read() (*timeline.Timeline, error) {
	if err := im.delim('{'); err != nil {
		return nil, err
	}
	im.seen = map[string]bool{}
	for im.dec.More() {
		tok, err := im.dec.Token()
		if err != nil {
			return nil, notADocument(err)
		}
		key := tok.(string)
		if im.seen[key] {
			return nil, fmt.Errorf("the field %q appears twice in the trace; give each field once", key)
		}
		im.seen[key] = true
		if err := im.field(key); err != nil {
			return nil, err
		}
	}
	if _, err := im.dec.Token(); err != nil { // the closing brace
		return nil, notADocument(err)
	}
	if _, err := im.dec.Token(); err != io.EOF {
		return nil, errors.New("the trace goes on after its JSON document; send exactly one")
	}
	return im.finish()
}

// field reads the value of one field of the document.
func (im *importer) field(key string) error {
	var err error
	switch key {
	case "format":
		err = strictDecode(im.dec, key, &im.h.Format)
	case "version":
		err = strictDecode(im.dec, key, &im.h.Version)
	case "algorithm":
		err = strictDecode(im.dec, key, &im.h.Algorithm)
	case "params":
		err = strictDecode(im.dec, key, &im.h.Params)
	case "seed":
		err = strictDecode(im.dec, key, &im.h.Seed)
	case "nodes":
		err = strictDecode(im.dec, key, &im.h.Nodes)
	case "summary":
		// Compared with the replay's by meaning, nulls and all.
		if err = im.dec.Decode(&im.summary); err == nil {
			err = strictjson.CheckKeys(im.summary)
		}
	case "events":
		return im.events()
	default:
		return fmt.Errorf("not a trace document: unknown field %q; a trace has only the fields %q", key, documentFields)
	}
	if err != nil {
		return fmt.Errorf("not a trace document: %s: %w", key, err)
	}
	return nil
}

// headerDone reports whether every header field has been read.
func (im *importer) headerDone() bool {
	for _, f := range []string{"format", "version", "algorithm", "params", "seed", "nodes"} {
		if !im.seen[f] {
			return false
		}
	}
	return true
}

// events reads the events one at a time and replays them as they come,
// once the header is known.
func (im *importer) events() error {
	if err := im.delim('['); err != nil {
		return err
	}
	for im.dec.More() {
		var raw json.RawMessage
		if err := im.dec.Decode(&raw); err != nil {
			return notADocument(err)
		}
		if err := im.event(raw); err != nil {
			return err
		}
	}
	_, err := im.dec.Token() // the closing bracket
	if err != nil {
		return notADocument(err)
	}
	return nil
}

// event checks one event's head and replays the run as far as it goes.
func (im *importer) event(raw json.RawMessage) error {
	im.received++
	seq := im.received
	// Only the head drives the replay; every field of the event, its names
	// included, is compared with the re-simulation's below.
	var h eventHead
	if err := json.Unmarshal(raw, &h); err != nil {
		return fmt.Errorf("event %d: %w", seq, err)
	}
	switch {
	case h.Seq != seq:
		return fmt.Errorf("event %d has seq %d: events must be numbered 1, 2, 3, … without gaps", seq, h.Seq)
	case h.Time == nil:
		return fmt.Errorf("event %d has no time", h.Seq)
	case *h.Time < im.lastTime:
		return fmt.Errorf("event %d at time %d comes after time %d: virtual time never goes back", h.Seq, *h.Time, im.lastTime)
	case h.Kind == engine.KindAction && h.Action == nil:
		return fmt.Errorf("event %d is an action without its \"action\" object", h.Seq)
	}
	im.lastTime = *h.Time
	im.waiting = append(im.waiting, raw)
	im.heads = append(im.heads, h)
	if im.tl == nil {
		if !im.headerDone() {
			return im.hold(raw)
		}
		if err := im.start(); err != nil {
			return err
		}
	}
	return im.replay()
}

// hold charges an event kept until the header is complete.
func (im *importer) hold(raw json.RawMessage) error {
	n := int64(len(raw)) + 64
	if im.meter != nil {
		if err := im.meter.Charge(n, "the upload"); err != nil {
			return err
		}
	}
	im.held += n
	return nil
}

func (im *importer) releaseHeld() {
	if im.meter != nil {
		im.meter.Release(im.held)
	}
	im.held = 0
}

// start checks the header and builds the run at its start.
func (im *importer) start() error {
	d := &im.h
	if d.Format != Format {
		return fmt.Errorf("format is %q, want %q", d.Format, Format)
	}
	if d.Version != Version {
		if d.Version >= 1 && d.Version < Version {
			return fmt.Errorf("version %d comes from an earlier distviz whose traces this one cannot replay faithfully (it reads version %d): open the run again with the trace's algorithm, params and seed, and export it anew", d.Version, Version)
		}
		return fmt.Errorf("version %d is not supported (this server reads version %d)", d.Version, Version)
	}
	alg, err := algos.Get(d.Algorithm)
	if err != nil {
		return err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(d.Params, &raw); err != nil || raw == nil {
		return fmt.Errorf("params: want an object, got %s", clip(d.Params))
	}
	tl, run, err := launch.Open(alg, launch.Request{Params: raw, Seed: &d.Seed}, im.maxEvents)
	if err != nil {
		return err
	}
	v := run.Values
	if err := sameJSON("params", d.Params, v); err != nil {
		return err
	}
	if err := sameJSON("nodes", mustJSON(d.Nodes), tl.Nodes); err != nil {
		return err
	}
	if im.meter != nil {
		if err := tl.SetMeter(im.meter); err != nil {
			return err
		}
	}
	im.tl = tl
	return nil
}

// replay steps the run while it lacks events that have been read, and
// compares every event both have.
func (im *importer) replay() error {
	tl := im.tl
	first := im.received - int64(len(im.waiting)) + 1 // the seq of waiting[0]
	for tl.Len() < im.received {
		next := im.heads[tl.Len()-first+1]
		if next.Kind == engine.KindAction && next.Name != "scheduled" {
			if err := tl.Apply(*next.Action); err != nil {
				return im.replayError(err, fmt.Sprintf("event %d: the action is refused on replay", next.Seq))
			}
			continue
		}
		ok, err := tl.Forward()
		if err != nil {
			return im.replayError(err, fmt.Sprintf("replaying event %d", next.Seq))
		}
		if !ok {
			return fmt.Errorf("the run ends after event %d but the trace goes on to event %d", tl.Len(), im.received)
		}
	}
	// Compare what both have; keep the trace's events the run has yet to make.
	var buf []byte
	n := 0
	for ; n < len(im.waiting) && first+int64(n) <= tl.Len(); n++ {
		seq := first + int64(n)
		var err error
		if buf, err = tl.Event(seq).AppendJSON(buf[:0]); err != nil {
			return err
		}
		if bytes.Equal(im.waiting[n], buf) {
			continue // as the server writes it: the common case, and the quick one
		}
		if err := strictjson.CheckKeys(im.waiting[n]); err != nil {
			return fmt.Errorf("event %d: %w", seq, err)
		}
		if err := sameJSON(fmt.Sprintf("event %d", seq), im.waiting[n], json.RawMessage(buf)); err != nil {
			return err
		}
	}
	im.waiting = append(im.waiting[:0], im.waiting[n:]...)
	im.heads = append(im.heads[:0], im.heads[n:]...)
	im.releaseHeld()
	return nil
}

// finish replays a document whose header came after its events, checks
// that the run ends where the trace does, and compares the summary.
func (im *importer) finish() (*timeline.Timeline, error) {
	if !im.headerDone() {
		var missing []string
		for _, f := range documentFields[:6] {
			if !im.seen[f] {
				missing = append(missing, f)
			}
		}
		return nil, fmt.Errorf("not a trace document: it lacks %q", missing)
	}
	if im.tl == nil { // no events, or all of them before the header
		if err := im.start(); err != nil {
			return nil, err
		}
		if err := im.replay(); err != nil {
			return nil, err
		}
	}
	tl := im.tl
	if tl.Len() != im.received {
		return nil, fmt.Errorf("the trace stops in the middle of a step: re-simulation gives %d events, the trace %d", tl.Len(), im.received)
	}
	if len(im.summary) > 0 && string(im.summary) != "null" {
		if err := sameJSON("summary", im.summary, Summarize(tl)); err != nil {
			return nil, err
		}
	}
	if err := tl.Seek(0); err != nil {
		return nil, err
	}
	return tl, nil
}
