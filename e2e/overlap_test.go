package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// jsTextFaults lists the texts a reader cannot read whole: an HTML text cut
// by its box (wider than it, or an ellipsis) unless its tooltip says it
// whole, or reaching past the window;
// an SVG text reaching past its drawing; two texts of the views over each
// other (SVG texts of one drawing, the view titles over them); a text of a
// drawing under a message's pill that is not its own.
const jsTextFaults = `(() => {
	const out = [];
	const W = innerWidth;
	const name = (el) => JSON.stringify((el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40));
	const shown = (el) => {
		const r = el.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) return false;
		for (let e = el; e && e !== document.body; e = e.parentElement) {
			const s = getComputedStyle(e);
			// (a text only for screen readers is clipped to nothing on purpose)
			if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0' || s.clipPath !== 'none') return false;
		}
		return true;
	};
	const area = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
		Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
	// HTML: the top bar, the views, the controls
	for (const el of document.querySelectorAll('header *, .views *, .controls *, .lower *')) {
		if (el.closest('svg') || el.closest('select') || el.closest('[hidden]')) continue;
		const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
		if (!own || !shown(el)) continue;
		const r = el.getBoundingClientRect();
		if (r.right > W + 0.5 || r.left < -0.5) out.push('past the window: ' + name(el));
		const s = getComputedStyle(el);
		// (a text cut short whose tooltip says it whole is not cut: the run's title)
		const tip = el.closest('[title]');
		const whole = tip && tip.title.includes([...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim());
		if (!whole && (s.overflow !== 'visible' || s.textOverflow === 'ellipsis') && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) out.push('cut: ' + name(el));
		// cut by a box around it that hides what overflows
		for (let a = el.parentElement; !whole && a && a !== document.body; a = a.parentElement) {
			const sa = getComputedStyle(a);
			if (sa.overflowX === 'visible' && sa.overflowY === 'visible' && sa.contain.indexOf('paint') < 0 && sa.contain !== 'strict' && sa.contain !== 'content') continue;
			const ra = a.getBoundingClientRect();
			// (a box that scrolls up and down cuts nothing vertically)
			const scrolls = sa.overflowY === 'auto' || sa.overflowY === 'scroll';
			if (r.right > ra.right + 1 || r.left < ra.left - 1 || !scrolls && (r.bottom > ra.bottom + 1 || r.top < ra.top - 1)) {
				out.push('cut by ' + a.tagName.toLowerCase() + '.' + [...a.classList].join('.') + ': ' + name(el));
			}
			break;
		}
	}
	// the drawings
	const titles = [...document.querySelectorAll('.views .view-title')].filter(shown).map(e => [e, e.getBoundingClientRect()]);
	for (const s of document.querySelectorAll('.views svg')) {
		if (!shown(s) || s.closest('.legend')) continue;
		const sb = s.getBoundingClientRect();
		const texts = [...s.querySelectorAll('text')].filter(t => !t.closest('defs') && t.textContent.trim() && shown(t))
			.map(t => [t, t.getBoundingClientRect()]);
		for (const [t, r] of texts) {
			if (r.left < sb.left - 1 || r.right > sb.right + 1 || r.top < sb.top - 1 || r.bottom > sb.bottom + 1) out.push('past its drawing: ' + name(t));
			for (const [h, hr] of titles) if (area(r, hr) > 4) out.push('under the title ' + name(h) + ': ' + name(t));
		}
		for (let i = 0; i < texts.length; i++) {
			for (let j = i + 1; j < texts.length; j++) {
				const [a, ra] = texts[i], [b, rb] = texts[j];
				if (a.contains(b) || b.contains(a)) continue;
				const o = area(ra, rb);
				if (o > 0.15 * Math.min(ra.width * ra.height, rb.width * rb.height)) out.push('over each other: ' + name(a) + ' and ' + name(b));
			}
		}
		// a process's text under another process's body or role badge, or under its own
		// badge (a crashed process's cross is over it on purpose)
		const marks = [...s.querySelectorAll('g[data-node] > .body, g[data-node] > use.icon:not(.cross)')].filter(shown)
			.map(m => [m, m.getBoundingClientRect(), m.closest('g[data-node]')]);
		for (const [t, r] of texts) {
			const own = t.closest('g[data-node]');
			if (!own) continue;
			for (const [m, mr, of] of marks) {
				if (of === own && !m.matches('use.icon')) continue;
				if (area(r, mr) > 0.15 * r.width * r.height) out.push('under a ' + (m.matches('use') ? 'badge' : 'process') + ' of ' + of.dataset.node + ': ' + name(t));
			}
		}
		for (const pill of s.querySelectorAll('.msg .tok')) {
			const pr = pill.getBoundingClientRect();
			const own = pill.closest('.msg');
			for (const [t, r] of texts) {
				if (own.contains(t)) continue;
				const o = area(pr, r);
				if (o > 0.25 * r.width * r.height) out.push('a message over ' + name(t));
			}
		}
	}
	return [...new Set(out)];
})()`

// overlapRuns are the places the overlaps and cuts were seen, each at an
// event with something on screen.
var overlapRuns = []struct{ name, link string }{
	{"maekawa-majority", "/?algorithm=maekawa&scenario=majority&step=14"},
	{"maekawa-deadlock", "/?algorithm=maekawa&scenario=lecture-deadlock&step=400"},
	{"bully", "/?algorithm=bully&scenario=lecture&step=8"},
	{"chang-roberts", "/?algorithm=chang-roberts&scenario=worst-case&step=12"},
	{"tree-echo", "/?algorithm=tree-echo&scenario=one-starter&step=10"},
	{"tree-echo-first", "/?algorithm=tree-echo&scenario=one-starter&step=16"},
	{"tree-echo-18", "/?algorithm=tree-echo&scenario=lecture-18&step=30"},
	{"tree-echo-18-presenter", "/?algorithm=tree-echo&scenario=lecture-18&step=30&present=1"},
	{"firewire", "/?algorithm=firewire&scenario=three-port-bus&step=10"},
	{"central-mutex", "/?algorithm=central-mutex&scenario=all-at-once&step=60"},
	{"central-mutex-presenter", "/?algorithm=central-mutex&scenario=all-at-once&step=60&present=1"},
	{"echo-election-presenter", "/?algorithm=echo-election&scenario=grid&step=40&present=1"},
	{"echo-election-two-waves", "/?algorithm=echo-election&scenario=two-waves&step=20"},
}

// TestNoOverlapsOrCuts opens runs of every view at 1024×768 in English,
// German and Spanish, with the set-up panel closed and open, and looks for
// texts cut, past their box or over each other. Screenshots go to
// $DISTVIZ_E2E_SHOTS when it is set.
func TestNoOverlapsOrCuts(t *testing.T) {
	for _, c := range overlapRuns {
		for _, lang := range []string{"en", "de", "es"} {
			t.Run(c.name+"/"+lang, func(t *testing.T) {
				p := newPage(t)
				p.open(c.link + "&lang=" + lang)
				p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
				for _, setup := range []bool{false, true} {
					if setup && strings.Contains(c.link, "present=1") {
						continue // (the projector's page has no set-up panel)
					}
					if setup {
						p.showSetup()
					}
					p.do("letting the page lay out", chromedp.Sleep(400_000_000))
					if faults := eval[[]string](p, jsTextFaults); len(faults) > 0 {
						t.Errorf("%s in %s, set-up open %v:\n\t%s", c.name, lang, setup, strings.Join(faults, "\n\t"))
					}
					if d := os.Getenv("DISTVIZ_E2E_SHOTS"); d != "" {
						if b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot()); err == nil {
							_ = os.WriteFile(filepath.Join(d, fmt.Sprintf("%s-%s-setup%v.png", c.name, lang, setup)), b, 0o644)
						}
					}
				}
			})
		}
	}
}
