package templates

import (
	"context"
	"strings"
	"testing"

	"distviz/algos"
)

func render(t *testing.T) string {
	t.Helper()
	return renderWith(t, func(*Assets) {})
}

// renderWith renders the page with the test's assets as change has them.
func renderWith(t *testing.T, change func(*Assets)) string {
	t.Helper()
	all := algos.All()
	var b strings.Builder
	assets := Assets{URL: func(p string) string { return "/static/v/test/" + p }, Preload: []string{"js/app/dom.js"}}
	change(&assets)
	if err := Index(Families(all), all, []Endpoint{{Method: "GET", Path: "/api/algorithms", Doc: "the algorithms"}}, assets).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The page does not carry the registry (the scripts fetch it from the API,
// which the browser caches); it names its assets by the build's URLs and
// lists every algorithm in the picker.
func TestIndexAssetsAndPicker(t *testing.T) {
	page := render(t)
	if strings.Contains(page, `id="registry"`) || len(page) > 100_000 {
		t.Errorf("the page embeds data (%d bytes)", len(page))
	}
	for _, want := range []string{`<script type="module" src="/static/v/test/js/app/app.js"`, `<link rel="stylesheet" href="/static/v/test/css/tokens.css"`,
		`<link rel="modulepreload" href="/static/v/test/js/app/dom.js"`, `<link rel="icon" href="/static/v/test/favicon.svg"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	for _, a := range algos.All() {
		if !strings.Contains(page, `<option value="`+a.ID+`">`) {
			t.Errorf("the picker lacks %s", a.ID)
		}
	}
}

// The test hooks the end-to-end tests rely on are in the static page (the
// per-process and per-message ones, data-node and data-msg, are drawn by the
// scripts).
func TestIndexTestHooks(t *testing.T) {
	page := render(t)
	for _, id := range []string{
		"step", "play", "pause", "step-forward", "back", "first", "last", "scrubber", "scrubber-marks", "speed",
		"lang", "theme", "presenter", "export-json", "export-svg", "import", "manual", "narration",
		"invariants", "violation-banner", "counters", "theory", "outcome", "process-details", "topology",
		"spacetime", "algorithm", "scenario", "params", "seed", "run", "form-error", "menu", "legend",
	} {
		if n := strings.Count(page, `data-testid="`+id+`"`); n != 1 {
			t.Errorf("data-testid=%q appears %d times, want once", id, n)
		}
	}
}

// The entry script blocks rendering only on a deep link's page (one with a
// view): the home page shows its form at once.
func TestEntryBlocksRenderOnlyWithAView(t *testing.T) {
	if page := render(t); strings.Contains(page, `blocking="render"`) {
		t.Error("the home page's entry script blocks rendering")
	}
	page := renderWith(t, func(a *Assets) { a.View = "ring" })
	if !strings.Contains(page, `src="/static/v/test/js/app/app.js" blocking="render"`) {
		t.Error("a deep link's entry script does not block rendering")
	}
}

// The head's script cannot end its element early, whatever the case of a "</script" in it.
func TestBootScriptEscapesEveryCase(t *testing.T) {
	got := Assets{Boot: `a("</script>", "</SCRIPT>", "</ScRiPt>")`}.BootScript()
	inner := strings.TrimSuffix(strings.TrimPrefix(got, "<script>"), "</script>")
	if strings.Contains(strings.ToLower(inner), "</script") {
		t.Errorf("a </script is left in %s", got)
	}
	if want := `a("<\/script>", "<\/SCRIPT>", "<\/ScRiPt>")`; inner != want {
		t.Errorf("got %s, want %s", inner, want)
	}
}
