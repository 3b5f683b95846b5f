package e2e

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// The Experiment tab's test hooks (templates/index.templ experiment(),
// static/js/experiment/experiment.js).
const (
	hookTabRun        = "tab-run"
	hookTabExperiment = "tab-experiment"
	hookExpValues     = "exp-values"   // <input>: the values to vary over
	hookExpSeeds      = "exp-seeds"    // <input>: seeds per value
	hookExpRun        = "exp-run"      // starts the experiment
	hookExpCancel     = "exp-cancel"   // shown while it runs
	hookExpError      = "exp-error"    // a refusal
	hookExpProgress   = "exp-progress" // progress, or what became of a cancel
	hookExpPlot       = "exp-svg-plot" // the plot's <svg>
	hookExpLegend     = "exp-legend"   // <ul> of the series, each li with data-kind (and data-formula for theory)
	hookExpCSV        = "exp-csv"
	hookExpSVG        = "exp-svg"
	hookExpLog        = "exp-log"
)

// jsExp is what the Experiment tab shows, as window.distviz.experiment.state.
const jsExp = `window.distviz.experiment.state`

// expPoint and expCurve are the data the plot was drawn from.
type expPoint struct {
	X, Mean, Min, Max float64
	Count             int
	Value             float64
}

type expState struct {
	Running *struct{ Done, Total int } `json:"running"`
	Result  *struct {
		X       string `json:"x"`
		Runs    int    `json:"runs"`
		Rows    int    `json:"rows"`
		Used    int    `json:"used"`
		Stopped int    `json:"stopped"`
		Plot    struct {
			Kind string `json:"kind"`
			Y    string `json:"y"`
			Log  bool   `json:"log"`
		} `json:"plot"`
	} `json:"result"`
	Legend []struct{ Text, Kind, Name, Formula string } `json:"legend"`
	Data   *struct {
		Series []struct {
			Group  string     `json:"group"`
			Points []expPoint `json:"points"`
		} `json:"series"`
		Theory []struct {
			Name, Formula string
			Points        []expPoint `json:"points"`
		} `json:"theory"`
	} `json:"data"`
}

// openExperiment opens Chang–Roberts and its Experiment tab.
func openExperiment(t *testing.T) *page {
	t.Helper()
	p := openRun(t, ringLink, 8)
	p.press(hookTabExperiment)
	p.waitFor("the Experiment tab", fmt.Sprintf(`!document.querySelector(%s).hidden && document.querySelector('#exp-vary').value === 'n'`, jsString(tid("experiment"))))
	return p
}

// fill types text into an input as a user would (input events included).
func (p *page) fill(hook, text string) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%s); e.value = %s; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`,
		jsString(tid(hook)), jsString(text)))
}

// TestExperimentPlot runs a small Chang–Roberts experiment from the page
// (n over 4, 8, 16, five seeds each) and checks the plot against the
// server's rows: the measured mean, min and max of ELECTION messages per n,
// the theory's curves n(n+1)/2, n·Hₙ, 2n−1 drawn at the same n (n·Hₙ
// computed here too), the marks in the SVG, and that CSV (the server's) and
// SVG downloads are offered and well formed.
func TestExperimentPlot(t *testing.T) {
	p := openExperiment(t)
	p.fill(hookExpValues, "4,8,16")
	p.fill(hookExpSeeds, "5")
	p.press(hookExpRun)
	p.waitFor("the experiment's plot", jsExp+`.result !== null && document.querySelector(`+jsString(tid(hookExpPlot))+`) !== null`)
	s := eval[expState](p, jsExp)
	if s.Result.Rows != 15 || s.Result.Runs != 15 || s.Result.X != "n" {
		p.fatalf("result %+v, want 15 rows of 15 runs along n", *s.Result)
	}
	if s.Result.Plot.Kind != "line" || s.Result.Plot.Y != "messages.byType.ELECTION" {
		t.Errorf("plot %+v, want a line of ELECTION messages (what the theory's bounds count)", s.Result.Plot)
	}

	// the same experiment through the API: what the plot must show
	const body = `{"algorithm":"chang-roberts","params":{"variant":"lcr","idOrder":"random","delay":{"min":1,"max":1},"fifo":true,"loss":0},"seeds":{"from":1,"count":5},"vary":{"n":[4,8,16]}}`
	var api struct {
		Rows []struct {
			Params   struct{ N int }
			Messages struct{ ByType map[string]int }
			Theory   []struct {
				Name  string
				Value float64
			}
		}
	}
	if err := json.Unmarshal(post(t, "/api/experiments", body, http.StatusOK), &api.Rows); err != nil { // a JSON array of rows
		t.Fatal(err)
	}
	type agg struct {
		sum, n   int
		min, max int
	}
	want := map[int]*agg{}
	theory := map[string]map[int]float64{}
	for _, r := range api.Rows {
		e := r.Messages.ByType["ELECTION"]
		a := want[r.Params.N]
		if a == nil {
			a = &agg{min: e, max: e}
			want[r.Params.N] = a
		}
		a.sum += e
		a.n++
		a.min = min(a.min, e)
		a.max = max(a.max, e)
		for _, b := range r.Theory {
			if theory[b.Name] == nil {
				theory[b.Name] = map[int]float64{}
			}
			theory[b.Name][r.Params.N] = b.Value
		}
	}
	if s.Data == nil || len(s.Data.Series) != 1 {
		p.fatalf("the plot's data: %+v, want one measured series", s.Data)
	}
	pts := s.Data.Series[0].Points
	if len(pts) != 3 {
		p.fatalf("measured points %+v, want n = 4, 8, 16", pts)
	}
	for i, n := range []int{4, 8, 16} {
		a := want[n]
		got := pts[i]
		if got.X != float64(n) || math.Abs(got.Mean-float64(a.sum)/float64(a.n)) > 1e-9 || got.Min != float64(a.min) || got.Max != float64(a.max) || got.Count != a.n {
			t.Errorf("n = %d: plotted %+v, want mean %v, min %d, max %d of %d runs", n, got, float64(a.sum)/float64(a.n), a.min, a.max, a.n)
		}
	}
	harmonic := func(n int) float64 {
		h := 0.0
		for k := 1; k <= n; k++ {
			h += 1 / float64(k)
		}
		return float64(n) * h
	}
	curves := map[string][]expPoint{}
	for _, c := range s.Data.Theory {
		curves[c.Formula] = c.Points
	}
	for formula, f := range map[string]func(n int) float64{
		"n(n+1)/2": func(n int) float64 { return float64(n*(n+1)) / 2 },
		"n·H_n":    harmonic,
		"2n−1":     func(n int) float64 { return float64(2*n - 1) },
	} {
		c := curves[formula]
		if len(c) != 3 {
			t.Errorf("theory curve %s: %+v, want a value at n = 4, 8, 16 (curves: %v)", formula, c, keys(curves))
			continue
		}
		for i, n := range []int{4, 8, 16} {
			if c[i].X != float64(n) || math.Abs(c[i].Value-f(n)) > 1e-9 {
				t.Errorf("theory %s at n = %d: plotted %+v, want %v", formula, n, c[i], f(n))
			}
		}
	}
	if v := theory["average"][16]; math.Abs(v-harmonic(16)) > 1e-9 {
		t.Errorf("the API's average for n = 16 is %v, want 16·H_16 = %v", v, harmonic(16))
	}
	if _, ok := curves["n"]; ok {
		t.Errorf("the announcement (n ELECTED) is drawn against ELECTION messages")
	}
	if _, ok := curves["n·log₂n"]; ok {
		t.Errorf("the lower bound n·log₂n, which predicts no measured value, is drawn")
	}

	// the SVG holds what the data says: one measured line and dots, a line and a label per curve
	plot := jsString(tid(hookExpPlot))
	marks := eval[map[string]int](p, `(() => { const m = {}; for (const g of document.querySelector(`+plot+`).querySelectorAll(':scope > g[aria-label]')) { const k = g.getAttribute('aria-label'); m[k] = (m[k] || 0) + g.querySelectorAll('path, circle, text').length; } return m; })()`)
	if marks["dot"] != 3 || marks["line"] != 1+len(s.Data.Theory) || marks["text"] != len(s.Data.Theory) {
		t.Errorf("marks in the SVG %v: want 3 dots, %d lines and %d curve labels", marks, 1+len(s.Data.Theory), len(s.Data.Theory))
	}
	labels := eval[[]string](p, `[...document.querySelector(`+plot+`).querySelectorAll('g[aria-label="text"] text')].map(t => t.textContent)`)
	for _, f := range []string{"n(n+1)/2", "n·Hₙ", "2n−1"} {
		if !slices.Contains(labels, f) {
			t.Errorf("the plot labels %q, want %s among them", labels, f)
		}
	}
	var kinds []string
	for _, l := range s.Legend {
		kinds = append(kinds, l.Kind)
	}
	if len(s.Legend) != 1+len(s.Data.Theory) || kinds[0] != "measured" {
		t.Errorf("legend %+v: want the measurement and every curve", s.Legend)
	}
	if n := p.count(tid(hookExpLegend) + ` li`); n != len(s.Legend) {
		t.Errorf("%d legend items on the page, want %d", n, len(s.Legend))
	}

	// downloads: the server's CSV of the same rows, and the plot as a standalone SVG
	csv := p.download(tid(hookExpCSV))
	apiCSV := postCSV(t, body)
	if !bytes.Equal(csv, apiCSV) {
		t.Errorf("the CSV download differs from the API's CSV:\n%.300s\nwant\n%.300s", csv, apiCSV)
	}
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if len(lines) != 16 || !strings.HasPrefix(lines[0], "n,seed,") || !strings.Contains(lines[0], "messages.byType.ELECTION") {
		t.Errorf("CSV: %d lines, header %q; want a header and 15 rows", len(lines), lines[0])
	}
	svg := p.download(tid(hookExpSVG))
	if !bytes.HasPrefix(svg, []byte("<?xml")) || !bytes.Contains(svg, []byte("<svg")) {
		t.Fatalf("the SVG download is not an SVG document: %.200s", svg)
	}
	for _, s := range []string{"n·Hₙ", "n(n+1)/2", "2n−1", "ELECTION", "Chang"} {
		if !bytes.Contains(svg, []byte(s)) {
			t.Errorf("the SVG file lacks %q", s)
		}
	}
	if bytes.Contains(svg, []byte("var(--")) {
		t.Errorf("the SVG file uses the page's CSS variables, which a file alone cannot resolve")
	}
	checkXML(t, svg)

	// log scale: off and on again redraws the axes
	ticks := `[...document.querySelector(` + plot + `).querySelectorAll('g[aria-label="y-axis tick label"] text')].map(t => t.textContent).join(' ')`
	before := eval[string](p, ticks)
	p.press(hookExpLog)
	p.waitFor("the plot redrawn with the other scale", ticks+` !== `+jsString(before))
	if got := eval[expState](p, jsExp); got.Result.Plot.Log == s.Result.Plot.Log {
		t.Errorf("the log toggle did not change the plot's scale (log %v)", got.Result.Plot.Log)
	}

	// back to the run: its views are there again
	p.press(hookTabRun)
	p.waitFor("the run's views", fmt.Sprintf(`document.querySelector(%s).getBoundingClientRect().width > 100`, jsString(selTopology)))
}

// TestExperimentEventLimit runs Chang–Roberts with IDs decreasing along the
// ring, in German, for n = 600 and 1500 from the page: n = 600 needs about
// 364,000 events, more than the server's default limit of 100,000, so it
// ends only because the page asks for the largest limit (1,000,000); n = 1500
// needs about 2.25 million and stops at the limit. The stopped run is left
// out of the plot and the summary says so; the axes carry 5 to 10 labels
// written the German way, none cut off at the left edge, and the y axis's
// title clear of its tick labels.
func TestExperimentEventLimit(t *testing.T) {
	p := newPage(t)
	p.open("/?algorithm=chang-roberts&n=8&seed=1&idOrder=decreasing&lang=de")
	p.press(hookTabExperiment)
	p.waitFor("the Experiment tab", fmt.Sprintf(`!document.querySelector(%s).hidden && document.querySelector('#exp-vary').value === 'n'`, jsString(tid("experiment"))))
	p.fill(hookExpValues, "600,1500")
	p.fill(hookExpSeeds, "1")
	p.press(hookExpRun)
	p.waitFor("the experiment's plot", jsExp+`.result !== null && document.querySelector(`+jsString(tid(hookExpPlot))+`) !== null`)
	s := eval[expState](p, jsExp)
	if s.Result.Rows != 2 || s.Result.Stopped != 1 || s.Result.Used != 1 {
		p.fatalf("result %+v: want 2 rows, the run with n = 1500 stopped at its event limit, the one with n = 600 used", *s.Result)
	}
	if s.Data == nil || len(s.Data.Series) != 1 || len(s.Data.Series[0].Points) != 1 {
		p.fatalf("the plot's data %+v: want one measured point", s.Data)
	}
	if pt := s.Data.Series[0].Points[0]; pt.X != 600 || pt.Mean != 600*601/2 {
		t.Errorf("plotted %+v, want n = 600 with n(n+1)/2 = 180300 ELECTION messages (the run ended)", pt)
	}
	warning := eval[string](p, `[...document.querySelectorAll(`+jsString(tid("exp-warning"))+`)].map(e => e.textContent).join(' | ')`)
	if !strings.Contains(warning, "1 von 2 Läufen") || !strings.Contains(warning, "1.000.000") {
		t.Errorf("the summary's warning %q: want how many runs stopped (1 von 2 Läufen) at which limit (1.000.000)", warning)
	}

	plot := jsString(tid(hookExpPlot))
	type box struct {
		Text        string
		Left, Right float64
	}
	labels := func(axis string) []box {
		return eval[[]box](p, `[...document.querySelector(`+plot+`).querySelectorAll('g[aria-label="`+axis+`-axis tick label"] text')].map(e => { const r = e.getBoundingClientRect(); return {text: e.textContent, left: r.left, right: r.right}; })`)
	}
	ys, xs := labels("y"), labels("x")
	for name, ls := range map[string][]box{"y": ys, "x": xs} {
		if len(ls) < 2 || len(ls) > 10 {
			t.Errorf("%s axis: %d tick labels %v, want 2 to 10", name, len(ls), ls)
		}
	}
	svgLeft := eval[float64](p, `document.querySelector(`+plot+`).getBoundingClientRect().left`)
	title := eval[box](p, `(() => { const r = document.querySelector(`+plot+`).querySelector('g[aria-label="y-axis label"] text').getBoundingClientRect(); return {left: r.left, right: r.right}; })()`)
	var texts []string
	for _, l := range ys {
		texts = append(texts, l.Text)
		if l.Left < svgLeft {
			t.Errorf("y tick label %q starts %.1f px left of the plot: cut off", l.Text, svgLeft-l.Left)
		}
		if title.Right > l.Left-2 {
			t.Errorf("the y axis's title (right edge %.1f) runs into the tick label %q (left edge %.1f)", title.Right, l.Text, l.Left)
		}
	}
	if title.Left < svgLeft {
		t.Errorf("the y axis's title starts left of the plot")
	}
	if len(ys) < 5 || !slices.Contains(texts, "150.000") {
		t.Errorf("y tick labels %q: want 5 or more, written the German way (150.000)", texts)
	}
}

// TestExperimentRefusals: a value out of bounds is refused by the page
// before anything is sent; too much work is refused by the server and shown.
func TestExperimentRefusals(t *testing.T) {
	p := openExperiment(t)
	p.fill(hookExpValues, "1,4")
	p.press(hookExpRun)
	p.waitFor("the page's refusal", fmt.Sprintf(`!document.querySelector(%[1]s).hidden && document.querySelector(%[1]s).textContent.includes('2')`, jsString(tid(hookExpError))))
	if s := eval[expState](p, jsExp); s.Running != nil {
		t.Errorf("an experiment with n = 1 was started: %+v", s.Running)
	}
	p.fill(hookExpValues, "4,8")
	p.fill(hookExpSeeds, "6000")
	p.press(hookExpRun)
	p.waitFor("the server's refusal", fmt.Sprintf(`!document.querySelector(%[1]s).hidden && /too much work/.test(document.querySelector(%[1]s).textContent)`, jsString(tid(hookExpError))))
	p.waitFor("the run button back", fmt.Sprintf(`!document.querySelector(%s).disabled`, jsString(tid(hookExpRun))))
}

// TestExperimentCancel starts a long experiment and cancels it.
func TestExperimentCancel(t *testing.T) {
	p := openExperiment(t)
	p.fill(hookExpValues, "2048")
	p.fill(hookExpSeeds, "5000")
	p.press(hookExpRun)
	p.waitFor("the experiment running", jsExp+`.running !== null && !document.querySelector(`+jsString(tid(hookExpCancel))+`).hidden`)
	p.press(hookExpCancel)
	p.waitFor("the cancel confirmed", jsExp+`.running === null && /\d/.test(document.querySelector(`+jsString(tid(hookExpProgress))+`).textContent)`)
	if s := eval[expState](p, jsExp); s.Result != nil {
		t.Errorf("a cancelled experiment left a result: %+v", s.Result)
	}
	if txt := eval[string](p, `document.querySelector(`+jsString(tid(hookExpProgress))+`).textContent`); !strings.Contains(txt, "Cancelled") {
		t.Errorf("progress says %q after the cancel", txt)
	}
}

func postCSV(t *testing.T, body string) []byte {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, baseURL+"/api/experiments", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/csv")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("CSV: status %d, %v: %.300s", resp.StatusCode, err, b)
	}
	return b
}

// checkXML fails unless b is well-formed XML.
func checkXML(t *testing.T, b []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("the SVG file is not well-formed XML: %v", err)
		}
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
