package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"distviz/algo"
	"distviz/algos"
	"distviz/internal/strictjson"
)

// runRequest is the body of POST /api/simulate and POST /api/runs.
type runRequest struct {
	Algorithm string                     `json:"algorithm"`
	Params    map[string]json.RawMessage `json:"params"`    // nil: every default
	Seed      *int64                     `json:"seed"`      // nil: 1
	MaxEvents *int64                     `json:"maxEvents"` // nil: Config.DefaultMaxEvents
}

const requestFields = `"algorithm", "params", "seed" and "maxEvents"`

// fieldWants says what each request field must be, for type errors.
var fieldWants = map[string]string{
	"algorithm": "a string, the id of an algorithm",
	"params":    `an object of parameter values such as {"n": 8}`,
	"seed":      fmt.Sprintf("a whole number in 0..%d", int64(algo.MaxSeed)),
	"maxEvents": "a whole number of events",
}

// decodeRunRequest reads one JSON object with only the known fields, named
// exactly and each once, and nothing after it. Its errors are meant for the
// client.
func decodeRunRequest(r io.Reader) (runRequest, error) {
	body, err := io.ReadAll(r)
	if err != nil {
		return runRequest{}, decodeError(err)
	}
	if err := strictjson.Check(body, &runRequest{}); err != nil {
		return runRequest{}, err
	}
	var req runRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return runRequest{}, decodeError(err)
	}
	if err := expectEnd(dec); err != nil {
		return runRequest{}, err
	}
	if req.Algorithm == "" {
		return runRequest{}, fmt.Errorf(`the field "algorithm" is missing; choose one of %s`, algorithmIDs())
	}
	return req, nil
}

// decodeError turns encoding/json's errors into advice.
func decodeError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &mb):
		return err
	case errors.Is(err, io.EOF):
		return errors.New(`the body is empty; send a JSON object such as {"algorithm": "chang-roberts"}`)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("the body is not JSON: it ends in the middle of a value")
	case errors.As(err, &syn):
		return fmt.Errorf("the body is not JSON: %v (at byte %d)", syn, syn.Offset)
	case errors.As(err, &typ):
		if typ.Field == "" {
			return fmt.Errorf("the body must be a JSON object with the fields %s, not a JSON %s", requestFields, typ.Value)
		}
		want, ok := fieldWants[typ.Field]
		if !ok {
			want = "of another type"
		}
		return fmt.Errorf("the field %q must be %s, not a JSON %s", typ.Field, want, typ.Value)
	}
	// DisallowUnknownFields has no error type of its own.
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("unknown field %s; a request has only the fields %s", name, requestFields)
	}
	return fmt.Errorf("reading the body: %w", err)
}

// expectEnd refuses anything but white space after the decoded value.
func expectEnd(dec *json.Decoder) error {
	_, err := dec.Token()
	if errors.Is(err, io.EOF) {
		return nil
	}
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return err
	}
	return errors.New("the body goes on after its JSON object; send exactly one object")
}

func algorithmIDs() string {
	all := algos.All()
	ids := make([]string, len(all))
	for i, a := range all {
		ids[i] = a.ID
	}
	return strings.Join(ids, ", ")
}
