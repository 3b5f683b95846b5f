package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// clickFocus clicks a control as the pointer would (it takes the focus)
// without aiming at its place: while a run plays the bar may shift.
func (p *page) clickFocus(hook string) {
	p.t.Helper()
	p.do("clicking "+hook, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.querySelector(%s); e.focus(); e.click(); })()`, jsString(tid(hook)))))
}

const jsCursor = `(window.distviz.state.frame ? window.distviz.state.frame.step : -1)`

// TestKeysAfterEveryControl clicks (or focuses) each playback control and
// then uses the run's keys: → and ← step, space plays and pauses, and the
// control keeps none of them for itself (the speed stays, the manual
// switch stays as it was).
func TestKeysAfterEveryControl(t *testing.T) {
	p := openRun(t, bullyLecture, 8)
	for range 3 {
		p.forward()
	}
	speed := fmt.Sprintf(`document.querySelector(%s).value`, jsString(tid(hookSpeed)))
	manual := fmt.Sprintf(`document.querySelector(%s).checked`, jsString(tid(hookManual)))
	for _, c := range []string{hookBack, hookForward, hookFirst, hookPlay, hookPause, hookSpeed, hookManual, hookScrubber, "branches-none"} {
		if eval[int](p, jsCursor) > 8 { // playing took it far: back to the middle of the run
			p.press(hookFirst)
			p.waitFor("step 0", jsCursor+` === 0`)
			for range 3 {
				p.forward()
			}
		}
		switch c {
		case hookSpeed:
			p.do("focusing the speed box", chromedp.Focus(tid(c)))
		case "branches-none": // the page itself
			p.do("focusing nothing", chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`))
		case hookPause:
			p.waitFor("play enabled", fmt.Sprintf(`!document.querySelector(%s).disabled`, jsString(tid(hookPlay))))
			p.clickFocus(hookPlay)
			p.waitFor("playing", `window.distviz.state.playing`)
			p.waitFor("pause enabled", fmt.Sprintf(`!document.querySelector(%s).disabled`, jsString(tid(hookPause))))
			p.clickFocus(hookPause)
		case hookBack, hookForward:
			k0, d := eval[int](p, jsCursor), map[string]int{hookBack: -1, hookForward: 1}[c]
			p.clickFocus(c)
			p.waitFor(c+" to move", fmt.Sprintf(`%s === %d`, jsCursor, k0+d))
		case hookPlay:
			p.waitFor("play enabled", fmt.Sprintf(`!document.querySelector(%s).disabled`, jsString(tid(hookPlay))))
			p.clickFocus(hookPlay)
			p.waitFor("playing", `window.distviz.state.playing`)
			p.key(" ")
		default:
			p.clickFocus(c)
		}
		p.waitFor("not playing after "+c, `!window.distviz.state.playing`)
		if c == hookFirst {
			p.waitFor("step 0", jsCursor+` === 0`)
		}
		sp, man := eval[string](p, speed), eval[bool](p, manual)
		k := eval[int](p, jsCursor)
		p.key(kb.ArrowRight)
		p.waitFor(fmt.Sprintf("→ after %s to step %d", c, k+1), fmt.Sprintf(`%s === %d`, jsCursor, k+1))
		p.key(kb.ArrowLeft)
		p.waitFor(fmt.Sprintf("← after %s back to step %d", c, k), fmt.Sprintf(`%s === %d`, jsCursor, k))
		if !man {
			p.key(" ")
			p.waitFor("space to play after "+c, `window.distviz.state.playing`)
			p.key(" ")
			p.waitFor("space to pause after "+c, `!window.distviz.state.playing`)
		} else {
			p.key(" ")
		}
		if got := eval[string](p, speed); got != sp {
			p.fatalf("after %s the keys changed the speed from %s to %s", c, sp, got)
		}
		if got := eval[bool](p, manual); got != man {
			p.fatalf("after %s the keys switched manual from %v to %v", c, man, got)
		}
		if man {
			p.key("m")
			p.waitFor("M to switch manual off", "!"+manual)
		}
	}
}

// TestKeysOverlayMarksScenarios: ? lists the keys in the page's language,
// N and B jump between the marked events the server declared, and a digit
// opens the algorithm's scenario of that number.
func TestKeysOverlayMarksScenarios(t *testing.T) {
	p := openRun(t, bullyLecture, 8)
	overlay := tid("keys-overlay")
	for _, c := range []struct{ lang, title string }{{"en", "Keys"}, {"de", "Tasten"}, {"es", "Teclas"}} {
		p.setLang(c.lang)
		p.key("?")
		p.waitFor("the keys in "+c.lang, fmt.Sprintf(`(() => { const o = document.querySelector(%s); return o && !o.hidden && o.querySelector('h2').textContent === %q && o.querySelectorAll('tr').length >= 10; })()`, jsString(overlay), c.title))
		p.key(kb.Escape)
		p.waitFor("Esc to close the keys", fmt.Sprintf(`document.querySelector(%s).hidden`, jsString(overlay)))
	}
	p.setLang("en")

	// the run's marks: the notes and violations among its events
	p.press(hookLast)
	p.waitFor("the end of the run", fmt.Sprintf(`document.querySelector(%s).disabled`, jsString(tid(hookLast))))
	p.press(hookFirst)
	p.waitFor("step 0", jsCursor+` === 0`)
	// [seq, step] of each marked event
	marks := eval[[][2]int](p, `window.distviz.state.log.marks.map(m => [m.seq, window.distviz.state.log.step(m.seq)])`)
	if len(marks) < 3 {
		p.fatalf("the bully lecture has %d marked events, want at least 3", len(marks))
	}
	next := func(step int) int { // the step of the first mark after step
		for _, m := range marks {
			if m[1] > step {
				return m[1]
			}
		}
		return -1
	}
	want := next(0)
	p.key("n")
	p.waitFor(fmt.Sprintf("N to the first marked event's step %d", want), fmt.Sprintf(`%s === %d`, jsCursor, want))
	p.key(kb.ArrowRight)
	p.waitFor("→", fmt.Sprintf(`%s === %d`, jsCursor, want+1))
	from := want + 1
	if m := next(from - 1); m == from { // a mark in this very step: N goes past it
		from = m
	}
	want = next(from)
	p.key("n")
	p.waitFor(fmt.Sprintf("N to the next marked event's step %d", want), fmt.Sprintf(`%s === %d`, jsCursor, want))
	prev := -1
	for _, m := range marks {
		if m[1] < want {
			prev = m[1]
		}
	}
	p.key("b")
	p.waitFor(fmt.Sprintf("B back to the marked event's step %d", prev), fmt.Sprintf(`%s === %d`, jsCursor, prev))

	p.key("2")
	p.waitFor("2 to open the second scenario", `new URLSearchParams(location.search).get('scenario') === 'timeout-too-short' && /Timeout shorter/.test(document.querySelector('[data-testid="run-title"]').textContent)`)
}

// TestScrubberSpansRun: from its first frame the scrubber spans the whole
// run (computed ahead) and one counter says the step of how many; a run
// longer than what is computed ahead says it grows.
func TestScrubberSpansRun(t *testing.T) {
	d := simulate(t, bullyBody)
	p := openRun(t, bullyLink, 8)
	top := eval[int](p, fmt.Sprintf(`Number(document.querySelector(%s).max)`, jsString(tid(hookScrubber))))
	total := eval[string](p, `document.querySelector('[data-testid="steps-total"]').textContent`)
	if top < 10 || total != fmt.Sprint(top) || eval[string](p, fmt.Sprintf(`document.querySelector(%s).textContent`, jsString(tid(hookStep)))) != "0" {
		p.fatalf("at the start the scrubber spans %d steps, the counter says %q of %q", top, eval[string](p, fmt.Sprintf(`document.querySelector(%s).textContent`, jsString(tid(hookStep)))), total)
	}
	if eval[bool](p, `!!document.querySelector('.scrub.growing')`) {
		p.fatalf("a run computed to its end is marked as growing")
	}
	p.pressUntil(hookLast, fmt.Sprintf("=== %d", len(d.Events)))
	if got := eval[string](p, fmt.Sprintf(`document.querySelector(%s).textContent`, jsString(tid(hookStep)))); got != fmt.Sprint(top) {
		p.fatalf("at the end the counter says step %s, want %d", got, top)
	}

	// 600 processes with decreasing IDs: some 360,000 events, more than a
	// session computes ahead
	q := openRun(t, "/?algorithm=chang-roberts&n=600&idOrder=decreasing&seed=1", 600)
	if got := eval[string](q, `document.querySelector('[data-testid="steps-total"]').textContent`); !strings.HasSuffix(got, "+") || !eval[bool](q, `!!document.querySelector('.scrub.growing')`) {
		q.fatalf("a run longer than computed ahead shows %q steps, not marked as growing", got)
	}
}
