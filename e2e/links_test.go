package e2e

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The lecture's bully run, by its scenario.
const bullyLecture = "/?algorithm=bully&scenario=lecture&seed=0"

// jsActs is the address bar's acts (the user's actions), "" for none.
const jsActs = `(new URLSearchParams(location.search).get('acts') || '')`

// actOn opens a process's menu and picks an action, waiting for the
// address bar to take it in.
func (p *page) actOn(pos int, action string) string {
	p.t.Helper()
	before := eval[string](p, jsActs)
	p.click(node(pos))
	p.waitFor(fmt.Sprintf("P%d's menu", pos), fmt.Sprintf(`!!document.querySelector(%s)`, jsString(menuItem(action))))
	p.click(menuItem(action))
	p.waitFor(fmt.Sprintf("the address bar to hold %s of P%d", action, pos), fmt.Sprintf(`%s !== %s`, jsActs, jsString(before)))
	return eval[string](p, jsActs)
}

// exportAtEnd runs to the end and downloads the run's trace.
func (p *page) exportAtEnd() []byte {
	p.t.Helper()
	p.press(hookLast)
	p.waitFor("the end of the run", fmt.Sprintf(`document.querySelector(%s).disabled`, jsString(tid(hookLast))))
	p.showSetup()
	return p.download(tid(hookExportJSON))
}

// TestLinkReproducesActions acts as a lecturer would (crashes, a fork in
// the past, steps), then reloads the address bar: the reloaded run's trace
// is byte for byte the one acted out, the title says the run was changed,
// and importing the trace gives the same link.
func TestLinkReproducesActions(t *testing.T) {
	p := openRun(t, bullyLecture, 8)
	for range 6 {
		p.forward()
	}
	if got := p.actOn(6, "crash"); got != "6.crash.6" {
		p.fatalf("acts after crashing P6 at step 6: %q", got)
	}
	p.press(hookBack)
	p.press(hookBack)
	p.waitFor("step 5", `new URLSearchParams(location.search).get('step') === '5'`)
	// acting in the past forks: the crash of P6 is gone with the future
	if got := p.actOn(5, "crash"); got != "5.crash.5" {
		p.fatalf("acts after crashing P5 at step 5 (a fork): %q (toast %q)", got, eval[string](p, `document.querySelector('[data-testid="toast"]').textContent`))
	}
	p.forward()
	p.forward()
	title := eval[string](p, `document.querySelector('[data-testid="run-title"]').textContent`)
	badge := eval[bool](p, `(() => { const b = document.querySelector('[data-testid="run-changed"]'); if (!b) return false; const r = b.getBoundingClientRect(), t = document.querySelector('[data-testid="run-title"]').getBoundingClientRect(); return r.width > 0 && r.right <= t.right + 1; })()`)
	if !strings.HasPrefix(title, "changed ") || !badge {
		p.fatalf("after a fork the title %q does not say, visibly, that the run was changed", title)
	}
	p.waitFor("the cursor in the address bar", `new URLSearchParams(location.search).get('step') === '8'`)
	link := eval[string](p, `location.pathname + location.search`)
	acted := p.exportAtEnd()

	q := openRun(t, link, 8)
	q.waitFor("the reloaded link at its step", `new URLSearchParams(location.search).get('step') === '8' && window.distviz.state.frame.step === 8`)
	reloaded := q.exportAtEnd()
	if !bytes.Equal(acted, reloaded) {
		t.Fatalf("reloading %s gives another trace (%d bytes, acted %d)", link, len(reloaded), len(acted))
	}

	// An imported trace's actions go into the link too.
	file := filepath.Join(t.TempDir(), "bully.json")
	if err := os.WriteFile(file, acted, 0o644); err != nil {
		t.Fatal(err)
	}
	r := openRun(t, ringLink, 8)
	r.showSetup()
	r.do("choosing the file to import", chromedp.SetUploadFiles(chromedp.CSS(tid(hookImport)), []string{file}))
	r.waitFor("the imported run's actions in the address bar", jsActs+` === '5.crash.5'`)
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	if got := eval[string](r, `new URLSearchParams(location.search).get('algorithm')`); got != u.Query().Get("algorithm") {
		r.fatalf("the imported run's link names %q", got)
	}
}

// key presses keys in the page, on whatever has the focus.
func (p *page) key(keys string) {
	p.t.Helper()
	p.do("pressing "+keys, chromedp.KeyEvent(keys))
}

// jsMenuOpen says whether the click menu is shown.
var jsMenuOpen = fmt.Sprintf(`!document.querySelector(%s).hidden`, jsString(tid(hookMenu)))

// TestMenuSafeAndBranches: a process's menu gives no action the focus
// (Enter does nothing), any other key closes it, and acting in the past
// keeps the run as it was as a branch that U brings back, future and all.
func TestMenuSafeAndBranches(t *testing.T) {
	p := openRun(t, bullyLecture, 8)
	p.press(hookLast)
	p.waitFor("the end of the run", fmt.Sprintf(`document.querySelector(%s).disabled`, jsString(tid(hookLast))))
	events := eval[int](p, jsEvents)
	p.press(hookFirst)
	// (the frame first, then the page draws it: forward reads the event drawn)
	p.waitFor("step 0 drawn", `window.distviz.state.frame.step === 0 && `+jsStep+` === window.distviz.state.frame.seq`)
	for range 5 {
		p.forward()
	}

	p.click(node(6))
	p.waitFor("P6's menu", jsMenuOpen)
	if got := eval[[]string](p, `[...document.querySelectorAll('[data-testid="menu"] [data-action]')].map(e => e.dataset.action)`); strings.Join(got, " ") != "crash notice fire channel" {
		p.fatalf("P6's menu items have data-action %q", got)
	}
	if f := eval[string](p, `document.activeElement.dataset.action || document.activeElement.className`); f == "crash" || strings.Contains(f, "danger") {
		p.fatalf("the menu gives %q the focus", f)
	}
	p.key("\r")
	p.waitFor("Enter to close the menu", "!"+jsMenuOpen)
	p.forward()
	if acts := eval[string](p, jsActs); acts != "" {
		p.fatalf("Enter on a fresh menu acted: acts %q", acts)
	}

	// in the past (step 6 of a run computed to its end): a fork
	p.press(hookBack)
	p.waitFor("step 5", `window.distviz.state.frame.step === 5`)
	if got := p.actOn(6, "crash"); got != "5.crash.6" {
		p.fatalf("acts after crashing P6 at step 5: %q", got)
	}
	p.waitFor("the branch button", `(() => { const b = document.querySelector('[data-testid="branches"]'); return b && !b.hidden && b.textContent.includes('1'); })()`)
	p.key("u")
	p.waitFor("U to bring the run before the crash back at step 5", jsActs+` === '' && window.distviz.state.frame && window.distviz.state.frame.step === 5 && !document.querySelector('[data-testid="run-changed"]')`)
	p.press(hookLast)
	p.waitFor(fmt.Sprintf("the whole run back (%d events)", events), fmt.Sprintf(`%s === %d`, jsEvents, events))
	// the crashed version is a branch now
	p.click(tid("branches"))
	p.waitFor("the branch list", `!!document.querySelector('[data-testid="menu"] [data-action="branch"]')`)
	p.click(`[data-testid="menu"] [data-action="branch"]`)
	p.waitFor("the crashed branch again", jsActs+` === '5.crash.6'`)

	// a stale menu goes with any key; space then plays
	p.press(hookFirst)
	p.waitFor("step 0", `window.distviz.state.frame.step === 0`)
	p.click(node(2))
	p.waitFor("P2's menu", jsMenuOpen)
	p.key(" ")
	p.waitFor("space to close the menu and play", "!"+jsMenuOpen+" && window.distviz.state.playing")
	p.key(" ")
	p.waitFor("space to pause", "!window.distviz.state.playing")
}

// jsEvents is how many events the run has (data-testid=events-count).
var jsEvents = fmt.Sprintf(`Number(document.querySelector(%s).textContent.replace(/\D/g, ''))`, jsString(tid(hookEvents)))
