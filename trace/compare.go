package trace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"

	"distviz/internal/budget"
	"distviz/internal/strictjson"
	"distviz/timeline"
)

// replayError words a failure of the replay: the event limit and the
// memory budget as themselves, anything else as the trace's fault.
func (im *importer) replayError(err error, what string) error {
	switch {
	case errors.Is(err, timeline.ErrTooLong):
		// The limit is the timeline's: a run stops at the step that reaches
		// it, so the server's own largest export replays.
		return fmt.Errorf("the trace goes on after event %d: this server replays at most %d events (and the rest of the step that reaches them)", im.tl.Len(), im.maxEvents)
	case isFull(err):
		return err
	}
	return fmt.Errorf("%s: %w", what, err)
}

// isFull reports whether err is the memory budget's refusal: the server's
// condition, not the trace's fault.
func isFull(err error) bool {
	var full *budget.Error
	return errors.As(err, &full)
}

// delim reads the token that opens an object or a list.
func (im *importer) delim(want json.Delim) error {
	tok, err := im.dec.Token()
	if err != nil {
		return notADocument(err)
	}
	if tok != want {
		what := map[json.Delim]string{'{': "a JSON object", '[': "a list"}[want]
		return fmt.Errorf("not a trace document: want %s, found %v", what, tok)
	}
	return nil
}

func notADocument(err error) error {
	var syn *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF):
		err = io.ErrUnexpectedEOF
	case errors.As(err, &syn):
		return fmt.Errorf("not a trace document: not JSON: %v (at byte %d)", syn, syn.Offset)
	}
	return fmt.Errorf("not a trace document: %w", err)
}

// strictDecode reads the value of the document's field key into v: keys
// each once and named exactly, no null where a value is required.
func strictDecode(dec *json.Decoder, key string, v any) error {
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return err
	}
	if err := strictjson.CheckField(raw, key, v); err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	return d.Decode(v)
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
