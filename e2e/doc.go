// Package e2e holds distviz's end-to-end tests: the whole server in process
// (httptest, loopback only) driven by a real headless Chromium through
// chromedp. They run with every `go test ./...`: one browser for the test
// binary, a fresh tab in a fresh browser context for each test, 30 s at most
// per test.
//
// The browser is Debian's chromium (`apt-get install chromium`; the
// Taskfile's `browser` task, a dependency of `test`, installs it when it is
// missing and the tests run as root). Without it the tests skip with a
// message, except when the environment variable CI is set: then they fail,
// so that CI never passes without them. `-short` skips them too.
//
// Environment: DISTVIZ_CHROMIUM names another browser binary;
// DISTVIZ_E2E_SHOTS keeps the screenshots in that directory.
//
// The tests read the page only through its test hooks (`data-node`,
// `data-msg`, `data-link`, `data-testid`), listed in hooks_test.go. The frame
// rate of a playing 1,000-process ring is logged by TestRing1000Animation and
// measured by BenchmarkRing1000Frames:
//
//	go test ./e2e -run '^$' -bench Ring1000 -benchtime 200x
package e2e
