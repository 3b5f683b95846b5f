package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

var decodeCases = []struct {
	name, body string
	want       string // "" for success, else a part of the error
}{
	{"minimal", `{"algorithm": "chang-roberts"}`, ""},
	{"everything", `{"algorithm": "chang-roberts", "params": {"n": 8, "idOrder": "decreasing"}, "seed": 3, "maxEvents": 500}`, ""},
	{"white space", " \n\t{\"algorithm\":\"x\"}\r\n ", ""},
	{"null params", `{"algorithm": "bully", "params": null}`, ""},
	{"empty", ``, "empty"},
	{"only space", "   \n", "empty"},
	{"null", `null`, `"algorithm" is missing`},
	{"empty object", `{}`, `"algorithm" is missing`},
	{"empty algorithm", `{"algorithm": ""}`, `"algorithm" is missing`},
	{"not JSON", `hello`, "not JSON"},
	{"form encoded", `algorithm=chang-roberts&seed=1`, "not JSON"},
	{"cut short", `{"algorithm": "chang`, "ends in the middle"},
	{"array", `[1, 2]`, "not a JSON array"},
	{"string", `"chang-roberts"`, "not a JSON string"},
	{"number", `42`, "not a JSON number"},
	{"unknown field", `{"algorithm": "x", "colour": "red"}`, `unknown field "colour"`},
	{"trailing object", `{"algorithm": "x"} {"algorithm": "y"}`, "goes on after"},
	{"trailing garbage", `{"algorithm": "x"}garbage`, "goes on after"},
	{"trailing bracket", `{"algorithm": "x"}]`, "goes on after"},
	{"algorithm a number", `{"algorithm": 3}`, `"algorithm" must be a string`},
	{"params a list", `{"algorithm": "x", "params": [1]}`, `"params" must be an object`},
	{"params a string", `{"algorithm": "x", "params": "n=8"}`, `"params" must be an object`},
	{"seed a string", `{"algorithm": "x", "seed": "7"}`, `"seed" must be a whole number`},
	{"seed a fraction", `{"algorithm": "x", "seed": 0.5}`, `"seed" must be a whole number`},
	{"seed too large for int64", `{"algorithm": "x", "seed": 1e30}`, `"seed" must be a whole number`},
	{"maxEvents a bool", `{"algorithm": "x", "maxEvents": true}`, `"maxEvents" must be a whole number`},
	{"bad escape", `{"algorithm": "\x"}`, "not JSON"},
}

func TestDecodeRunRequest(t *testing.T) {
	for _, tc := range decodeCases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := decodeRunRequest(strings.NewReader(tc.body))
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want == "" && req.Algorithm == "":
				t.Fatalf("no algorithm in %+v", req)
			case tc.want != "" && err == nil:
				t.Fatalf("accepted as %+v, want an error with %q", req, tc.want)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Fatalf("error %q does not say %q", err, tc.want)
			}
		})
	}
}

func TestDecodeRunRequestValues(t *testing.T) {
	req, err := decodeRunRequest(strings.NewReader(decodeCases[1].body))
	if err != nil {
		t.Fatal(err)
	}
	if req.Algorithm != "chang-roberts" || *req.Seed != 3 || *req.MaxEvents != 500 ||
		string(req.Params["n"]) != "8" || string(req.Params["idOrder"]) != `"decreasing"` {
		t.Errorf("decoded %+v", req)
	}
	req, _ = decodeRunRequest(strings.NewReader(decodeCases[0].body))
	if req.Seed != nil || req.MaxEvents != nil || req.Params != nil {
		t.Errorf("absent fields are set: %+v", req)
	}
}

// The size limit surfaces as *http.MaxBytesError, which becomes a 413.
func TestDecodeRunRequestLimit(t *testing.T) {
	body := `{"algorithm": "chang-roberts", "params": {"ids": [` + strings.Repeat("1,", 100) + `1]}}`
	for _, b := range []string{body, `{"algorithm": "x"}` + strings.Repeat(" ", 200)} {
		r := http.MaxBytesReader(httptest.NewRecorder(), io.NopCloser(strings.NewReader(b)), 64)
		_, err := decodeRunRequest(r)
		var mb *http.MaxBytesError
		if !errors.As(err, &mb) {
			t.Errorf("error %v, want *http.MaxBytesError", err)
		}
	}
}

// Nothing decodes without a valid JSON object naming an algorithm, and
// decoding never panics.
func FuzzDecodeRunRequest(f *testing.F) {
	for _, tc := range decodeCases {
		f.Add([]byte(tc.body))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := decodeRunRequest(bytes.NewReader(b))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error text")
			}
			return
		}
		if req.Algorithm == "" {
			t.Fatalf("accepted without an algorithm: %q", b)
		}
		if !json.Valid(b) {
			t.Fatalf("accepted a body that is not one JSON value: %q", b)
		}
	})
}
