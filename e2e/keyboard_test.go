package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chromedpBlur takes the focus from whatever has it.
var chromedpBlur = chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`)

// jsFocusIn says what has the focus in the drawing: "n3" for a process,
// "m17" for a message, "" for anything else.
const jsFocusIn = `(() => {
	const e = document.activeElement;
	if (!e || !e.closest('#canvas')) return "";
	return e.dataset.node !== undefined ? "n" + e.dataset.node : e.dataset.msg !== undefined ? "m" + e.dataset.msg : "";
})()`

// tabIntoView presses Tab from the page's first control until a process
// or message of the drawing has the focus, as a keyboard user reaches it.
func (p *page) tabIntoView() string {
	p.t.Helper()
	// (the view kit makes its items focusable a moment after they are drawn)
	p.waitFor("the drawing's tab stop", `!!document.querySelector('#canvas > svg:not([hidden]) [tabindex="0"]')`)
	p.do("focusing the first control", chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("button, select, input, a[href]")]
		.find(e => e.getClientRects().length > 0 && !e.disabled).focus()`))
	for range 120 {
		p.key(kb.Tab)
		if at := eval[string](p, jsFocusIn); at != "" {
			return at
		}
	}
	p.fatalf("120 presses of Tab never reached the drawing (the focus is on %s)", eval[string](p, `document.activeElement.outerHTML.slice(0, 120)`))
	return ""
}

// arrowTo presses → until the item want has the focus.
func (p *page) arrowTo(want string) {
	p.t.Helper()
	for range 40 {
		if eval[string](p, jsFocusIn) == want {
			return
		}
		p.key(kb.ArrowRight)
	}
	p.fatalf("→ never reached %s in the drawing (the focus is on %q)", want, eval[string](p, jsFocusIn))
}

// chooseFromMenu opens the menu of the item in focus with Enter, moves to
// the entry action with ↓ and takes it with Enter.
func (p *page) chooseFromMenu(action string) {
	p.t.Helper()
	p.key(kb.Enter)
	p.waitFor("the menu", jsMenuOpen)
	for range 10 {
		if eval[string](p, `document.activeElement.dataset.action || ""`) == action {
			p.key(kb.Enter)
			return
		}
		p.key(kb.ArrowDown)
	}
	p.fatalf("↓ never reached the menu's %s", action)
}

// TestKeyboardCrash crashes a process with the keyboard alone: Tab into the
// drawing, → to P2 (the run does not step), Enter, ↓ to Crash, Enter; the
// focus comes back to P2 (ringed), whose name says it crashed. Escape
// closes a menu and gives the focus back too; axe-core finds nothing
// serious with the menu open.
func TestKeyboardCrash(t *testing.T) {
	p := openRun(t, ring5Link, 5)
	s0 := p.step()
	if at := p.tabIntoView(); at != "n0" {
		p.fatalf("Tab reached %s in the drawing, want P0 first", at)
	}
	if n := eval[int](p, `document.querySelectorAll('#canvas [tabindex="0"]').length`); n != 1 {
		p.fatalf("the drawing has %d tab stops, want one (a roving tabindex)", n)
	}
	p.arrowTo("n2")
	if s := p.step(); s != s0 {
		p.fatalf("→ in the drawing stepped the run from event %d to %d", s0, s)
	}
	label := fmt.Sprintf(`document.querySelector(%s).getAttribute('aria-label')`, jsString(node(2)))
	if l := eval[string](p, label); !strings.HasPrefix(l, "P2, ID 2") {
		p.fatalf("P2 is named %q", l)
	}
	p.chooseFromMenu("crash")
	p.waitFor("P2's crashed cues", jsCrashed(2))
	p.waitFor("the crash as a new event", fmt.Sprintf(`%s > %d`, jsStep, s0))
	p.waitFor("the focus back on P2", jsFocusIn+` === "n2"`)
	p.waitFor("the focus ring drawn", `document.querySelector('#topology .focusring').getAttribute('visibility') === 'visible'`)
	p.waitFor("P2 named crashed", label+`.includes("crashed")`)

	p.key(kb.Enter)
	p.waitFor("the menu", jsMenuOpen)
	p.reportAxe("P2's menu open")
	p.key(kb.Escape)
	p.waitFor("the menu closed", "!"+jsMenuOpen)
	p.waitFor("the focus back on P2 after Escape", jsFocusIn+` === "n2"`)
	// the run's keys still work once the focus leaves the drawing
	p.do("focusing nothing", chromedpBlur)
	s := p.step()
	p.key(kb.ArrowRight)
	p.waitFor("→ to step the run again", fmt.Sprintf(`%s > %d`, jsStep, s))
}

// TestKeyboardDeliver delivers a message with the keyboard alone, under
// manual scheduling: → to a deliverable message that the default schedule
// would not deliver next, Enter, Deliver next; it is gone, the other stays.
func TestKeyboardDeliver(t *testing.T) {
	p := openRun(t, ring5Link, 5)
	p.click(tid(hookManual))
	p.waitFor("manual scheduling on", fmt.Sprintf(`document.querySelector(%s).checked`, jsString(tid(hookManual))))
	for range 10 {
		if len(eval[[]int](p, jsDeliverable)) >= 2 {
			break
		}
		p.forward()
	}
	ids := eval[[]int](p, jsDeliverable)
	if len(ids) < 2 {
		p.fatalf("fewer than two deliverable messages after 10 steps: %v", ids)
	}
	pick, other := ids[len(ids)-1], ids[0]
	s := p.step()
	p.tabIntoView()
	p.arrowTo(fmt.Sprintf("m%d", pick))
	if l := eval[string](p, fmt.Sprintf(`document.querySelector(%s).getAttribute('aria-label')`, jsString(msg(pick)))); !strings.Contains(l, "may be delivered next") {
		p.fatalf("message %d is named %q", pick, l)
	}
	p.chooseFromMenu("deliver")
	p.waitFor(fmt.Sprintf("message %d delivered", pick),
		fmt.Sprintf(`!document.querySelector(%s) && %s > %d`, jsString(msg(pick)), jsStep, s))
	if p.count(msg(other)) != 1 {
		p.fatalf("message %d is gone too", other)
	}
	p.waitFor("the focus still in the drawing", jsFocusIn+` !== ""`)
}

// TestNarrationLive: the narration's live region tells the step taken by
// hand, and stays silent while the run plays.
func TestNarrationLive(t *testing.T) {
	p := openRun(t, ring5Link, 5)
	live := fmt.Sprintf(`document.querySelector(%s)`, jsString(tid("narration-live")))
	if eval[string](p, live+`.getAttribute('aria-live')`) != "polite" {
		p.fatalf("the narration's live region is not polite")
	}
	p.forward()
	cur := `[...document.querySelectorAll('[data-testid="narration"] li.current .nl-text')].map(e => e.textContent).join(" ")`
	p.waitFor("the step told", fmt.Sprintf(`%s.textContent !== "" && %s.textContent === %s`, live, live, cur))
	told := eval[string](p, live+`.textContent`)
	p.press(hookPlay)
	p.waitFor("playing on", `window.distviz.state.playing && `+jsStep+` > 8`)
	if got := eval[string](p, live+`.textContent`); got != told && eval[bool](p, `window.distviz.state.playing`) {
		p.fatalf("the live region spoke while the run played: %q", got)
	}
}
