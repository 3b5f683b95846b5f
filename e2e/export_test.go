package e2e

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportWholeView downloads the view as SVG and PNG and the space-time
// diagram alone: the whole view holds the topology, the diagram and the
// legend side by side at their sizes on screen, the PNG is that picture at
// twice the density, and the diagram's file holds only the diagram.
func TestExportWholeView(t *testing.T) {
	p := openRun(t, "/?algorithm=bully&scenario=lecture&step=8", 8)
	p.showSetup()
	want := eval[[]float64](p, `(() => {
		const a = document.getElementById('canvas').getBoundingClientRect(), b = document.getElementById('spacetime').getBoundingClientRect();
		return [Math.round(a.width) + 8 + Math.round(b.width), Math.max(Math.round(a.height), Math.round(b.height))];
	})()`)

	whole := string(p.download(tid("export-svg")))
	var doc struct {
		Width  float64 `xml:"width,attr"`
		Height float64 `xml:"height,attr"`
		Svgs   []struct {
			Width float64 `xml:"width,attr"`
		} `xml:"svg"`
	}
	if err := xml.Unmarshal([]byte(whole), &doc); err != nil {
		t.Fatalf("the view's SVG does not parse: %v", err)
	}
	if doc.Width != want[0] || doc.Height <= want[1] {
		t.Errorf("the view's SVG is %vx%v, want %v wide and taller than %v (the legend below)", doc.Width, doc.Height, want[0], want[1])
	}
	if len(doc.Svgs) < 2 {
		t.Errorf("the view's SVG nests %d drawings, want the topology and the space-time diagram", len(doc.Svgs))
	}
	for _, s := range []string{">ELECTION<", ">ANSWER<", ">P7<", "distviz · Bully"} {
		if !strings.Contains(whole, s) {
			t.Errorf("the view's SVG lacks %q", s)
		}
	}
	if n := strings.Count(whole, ">P7<"); n < 2 {
		t.Errorf("P7 is named %d times, want in the topology and on the diagram's line", n)
	}

	pic := p.download(tid("export-png"))
	if d := os.Getenv("DISTVIZ_E2E_SHOTS"); d != "" {
		_ = os.WriteFile(filepath.Join(d, "export-view.png"), pic, 0o644)
	}
	size := decodePNG(t, pic)
	if float64(size.X) != 2*doc.Width || float64(size.Y) != 2*doc.Height {
		t.Errorf("the PNG is %v, want twice the SVG's %vx%v", size, doc.Width, doc.Height)
	}

	st := string(p.download(tid("export-spacetime")))
	if err := xml.Unmarshal([]byte(st), new(struct{})); err != nil {
		t.Fatalf("the diagram's SVG does not parse: %v", err)
	}
	if !strings.Contains(st, ">P7<") || strings.Contains(st, ">ELECTION<") {
		t.Errorf("the diagram's SVG should name the processes and hold no topology or legend")
	}
	t.Logf("view %vx%v, PNG %v, diagram %d bytes", doc.Width, doc.Height, size, len(st))
}
