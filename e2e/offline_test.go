package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// jsPicture is what a page shows at its cursor, for comparing two pages: the
// step and event, the processes' roles and crashes, the messages drawn, the
// narration's current lines and the counters.
const jsPicture = `(() => {
	const q = (s) => document.querySelector(s);
	const f = window.distviz && window.distviz.state.frame;
	if (!f) return '';
	return JSON.stringify({
		step: f.step,
		seq: q('[data-testid="step"]').dataset.seq,
		info: q('[data-testid="step-info"]').textContent,
		nodes: [...document.querySelectorAll('[data-testid="topology"] [data-node]')].map((e) =>
			[...e.classList].filter((c) => c.startsWith('tone-')).join(' ') + (e.querySelector('.cross') ? ' crashed' : '')),
		msgs: ` + jsMsgIDs + `,
		narration: [...document.querySelectorAll('[data-testid="narration"] li.current')].map((e) => e.textContent),
		counters: q('[data-testid="counters"]').textContent,
	});
})()`

// scrubTo drags the scrubber to step k and waits until the page shows it.
func (p *page) scrubTo(k int) {
	p.t.Helper()
	p.do(fmt.Sprintf("scrubbing to step %d", k), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const s = document.querySelector(%s);
		s.value = %d;
		s.dispatchEvent(new Event('input', {bubbles: true}));
		s.dispatchEvent(new Event('change', {bubbles: true}));
	})()`, jsString(tid(hookScrubber)), k)))
	p.waitFor(fmt.Sprintf("step %d", k), fmt.Sprintf(`window.distviz.state.frame.step === %d`, k))
}

// picture waits until the page has drawn step k and returns what it shows.
func (p *page) picture(k int) string {
	p.t.Helper()
	p.waitFor(fmt.Sprintf("step %d", k), fmt.Sprintf(`window.distviz.state.frame.step === %d`, k))
	return p.settled(fmt.Sprintf("the picture at step %d", k), jsPicture)
}

// offlinePage opens a file in a tab whose network is off, and records
// every request the page makes (the file itself aside).
func offlinePage(t *testing.T, file string) (*page, func() []string) {
	p := newPage(t)
	var mu sync.Mutex
	var requests []string
	if err := chromedp.Listen(p.ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			if u := e.Request.URL; !strings.HasPrefix(u, "file://"+file) && !strings.HasPrefix(u, "data:") {
				requests = append(requests, u)
			}
		case *network.EventWebSocketCreated:
			requests = append(requests, e.URL)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{Offline: true}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true}); err != nil {
		t.Fatal(err)
	}
	p.do("opening the offline file", chromedp.Navigate("file://"+file))
	return p, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), requests...)
	}
}

// TestOfflineFile saves a run as one HTML file from the page's export menu,
// opens it from disk in a tab without network, and steps forward and back,
// scrubs, jumps to both ends and plays: at every stop it shows what the
// server's page shows at that step. Acting on the run is disabled and says
// why; no request leaves the page.
func TestOfflineFile(t *testing.T) {
	p := openRun(t, bullyLink, 8)
	last := eval[int](p, `window.distviz.state.frame.steps - 1`)
	if last < 6 {
		p.fatalf("the run has %d steps, too few to compare", last+1)
	}
	p.scrubTo(2)
	p.showSetup()
	file := filepath.Join(t.TempDir(), "bully.html")
	if err := os.WriteFile(file, p.download(tid("export-html")), 0o644); err != nil {
		t.Fatal(err)
	}
	steps := []int{0, 1, 2, 3, last / 2, last}
	want := map[int]string{}
	for _, k := range steps {
		p.scrubTo(k)
		want[k] = p.picture(k)
	}

	q, requests := offlinePage(t, file)
	q.waitFor("8 processes drawn", fmt.Sprintf(`document.querySelectorAll(%s).length === 8`, jsString(selNode)))
	check := func(k int, how string) {
		t.Helper()
		if got := q.picture(k); got != want[k] {
			q.fatalf("after %s, step %d offline differs from the server's page:\n%s", how, k, firstDiff(got, want[k]))
		}
	}
	check(2, "opening the file at the step it was saved at")
	q.press(hookFirst)
	check(0, "first")
	q.press(hookForward)
	check(1, "a step forward")
	q.press(hookForward)
	check(2, "another step forward")
	q.press(hookForward)
	check(3, "a third step forward")
	q.press(hookBack)
	check(2, "a step back")
	q.scrubTo(last / 2)
	check(last/2, "scrubbing to the middle")
	q.press(hookLast)
	check(last, "last")
	q.scrubTo(1)
	check(1, "scrubbing back")
	q.press(hookPlay)
	q.waitFor("playing on", `window.distviz.state.frame.step > 1`)
	q.press(hookPause)
	q.waitFor("paused", `!window.distviz.state.playing`)

	// the engine's actions are there, disabled, with the reason
	q.click(node(3))
	q.waitFor("the process's menu", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(menuItem("crash"))))
	if !eval[bool](q, fmt.Sprintf(`(() => { const b = document.querySelector(%s); return b.disabled && b.title.includes('offline'); })()`, jsString(menuItem("crash")))) {
		q.fatalf("crash is not disabled with the reason in the offline file")
	}
	for _, hidden := range []string{"run-form", hookImport, "tab-experiment", hookExportJSON, "export-html"} {
		if eval[bool](q, fmt.Sprintf(`document.querySelector(%s).getClientRects().length > 0`, jsString(tid(hidden)))) {
			t.Errorf("%s is shown in the offline file, which has no server", hidden)
		}
	}

	// another language: the narration, narrated again, as the server's
	p.setLang("es")
	p.scrubTo(3)
	wantES := p.picture(3)
	q.scrubTo(3)
	const current = `(document.querySelector('[data-testid="narration"] li.current') || {}).textContent`
	english := eval[string](q, current)
	q.setLang("es")
	q.waitFor("the narration in Spanish", current+` && `+current+` !== `+jsString(english))
	if got := q.picture(3); got != wantES {
		q.fatalf("in Spanish, step 3 offline differs from the server's page:\n%s", firstDiff(got, wantES))
	}

	// the file in a slide: its address says how to show it
	q.do("opening the file embedded", chromedp.Navigate("file://"+file+"?embed=1&step=3&lang=es"))
	if got := q.picture(3); got != wantES {
		q.fatalf("embedded, at step 3 in Spanish, the file differs from the server's page:\n%s", firstDiff(got, wantES))
	}
	if eval[bool](q, `document.querySelector('.topbar').getClientRects().length > 0`) {
		t.Errorf("the embedded file shows its top bar")
	}
	if r := requests(); len(r) > 0 {
		t.Errorf("the offline file asked for %s", strings.Join(r, ", "))
	}
}

// TestEmbed opens a run with embed=1, as a slide's iframe would: the view,
// the space-time diagram, the narration and the controls, without the top
// bar, the set-up, the tabs, the panel and the reference; spacetime=0 leaves
// out the diagram; the address keeps both as the run goes on.
func TestEmbed(t *testing.T) {
	shown := func(p *page, sel string) bool {
		return eval[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%s); return !!e && e.getClientRects().length > 0 && e.getBoundingClientRect().width > 0; })()`, jsString(sel)))
	}
	for _, c := range []struct {
		link      string
		spacetime bool
	}{{bullyLink + "&embed=1", true}, {bullyLink + "&embed=1&spacetime=0", false}} {
		p := openRun(t, c.link, 8)
		for _, sel := range []string{".topbar", tid(hookSetup), tid("tab-run"), ".panel", "#reference"} {
			if shown(p, sel) {
				t.Errorf("%s: %s is shown", c.link, sel)
			}
		}
		for _, sel := range []string{selTopology, tid(hookNarration), tid(hookForward), tid(hookScrubber)} {
			if !shown(p, sel) {
				t.Errorf("%s: %s is not shown", c.link, sel)
			}
		}
		if shown(p, tid("spacetime")) != c.spacetime {
			t.Errorf("%s: the space-time diagram shown: %v, want %v", c.link, !c.spacetime, c.spacetime)
		}
		p.forward()
		want := "embed=1"
		if !c.spacetime {
			want += "&spacetime=0"
		}
		p.waitFor("the address to keep "+want, fmt.Sprintf(`location.search.includes(%s) && location.search.includes('step=')`, jsString(want)))
	}
}
