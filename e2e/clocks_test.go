package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// Cristian's symmetric scenario: the time server P0 and three clients that
// synchronise twice each, drawn by the clocks view.
const cristianLink = "/?algorithm=cristian&scenario=symmetric"

const selClocks = `[data-testid="clocks"]`

// jsClocks counts what the clocks view draws: the lines with a course, the
// corrections (jumps: an arrow or, when tiny, a dot), the bands, and reads
// the skew's text, the mode and whether the ideal clock is horizontal.
const jsClocks = `(() => {
	const v = document.querySelector('[data-testid="clocks"]');
	const n = (s) => v.querySelectorAll(s).length;
	const ideal = v.querySelector('.clk-ideal');
	const skew = v.querySelector('[data-testid="clock-skew"]');
	return {
		lines: [...v.querySelectorAll('path.clk-line')].filter((e) => (e.getAttribute('d') || '').length > 0).length,
		jumps: n('.clk-jump') + n('.clk-jumpdot'),
		bands: n('.clk-band'),
		skew: skew ? skew.textContent : '',
		mode: v.dataset.mode,
		flat: ideal ? ideal.getAttribute('y1') === ideal.getAttribute('y2') : null,
		axis: [...v.querySelectorAll('.clk-axis')].map((e) => e.textContent).join(' | '),
		hidden: v.hasAttribute('hidden'),
	};
})()`

type clocksSeen struct {
	Lines, Jumps, Bands int
	Skew, Mode, Axis    string
	Flat                *bool
	Hidden              bool
}

// TestClocksView: the clocks view shows a line per process, the ideal clock
// as the diagonal, every client's corrections with their bands and the skew
// at the end; the switch draws C − t (the ideal clock flat); the words follow
// the language.
func TestClocksView(t *testing.T) {
	p := newPage(t)
	p.open(cristianLink)
	p.waitFor("the clocks view", fmt.Sprintf(`!!document.querySelector(%s) && !document.querySelector(%s).hasAttribute('hidden')`,
		jsString(selClocks), jsString(selClocks)))
	p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
	if p.count(selTopology+`:not([hidden])`) != 0 {
		p.fatalf("the ring/complete-graph drawing is shown beside the clocks")
	}
	p.click(tid(hookLast))
	p.waitFor("six corrections at the end (3 clients × 2 rounds)", `(`+jsClocks+`).jumps === 6`)
	s := eval[clocksSeen](p, jsClocks)
	if s.Lines != 4 || s.Bands != 6 || !strings.HasPrefix(s.Skew, "skew ") || s.Mode != "reading" || s.Flat == nil || *s.Flat {
		p.fatalf("at the end: %+v; want 4 lines, 6 bands, a skew, the diagonal", s)
	}
	// the space-time diagram beside it has the messages: 12 of them
	if n := p.count(`[data-testid="spacetime"] [data-msg]`); n != 0 && n != 12 {
		t.Logf("the space-time diagram draws %d messages", n)
	}
	shoot(t, p, "clocks-en.png")

	p.click(tid("clock-mode"))
	p.waitFor("the deviation C − t", `(`+jsClocks+`).mode === "deviation"`)
	s = eval[clocksSeen](p, jsClocks)
	if s.Flat == nil || !*s.Flat || !strings.Contains(s.Axis, "C − t") || s.Jumps != 6 {
		p.fatalf("deviation mode: %+v; want the ideal clock flat, the axis C − t, the 6 corrections", s)
	}
	shoot(t, p, "clocks-deviation-en.png")
	p.click(tid("clock-mode"))
	p.waitFor("back to C against t", `(`+jsClocks+`).mode === "reading"`)

	for _, l := range []struct{ lang, axis, skew string }{{"de", "reale Zeit t", "Abweichung "}, {"es", "tiempo real t", "desfase "}} {
		p.setLang(l.lang)
		p.waitFor(l.lang+" words", fmt.Sprintf(`(%s).axis.includes(%q) && (%s).skew.startsWith(%q)`, jsClocks, l.axis, jsClocks, l.skew))
		shoot(t, p, "clocks-"+l.lang+".png")
	}
}

// TestClocksViewBerkeley: the lecture's Berkeley round (3:00, 2:50, 3:25)
// ends with three corrections (+5, +15, −20) and no skew.
func TestClocksViewBerkeley(t *testing.T) {
	p := newPage(t)
	p.open("/?algorithm=berkeley&scenario=lecture")
	p.waitFor("the clocks view", fmt.Sprintf(`!!document.querySelector(%s) && !document.querySelector(%s).hasAttribute('hidden')`,
		jsString(selClocks), jsString(selClocks)))
	p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
	p.click(tid(hookLast))
	p.waitFor("three corrections at the end", `(`+jsClocks+`).jumps === 3`)
	if s := eval[clocksSeen](p, jsClocks); s.Lines != 3 || s.Skew != "skew 0" {
		p.fatalf("the lecture's round: %+v; want 3 lines and skew 0", s)
	}
	shoot(t, p, "clocks-berkeley-en.png")
}
