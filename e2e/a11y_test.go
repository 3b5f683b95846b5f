package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axe-core (static/vendor/axe, not embedded in the server) is injected into
// the page by the test itself: the page never loads it.
var (
	axeOnce sync.Once
	axeSrc  string
	axeErr  error
)

func axeSource(t testing.TB) string {
	t.Helper()
	axeOnce.Do(func() {
		var b []byte
		b, axeErr = os.ReadFile(filepath.Join("..", "static", "vendor", "axe", "axe.min.js"))
		axeSrc = string(b)
	})
	if axeErr != nil {
		t.Fatalf("reading axe-core: %v", axeErr)
	}
	return axeSrc
}

// axeFinding is one rule axe found broken, with the elements that break it.
type axeFinding struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// jsAxe runs axe on the whole page (WCAG 2.x A and AA, and best practice)
// and lists what it found.
const jsAxe = `(async () => {
	const r = await axe.run(document, {resultTypes: ["violations"]});
	return r.violations.map(v => ({id: v.id, impact: v.impact || "", help: v.help,
		targets: v.nodes.map(n => n.target.join(" "))}));
})()`

// audit injects axe (once per page load) and runs it.
func (p *page) audit() []axeFinding {
	p.t.Helper()
	if !eval[bool](p, `typeof window.axe === "object"`) {
		p.do("injecting axe-core", chromedp.Evaluate[chromedp.Void](axeSource(p.t)))
	}
	return eval[[]axeFinding](p, jsAxe)
}

// selShownNode is a process of the view shown, whichever it is.
const selShownNode = `#canvas > svg:not([hidden]) [data-node]`

// a11yViews are runs of every view, by a deep link and its process count.
var a11yViews = []struct{ name, link string }{
	{"ring", "/?algorithm=chang-roberts&n=6&seed=1&step=6"},
	{"complete", "/?algorithm=bully&n=6&seed=3&step=6"},
	{"tree", "/?algorithm=tree-echo&seed=1&step=6"},
	{"grid", "/?algorithm=maekawa&seed=1&step=6"},
	{"graph", "/?algorithm=dfs-traversal&seed=1&step=6"},
	{"clocks", "/?algorithm=berkeley&seed=1&step=6"},
	{"group", "/?algorithm=nack&seed=1&step=6"},
}

// TestAxe runs axe-core on the page for a run of every view, in English and
// German, with the set-up panel open and closed (each view two of the four,
// the views in turn all four); serious and critical findings fail, the
// others are logged. Then the view's keyboard: Tab reaches a named item, →
// moves to another, Enter opens its menu, Esc closes it and gives the focus
// back (the view kit's, so every view's). The Experiment tab is checked once.
func TestAxe(t *testing.T) {
	for i, v := range a11yViews {
		t.Run(v.name, func(t *testing.T) {
			p := newPage(t)
			p.open(v.link)
			p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && document.querySelectorAll(%s).length > 0`,
				jsStep, jsString(selShownNode)))
			for k, lang := range []string{"en", "de"} {
				p.setLang(lang)
				p.waitFor("the page in "+lang, fmt.Sprintf(`document.documentElement.lang === %q`, lang))
				open := (i+k)%2 == 0
				p.setSetup(open)
				p.reportAxe(fmt.Sprintf("%s, %s, set-up open %v", v.name, lang, open))
			}
			p.checkViewKeys()
			if i == 0 { // the Experiment tab, once
				p.press("tab-experiment")
				p.waitFor("the Experiment tab", `!document.querySelector('[data-testid="experiment"]').hidden`)
				p.reportAxe(v.name + ", the Experiment tab")
			}
		})
	}
}

// setSetup opens or closes the set-up panel.
func (p *page) setSetup(open bool) {
	p.t.Helper()
	expanded := fmt.Sprintf(`document.querySelector(%s).getAttribute('aria-expanded') === 'true'`, jsString(tid(hookSetup)))
	if eval[bool](p, expanded) != open {
		p.press(hookSetup)
	}
	p.waitFor(fmt.Sprintf("the set-up panel open: %v", open), fmt.Sprintf(`%s === %v`, expanded, open))
}

// reportAxe fails on serious and critical findings and logs the others.
func (p *page) reportAxe(where string) {
	p.t.Helper()
	// the drawing names its items a moment after it changed (views/kit/focus.js)
	p.waitFor("the drawing's names", fmt.Sprintf(`!document.querySelector(%s)`, jsString("#canvas > svg:not([hidden])[data-naming]")))
	var bad []string
	for _, f := range p.audit() {
		sort.Strings(f.Targets)
		line := fmt.Sprintf("%s: %s (%s) on %d elements: %s", where, f.ID, f.Impact, len(f.Targets), strings.Join(f.Targets[:min(len(f.Targets), 6)], " · "))
		if f.Impact == "serious" || f.Impact == "critical" {
			bad = append(bad, line)
		} else {
			p.t.Logf("%s", line)
		}
	}
	if len(bad) > 0 {
		p.t.Errorf("axe-core:\n%s", strings.Join(bad, "\n"))
	}
}

// checkViewKeys walks the drawing shown with the keyboard.
func (p *page) checkViewKeys() {
	p.t.Helper()
	first := p.tabIntoView()
	named := `(document.activeElement.getAttribute("aria-label") || "") !== ""`
	p.waitFor(first+" named", named)
	p.key(kb.ArrowRight)
	p.waitFor("→ to move on from "+first, fmt.Sprintf(`%s !== "" && %s !== %q && %s`, jsFocusIn, jsFocusIn, first, named))
	at := eval[string](p, jsFocusIn)
	p.key(kb.Enter)
	p.waitFor("the menu of "+at, jsMenuOpen)
	p.key(kb.Escape)
	p.waitFor("the menu closed", "!"+jsMenuOpen)
	p.waitFor("the focus back on "+at, fmt.Sprintf(`%s === %q`, jsFocusIn, at))
}
