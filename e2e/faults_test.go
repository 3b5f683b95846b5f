package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestWheelKeepsTheStage turns the mouse wheel over the drawing: the page
// must not scroll away from the lecture.
func TestWheelKeepsTheStage(t *testing.T) {
	p := openRun(t, "/?algorithm=chang-roberts&scenario=worst-case&step=4", 8)
	box := eval[[]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector(%s).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`, jsString(selTopology)))
	for range 5 {
		if _, err := chromedp.Call(p.ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
			Type: input.DispatchMouseEventTypeMouseWheel, X: box[0], Y: box[1], DeltaX: 1, DeltaY: 300,
		}); err != nil {
			p.fatalf("turning the wheel: %v", err)
		}
	}
	p.do("letting it scroll", chromedp.Sleep(300_000_000))
	if y := eval[float64](p, `window.scrollY + document.scrollingElement.scrollTop`); y != 0 {
		t.Errorf("the wheel over the stage scrolled the page by %v px", y)
	}
}

// TestViolationsNamedAndCounted opens a run that breaks an invariant, in
// German: the status pill names it in German, and the banner lists as many
// violations as the pill counts.
func TestViolationsNamedAndCounted(t *testing.T) {
	p := newPage(t)
	p.open("/?algorithm=maekawa&scenario=lecture-deadlock&step=400&lang=de")
	p.waitFor("a violation", `(window.distviz.state.frame?.violations || []).length > 0`)
	// the pill follows the frame within a tenth of a second (the panel's pace)
	const jsPill = `document.querySelector('[data-testid="invariants"]').textContent`
	p.waitFor("the pill naming the invariant in German", jsPill+`.includes("Verklemmung")`)
	if pill := eval[string](p, jsPill); strings.Contains(pill, "deadlock") {
		t.Errorf("the status pill says %q, want only the invariant's German name (Verklemmung)", pill)
	}
	n := eval[int](p, `window.distviz.state.frame.violations.length`)
	listed := p.count(`[data-testid="violation-banner"] .violation-item`)
	if listed != n {
		t.Errorf("%d violations, the banner lists %d", n, listed)
	}
	if got := eval[int](p, `fetch('/favicon.ico').then(r => r.status)`); got != 200 {
		t.Errorf("/favicon.ico: %d", got)
	}
}

// TestScenarioRunsAtOnce picks a scenario in the set-up form: the run
// starts without another click on Run.
func TestScenarioRunsAtOnce(t *testing.T) {
	p := openRun(t, "/?algorithm=chang-roberts&n=5&seed=1", 5)
	p.showSetup()
	eval[bool](p, `(() => {
		const s = document.querySelector('[data-testid="scenario"]');
		s.value = 'worst-case';
		return s.dispatchEvent(new Event('change', {bubbles: true}));
	})()`)
	p.waitFor("the scenario's run (8 processes)", fmt.Sprintf(`document.querySelectorAll(%s).length === 8`, jsString(selNode)))
}

// TestTreeNamesEveryDevice: every device of the tree view has its label, P0 too.
func TestTreeNamesEveryDevice(t *testing.T) {
	p := openTree(t, treeEchoLink, 8)
	labels := eval[[]string](p, `[...document.querySelectorAll('[data-testid="tree"] [data-node] .t-nlabel')].map(e => e.textContent)`)
	for i, l := range labels {
		if l != fmt.Sprintf("P%d", i) {
			t.Errorf("device %d is labelled %q", i, l)
		}
	}
}
