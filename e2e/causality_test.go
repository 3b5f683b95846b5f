package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The lecture's Lamport and vector clocks (ALGORITHMS.md 6), at their end.
const clocksLink = "/?algorithm=logical-clocks&scenario=lecture"

// jsStampLabels lists the stamps written on the diagram's events, in seq order.
const jsStampLabels = `[...document.querySelectorAll('[data-testid="spacetime"] .st-stamp')]
	.sort((a, b) => a.dataset.stamp - b.dataset.stamp).map((e) => e.textContent).join(" ")`

// pickStamps chooses what the diagram's events are labelled with.
func (p *page) pickStamps(mode string) {
	p.t.Helper()
	// the vector stamps are offered once events carrying them have come
	p.waitFor("the stamps "+mode+" offered", fmt.Sprintf(`[...document.querySelector(%s).options].some((o) => o.value === %q)`, jsString(tid("st-stamps")), mode))
	p.do("choosing the stamps "+mode, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const s = document.querySelector(%s);
		s.value = %q;
		s.dispatchEvent(new Event('change', {bubbles: true}));
	})()`, jsString(tid("st-stamps")), mode)))
}

// clickEvent clicks the middle of the dot of event seq in the diagram (a
// dot drawn over it, such as its step's note, takes the click).
//
// It waits until the dot stands still first: a new answer to the query may
// change the height of the bar below the diagram, which then lays its
// events out again.
func (p *page) clickEvent(seq int) {
	sel := fmt.Sprintf(`[data-testid="spacetime"] .st-ev[data-seq="%d"]`, seq)
	p.waitFor(fmt.Sprintf("event %d standing still", seq), fmt.Sprintf(`(() => {
		const r = document.querySelector(%s).getBoundingClientRect();
		const at = r.x + "," + r.y + "," + performance.now();
		const [x, y, t] = (window.__eventAt || "").split(",").map(Number);
		if (x !== r.x || y !== r.y) { window.__eventAt = at; return false; }
		return performance.now() - t > 150;
	})()`, jsString(sel)))
	p.clickAt(sel, false)
}

// TestHappenedBeforeQuery labels the lecture's events with their Lamport,
// vector and total-order stamps, then asks whether b happened before e
// (they are concurrent, although L(b) > L(e)) and whether b happened
// before f (through m1 and m2), in English and in German.
func TestHappenedBeforeQuery(t *testing.T) {
	p := openRun(t, clocksLink, 3)
	p.press(hookLast)
	p.waitFor("the run's end", jsStep+` === 21`)

	// the events in seq order: a (7), e (9), b (13), c (14), d (18), f (19)
	for _, c := range []struct{ mode, want string }{
		{"lamport", "1 1 2 3 4 5"},
		{"vector", "(1,0,0) (0,0,1) (2,0,0) (2,1,0) (2,2,0) (2,2,2)"},
		{"total", "(1,1) (1,3) (2,1) (3,2) (4,2) (5,3)"},
	} {
		p.pickStamps(c.mode)
		p.waitFor(c.mode+" stamps "+c.want, jsStampLabels+` === `+jsString(c.want))
	}

	p.click(tid("hb-compare"))
	p.waitFor("the query's hint", `document.querySelector('[data-testid="hb-result"]').textContent.includes("Click an event e")`)
	p.clickEvent(13) // b
	p.waitFor("e concurrent with b highlighted", `[...document.querySelectorAll('.st-ev.hb-concurrent')].map((e) => e.dataset.seq).join() === "9"`)
	p.clickEvent(9) // e: its note is drawn over it and takes the click
	result := func() string {
		return eval[string](p, `document.querySelector('[data-testid="hb-result"]').textContent`)
	}
	p.waitFor("b ∥ e", `document.querySelector('[data-testid="hb-result"]').textContent.includes("∥")`)
	if r := result(); !strings.Contains(r, "e ∥ e′: e = P1 send at t = 2 (2,1) and e′ = P3 local event at t = 1 (1,3) are concurrent") ||
		!strings.Contains(r, "V(e)[P1] = 2 > V(e′)[P1] = 0, but V(e)[P3] = 0 < V(e′)[P3] = 1") ||
		!strings.Contains(r, "Yet L(e) = 2 > L(e′) = 1") {
		p.fatalf("the query on b and e says %q", r)
	}
	shoot(t, p, "happened-before.png")

	p.clickEvent(13) // b again: a new pair
	p.waitFor("b chosen again", `document.querySelector('[data-testid="hb-result"]').textContent.includes("e′.") && !document.querySelector('[data-testid="hb-result"]').textContent.includes("∥")`)
	p.clickEvent(19) // f
	p.waitFor("b → f", `document.querySelector('[data-testid="hb-result"]').textContent.includes("→")`)
	if r := result(); !strings.Contains(r, "e → e′: e = P1 send at t = 2 (2,1) happened before e′ = P3 receive at t = 5 (5,3) through the messages MSG P1→P2, MSG P2→P3.") ||
		!strings.Contains(r, "L = 2 < 5, V = (2,0,0) < (2,2,2)") {
		p.fatalf("the query on b and f says %q", r)
	}

	p.setLang("de")
	p.waitFor("the answer in German", `document.querySelector('[data-testid="hb-result"]').textContent.includes("geschah vor")`)
	if r := result(); !strings.Contains(r, "über die Nachrichten MSG P1→P2, MSG P2→P3") {
		p.fatalf("the German answer says %q", r)
	}
	if l := eval[string](p, `document.querySelector('[data-testid="hb-compare"]').textContent`); l != "Geschah vorher?" {
		p.fatalf("the query's button reads %q in German", l)
	}
}
