package trace_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/timeline"
	"distviz/trace"
)

func newRun(t *testing.T, params map[string]any, seed int64) *timeline.Timeline {
	t.Helper()
	a, err := algos.Get("chang-roberts")
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.ResolveAny(params, seed)
	if err != nil {
		t.Fatal(err)
	}
	tl, err := timeline.New(a, v, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

func export(t *testing.T, tl *timeline.Timeline) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := trace.Write(&b, tl); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// interactive builds a run with user actions, a fork and random delays.
func interactive(t *testing.T) *timeline.Timeline {
	tl := newRun(t, map[string]any{"n": 6, "delay": map[string]int{"min": 1, "max": 4}}, 11)
	for range 10 {
		if _, err := tl.Forward(); err != nil {
			t.Fatal(err)
		}
	}
	fl := tl.State().InFlight()
	if err := tl.Apply(engine.Action{Type: engine.ActDeliver, Msg: fl[len(fl)-1].ID}); err != nil {
		t.Fatal(err)
	}
	if err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: 4}); err != nil {
		t.Fatal(err)
	}
	if err := tl.Seek(5); err != nil { // fork in the past
		t.Fatal(err)
	}
	if err := tl.Apply(engine.Action{Type: engine.ActCut, From: 1, To: 2}); err != nil {
		t.Fatal(err)
	}
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	return tl
}

func TestExportImportRoundTrip(t *testing.T) {
	for name, tl := range map[string]*timeline.Timeline{
		"plain":       func() *timeline.Timeline { tl := newRun(t, map[string]any{"n": 9}, 2); tl.Run(0); return tl }(),
		"interactive": interactive(t),
	} {
		t.Run(name, func(t *testing.T) {
			first := export(t, tl)
			back, err := trace.Import(bytes.NewReader(first), 0)
			if err != nil {
				t.Fatal(err)
			}
			if back.Cursor() != 0 {
				t.Fatalf("an imported run opens at step %d, want 0", back.Cursor())
			}
			if second := export(t, back); !bytes.Equal(first, second) {
				t.Fatalf("export → import → export changed the document:\n%s\n%s", first, second)
			}
		})
	}
}

func TestSummaryAgreesWithEvents(t *testing.T) {
	tl := interactive(t)
	var doc struct {
		Events []struct {
			Kind string `json:"kind"`
			Msg  *struct {
				Type string `json:"type"`
			} `json:"msg"`
		} `json:"events"`
		Summary struct {
			Messages struct {
				Sent, Delivered, Dropped int64
				ByType                   map[string]int64 `json:"byType"`
			} `json:"messages"`
			Events     int64 `json:"events"`
			Terminated bool  `json:"terminated"`
		} `json:"summary"`
	}
	if err := json.Unmarshal(export(t, tl), &doc); err != nil {
		t.Fatal(err)
	}
	count := map[string]int64{}
	byType := map[string]int64{}
	for _, e := range doc.Events {
		count[e.Kind]++
		if e.Kind == "send" {
			byType[e.Msg.Type]++
		}
	}
	m := doc.Summary.Messages
	if m.Sent != count["send"] || m.Delivered != count["deliver"] || m.Dropped != count["drop"] || doc.Summary.Events != int64(len(doc.Events)) {
		t.Fatalf("summary %+v disagrees with event counts %v", m, count)
	}
	for typ, c := range byType {
		if m.ByType[typ] != c {
			t.Fatalf("byType[%s] = %d, events say %d", typ, m.ByType[typ], c)
		}
	}
	if m.Dropped == 0 {
		t.Fatal("the crash and the cut link dropped nothing: the fixture is not exercising faults")
	}
}

func TestImportRefusesWhatDoesNotReplay(t *testing.T) {
	good := string(export(t, interactive(t)))
	cases := []struct {
		name, from, to, want string
	}{
		{"format", `"format":"distviz-trace"`, `"format":"other"`, "format"},
		{"version", `"version":3`, `"version":7`, "version 7"},
		{"old version", `"version":3`, `"version":1`, "export it anew"},
		{"algorithm", `"algorithm":"chang-roberts"`, `"algorithm":"paxos"`, "unknown algorithm"},
		{"param", `"n":6`, `"n":1`, "below the minimum"},
		{"seed", `"seed":11`, `"seed":12`, "differs from the re-simulation"},
		{"seq gap", `{"seq":3,`, `{"seq":33,`, "numbered"},
		{"tampered body", `"body":{"id":`, `"body":{"id":9`, "differs from the re-simulation"},
		{"summary", `"terminated":true`, `"terminated":false`, "summary differs"},
		{"not json", `{"format"`, `{format`, "not a trace document"},
		{"nodes", `"label":"P1"`, `"label":"Q1"`, "nodes differs"},
		{"trailing data", `}}` + "\n", `}} {}`, "goes on after"},
		{"unknown field", `"seed":11`, `"seed":11,"colour":"red"`, "unknown field"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bad := strings.Replace(good, c.from, c.to, 1)
			if bad == good {
				t.Fatalf("fixture has no %q", c.from)
			}
			_, err := trace.Import(strings.NewReader(bad), 0)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("import: %v, want an error mentioning %q", err, c.want)
			}
		})
	}
	// A trace cut after a whole number of events is refused unless the cut
	// falls on a step boundary, and then it replays as a shorter run.
	var doc map[string]json.RawMessage
	json.Unmarshal([]byte(good), &doc)
	var events []json.RawMessage
	json.Unmarshal(doc["events"], &events)
	doc["events"], _ = json.Marshal(events[:len(events)-1])
	delete(doc, "summary")
	cut, _ := json.Marshal(doc)
	if _, err := trace.Import(bytes.NewReader(cut), 0); err == nil || !strings.Contains(err.Error(), "middle of a step") {
		t.Fatalf("a trace cut inside its last step: %v", err)
	}
	if _, err := trace.Import(strings.NewReader(good), 10); err == nil || !strings.Contains(err.Error(), "at most 10") {
		t.Fatalf("a trace over the event limit: %v", err)
	}
}
