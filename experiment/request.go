// Package experiment runs an algorithm many times without recording traces:
// every combination of the parameters a request varies, with each of a range
// of seeds, on a bounded pool of workers. Each run yields one row with the
// fields of a trace's summary, and the rows come out in the same order
// however the runs were scheduled.
package experiment

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"distviz/algo"
	"distviz/internal/strictjson"
)

// Request is an experiment as a client sends it (POST /api/experiments, or
// the WebSocket message `experiment`).
type Request struct {
	Algorithm string                     `json:"algorithm"`
	Params    map[string]json.RawMessage `json:"params"` // the fixed parameters; nil: every default
	Seeds     *Seeds                     `json:"seeds"`  // nil: the seed 1 only
	// Vary gives the values each varied parameter takes; every combination
	// runs (the first parameter in the algorithm's order varies slowest).
	Vary map[string][]json.RawMessage `json:"vary"`
	// Cases are parameter sets run one after the other, each with every
	// combination of Vary: for values that depend on each other.
	Cases     []map[string]json.RawMessage `json:"cases"`
	MaxEvents *int64                       `json:"maxEvents"` // the event limit of each run; nil: Limits.DefaultMaxEvents
}

// Seeds are the seeds From, From+1, …, From+Count−1.
type Seeds struct {
	From  *int64 `json:"from"`  // nil: 1
	Count *int   `json:"count"` // nil: 1
}

const requestFields = `"algorithm", "params", "seeds", "vary", "cases" and "maxEvents"`

// fieldWants says what each request field must be, for type errors.
var fieldWants = map[string]string{
	"algorithm":   "a string, the id of an algorithm",
	"params":      `an object of parameter values such as {"variant": "lcr"}`,
	"seeds":       `an object such as {"from": 1, "count": 100}`,
	"seeds.from":  fmt.Sprintf("a whole number in 0..%d, the first seed", int64(algo.MaxSeed)),
	"seeds.count": "a whole number, how many seeds",
	"vary":        `an object of lists of values such as {"n": [4, 8, 16]}`,
	"cases":       `a list of parameter objects such as [{"n": 4, "detectors": [2]}]`,
	"maxEvents":   "a whole number of events",
}

// Decode reads one experiment request: a JSON object with only the known
// fields, named exactly and each once, and nothing after it. Its errors are
// meant for the client.
func Decode(r io.Reader) (Request, error) {
	body, err := io.ReadAll(r)
	if err != nil {
		return Request{}, err // e.g. the body's size limit
	}
	if err := strictjson.Check(body, &Request{}); err != nil {
		return Request{}, err
	}
	var req Request
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return Request{}, decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err != nil && !isSyntax(err) {
			return Request{}, err // e.g. the body's size limit
		}
		return Request{}, errors.New("the experiment goes on after its JSON object; send exactly one object")
	}
	if req.Algorithm == "" {
		return Request{}, errors.New(`the experiment has no "algorithm"; name the algorithm to run, such as "chang-roberts"`)
	}
	return req, nil
}

// DecodeBytes is Decode for a message already read.
func DecodeBytes(b []byte) (Request, error) { return Decode(bytes.NewReader(b)) }

func isSyntax(err error) bool {
	var syn *json.SyntaxError
	return errors.As(err, &syn)
}

// decodeError turns encoding/json's errors into advice; anything else (such
// as a size limit) is passed on unchanged.
func decodeError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return errors.New(`the experiment is empty; send a JSON object such as {"algorithm": "chang-roberts", "vary": {"n": [4, 8, 16]}}`)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("the experiment is not JSON: it ends in the middle of a value")
	case errors.As(err, &syn):
		return fmt.Errorf("the experiment is not JSON: %v (at byte %d)", syn, syn.Offset)
	case errors.As(err, &typ):
		if typ.Field == "" {
			return fmt.Errorf("an experiment must be a JSON object with the fields %s, not a JSON %s", requestFields, typ.Value)
		}
		field := typ.Field
		want, ok := fieldWants[field]
		if !ok {
			field, _, _ = strings.Cut(field, ".")
			want, ok = fieldWants[field]
		}
		if !ok {
			want = "of another type"
		}
		return fmt.Errorf("the field %q must be %s, not a JSON %s", typ.Field, want, typ.Value)
	}
	// DisallowUnknownFields has no error type of its own.
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("unknown field %s; an experiment has only the fields %s (and seeds only \"from\" and \"count\")", name, requestFields)
	}
	return err
}

// PresetRequest is the request that runs one of an algorithm's presets.
func PresetRequest(alg *algo.Algorithm, p algo.Preset) (Request, error) {
	raw := func(v any) (json.RawMessage, error) {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("preset %s of %s: %w", p.ID, alg.ID, err)
		}
		return b, nil
	}
	obj := func(m map[string]any) (map[string]json.RawMessage, error) {
		out := make(map[string]json.RawMessage, len(m))
		for k, v := range m {
			b, err := raw(v)
			if err != nil {
				return nil, err
			}
			out[k] = b
		}
		return out, nil
	}
	from, count := p.Seeds.From, p.Seeds.Count
	req := Request{Algorithm: alg.ID, Seeds: &Seeds{From: &from, Count: &count}, Vary: map[string][]json.RawMessage{}}
	var err error
	if req.Params, err = obj(p.Params); err != nil {
		return Request{}, err
	}
	for name, vals := range p.Vary {
		for _, v := range vals {
			b, err := raw(v)
			if err != nil {
				return Request{}, err
			}
			req.Vary[name] = append(req.Vary[name], b)
		}
	}
	for _, c := range p.Cases {
		m, err := obj(c)
		if err != nil {
			return Request{}, err
		}
		req.Cases = append(req.Cases, m)
	}
	return req, nil
}
