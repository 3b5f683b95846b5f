package templates

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"distviz/algos"
)

func render(t *testing.T) string {
	t.Helper()
	all := algos.All()
	var b strings.Builder
	if err := Index(Families(all), all, []Endpoint{{Method: "GET", Path: "/api/algorithms", Doc: "the algorithms"}}).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The page hands the registry to the scripts as JSON, every algorithm in it.
func TestIndexRegistry(t *testing.T) {
	page := render(t)
	m := regexp.MustCompile(`(?s)<script id="registry" type="application/json">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no registry script")
	}
	var reg []struct {
		ID     string            `json:"id"`
		View   string            `json:"view"`
		Params []json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal([]byte(m[1]), &reg); err != nil {
		t.Fatalf("registry is not JSON: %v", err)
	}
	if len(reg) != len(algos.All()) {
		t.Fatalf("registry has %d algorithms, want %d", len(reg), len(algos.All()))
	}
	for i, a := range algos.All() {
		if reg[i].ID != a.ID || reg[i].View != a.View || len(reg[i].Params) != len(a.Params) {
			t.Errorf("registry[%d] = %s/%s with %d params, want %s/%s with %d", i, reg[i].ID, reg[i].View, len(reg[i].Params), a.ID, a.View, len(a.Params))
		}
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
