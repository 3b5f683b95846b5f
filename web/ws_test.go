package web

import (
	"fmt"
	"strings"
	"testing"
)

func TestWSOpenAndMove(t *testing.T) {
	srv, url := startWS(t, Config{Ahead: -1}) // the run grows as it is stepped
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":6},"seed":2}`)
	if m := w.next(); m.Type != "run" || m.ID == "" || m.Seed != 2 || m.Query["n"] != "6" {
		t.Fatalf("first answer: %+v", m)
	}
	if m := w.next(); m.Type != "frame" || m.Step != 0 {
		t.Fatalf("second answer: %+v", m)
	}
	for i := 1; i <= 4; i++ {
		w.send(`{"type":"step"}`)
		if f := w.until("frame"); f.Step != i || !f.AtEnd {
			t.Fatalf("step %d: %+v", i, f)
		}
	}
	seq4 := w.frame.Seq
	w.send(`{"type":"back"}`)
	if f := w.until("frame"); f.Step != 3 || f.AtEnd {
		t.Fatalf("back: %+v", f)
	}
	w.send(`{"type":"last"}`)
	last := w.until("frame")
	if !last.Ended || !last.AtEnd || last.Step != last.Steps-1 {
		t.Fatalf("last: %+v", last)
	}
	w.send(`{"type":"first"}`)
	if f := w.until("frame"); f.Step != 0 || f.Seq != 0 {
		t.Fatalf("first: %+v", f)
	}
	w.send(`{"type":"seek","step":4}`)
	if f := w.until("frame"); f.Step != 4 || f.Seq != seq4 {
		t.Fatalf("seek: %+v, want seq %d", f, seq4)
	}
	w.send(`{"type":"seekSeq","seq":%d}`, last.Seq)
	if f := w.until("frame"); f.Step != last.Step || f.Seq != last.Seq {
		t.Fatalf("seekSeq: %+v", f)
	}
	w.synced()
	w.sameAsExport(srv.Handler())
	if srv.Sessions() != 1 {
		t.Fatalf("%d sessions", srv.Sessions())
	}
}

// Long runs arrive in batches that the client reassembles into exactly the
// run's events.
func TestWSEventBatches(t *testing.T) {
	srv, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":150,"idOrder":"decreasing"}}`)
	w.until("frame")
	w.send(`{"type":"last"}`)
	w.until("frame")
	w.synced()
	// every batch since the run counts: some may come before the last frame
	if len(w.events) < 15000 || w.batches < 3 {
		t.Fatalf("%d events in %d batches", len(w.events), w.batches)
	}
	w.sameAsExport(srv.Handler())
}

// A deep link's texts: the lecture's bully example.
func TestWSOpenByQuery(t *testing.T) {
	srv, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"bully","query":{"n":"8","crashed":"7","detectors":"4","seed":"3"}}`)
	r := w.until("run")
	want := map[string]string{"algorithm": "bully", "seed": "3", "n": "8", "crashed": "7", "detectors": "4"}
	if fmt.Sprint(r.Query) != fmt.Sprint(want) || r.Seed != 3 || fmt.Sprint(r.Params["detectors"]) != "[4]" {
		t.Fatalf("run: %+v", r)
	}
	w.until("frame")
	w.send(`{"type":"last"}`)
	w.until("frame")
	w.synced()
	w.sameAsExport(srv.Handler())
	if !strings.Contains(strings.Join(w.lines, "\n"), "P4: notices that its coordinator P7 has failed") {
		t.Fatalf("the lecture's run does not start with P4's notice:\n%s", strings.Join(w.lines, "\n"))
	}
}

func TestWSOpenByScenario(t *testing.T) {
	_, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","scenario":"worst-case","params":{"n":5}}`)
	r := w.until("run")
	if r.Params["n"] != 5.0 || r.Params["idOrder"] != "decreasing" || r.Seed != 0 || r.Query["scenario"] != "worst-case" {
		t.Fatalf("run: %+v", r)
	}
	if _, ok := r.Query["idOrder"]; ok {
		t.Fatalf("the query shows the scenario's params: %v", r.Query)
	}
}

// A session computes its run ahead: the first frame knows every step, and
// so does the frame after an action.
func TestWSAhead(t *testing.T) {
	_, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"bully","scenario":"lecture"}`)
	if f := w.until("frame"); f.Step != 0 || !f.Ended || f.AtEnd || f.Steps < 10 {
		t.Fatalf("the first frame of a run computed ahead: %+v", f)
	}
	w.send(`{"type":"seek","step":2}`)
	w.until("frame")
	w.send(`{"type":"action","action":{"type":"act","node":4,"name":"notice"}}`)
	if f := w.until("frame"); f.Step != 3 || !f.Ended || f.AtEnd {
		t.Fatalf("after an action: %+v", f)
	}
}

func TestWSActionsAndFork(t *testing.T) {
	srv, url := startWS(t, Config{Ahead: -1})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"bully","scenario":"lecture"}`)
	w.until("frame")
	w.send(`{"type":"step"}`)
	w.until("frame")
	w.send(`{"type":"action","action":{"type":"act","node":4,"name":"notice"}}`)
	f := w.until("frame")
	var id int64
	for _, fl := range f.Flights {
		if fl.Deliverable {
			id = fl.ID
			break
		}
	}
	if id == 0 {
		t.Fatalf("no deliverable message after notice: %+v", f.Flights)
	}
	w.send(`{"type":"action","action":{"type":"deliver","msg":%d}}`, id)
	w.until("frame")
	w.send(`{"type":"action","action":{"type":"crash","node":6}}`)
	if f := w.until("frame"); !f.Nodes[6].Crashed {
		t.Fatal("P6 did not crash")
	}
	w.send(`{"type":"last"}`)
	w.until("frame")
	w.synced()
	long := len(w.events)
	// Back in the past, crash P5 instead: the run forks and the client
	// drops what followed.
	w.send(`{"type":"seek","step":3}`)
	cut := w.until("frame").Seq
	w.send(`{"type":"action","action":{"type":"crash","node":5}}`)
	w.until("frame")
	if m := w.until("events"); m.From != cut+1 {
		t.Fatalf("events after the fork start at %d, want %d", m.From, cut+1)
	}
	if w.drops != 1 || int64(len(w.events)) >= int64(long) {
		t.Fatalf("after the fork: %d drops, %d events (%d before)", w.drops, len(w.events), long)
	}
	w.synced()
	w.sameAsExport(srv.Handler())
	w.send(`{"type":"action","action":{"type":"crash","node":5}}`)
	w.until("frame")
	if e := w.until("error"); !strings.Contains(e.Error, "P5 has already crashed") {
		t.Fatalf("error %q", e.Error)
	}
}

// A run imported with POST /api/traces can be driven over the WebSocket.
func TestWSAttachImportedTrace(t *testing.T) {
	srv, url := startWS(t, Config{})
	h := srv.Handler()
	doc := simulate(t, h, `{"algorithm":"ring-list","params":{"n":6},"seed":5}`)
	id := createdID(t, do(t, h, "POST", "/api/traces", string(doc)))
	w := mustDial(t, url)
	w.send(`{"type":"attach","id":%q}`, id)
	r := w.until("run")
	if r.ID != id || r.Query["algorithm"] != "ring-list" || r.Query["n"] != "6" || r.Query["seed"] != "5" {
		t.Fatalf("run: %+v", r)
	}
	f := w.until("frame")
	if f.Steps < 2 || f.count(t) != int64(len(parseTrace(t, doc).Events)) {
		t.Fatalf("frame of the imported run: step %d of %d, %d events", f.Step, f.Steps, f.count(t))
	}
	w.synced()
	w.sameAsExport(h)
	w.send(`{"type":"first"}`)
	if f := w.until("frame"); f.Step != 0 {
		t.Fatalf("first: %+v", f)
	}
	w.send(`{"type":"attach","id":"0000000000000000"}`)
	if e := w.until("error"); !strings.Contains(e.Error, `no run "0000000000000000"`) {
		t.Fatalf("error %q", e.Error)
	}
}

func TestWSPlayToTheEnd(t *testing.T) {
	srv, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":30,"idOrder":"decreasing"}}`)
	w.until("frame")
	w.send(`{"type":"play","speed":2000}`)
	if p := w.until("playing"); !p.Playing || p.Speed != 2000 {
		t.Fatalf("play: %+v", p)
	}
	frames := 0
	for {
		m := w.next()
		if m.Type == "frame" {
			frames++
		}
		if m.Type == "playing" {
			if m.Playing {
				t.Fatal("playing again")
			}
			break
		}
	}
	if !w.frame.Ended || !w.frame.AtEnd || frames < 2 {
		t.Fatalf("after play: %d frames, last %+v", frames, w.frame)
	}
	w.synced()
	w.sameAsExport(srv.Handler())
}

func TestWSLang(t *testing.T) {
	_, url := startWS(t, Config{Ahead: -1}) // every event comes after lang
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":4}}`)
	w.until("frame")
	w.send(`{"type":"step"}`)
	if f := w.until("frame"); f.Narration[0].Text != "P0 starts" {
		t.Fatalf("narration %+v", f.Narration)
	}
	w.send(`{"type":"lang","lang":"de"}`)
	if f := w.until("frame"); f.Narration[0].Text != "P0 startet" {
		t.Fatalf("narration in German: %+v", f.Narration)
	}
	w.send(`{"type":"last"}`)
	w.until("frame")
	w.synced()
	if got := w.lines[len(w.lines)-1]; got != "Nichts passiert mehr: der Lauf endet" {
		t.Fatalf("last line %q", got)
	}
	w.send(`{"type":"lang","lang":"es"}`)
	if f := w.until("frame"); f.Narration[0].Text != "No queda nada por ocurrir: la ejecución termina" {
		t.Fatalf("narration in Spanish: %+v", f.Narration)
	}
}
