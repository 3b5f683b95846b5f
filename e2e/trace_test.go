package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"testing"

	"distviz/trace"
)

// traceDoc is the part of a trace document the tests read.
type traceDoc struct {
	Format    string          `json:"format"`
	Version   int             `json:"version"`
	Algorithm string          `json:"algorithm"`
	Params    map[string]any  `json:"params"`
	Seed      int64           `json:"seed"`
	Nodes     []traceNode     `json:"nodes"`
	Events    []traceEvent    `json:"events"`
	Summary   *traceSummary   `json:"summary"`
	Raw       json.RawMessage `json:"-"`
}

type traceNode struct {
	ID    int    `json:"id"`
	Label string `json:"label"`
}

type traceEvent struct {
	Seq  int64  `json:"seq"`
	Time int64  `json:"time"`
	Kind string `json:"kind"`
	Msg  *struct {
		ID   int    `json:"id"`
		Type string `json:"type"`
	} `json:"msg"`
}

type traceSummary struct {
	Events     int64 `json:"events"`
	Terminated bool  `json:"terminated"`
}

// parseTrace checks the shape of a trace document and returns it.
func parseTrace(t testing.TB, b []byte) traceDoc {
	t.Helper()
	var d traceDoc
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatalf("not a trace document: %v\n%.300s", err, b)
	}
	d.Raw = b
	if d.Format != trace.Format || d.Version != trace.Version {
		t.Fatalf("format %q version %d, want %s %d", d.Format, d.Version, trace.Format, trace.Version)
	}
	for i, e := range d.Events {
		if e.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d", i, e.Seq)
		}
	}
	return d
}

// simulate runs a request through POST /api/simulate and returns the trace.
func simulate(t testing.TB, body string) traceDoc {
	t.Helper()
	return parseTrace(t, post(t, "/api/simulate", body, http.StatusOK))
}

// importTrace uploads a trace to POST /api/traces, which accepts it only if a
// re-simulation agrees with it event for event.
func importTrace(t testing.TB, b []byte) {
	t.Helper()
	post(t, "/api/traces", string(b), http.StatusCreated)
}

func post(t testing.TB, path, body string, want int) []byte {
	t.Helper()
	resp, err := http.Post(baseURL+path, "application/json", bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != want {
		t.Fatalf("POST %s: status %d (want %d), %v: %.500s", path, resp.StatusCode, want, err, b)
	}
	return b
}

// inFlight lists the ids of the messages sent and neither delivered nor
// dropped by event seq: what the view must draw there.
func (d traceDoc) inFlight(seq int64) []int {
	var ids []int
	for _, e := range d.Events {
		if e.Seq > seq {
			break
		}
		if e.Msg == nil {
			continue
		}
		switch e.Kind {
		case "send":
			ids = append(ids, e.Msg.ID)
		case "deliver", "drop":
			ids = slices.DeleteFunc(ids, func(id int) bool { return id == e.Msg.ID })
		}
	}
	slices.Sort(ids)
	return ids
}
