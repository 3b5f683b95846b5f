package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// page is one test's tab: its own browser context (fresh storage), a
// 1024×768 viewport, and a deadline of tabTimeout for everything in it.
type page struct {
	t       testing.TB
	ctx     context.Context
	mu      sync.Mutex
	console []string // uncaught exceptions, console errors and warnings
}

// newPage opens a tab, or skips the test when there is no browser.
func newPage(t testing.TB) *page {
	t.Helper()
	if browserCtx == nil {
		t.Skip("e2e: " + noBrowser)
	}
	tctx, cancelT := context.WithTimeout(browserCtx, tabTimeout)
	ctx, cancel := chromedp.NewContext(tctx, chromedp.WithNewBrowserContext())
	p := &page{t: t, ctx: ctx}
	done := make(chan struct{})
	t.Cleanup(func() {
		cancel() // closes the tab and disposes of its browser context
		cancelT()
		<-done
		// An uncaught exception or a console error is a bug in the page,
		// whatever the test was looking at; warnings are only shown.
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, m := range p.console {
			if strings.HasPrefix(m, "warning") {
				t.Logf("browser console: %s", m)
			} else {
				t.Errorf("browser console: %s", m)
			}
		}
	})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height)); err != nil {
		close(done)
		t.Fatalf("opening a tab: %v", err)
	}
	// chromedp enables the Network domain, which copies every WebSocket
	// frame to us: a playing 1,000-process ring sends megabytes a second,
	// and decoding them (slowly, under -race) delays every command behind
	// them by seconds. The tests read the page, not the network.
	if _, err := chromedp.Call(ctx, network.Disable, cdp.Empty{}); err != nil {
		close(done)
		t.Fatalf("turning the Network domain off: %v", err)
	}
	msgs := chromedp.Console(ctx)
	go func() {
		defer close(done)
		for m, err := range msgs {
			if err != nil {
				return
			}
			if !m.IsException() && m.Type != chromedp.ConsoleError && m.Type != chromedp.ConsoleWarning ||
				strings.HasSuffix(m.URL, "/favicon.ico") { // the browser asks for it by itself
				continue
			}
			s := m.String()
			if m.URL != "" {
				s += fmt.Sprintf(" (%s:%d)", m.URL, m.Line+1)
			}
			p.mu.Lock()
			p.console = append(p.console, s)
			p.mu.Unlock()
		}
	}()
	return p
}

// errors are the uncaught exceptions, console errors and warnings so far.
func (p *page) errors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.console...)
}

// do runs actions in the tab, failing the test on an error.
func (p *page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.fatalf("%s: %v", what, err)
	}
}

// open loads a path of the server under test.
func (p *page) open(path string) {
	p.t.Helper()
	p.do("opening "+path, chromedp.Navigate(baseURL+path))
}

// eval evaluates a JavaScript expression and decodes its value into T.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fatalf("evaluating %.200s: %v", expr, err)
	}
	return v
}

// waitFor waits up to waitTimeout until a JavaScript expression is truthy;
// what says what is awaited, for the failure message.
func (p *page) waitFor(what, expr string) {
	p.t.Helper()
	if err := p.poll(expr); err != nil {
		p.fatalf("waiting for %s: %v", what, err)
	}
}

// poll is waitFor that returns the failure.
func (p *page) poll(expr string) error {
	_, err := chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](expr,
		chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(waitTimeout)))
	if errors.Is(err, chromedp.ErrPollingTimeout) {
		err = fmt.Errorf("not within %v", waitTimeout)
	}
	return err
}

// fatalf fails the test with the page's state appended.
func (p *page) fatalf(format string, args ...any) {
	p.t.Helper()
	p.t.Fatalf(format+"\n%s", append(args, p.describe())...)
}

// describe summarises the page for a failure message. (The console's
// messages follow at the end of the test.)
func (p *page) describe() string {
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](jsDescribe))
	if err != nil {
		s = fmt.Sprintf("(page state unavailable: %v)", err)
	}
	return s
}

const jsDescribe = `(() => {
	const q = s => document.querySelectorAll(s).length;
	const step = document.querySelector('[data-testid="step"]');
	const ids = [...new Set([...document.querySelectorAll('[data-testid]')].map(e => e.dataset.testid))];
	return 'page ' + location.pathname + location.search + ' "' + document.title + '": ' +
		q('[data-testid="topology"] [data-node]') + ' processes, ' + q('[data-testid="topology"] [data-msg]') + ' messages drawn, event ' +
		(step ? JSON.stringify(step.textContent.trim().slice(0, 60)) : 'missing') +
		'\ntestids: ' + ids.join(' ') +
		'\nbody text: ' + JSON.stringify((document.body ? document.body.innerText : '').replace(/\s+/g, ' ').slice(0, 400));
})()`

// count is how many elements match a CSS selector.
func (p *page) count(sel string) int {
	p.t.Helper()
	return eval[int](p, fmt.Sprintf(`document.querySelectorAll(%s).length`, jsString(sel)))
}

// click clicks the first element matching a CSS selector with the mouse, as a
// user would (it must be visible; it is scrolled into view).
func (p *page) click(sel string) {
	p.t.Helper()
	p.do("clicking "+sel, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// download clicks sel and returns the file the browser downloads because of
// it, however the page makes it (a link, a blob URL, a data URL).
func (p *page) download(sel string) []byte {
	p.t.Helper()
	dir := p.t.TempDir()
	c := chromedp.FromContext(p.ctx)
	if _, err := chromedp.CallBrowser(p.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior:         browser.SetDownloadBehaviorBehaviorAllowAndName,
		BrowserContextID: c.BrowserContextID,
		DownloadPath:     dir,
		EventsEnabled:    new(true),
	}); err != nil {
		p.fatalf("allowing downloads: %v", err)
	}
	ctx, cancel := context.WithTimeout(p.ctx, waitTimeout)
	defer cancel()
	// Subscribe before the click, so that no event is missed.
	begin := chromedp.BrowserEvents(ctx, browser.DownloadWillBegin)
	progress := chromedp.BrowserEvents(ctx, browser.DownloadProgress)
	p.click(sel)
	var guid string
	for ev, err := range begin {
		if err != nil {
			p.fatalf("clicking %s started no download: %v", sel, err)
		}
		p.t.Logf("downloading %q", ev.SuggestedFilename)
		guid = ev.GUID
		break
	}
	for ev, err := range progress {
		if err != nil {
			p.fatalf("waiting for the download: %v", err)
		}
		if ev.GUID != guid {
			continue
		}
		switch ev.State {
		case browser.DownloadProgressStateCompleted:
			b, err := os.ReadFile(filepath.Join(dir, ev.GUID))
			if err != nil {
				p.fatalf("reading the download: %v", err)
			}
			return b
		case browser.DownloadProgressStateCanceled:
			p.fatalf("the download of %s was canceled", sel)
		}
	}
	p.fatalf("the download of %s did not finish", sel)
	return nil
}

// decodePNG checks that b is a PNG and returns its size.
func decodePNG(t testing.TB, b []byte) image.Point {
	t.Helper()
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil || format != "png" {
		t.Fatalf("the screenshot is not a PNG (format %q): %v", format, err)
	}
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Fatalf("the screenshot does not decode: %v", err)
	}
	return image.Pt(cfg.Width, cfg.Height)
}
