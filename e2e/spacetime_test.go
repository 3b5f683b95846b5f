package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestSpacetimeByOrder switches the space-time diagram to one column per
// event: events at the same virtual time get their own x, in their order,
// and every dot stays whole inside the drawing.
func TestSpacetimeByOrder(t *testing.T) {
	p := newPage(t)
	p.open("/?algorithm=maekawa&scenario=lecture&step=14")
	p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
	const jsXs = `[...document.querySelectorAll('#spacetime .st-ev[data-seq]')].map(e => [Number(e.dataset.seq), Number(e.getAttribute('cx') || 0)]).filter(([s, x]) => x > 0).sort((a, b) => a[0] - b[0])`
	sameX := func(xs [][2]float64) int {
		k := 0
		for i := 1; i < len(xs); i++ {
			if xs[i][1] == xs[i-1][1] {
				k++
			}
		}
		return k
	}
	p.waitFor("the diagram's events", jsXs+`.length > 10`)
	before := eval[[][2]float64](p, jsXs)
	p.click(tid("st-order"))
	p.waitFor("the diagram by order", `document.querySelector('[data-testid="st-order"]').getAttribute('aria-pressed') === 'true'`)
	p.do("drawing", chromedp.Sleep(200_000_000))
	after := eval[[][2]float64](p, jsXs)
	if len(after) == 0 {
		p.fatalf("no event drawn by order")
	}
	for i := 1; i < len(after); i++ {
		if after[i][1] <= after[i-1][1] {
			t.Errorf("by order, event %v is at x %v, not right of event %v at %v", after[i][0], after[i][1], after[i-1][0], after[i-1][1])
		}
	}
	t.Logf("events sharing an x: %d of %d by time, %d of %d by order", sameX(before), len(before), sameX(after), len(after))
	whole := eval[bool](p, `(() => {
		const sb = document.getElementById('spacetime').getBoundingClientRect();
		return [...document.querySelectorAll('#spacetime .st-ev')].every(e => { const r = e.getBoundingClientRect(); return r.width === 0 || r.right <= sb.right + 0.5 && r.left >= sb.left - 0.5; });
	})()`)
	if !whole {
		t.Errorf("an event's dot is cut at the diagram's edge")
	}
	if d := os.Getenv("DISTVIZ_E2E_SHOTS"); d != "" {
		if b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot()); err == nil {
			_ = os.WriteFile(filepath.Join(d, "spacetime-order.png"), b, 0o644)
		}
	}
}

// TestSpacetimeLanesPresent: a FireWire bus with free device slots has a
// lane only for each device plugged in.
func TestSpacetimeLanesPresent(t *testing.T) {
	p := openTree(t, firewireBus, 8)
	p.waitFor("a lane per device plugged in", `document.querySelectorAll('#spacetime .st-label').length === 8`)
	n := eval[int](p, `window.distviz.state.run.nodes.length`)
	if n <= 8 {
		t.Fatalf("the bus has %d slots: the scenario should leave some free", n)
	}
}

// TestSpacetimeFilter hides a process and a message type: the process
// loses its lane, the type its arrows.
func TestSpacetimeFilter(t *testing.T) {
	p := openRun(t, "/?algorithm=bully&scenario=lecture&step=12", 8)
	p.waitFor("the diagram's arrows", `document.querySelectorAll('#spacetime .st-arrow').length > 3`)
	p.click(`[data-testid="st-filter"] > summary`)
	const visibleArrows = `[...document.querySelectorAll('#spacetime .st-arrow.mt-%d')].filter(a => a.getAttribute('display') !== 'none').length`
	k := eval[int](p, `(() => { const a = document.querySelector('#spacetime .st-arrow'); return Number([...a.classList].find(c => c.startsWith('mt-')).slice(3)); })()`)
	typ := eval[string](p, fmt.Sprintf(`document.querySelector('.legend .msg.mt-%d')?.dataset.type || ''`, k))
	if typ == "" || eval[int](p, fmt.Sprintf(visibleArrows, k)) == 0 {
		p.fatalf("no arrow of colour %d (type %q) to filter", k, typ)
	}
	p.click(fmt.Sprintf(`[data-filter="type"][value=%q]`, typ))
	p.waitFor("the type's arrows gone", fmt.Sprintf(visibleArrows, k)+` === 0`)
	p.click(`[data-filter="proc"][value="0"]`)
	p.waitFor("P0's lane gone", `document.querySelectorAll('#spacetime .st-label').length === 7 && ![...document.querySelectorAll('#spacetime .st-label')].some(e => e.textContent === 'P0')`)
	if d := os.Getenv("DISTVIZ_E2E_SHOTS"); d != "" {
		if b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot()); err == nil {
			_ = os.WriteFile(filepath.Join(d, "spacetime-filter.png"), b, 0o644)
		}
	}
}

// TestSpacetimeStays: mutual exclusion's critical sections are bars on the
// process lines, one per entry the outcome lists, each from its entry to
// its exit on its process's lane.
func TestSpacetimeStays(t *testing.T) {
	p := newPage(t)
	p.open("/?algorithm=ricart-agrawala&scenario=lecture&step=200")
	p.waitFor("the entries", `(window.distviz.state.frame?.outcome?.entries || []).length > 0 && document.querySelectorAll('#spacetime .st-stay').length > 0`)
	type stay struct{ Node, Bars int }
	got := eval[[]stay](p, `(() => {
		const f = window.distviz.state.frame;
		return f.outcome.entries.map(e => ({Node: e.node, Bars: document.querySelectorAll('#spacetime .st-stay[data-stay="' + e.node + '"]').length}));
	})()`)
	bars := p.count(`#spacetime .st-stay`)
	if bars != len(got) {
		t.Errorf("%d bars for %d entries", bars, len(got))
	}
	for _, s := range got {
		if s.Bars == 0 {
			t.Errorf("P%d's entry has no bar on its line", s.Node)
		}
	}
	onLane := eval[bool](p, `[...document.querySelectorAll('#spacetime .st-stay')].every(r => {
		const lane = [...document.querySelectorAll('#spacetime .st-label')].find(l => l.textContent === 'P' + r.dataset.stay);
		if (!lane) return false;
		const a = r.getBoundingClientRect(), b = lane.getBoundingClientRect();
		return Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) < 3;
	})`)
	if !onLane {
		t.Errorf("a bar is not on its process's lane")
	}
	t.Logf("%d entries, %d bars", len(got), bars)
	if d := os.Getenv("DISTVIZ_E2E_SHOTS"); d != "" {
		if b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot()); err == nil {
			_ = os.WriteFile(filepath.Join(d, "spacetime-stays.png"), b, 0o644)
		}
	}
}

// TestSpacetimeZoom zooms the diagram in with the wheel, pans it by
// dragging and lets it follow the cursor again with a double click.
func TestSpacetimeZoom(t *testing.T) {
	p := openRun(t, "/?algorithm=bully&scenario=lecture&step=18", 8)
	const jsTicks = `[...document.querySelectorAll('#spacetime .st-ticklabel')].map(e => Number(e.textContent.replace(/\s/g, '')))`
	p.waitFor("the diagram's axis", jsTicks+`.length > 1`)
	before := eval[[]float64](p, jsTicks)
	at := eval[[]float64](p, `(() => { const r = document.getElementById('spacetime').getBoundingClientRect(); return [r.left + r.width * 0.6, r.top + r.height / 2]; })()`)
	for range 4 {
		if _, err := chromedp.Call(p.ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
			Type: input.DispatchMouseEventTypeMouseWheel, X: at[0], Y: at[1], DeltaX: 1, DeltaY: -200,
		}); err != nil {
			p.fatalf("turning the wheel: %v", err)
		}
	}
	p.waitFor("a narrower window", fmt.Sprintf(`(() => { const t = %s; return t.length > 1 && t[t.length - 1] - t[0] < %v; })()`, jsTicks, before[len(before)-1]-before[0]))
	zoomed := eval[[]float64](p, jsTicks)
	// drag to the right: the window moves to earlier times
	for _, ev := range []struct {
		typ input.DispatchMouseEventType
		x   float64
	}{{input.DispatchMouseEventTypeMousePressed, at[0]}, {input.DispatchMouseEventTypeMouseMoved, at[0] + 60}, {input.DispatchMouseEventTypeMouseMoved, at[0] + 120}, {input.DispatchMouseEventTypeMouseReleased, at[0] + 120}} {
		if _, err := chromedp.Call(p.ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: ev.typ, X: ev.x, Y: at[1], Button: input.MouseButtonLeft, Buttons: 1, ClickCount: 1}); err != nil {
			p.fatalf("dragging: %v", err)
		}
	}
	p.waitFor("the window panned", fmt.Sprintf(`%s[0] < %v || %s.length !== %d`, jsTicks, zoomed[0], jsTicks, len(zoomed)))
	if y := eval[float64](p, `window.scrollY`); y != 0 {
		t.Errorf("zooming scrolled the page by %v px", y)
	}
	t.Logf("ticks %v, zoomed %v, panned %v", before, zoomed, eval[[]float64](p, jsTicks))
	p.do("double click", chromedp.DoubleClick(chromedp.CSS(`#spacetime .bg`)))
	p.waitFor("the window following the cursor again", fmt.Sprintf(`JSON.stringify(%s) === %s`, jsTicks, jsString(jsonFloats(before))))
}

func jsonFloats(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ",") + "]"
}
