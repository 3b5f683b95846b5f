package e2e

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"distviz/web"
)

// One browser and one server serve every test of the binary; each test gets
// a fresh tab in a fresh browser context (no shared storage or cookies).
var (
	browserCtx context.Context // the browser's root context; nil without a browser
	noBrowser  string          // why there is no browser: the tests skip with it
	baseURL    string          // the server under test, http://127.0.0.1:port
)

const (
	// startTimeout bounds the browser's start.
	startTimeout = 30 * time.Second
	// tabTimeout bounds everything one test does in its tab.
	tabTimeout = 30 * time.Second
	// waitTimeout bounds one wait for the page to reach a state.
	waitTimeout = 10 * time.Second
	// width and height of the browser window and of each tab's viewport.
	width, height = 1024, 768
)

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(run(m))
}

func run(m *testing.M) int {
	app := web.New(web.Config{}, nil)
	srv := httptest.NewUnstartedServer(app.Handler())
	srv.Listener = wireListener{srv.Listener}
	srv.Start()
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		app.Close(ctx) // the WebSocket sessions, which srv.Close does not wait for
		srv.Close()
	}()
	baseURL = srv.URL

	if testing.Short() {
		noBrowser = "the browser tests do not run with -short"
		return m.Run()
	}
	path, err := findChromium()
	if err != nil {
		if onCI() {
			fmt.Fprintf(os.Stderr, "e2e: %v\n"+
				"e2e: CI is set, so the browser tests fail instead of skipping. "+
				"Install Debian's chromium (as root: apt-get install -y --no-install-recommends chromium, "+
				"which `go tool -modfile=tools/go.mod task test` does by itself) or set DISTVIZ_CHROMIUM.\n", err)
			return 1
		}
		noBrowser = err.Error() + " (install Debian's chromium as root, or run `go tool -modfile=tools/go.mod task test` as root, " +
			"or set DISTVIZ_CHROMIUM; with CI set this is a failure)"
		return m.Run()
	}

	ctx, stop, err := startBrowser(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
		return 1
	}
	// stop closes the browser and waits for it to exit; chromedp then kills
	// whatever is left that uses its temporary profile and removes it. If the
	// test binary dies instead, the kernel kills the browser (Pdeathsig).
	browserCtx = ctx
	code := m.Run()
	stop()
	// Every tab is closed now, so every WebSocket session must end.
	for deadline := time.Now().Add(5 * time.Second); app.Sessions() > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			fmt.Fprintf(os.Stderr, "e2e: %d WebSocket sessions still open 5 s after the browser closed\n", app.Sessions())
			return 1
		}
	}
	return code
}

// onCI reports whether the environment variable CI is set (as CI services
// set it: "true", "1", …).
func onCI() bool {
	switch strings.ToLower(os.Getenv("CI")) {
	case "", "0", "false", "no":
		return false
	}
	return true
}

// findChromium returns the browser to drive: $DISTVIZ_CHROMIUM, or Debian's
// chromium on the PATH.
func findChromium() (string, error) {
	if p := os.Getenv("DISTVIZ_CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("DISTVIZ_CHROMIUM=%s: %w", p, err)
		}
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium on the PATH, so the browser tests cannot run")
}

// startBrowser starts headless Chromium with a temporary profile and opens its
// first tab, so that a broken installation fails here, once, with its output.
func startBrowser(path string) (context.Context, func(), error) {
	out := &limitedBuffer{max: 16 << 10}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox, // root in a container has no sandbox
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(width, height),
		chromedp.CombinedOutput(out),
		// No UserDataDir: chromedp makes a temporary one, and removes it
		// (after killing any process still using it) when the browser stops.
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	stop := func() {
		cctx, ccancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer ccancel()
		chromedp.Cancel(cctx) // a graceful close first
		cancel()
		cancelAlloc() // kills the process if it is still there and waits for it
	}

	// The first Do starts the browser with ctx itself (a deadline on it would
	// kill the browser when it passes), so bound it from outside.
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(ctx) }()
	select {
	case err := <-started:
		if err != nil {
			stop()
			return nil, nil, fmt.Errorf("starting %s: %w\nits output:\n%s", path, err, out)
		}
	case <-time.After(startTimeout):
		stop()
		return nil, nil, fmt.Errorf("starting %s: no answer after %v\nits output:\n%s", path, startTimeout, out)
	}
	return ctx, stop, nil
}

// limitedBuffer keeps the first max bytes written to it, for error messages.
type limitedBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if room := l.max - len(l.b); room > 0 {
		l.b = append(l.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (l *limitedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return string(l.b)
}
