package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// smallText is a text the audience reads, drawn below the presenter's size.
type smallText struct {
	Text  string
	PX    float64
	Where string
}

// jsSmallTexts lists the texts drawn in the views (the topology, the tree,
// the grid, the space-time diagram, their titles, notes and legends) whose
// rendered size is below min px: an SVG text's computed size times the
// drawing's scale on screen (getScreenCTM), an HTML text's computed size.
func jsSmallTexts(min int) string {
	return fmt.Sprintf(`(() => {
	const min = %d, out = [];
	const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth && getComputedStyle(el).visibility !== 'hidden'; };
	for (const el of document.querySelectorAll('.views svg text')) {
		if (el.closest('defs') || !el.textContent.trim() || !shown(el)) continue;
		const m = el.getScreenCTM();
		const px = parseFloat(getComputedStyle(el).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
		if (px < min - 0.05) out.push({Text: el.textContent.trim().slice(0, 40), PX: Math.round(px * 10) / 10, Where: (el.closest('svg').id || 'svg') + ' ' + el.getAttribute('class') + ' at ×' + (m ? Math.hypot(m.a, m.b).toFixed(2) : '?')});
	}
	const walker = document.createTreeWalker(document.querySelector('.views'), NodeFilter.SHOW_TEXT);
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		const el = n.parentElement;
		if (!n.textContent.trim() || el.closest('svg') || !shown(el)) continue;
		const px = parseFloat(getComputedStyle(el).fontSize);
		if (px < min - 0.05) out.push({Text: n.textContent.trim().slice(0, 40), PX: px, Where: el.tagName + '.' + el.className});
	}
	return out;
})()`, min)
}

// presenterRuns are runs of every view, each at an event with messages in
// flight (the grid's lecture and majority: many small cards, few large ones;
// its deadlock's end: the cycle's caption, the violation's banner).
var presenterRuns = []struct {
	name, link string
	steps      int
}{
	{"ring", "/?algorithm=chang-roberts&scenario=worst-case", 10},
	{"complete", "/?algorithm=bully&scenario=lecture", 8},
	{"grid", "/?algorithm=maekawa&scenario=lecture", 10},
	{"grid-majority", "/?algorithm=maekawa&scenario=majority", 14},
	{"grid-deadlock", "/?algorithm=maekawa&scenario=lecture-deadlock", 400},
	{"tree", "/?algorithm=tree-echo&scenario=one-starter", 10},
	{"tree-ports", "/?algorithm=firewire&scenario=three-port-bus", 10},
	{"graph", "/?algorithm=echo-election&scenario=one-initiator", 8},
	{"clocks", "/?algorithm=berkeley&scenario=lecture", 8},
	{"group", "/?algorithm=srm&scenario=subtree-loss", 8},
	{"group-nack", "/?algorithm=nack&scenario=gap", 8},
}

// TestPresenterFontSizes opens a run of every view at 1024×768, turns
// presenter mode on and measures every text of the views: none may be
// below 18 px. Screenshots go to $DISTVIZ_E2E_SHOTS when it is set.
func TestPresenterFontSizes(t *testing.T) {
	for _, c := range presenterRuns {
		t.Run(c.name, func(t *testing.T) {
			p := newPage(t)
			p.open(c.link + "&step=" + fmt.Sprint(c.steps))
			p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
			p.press(hookPresenter)
			p.waitFor("presenter mode", `document.documentElement.classList.contains('presenter')`)
			// (the views lay out again for the new scale in an animation
			// frame, late on a loaded machine: wait for it, then report)
			_ = p.poll(jsSmallTexts(18) + ".length === 0")
			small := eval[[]smallText](p, jsSmallTexts(18))
			for _, s := range small {
				t.Errorf("%s: %q is %.1f px (%s)", c.name, s.Text, s.PX, s.Where)
			}
			if d := os.Getenv("DISTVIZ_E2E_SHOTS"); d != "" {
				b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
				if err == nil {
					_ = os.WriteFile(filepath.Join(d, "presenter-"+c.name+".png"), b, 0o644)
				}
			}
		})
	}
}
