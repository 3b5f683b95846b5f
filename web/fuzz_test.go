package web

import (
	"encoding/json"
	"net/http"
	"testing"
)

// Whatever a client posts as a trace, the server answers 201 or a 4xx JSON
// refusal, and never panics.
func FuzzImportTrace(f *testing.F) {
	h := newTestRouter(f, Config{MaxEvents: 300, MaxTraceBytes: 1 << 20, MaxRuns: 4})
	for _, body := range []string{
		`{"algorithm": "chang-roberts", "params": {"n": 3}}`,
		`{"algorithm": "chang-roberts", "params": {"n": 4, "variant": "participant", "loss": 0.3, "delay": {"min": 1, "max": 3}}, "seed": 2}`,
		`{"algorithm": "chang-roberts", "params": {"n": 30}, "maxEvents": 40}`,
	} {
		f.Add(simulate(f, h, body))
	}
	for _, tc := range decodeCases {
		f.Add([]byte(tc.body))
	}
	for _, s := range []string{
		``, `null`, `{}`, `[]`, `{"format": "distviz-trace", "version": 2}`,
		`{"format": "distviz-trace", "version": 2, "algorithm": "chang-roberts", "params": {}, "seed": 1, "nodes": [], "events": [{"seq": 1, "time": 0, "kind": "action", "action": {"type": "crash", "node": 99}}]}`,
		`{"format": "distviz-trace", "version": 2, "algorithm": "chang-roberts", "params": {"n": 3}, "seed": 1, "events": [{"seq": 1, "time": -5, "kind": "end"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		w := do(t, h, "POST", "/api/traces", string(b))
		switch {
		case w.Code == http.StatusCreated:
			createdID(t, w)
		case w.Code >= 400 && w.Code < 500:
			errorText(t, w)
		default:
			t.Fatalf("status %d for %q: %s", w.Code, b, w.Body.String())
		}
		var v any
		if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
	})
}
