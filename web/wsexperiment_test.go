package web

import (
	"bytes"
	"encoding/json"
	"testing"
)

// An experiment from a session: progress, then the result, whose rows are
// those of POST /api/experiments; the session steps while it runs, a
// cancelled experiment says how far it got, and the session goes on.
func TestWSExperiment(t *testing.T) {
	srv, url := startWS(t, Config{ExperimentWorkers: 1})
	w := mustDial(t, url)
	w.send(`{"type": "open", "algorithm": "chang-roberts", "params": {"n": 5}}`)
	w.until("frame")

	exp := `{"algorithm": "chang-roberts", "params": {"idOrder": "random"}, "vary": {"n": [4, 16]}, "seeds": {"from": 1, "count": 50}}`
	w.send(`{"type": "experiment", "experiment": %s}`, exp)
	first := w.until("experimentProgress")
	if first.ID != "x1" || first.Done != 0 || first.Total != 100 {
		t.Fatalf("first progress %+v", first)
	}
	var result wsMsg
	var got []json.RawMessage // the rows come in experimentRows messages, in order
	for {
		m := w.next()
		if m.Type == "experimentProgress" && (m.Done < first.Done || m.Total != 100) {
			t.Fatalf("progress %d of %d after %d", m.Done, m.Total, first.Done)
		}
		if m.Type == "experimentRows" {
			if m.ID != "x1" || m.From != int64(len(got)) {
				t.Fatalf("rows %s from %d after %d rows", m.ID, m.From, len(got))
			}
			got = append(got, m.Rows...)
		}
		if m.Type == "experimentResult" {
			result = m
			break
		}
	}
	if result.ID != "x1" || result.Runs != 100 || len(got) != 100 || result.Rows != nil {
		t.Fatalf("result %s: %d runs, %d rows (%d in the result)", result.ID, result.Runs, len(got), len(result.Rows))
	}
	result.Rows = got
	h := srv.Handler()
	var rows []json.RawMessage // the HTTP answer: the rows alone
	r := postExperiment(t, h, exp, "")
	wantStatus(t, r, 200)
	if err := json.Unmarshal(r.Body.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(result.Rows) {
		t.Fatalf("%d rows over HTTP, %d in the session", len(rows), len(result.Rows))
	}
	for i := range rows {
		if !bytes.Equal(rows[i], result.Rows[i]) {
			t.Fatalf("row %d differs:\nsession %s\nAPI     %s", i+1, result.Rows[i], rows[i])
		}
	}

	// A long experiment: the session still steps, then cancels it.
	w.send(`{"type": "experiment", "experiment": {"algorithm": "chang-roberts", "params": {"n": 300}, "seeds": {"count": 10000}}}`)
	if m := w.until("experimentProgress"); m.ID != "x2" || m.Total != 10000 {
		t.Fatalf("progress %+v", m)
	}
	before := w.frame.Step
	w.send(`{"type": "step"}`)
	if f := w.until("frame"); f.Step != before+1 {
		t.Fatalf("step %d after %d", f.Step, before)
	}
	w.send(`{"type": "experiment", "experiment": {"algorithm": "bully"}}`)
	if m := w.until("error"); m.For != "experiment" {
		t.Fatalf("a second experiment: %+v", m)
	}
	w.send(`{"type": "experimentCancel"}`)
	c := w.until("experimentCancelled")
	if c.ID != "x2" || c.Done >= 10000 {
		t.Fatalf("cancelled %+v", c)
	}
	w.send(`{"type": "step"}`)
	if f := w.until("frame"); f.Step != before+2 {
		t.Fatalf("step %d after the cancel", f.Step)
	}
	w.send(`{"type": "experiment", "experiment": {"algorithm": "bully", "vary": {"n": [3, 4]}}}`)
	if m := w.until("experimentResult"); m.ID != "x3" || m.Runs != 2 {
		t.Fatalf("an experiment after the cancel: %+v", m)
	}
	w.send(`{"type": "experimentCancel"}`)
	if m := w.until("error"); m.For != "experimentCancel" {
		t.Fatalf("cancel without an experiment: %+v", m)
	}
}

// Closing a session cancels its experiment: the server's workers are free
// again at once (the goroutine check of startWS sees the runs end).
func TestWSExperimentEndsWithTheSession(t *testing.T) {
	_, url := startWS(t, Config{ExperimentWorkers: 1})
	w := mustDial(t, url)
	w.send(`{"type": "experiment", "experiment": {"algorithm": "chang-roberts", "params": {"n": 300}, "seeds": {"count": 10000}}}`)
	w.until("experimentProgress")
	w.c.CloseNow()
	<-w.done
}
