package e2e

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The lecture's bully example (coordinator P7 crashed from the start, P4
// notices) and an eight-process Chang–Roberts ring, as deep links and as
// API requests for the same runs.
const (
	bullyLink = "/?algorithm=bully&n=8&crashed=7&detectors=4&seed=3"
	bullyBody = `{"algorithm":"bully","params":{"n":8,"crashed":[7],"detectors":[4]},"seed":3}`
	ringLink  = "/?algorithm=chang-roberts&n=8&seed=1"
	ringBody  = `{"algorithm":"chang-roberts","params":{"n":8},"seed":1}`
	ring5Link = "/?algorithm=chang-roberts&n=5&seed=1"
)

// openRun opens a deep link and waits until its n processes are drawn.
func openRun(t testing.TB, link string, n int) *page {
	t.Helper()
	p := newPage(t)
	p.open(link)
	p.waitFor(fmt.Sprintf("%d processes drawn", n),
		fmt.Sprintf(`document.querySelectorAll(%s).length === %d`, jsString(selNode), n))
	p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`,
		jsStep, jsString(tid(hookScrubber))))
	return p
}

// step is the event the page shows.
func (p *page) step() int {
	p.t.Helper()
	return eval[int](p, jsStep)
}

// press clicks the control with a data-testid.
func (p *page) press(hook string) {
	p.t.Helper()
	p.click(tid(hook))
}

// pressUntil presses a control and waits until the event shown satisfies
// cond (JavaScript after the number, e.g. "> 3"); it returns the event.
func (p *page) pressUntil(hook, cond string) int {
	p.t.Helper()
	before := p.step()
	p.press(hook)
	p.waitFor(fmt.Sprintf("event %s after %q (it was %d)", cond, hook, before), jsStep+" "+cond)
	return p.step()
}

// forward steps once and returns the new event.
func (p *page) forward() int {
	p.t.Helper()
	return p.pressUntil(hookForward, fmt.Sprintf("> %d", p.step()))
}

// checkFlights waits until the messages drawn are those in flight in the
// trace at the event shown.
func (p *page) checkFlights(d traceDoc) {
	p.t.Helper()
	seq := p.step()
	want := jsonInts(d.inFlight(int64(seq)))
	if err := p.poll(fmt.Sprintf(`JSON.stringify(%s) === %s`, jsMsgIDs, jsString(want))); err != nil {
		p.fatalf("after event %d the trace has the messages %s in flight, the picture %s: %v",
			seq, want, jsonInts(eval[[]int](p, jsMsgIDs)), err)
	}
}

func jsonInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ",") + "]"
}

// showSetup opens the set-up panel (with the trace's import and export),
// which a deep link on a narrow screen closes.
func (p *page) showSetup() {
	p.t.Helper()
	if eval[string](p, fmt.Sprintf(`document.querySelector(%s).getAttribute('aria-expanded')`, jsString(tid(hookSetup)))) == "false" {
		p.press(hookSetup)
	}
	p.waitFor("the set-up panel", fmt.Sprintf(`(() => {
		const r = document.querySelector(%s).getBoundingClientRect();
		return r.width > 0 && r.right <= innerWidth;
	})()`, jsString(tid(hookExportJSON))))
}

// TestHooks checks that the lecture view has every control the other tests
// (and a lecturer) need, naming all that are missing at once.
func TestHooks(t *testing.T) {
	p := openRun(t, bullyLink, 8)
	var missing []string
	for _, h := range allHooks {
		if p.count(tid(h)) == 0 {
			missing = append(missing, h)
		}
	}
	if len(missing) > 0 {
		p.fatalf("the lecture view lacks data-testid %s", strings.Join(missing, ", "))
	}
}

// TestDeepLink opens the lecture's bully example by its address: eight
// processes, P7 crashed from the start (its initial crash is event 1), and
// the address keeps the parameters.
func TestDeepLink(t *testing.T) {
	p := openRun(t, bullyLink, 8)
	for pos := range 8 {
		if n := p.count(node(pos)); n != 1 {
			p.fatalf("%d elements %s, want 1", n, node(pos))
		}
	}
	p.waitFor("P7's crashed cues", jsCrashed(7))
	for pos := range 7 {
		if eval[bool](p, jsCrashed(pos)) {
			p.fatalf("P%d is drawn crashed", pos)
		}
	}
	if s := p.step(); s != 1 {
		p.fatalf("event %d shown at the start, want 1 (the initial crash)", s)
	}
	loc := eval[string](p, `location.search`)
	for _, kv := range []string{"algorithm=bully", "n=8", "crashed=7", "detectors=4", "seed=3"} {
		if !strings.Contains(loc, kv) {
			t.Errorf("the address %q lost %s", loc, kv)
		}
	}
}

// TestStepBackFirstLast steps forward and back and jumps to both ends; at
// every stop the messages drawn are those in flight in the trace of the same
// run from the HTTP API.
func TestStepBackFirstLast(t *testing.T) {
	d := simulate(t, bullyBody)
	p := openRun(t, bullyLink, 8)
	s0 := p.step()
	p.checkFlights(d)
	s1 := p.forward()
	p.checkFlights(d)
	s2 := p.forward()
	p.checkFlights(d)
	p.pressUntil(hookBack, fmt.Sprintf("=== %d", s1))
	p.checkFlights(d)
	p.pressUntil(hookLast, fmt.Sprintf("=== %d", len(d.Events)))
	p.checkFlights(d)
	if n := eval[string](p, fmt.Sprintf(`document.querySelector(%s).textContent`, jsString(tid(hookEvents)))); n != fmt.Sprint(len(d.Events)) {
		t.Errorf("%s events counted at the end, want %d", n, len(d.Events))
	}
	p.pressUntil(hookFirst, fmt.Sprintf("=== %d", s0))
	p.checkFlights(d)
	t.Logf("events shown: %d, forward %d, %d, back %d, last %d, first %d", s0, s1, s2, s1, len(d.Events), s0)
}

// TestScrubber drags the scrubber to the middle of the run and to its end.
func TestScrubber(t *testing.T) {
	d := simulate(t, bullyBody)
	p := openRun(t, bullyLink, 8)
	s0 := p.step()
	p.pressUntil(hookLast, fmt.Sprintf("=== %d", len(d.Events)))
	p.pressUntil(hookFirst, fmt.Sprintf("=== %d", s0))
	top := eval[int](p, fmt.Sprintf(`Number(document.querySelector(%s).max)`, jsString(tid(hookScrubber))))
	if top < 2 {
		p.fatalf("the scrubber's max is %d after visiting the end of the run", top)
	}
	scrub := func(v int) {
		t.Helper()
		p.do(fmt.Sprintf("scrubbing to %d", v), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const s = document.querySelector(%s);
			s.value = %d;
			s.dispatchEvent(new Event('input', {bubbles: true}));
			s.dispatchEvent(new Event('change', {bubbles: true}));
		})()`, jsString(tid(hookScrubber)), v)))
	}
	scrub(top / 2)
	p.waitFor(fmt.Sprintf("an event inside the run after scrubbing to step %d of %d", top/2, top),
		fmt.Sprintf(`%s > %d && %s < %d`, jsStep, s0, jsStep, len(d.Events)))
	p.checkFlights(d)
	scrub(top)
	p.waitFor("the last event after scrubbing to the end", fmt.Sprintf(`%s === %d`, jsStep, len(d.Events)))
}

// TestCrashFromMenu crashes a process through its click menu.
func TestCrashFromMenu(t *testing.T) {
	p := openRun(t, ring5Link, 5)
	if eval[bool](p, jsCrashed(2)) {
		p.fatalf("P2 is drawn crashed before anything happened")
	}
	s0 := p.step()
	p.click(node(2))
	p.waitFor("P2's menu", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(menuItem("crash"))))
	p.click(menuItem("crash"))
	p.waitFor("P2's crashed cues", jsCrashed(2))
	p.waitFor("the crash as a new event", fmt.Sprintf(`%s > %d`, jsStep, s0))
	for _, pos := range []int{0, 1, 3, 4} {
		if eval[bool](p, jsCrashed(pos)) {
			p.fatalf("P%d is drawn crashed too", pos)
		}
	}
}

// TestManualDelivery switches to manual scheduling and delivers a message
// that the default schedule would not deliver next, by clicking it.
func TestManualDelivery(t *testing.T) {
	p := openRun(t, ring5Link, 5)
	p.click(tid(hookManual))
	p.waitFor("manual scheduling on", fmt.Sprintf(`document.querySelector(%s).checked`, jsString(tid(hookManual))))
	// Everyone starts and sends an ELECTION to its neighbour: step until
	// at least two messages are deliverable.
	for range 10 {
		if len(eval[[]int](p, jsDeliverable)) >= 2 {
			break
		}
		p.forward()
	}
	ids := eval[[]int](p, jsDeliverable)
	if len(ids) < 2 {
		p.fatalf("fewer than two deliverable messages drawn after 10 steps: %v (drawn: %v)", ids, eval[[]int](p, jsMsgIDs))
	}
	pick, other := ids[len(ids)-1], ids[0] // the default schedule delivers the oldest first
	s := p.step()
	p.click(msg(pick))
	p.waitFor("the message's menu", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(menuItem("deliver"))))
	p.click(menuItem("deliver"))
	p.waitFor(fmt.Sprintf("message %d delivered (gone from the picture)", pick),
		fmt.Sprintf(`!document.querySelector(%s) && %s > %d`, jsString(msg(pick)), jsStep, s))
	if p.count(msg(other)) != 1 {
		p.fatalf("message %d is gone too: clicking %d did more than deliver it", other, pick)
	}
}

// TestExportImport exports the trace of a finished run, checks it is the
// run's trace (the server re-simulates it on import), imports it again
// through the page's file input, and exports the picture as SVG.
func TestExportImport(t *testing.T) {
	want := simulate(t, bullyBody)
	p := openRun(t, bullyLink, 8)
	p.pressUntil(hookLast, fmt.Sprintf("=== %d", len(want.Events)))
	p.showSetup()
	b := p.download(tid(hookExportJSON))
	got := parseTrace(t, b)
	if got.Algorithm != "bully" || got.Seed != 3 || len(got.Nodes) != 8 {
		t.Fatalf("exported %s seed %d with %d nodes, want bully seed 3 with 8", got.Algorithm, got.Seed, len(got.Nodes))
	}
	if len(got.Events) != len(want.Events) || got.Summary == nil || !got.Summary.Terminated {
		t.Fatalf("exported %d events (summary %+v), want the whole run's %d", len(got.Events), got.Summary, len(want.Events))
	}
	importTrace(t, b)

	file := filepath.Join(t.TempDir(), "bully.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	p.pressUntil(hookFirst, "=== 1")
	// The export link names the run shown: /api/runs/{id}/trace.
	href := fmt.Sprintf(`document.querySelector(%s).getAttribute('href')`, jsString(tid(hookExportJSON)))
	before := eval[string](p, href)
	p.do("choosing the file to import", chromedp.SetUploadFiles(chromedp.CSS(tid(hookImport)), []string{file}))
	p.waitFor("the imported run", fmt.Sprintf(`%s !== %s && document.querySelectorAll(%s).length === 8`,
		href, jsString(before), jsString(selNode)))
	p.pressUntil(hookLast, fmt.Sprintf("=== %d", len(want.Events)))
	p.checkFlights(want)

	p.showSetup()
	svg := p.download(tid(hookExportSVG))
	var root struct{ XMLName xml.Name }
	if err := xml.Unmarshal(svg, &root); err != nil || root.XMLName.Local != "svg" {
		t.Fatalf("the exported picture is not an SVG document (root %q): %v\n%.300s", root.XMLName.Local, err, svg)
	}
	if n := strings.Count(string(svg), "data-node="); n != 8 {
		t.Errorf("the exported SVG has %d processes (data-node), want 8", n)
	}
}

// jsUIText is the page's text outside the drawings (attributes a screen
// reader or a tooltip shows included), normalised. The scrubber's marks are
// left out: they follow the run a moment later (throttled).
const jsUIText = `(() => {
	const skip = new Set([...document.querySelectorAll('svg, #reference, [data-testid="scrubber-marks"]')]);
	const parts = [];
	const walk = el => {
		if (skip.has(el)) return;
		for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
		for (const c of el.childNodes) c.nodeType === 3 ? parts.push(c.textContent) : c.nodeType === 1 && walk(c);
	};
	walk(document.body);
	return parts.join(' ').replace(/\s+/g, ' ').trim();
})()`

// TestThemeAndPresenter toggles the theme and presenter mode: each changes
// how the page looks, and pressing it again restores the look.
func TestThemeAndPresenter(t *testing.T) {
	p := openRun(t, ringLink, 8)
	const look = `(() => {
		const b = getComputedStyle(document.body), h = getComputedStyle(document.documentElement);
		return [b.backgroundColor, b.color, h.fontSize, document.documentElement.className, document.body.className,
			getComputedStyle(document.getElementById('setup')).display].join('|');
	})()`
	for _, h := range []string{hookTheme, hookPresenter} {
		before := eval[string](p, look)
		p.press(h)
		p.waitFor(h+" changing the page's look", look+` !== `+jsString(before))
		after := eval[string](p, look)
		p.press(h)
		p.waitFor(h+" pressed again restoring the look", look+` === `+jsString(before))
		t.Logf("%s: %s → %s", h, before, after)
	}
}

// TestScreenshotsAndSVG steps a ring into the middle of its election,
// checks the picture's elements against the trace and takes screenshots
// (kept in $DISTVIZ_E2E_SHOTS when it is set).
func TestScreenshotsAndSVG(t *testing.T) {
	d := simulate(t, ringBody)
	p := openRun(t, ringLink, 8)
	for range 6 {
		p.forward()
	}
	p.checkFlights(d)
	if n := p.count(selLink); n != 8 {
		p.fatalf("%d links (%s), want 8 for a ring of 8", n, selLink)
	}
	if n := len(eval[[]int](p, jsMsgIDs)); n == 0 {
		p.fatalf("no message drawn in the middle of the election")
	}
	if n := p.count(selNode + ` circle.body`); n != 8 {
		p.fatalf("%d process bodies (circle.body), want 8", n)
	}

	dir := t.TempDir()
	if d := os.Getenv("DISTVIZ_E2E_SHOTS"); d != "" { // to look at them
		dir = d
	}
	shot := func(name string, a chromedp.Action[[]byte]) []byte {
		t.Helper()
		b, err := chromedp.Run(p.ctx, a)
		if err != nil {
			p.fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		return b
	}
	if size := decodePNG(t, shot("viewport.png", chromedp.CaptureScreenshot())); size.X != width || size.Y != height {
		t.Errorf("viewport screenshot %v, want %dx%d", size, width, height)
	}
	if size := decodePNG(t, shot("full.png", chromedp.FullScreenshot(100))); size.X != width || size.Y < height {
		t.Errorf("full-page screenshot %v, want %d wide and at least %d high", size, width, height)
	}
	box := eval[[]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector(%s).getBoundingClientRect(); return [r.width, r.height]; })()`,
		jsString(selTopology)))
	size := decodePNG(t, shot("topology.png", chromedp.Screenshot(chromedp.CSS(selTopology))))
	if dx, dy := float64(size.X)-box[0], float64(size.Y)-box[1]; dx*dx > 4 || dy*dy > 4 || size.X < 200 {
		t.Errorf("the drawing's screenshot is %v, its box %.0fx%.0f", size, box[0], box[1])
	}
}

// TestJSUnit runs the JavaScript unit tests in the browser and fails with
// their failures.
func TestJSUnit(t *testing.T) {
	p := newPage(t)
	p.open("/static/test.html")
	results := jsString(tid(hookJSResults))
	p.waitFor("the JS test results", fmt.Sprintf(`document.querySelector(%s)?.dataset.done === 'true'`, results))
	type failure = map[string]any
	r := eval[struct {
		Passed   int       `json:"passed"`
		Failed   int       `json:"failed"`
		Failures []failure `json:"failures"`
	}](p, fmt.Sprintf(`JSON.parse(document.querySelector(%s).textContent)`, results))
	t.Logf("JS unit tests: %d passed, %d failed", r.Passed, r.Failed)
	for _, f := range r.Failures {
		t.Errorf("JS test failed: %v", f)
	}
	if r.Failed != len(r.Failures) {
		t.Errorf("%d JS tests failed, %d failures listed", r.Failed, len(r.Failures))
	}
	if r.Passed == 0 {
		t.Errorf("no JS test passed: does the runner find its tests?")
	}
	if errs := p.errors(); len(errs) > 0 {
		t.Errorf("the JS test page logged errors:\n%s", strings.Join(errs, "\n"))
	}
}
