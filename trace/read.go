package trace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"

	"distviz/algos"
	"distviz/engine"
	"distviz/launch"
	"distviz/timeline"
)

// Document is a trace as a client sent it, before validation.
type Document struct {
	Header
	Events  []json.RawMessage `json:"events"`
	Summary json.RawMessage   `json:"summary"`
}

// eventHead is the part of an event that drives a replay.
type eventHead struct {
	Seq    int64          `json:"seq"`
	Time   *int64         `json:"time"`
	Kind   engine.Kind    `json:"kind"`
	Name   string         `json:"name"`
	Action *engine.Action `json:"action"`
}

// Decode reads a trace document and checks its shape: format, version,
// algorithm, and events numbered 1, 2, 3, … in time order with known kinds.
func Decode(r io.Reader) (*Document, []eventHead, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var d Document
	if err := dec.Decode(&d); err != nil {
		return nil, nil, fmt.Errorf("not a trace document: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, errors.New("the trace goes on after its JSON document; send exactly one")
	}
	if d.Format != Format {
		return nil, nil, fmt.Errorf("format is %q, want %q", d.Format, Format)
	}
	if d.Version != Version {
		if d.Version >= 1 && d.Version < Version {
			return nil, nil, fmt.Errorf("version %d comes from an earlier distviz whose traces this one cannot replay faithfully (it reads version %d): open the run again with the trace's algorithm, params and seed, and export it anew", d.Version, Version)
		}
		return nil, nil, fmt.Errorf("version %d is not supported (this server reads version %d)", d.Version, Version)
	}
	if _, err := algos.Get(d.Algorithm); err != nil {
		return nil, nil, err
	}
	heads := make([]eventHead, len(d.Events))
	var last int64
	for i, raw := range d.Events {
		h := &heads[i]
		if err := json.Unmarshal(raw, h); err != nil {
			return nil, nil, fmt.Errorf("event %d: %w", i+1, err)
		}
		if h.Seq != int64(i+1) {
			return nil, nil, fmt.Errorf("event %d has seq %d: events must be numbered 1, 2, 3, … without gaps", i+1, h.Seq)
		}
		if h.Time == nil {
			return nil, nil, fmt.Errorf("event %d has no time", h.Seq)
		}
		if *h.Time < last {
			return nil, nil, fmt.Errorf("event %d at time %d comes after time %d: virtual time never goes back", h.Seq, *h.Time, last)
		}
		last = *h.Time
		if h.Kind == engine.KindAction && h.Action == nil {
			return nil, nil, fmt.Errorf("event %d is an action without its \"action\" object", h.Seq)
		}
	}
	return &d, heads, nil
}

// Import validates a trace and rebuilds its run by re-simulating it with the
// same parameters, seed and user actions. The rebuilt run must agree with the
// trace event for event, and with its summary; otherwise the trace is refused
// with the first difference. The cursor of the result is at the start.
func Import(r io.Reader, maxEvents int64) (*timeline.Timeline, error) {
	d, heads, err := Decode(r)
	if err != nil {
		return nil, err
	}
	if maxEvents > 0 && int64(len(heads)) > maxEvents {
		return nil, fmt.Errorf("the trace has %d events; this server replays at most %d", len(heads), maxEvents)
	}
	alg, _ := algos.Get(d.Algorithm)
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(d.Params, &raw); err != nil {
		return nil, fmt.Errorf("params: want an object: %w", err)
	}
	tl, run, err := launch.Open(alg, launch.Request{Params: raw, Seed: &d.Seed}, maxEvents)
	if err != nil {
		return nil, err
	}
	v := run.Values
	if err := sameJSON("params", d.Params, v); err != nil {
		return nil, err
	}
	if err := sameJSON("nodes", mustJSON(d.Nodes), tl.Nodes); err != nil {
		return nil, err
	}
	for tl.Len() < int64(len(heads)) {
		next := heads[tl.Len()]
		if next.Kind == engine.KindAction && next.Name != "scheduled" {
			if err := tl.Apply(*next.Action); err != nil {
				return nil, fmt.Errorf("event %d: the action is refused on replay: %w", next.Seq, err)
			}
			continue
		}
		ok, err := tl.Forward()
		if err != nil {
			return nil, fmt.Errorf("replaying event %d: %w", next.Seq, err)
		}
		if !ok {
			return nil, fmt.Errorf("the run ends after event %d but the trace goes on to event %d", tl.Len(), len(heads))
		}
	}
	if tl.Len() != int64(len(heads)) {
		return nil, fmt.Errorf("the trace stops in the middle of a step: re-simulation gives %d events, the trace %d", tl.Len(), len(heads))
	}
	var buf []byte
	for i, theirs := range d.Events {
		buf, err = tl.Event(int64(i + 1)).AppendJSON(buf[:0])
		if err != nil {
			return nil, err
		}
		if err := sameJSON(fmt.Sprintf("event %d", i+1), theirs, json.RawMessage(buf)); err != nil {
			return nil, err
		}
	}
	if len(d.Summary) > 0 && string(d.Summary) != "null" {
		if err := sameJSON("summary", d.Summary, Summarize(tl)); err != nil {
			return nil, err
		}
	}
	if err := tl.Seek(0); err != nil {
		return nil, err
	}
	return tl, nil
}

// sameJSON compares a client's JSON with ours by meaning, not by bytes.
func sameJSON(what string, theirs json.RawMessage, ours any) error {
	b, err := json.Marshal(ours)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	var a, o any
	if err := json.Unmarshal(theirs, &a); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if !reflect.DeepEqual(a, o) {
		return fmt.Errorf("%s differs from the re-simulation: the trace has %s, re-simulating gives %s", what, clip(theirs), clip(b))
	}
	return nil
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v) // nodes always marshal
	return b
}

func clip(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}
