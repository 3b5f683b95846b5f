package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// Maekawa's algorithm on the lecture's 13-process projective plane, with no
// requests of its own (count=0): the lecturer makes them from the menu.
const gridLink = "/?algorithm=maekawa&n=13&quorums=projective&count=0&seed=1"

const selGrid = `[data-testid="grid"]`

// gridCard selects the card of the process at position pos in the grid view.
func gridCard(pos int) string { return fmt.Sprintf(`%s [data-node="%d"]`, selGrid, pos) }

// jsMarked lists the positions of the cards with a class (qa: in the first
// selection's quorum, qb: the second's, qab: in both).
func jsMarked(class string) string {
	return fmt.Sprintf(`JSON.stringify([...document.querySelectorAll(%s)].map(e => Number(e.dataset.node)))`,
		jsString(selGrid+` [data-node].`+class))
}

// jsGridText is the text of the first element matching sel inside the grid,
// its lines joined by a space (without the <title> a line may carry).
func jsGridText(sel string) string {
	return fmt.Sprintf(`(() => { const e = document.querySelector(%s); return e ? [...e.childNodes].filter((c) => c.nodeName !== "title").map((c) => c.textContent).join(" ") : null; })()`,
		jsString(selGrid+" "+sel))
}

// openGrid opens the plane and waits for its 13 cards and the first frame.
func openGrid(t *testing.T) *page {
	t.Helper()
	p := newPage(t)
	p.open(gridLink)
	p.waitFor("13 process cards", fmt.Sprintf(`document.querySelectorAll(%s).length === 13`, jsString(selGrid+" [data-node]")))
	p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
	return p
}

// clickAt clicks the middle of the first element matching sel with the
// mouse, shift held if asked (chromedp.Click has no modifiers).
func (p *page) clickAt(sel string, shift bool) {
	p.t.Helper()
	xy := eval[[]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector(%s).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, jsString(sel)))
	var opts []chromedp.MouseOption
	if shift {
		opts = append(opts, chromedp.ButtonModifiers(chromedp.ModifierShift))
	}
	p.do("clicking "+sel, chromedp.MouseClickXY(xy[0], xy[1], opts...))
}

// TestGridView selects a process in the quorum grid, sees its quorum
// highlighted in the cards and the matrix, compares it with a second one,
// requests the critical section from the process's menu and steps until
// the LOCKED messages have arrived and the process is inside.
func TestGridView(t *testing.T) {
	p := openGrid(t)
	if p.count(selTopology+`:not([hidden])`) != 0 {
		p.fatalf("the ring/complete-graph drawing is shown beside the grid")
	}
	if n := p.count(selGrid + ` .m-cell`); n != 13*4 {
		p.fatalf("%d cells in the quorum matrix, want 52 (13 quorums of 4)", n)
	}
	// (a glyph per message type: Maekawa's six and TELL, the family's ME3 information)
	p.waitFor("the legend's message glyphs, one per type", fmt.Sprintf(`document.querySelectorAll(%s).length === 7 && window.distviz.state.run.algorithm.messageTypes.length === 7`,
		jsString(`[data-testid="grid-legend-messages"] use`)))

	// P5 (position 4): S5 = {1, 5, 6, 7}, in the cards and in the matrix
	p.click(gridCard(4) + " .body")
	p.waitFor("P5's menu", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(menuItem("request"))))
	p.waitFor("S5 highlighted on the cards", jsMarked("qa")+` === "[0,4,5,6]"`)
	cols := eval[string](p, fmt.Sprintf(`[...document.querySelectorAll(%s)].map(e => e.textContent).join(",")`, jsString(selGrid+` .m-col.in-a`)))
	if cols != "1,5,6,7" {
		p.fatalf("the matrix marks columns %q for S5, want 1,5,6,7", cols)
	}
	if c := eval[string](p, jsGridText(`[data-testid="quorum-caption"]`)); c != "S5 = {1, 5, 6, 7}" {
		p.fatalf("the caption says %q", c)
	}
	// the side panel follows the selection
	p.waitFor("P5 in the side panel", fmt.Sprintf(`document.querySelector(%s).textContent.includes("P5")`, jsString(tid("process-details"))))

	// request the critical section: the algorithm's own action in the menu
	p.click(menuItem("request"))
	p.waitFor("the menu closed", fmt.Sprintf(`!document.querySelector(%s) || document.querySelector(%s).hidden`,
		jsString(menuItem("request")), jsString(tid(hookMenu))))

	// a second process, by shift-click: the intersection S5 ∩ S1 = {1}
	p.clickAt(gridCard(0)+" .body", true)
	p.waitFor("S5 ∩ S1 on the cards", jsMarked("qab")+` === "[0]"`)
	if c := eval[string](p, jsGridText(`[data-testid="quorum-caption"]`)); c != "S5 ∩ S1 = {1}" {
		p.fatalf("the caption says %q, want S5 ∩ S1 = {1}", c)
	}
	if n := p.count(selGrid + ` .m-colband`); n != 1 {
		p.fatalf("%d intersection columns marked in the matrix, want 1", n)
	}
	// and by a row of the matrix: S3 instead of S1, S5 ∩ S3 = {6}
	p.clickAt(selGrid+` .m-hit[data-row="2"]`, false)
	p.waitFor("S5 ∩ S3 on the cards", jsMarked("qab")+` === "[5]"`)

	// step: REQUESTs to P1, P6, P7, their LOCKEDs back, E_5 fills, P5 enters
	const jsLocked = `document.querySelectorAll('[data-testid="grid"] [data-msg][data-type="LOCKED"]').length`
	const jsHeld = `(() => {
		const c = document.querySelector('[data-testid="grid"] [data-node="4"]');
		return c.classList.contains('tone-critical') && !!c.querySelector('use[href="#ic-star"]');
	})()`
	sawLocked, sawRequest := 0, 0
	for i := 0; i < 40 && !eval[bool](p, jsHeld); i++ {
		p.forward()
		sawLocked = max(sawLocked, eval[int](p, jsLocked))
		sawRequest = max(sawRequest, eval[int](p, `document.querySelectorAll('[data-testid="grid"] [data-msg][data-type="REQUEST"]').length`))
	}
	if sawRequest == 0 || sawLocked == 0 {
		p.fatalf("while stepping, at most %d REQUEST and %d LOCKED messages were drawn at a time; want some of both", sawRequest, sawLocked)
	}
	p.waitFor("P5 inside the critical section (role held, the star)", jsHeld)
	slots := eval[[]string](p, fmt.Sprintf(`(() => { const s = document.querySelector(%s); return [s.dataset.filled, s.dataset.of]; })()`,
		jsString(gridCard(4)+` [data-testid="slots"]`)))
	if slots[0] != "4" || slots[1] != "4" {
		p.fatalf("P5 inside with E_5 %s of %s slots filled, want 4 of 4", slots[0], slots[1])
	}
	// every member of S5 is locked for P5, and says so: the holder and its
	// request (on two lines where one is too narrow)
	for _, pos := range []int{0, 4, 5, 6} {
		if l := eval[string](p, jsGridText(fmt.Sprintf(`[data-node="%d"] [data-testid="card-lock"]`, pos))); l != "P5 (1,5)" {
			p.fatalf("P%d's lock reads %q, want P5 (1,5): locked for P5's request (1,5)", pos+1, l)
		}
	}
	if v := eval[string](p, jsGridText(`[data-node="2"] [data-testid="card-lock"]`)); v != "free" {
		p.fatalf("P3 (not in S5) reads %q, want free", v)
	}
	shoot(t, p, "grid.png")
}

// shoot keeps a screenshot in $DISTVIZ_E2E_SHOTS when it is set (to look at).
func shoot(t *testing.T, p *page, name string) {
	t.Helper()
	dir := os.Getenv("DISTVIZ_E2E_SHOTS")
	if dir == "" {
		return
	}
	b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Fatal(err)
	}
}
