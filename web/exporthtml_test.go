package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/frame"
	"distviz/launch"
	"distviz/narrate"
	"distviz/timeline"
)

// offlineDoc is the data of an offline file as the page reads it.
type offlineDoc struct {
	Lang    string            `json:"lang"`
	Step    int               `json:"step"`
	Run     map[string]any    `json:"run"`
	Actions map[string]any    `json:"actions"`
	Frames  []map[string]any  `json:"frames"`
	Events  []json.RawMessage `json:"events"`
	Langs   map[string]struct {
		Narration  []any          `json:"narration"`
		Violations map[string]any `json:"violations"`
		Lines      [][]any        `json:"lines"`
	} `json:"langs"`
}

var offlineDataRE = regexp.MustCompile(`(?s)<script type="application/json" id="distviz-offline">(.*?)</script>`)

// exportOffline asks for a run's offline file and reads its data.
func exportOffline(t *testing.T, h http.Handler, path string) (string, offlineDoc) {
	t.Helper()
	w := do(t, h, "GET", path, "")
	wantStatus(t, w, http.StatusOK)
	if ct := w.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Fatalf("Content-Type %q, want text/html; charset=utf-8", ct)
	}
	if cd := w.Header().Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="distviz-`) || !strings.HasSuffix(cd, `.html"`) {
		t.Fatalf("Content-Disposition %q: want an attachment named distviz-….html", cd)
	}
	page := w.Body.String()
	m := offlineDataRE.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the page holds no run data: %.300s", page)
	}
	var d offlineDoc
	if err := json.Unmarshal([]byte(m[1]), &d); err != nil {
		t.Fatalf("the run data is not JSON: %v", err)
	}
	return page, d
}

// TestExportHTML: the offline file is one page that names nothing of the
// server (no socket, no asset links), and its frames are the server's: the
// first whole, each delta applied gives exactly the frame the run has at
// that step, in the language asked for; its words in the other languages
// are the run's frames' words in them. (The lecture's bully run whose
// timeout is too short: it breaks an invariant, whose text is narrated.)
func TestExportHTML(t *testing.T) {
	h := newTestRouter(t, Config{})
	const params = `{"n": 8, "crashed": [7], "detectors": [4], "timeout": 15}`
	id := createdID(t, do(t, h, "POST", "/api/runs", `{"algorithm": "bully", "params": `+params+`, "seed": 3}`))
	page, d := exportOffline(t, h, "/api/runs/"+id+"/export?format=html&lang=de&step=4")
	for _, bad := range []string{"/static/v/", "distvizBoot=", `rel="modulepreload"`, `<link rel="stylesheet"`} {
		if strings.Contains(page, bad) {
			t.Errorf("the offline page still has %q", bad)
		}
	}
	if !strings.Contains(page, `<html data-offline=""`) || !strings.Contains(page, `<script type="module">`) {
		t.Errorf("the page is not marked offline or has no inline module")
	}
	if d.Lang != "de" || d.Step != 4 || d.Run["type"] != "run" || d.Run["id"] != id {
		t.Fatalf("lang %q, step %d, run %v %v: want de, 4, the run %s", d.Lang, d.Step, d.Run["type"], d.Run["id"], id)
	}
	if len(d.Events) == 0 {
		t.Fatal("no events")
	}

	alg, err := algos.Get("bully")
	if err != nil {
		t.Fatal(err)
	}
	seed := int64(3)
	var p map[string]json.RawMessage
	json.Unmarshal([]byte(params), &p)
	tl, _, err := launch.Open(alg, launch.Request{Params: p, Seed: &seed}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tl.Ahead(1 << 20); err != nil {
		t.Fatal(err)
	}
	if len(d.Frames) != tl.Steps() {
		t.Fatalf("%d frames for a run of %d steps", len(d.Frames), tl.Steps())
	}
	if d.Frames[0]["type"] != "frame" {
		t.Fatalf("the first is a %v, want a whole frame", d.Frames[0]["type"])
	}
	model := d.Frames[0]
	for k, msg := range d.Frames {
		if k > 0 {
			if msg["type"] == "frame" {
				model = msg
			} else if err := frame.ApplyDelta(model, msg); err != nil {
				t.Fatalf("step %d: %v", k, err)
			}
		}
		if err := tl.Seek(k); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(frame.BuildIn(tl, narrate.German))
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]any
		json.Unmarshal(b, &want)
		want["type"], model["type"] = "frame", "frame"
		if !reflect.DeepEqual(model, want) {
			t.Fatalf("step %d: the file's frame differs from the run's:\n got %v\nwant %v", k, model, want)
		}
		checkWords(t, d, k, tl, msg)
	}
	if n := len(tl.Violations()); n == 0 {
		t.Fatal("the run breaks no invariant: its violations' words are not tested")
	}
	for _, l := range []string{"en", "es"} {
		if w := d.Langs[l]; len(w.Lines) != len(d.Events) || len(w.Lines[0]) == 0 {
			t.Errorf("%s: %d batches of lines for %d events messages", l, len(w.Lines), len(d.Events))
		}
	}
}

// checkWords compares the file's words at step k in English and Spanish
// with the run's frame in them, and the violations where the file's own
// frame carries them.
func checkWords(t *testing.T, d offlineDoc, k int, tl *timeline.Timeline, msg map[string]any) {
	t.Helper()
	for _, l := range []narrate.Lang{narrate.English, narrate.Spanish} {
		b, _ := json.Marshal(frame.BuildIn(tl, l))
		var want map[string]any
		json.Unmarshal(b, &want)
		w, ok := d.Langs[string(l)]
		if !ok || k >= len(w.Narration) {
			t.Fatalf("the file has no words in %s at step %d", l, k)
		}
		if !reflect.DeepEqual(w.Narration[k], want["narration"]) {
			t.Fatalf("step %d in %s: narration %v, want %v", k, l, w.Narration[k], want["narration"])
		}
		v, has := w.Violations[fmt.Sprint(k)]
		if _, carries := msg["violations"]; carries != has || has && !reflect.DeepEqual(v, want["violations"]) {
			t.Fatalf("step %d in %s: violations %v (the frame carries them: %v), want %v", k, l, v, carries, want["violations"])
		}
	}
}

// TestExportRefusals: a wrong format, an unknown run, and a run beyond the
// offline file's bounds are refused with a sentence that says what to do.
func TestExportRefusals(t *testing.T) {
	h := newTestRouter(t, Config{})
	id := createdID(t, do(t, h, "POST", "/api/runs", `{"algorithm": "chang-roberts", "params": {"n": 8}}`))
	for _, c := range []struct {
		name, path string
		status     int
		want       []string
	}{
		{"no format", "/api/runs/" + id + "/export", 400, []string{`"format"`, "html"}},
		{"unknown format", "/api/runs/" + id + "/export?format=pdf", 400, []string{`"pdf"`, "shiviz", "html"}},
		{"unknown run", "/api/runs/0123456789abcdef/export?format=html", 404, []string{`no run "0123456789abcdef"`}},
		{"bad language", "/api/runs/" + id + "/export?format=html&lang=fr", 400, []string{"lang"}},
		{"bad step", "/api/runs/" + id + "/export?format=html&step=-1", 400, []string{"whole number"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := do(t, h, "GET", c.path, "")
			wantStatus(t, w, c.status)
			msg := errorText(t, w)
			for _, s := range c.want {
				if !strings.Contains(msg, s) {
					t.Errorf("%q does not say %q", msg, s)
				}
			}
		})
	}

	t.Run("too many steps", func(t *testing.T) {
		defer func(n int) { offlineMaxSteps = n }(offlineMaxSteps)
		offlineMaxSteps = 10
		w := do(t, h, "GET", "/api/runs/"+id+"/export?format=html", "")
		wantStatus(t, w, http.StatusUnprocessableEntity)
		if msg := errorText(t, w); !strings.Contains(msg, "at most 10") || !strings.Contains(msg, "/trace") {
			t.Errorf("%q: want the limit and the trace as the way out", msg)
		}
	})
	t.Run("too large", func(t *testing.T) {
		defer func(n int64) { offlineMaxBytes = n }(offlineMaxBytes)
		offlineMaxBytes = 20 << 10
		w := do(t, h, "GET", "/api/runs/"+id+"/export?format=html", "")
		wantStatus(t, w, http.StatusUnprocessableEntity)
		if msg := errorText(t, w); !strings.Contains(msg, "larger than 20 KiB") {
			t.Errorf("%q: want the size limit", msg)
		}
	})
}

// TestExportMemory: the file is charged to the memory budget while it is
// made, and refused when the budget cannot hold it; nothing stays charged,
// and the run is left at its step.
func TestExportMemory(t *testing.T) {
	srv := New(Config{MemoryBudget: 6 << 20}, testLogger(t))
	h := srv.Handler()
	id := createdID(t, do(t, h, "POST", "/api/runs", `{"algorithm": "chang-roberts", "params": {"n": 8}}`))
	exportOffline(t, h, "/api/runs/"+id+"/export?format=html")
	run, ok := srv.s.runs.hold(id)
	if !ok {
		t.Fatal("the run is gone after its export")
	}
	if k := run.tl.Cursor(); k != 0 {
		t.Errorf("after the export the run is at step %d, not at 0 where it was", k)
	}
	srv.s.runs.release(run)
	before, _ := srv.Memory()
	srv.s.mem.Force(6 << 20) // the budget is full
	w := do(t, h, "GET", "/api/runs/"+id+"/export?format=html", "")
	wantStatus(t, w, http.StatusServiceUnavailable)
	srv.s.mem.Release(6 << 20)
	if after, _ := srv.Memory(); after != before {
		t.Errorf("%d bytes charged after a refused export, %d before", after, before)
	}
}
