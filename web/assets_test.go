package web

import (
	"bytes"
	"compress/gzip"
	"distviz/static"
	"distviz/templates"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

func get(t *testing.T, h http.Handler, path string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The page names its assets under the build's version, which a browser may
// keep for a year; every asset comes gzipped to a browser that takes gzip,
// with an ETag that a second request turns into a 304; the registry and the
// page itself are revalidated the same way.
func TestAssetsCompressedAndCached(t *testing.T) {
	h := newTestRouter(t, Config{})
	page := get(t, h, "/", "Accept-Encoding", "gzip, deflate, br")
	wantStatus(t, page, http.StatusOK)
	if page.Header().Get("Content-Encoding") != "gzip" || page.Header().Get("Cache-Control") != "no-cache" || page.Header().Get("ETag") == "" {
		t.Fatalf("the page: headers %v", page.Header())
	}
	html := string(gunzip(t, page.Body.Bytes()))
	urls := regexp.MustCompile(`(?:src|href)="(/static/v/[0-9a-f]{12}/[^"]+)"`).FindAllStringSubmatch(html, -1)
	if len(urls) < 3 {
		t.Fatalf("the page names %d versioned assets: %v", len(urls), urls)
	}
	for _, u := range urls {
		w := get(t, h, u[1], "Accept-Encoding", "gzip")
		wantStatus(t, w, http.StatusOK)
		if cc := w.Header().Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
			t.Errorf("%s: Cache-Control %q", u[1], cc)
		}
		etag := w.Header().Get("ETag")
		if etag == "" {
			t.Errorf("%s: no ETag", u[1])
		}
		if again := get(t, h, u[1], "Accept-Encoding", "gzip", "If-None-Match", etag); again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Errorf("%s again with its ETag: %d, %d bytes", u[1], again.Code, again.Body.Len())
		}
	}
	// a script, gzipped and not, and the same file unversioned
	js := regexp.MustCompile(`src="(/static/v/[0-9a-f]{12}/([^"]+\.js))"`).FindStringSubmatch(html)
	if js == nil {
		t.Fatal("no script")
	}
	zipped := get(t, h, js[1], "Accept-Encoding", "gzip")
	plain := get(t, h, js[1])
	if zipped.Header().Get("Content-Encoding") != "gzip" || plain.Header().Get("Content-Encoding") != "" {
		t.Fatalf("encodings %q and %q", zipped.Header().Get("Content-Encoding"), plain.Header().Get("Content-Encoding"))
	}
	if !bytes.Equal(gunzip(t, zipped.Body.Bytes()), plain.Body.Bytes()) || zipped.Body.Len() >= plain.Body.Len() {
		t.Errorf("the gzipped script (%d bytes) is not the script (%d bytes) compressed", zipped.Body.Len(), plain.Body.Len())
	}
	if zipped.Header().Get("ETag") == plain.Header().Get("ETag") || zipped.Header().Get("Vary") != "Accept-Encoding" {
		t.Errorf("ETags %q %q, Vary %q: each encoding needs its own", zipped.Header().Get("ETag"), plain.Header().Get("ETag"), zipped.Header().Get("Vary"))
	}
	if ct := plain.Header().Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	unversioned := get(t, h, "/static/"+js[2])
	if unversioned.Header().Get("Cache-Control") != "no-cache" || !bytes.Equal(unversioned.Body.Bytes(), plain.Body.Bytes()) {
		t.Errorf("/static/%s: Cache-Control %q", js[2], unversioned.Header().Get("Cache-Control"))
	}
	// an old page's version still gets the file, but not for a year
	old := get(t, h, "/static/v/000000000000/"+js[2])
	if old.Code != http.StatusOK || old.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("an old version: %d, Cache-Control %q", old.Code, old.Header().Get("Cache-Control"))
	}
	if w := get(t, h, "/static/js/nope.js"); w.Code != http.StatusNotFound {
		t.Errorf("a missing asset: %d", w.Code)
	}
	// the registry: gzipped, revalidated
	reg := get(t, h, "/api/algorithms", "Accept-Encoding", "gzip")
	if reg.Header().Get("Content-Encoding") != "gzip" || reg.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("the registry: headers %v", reg.Header())
	}
	if again := get(t, h, "/api/algorithms", "Accept-Encoding", "gzip", "If-None-Match", reg.Header().Get("ETag")); again.Code != http.StatusNotModified {
		t.Errorf("the registry again with its ETag: %d", again.Code)
	}
	// the icon
	if w := get(t, h, "/favicon.ico"); w.Code != http.StatusOK || w.Header().Get("Content-Type") != "image/svg+xml" {
		t.Errorf("/favicon.ico: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
}

func TestAcceptsGzip(t *testing.T) {
	for in, want := range map[string]bool{"": false, "gzip": true, "br, gzip;q=0.8": true, "gzip;q=0": false, "identity": false, "*": true, "GZIP": true} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", in)
		if got := acceptsGzip(r); got != want {
			t.Errorf("Accept-Encoding %q: %v", in, got)
		}
	}
}

// The page asks at once for every module its script imports (and no module
// that loads on demand: the views, the Experiment tab), and for every style
// sheet of static/css.
func TestPagePreloadsItsModules(t *testing.T) {
	as, err := staticAssets()
	if err != nil {
		t.Fatal(err)
	}
	got := as.Imports("js/app/app.js")
	has := func(p string) bool { return slices.Contains(got, p) }
	for _, p := range []string{"js/app/dom.js", "js/app/model.js", "js/views/index.js", "js/i18n/i18n.js", "js/panel/panel.js", "js/spacetime/spacetime.js"} {
		if !has(p) {
			t.Errorf("the preloads lack %s: %v", p, got)
		}
	}
	for _, p := range got {
		if strings.HasPrefix(p, "js/experiment/") || strings.HasPrefix(p, "js/views/ring/") || strings.HasPrefix(p, "js/views/tree/") || strings.HasPrefix(p, "js/views/grid/") || strings.Contains(p, "vendor") {
			t.Errorf("the page preloads %s, which loads on demand", p)
		}
		if _, ok := as.files[p]; !ok {
			t.Errorf("the preload %s is not an asset", p)
		}
	}
	// the page links the style sheets as one file, which holds each in cascade order
	page := string(gunzip(t, get(t, newTestRouter(t, Config{}), "/", "Accept-Encoding", "gzip").Body.Bytes()))
	if !strings.Contains(page, `<link rel="stylesheet" href="`+as.URL(as.bundle.style)+`"`) {
		t.Errorf("the page does not link the bundled style sheets %s", as.bundle.style)
	}
	all, at := string(as.files[as.bundle.style].raw), 0
	for _, p := range templates.Styles {
		css, err := minifyStyle(static.FS, p)
		if err != nil {
			t.Fatal(err)
		}
		i := strings.Index(all[at:], string(css))
		if i < 0 {
			t.Errorf("the bundled style sheets lack %s, or hold it out of its cascade order", p)
			continue
		}
		at += i + len(css)
	}
	for p := range as.files {
		if strings.HasPrefix(p, "css/") && !slices.Contains(templates.Styles, p) {
			t.Errorf("the page's style sheets leave out %s", p)
		}
	}
}

// A deep link's page asks at once for its algorithm's view too (the page of
// another view does not): the bundle's entry, the chunks it imports, and the
// view's chunk with the chunks that imports.
func TestDeepLinkPreloadsItsView(t *testing.T) {
	as, err := staticAssets()
	if err != nil {
		t.Fatal(err)
	}
	h := newTestRouter(t, Config{})
	page := func(q string) string {
		return string(gunzip(t, get(t, h, "/"+q, "Accept-Encoding", "gzip").Body.Bytes()))
	}
	chunk := func(m string) string {
		c, ok := as.bundle.chunks[m]
		if !ok {
			t.Fatalf("the bundle has no chunk for %s", m)
		}
		return c
	}
	for q, want := range map[string]string{
		"?algorithm=bully":         chunk("js/views/ring/ring.js"),
		"?algorithm=firewire&n=5":  chunk("js/views/tree/tree.js"),
		"?algorithm=maekawa":       chunk("js/views/grid/grid.js"),
		"?algorithm=chang-roberts": chunk("js/views/ring/ring.js"),
	} {
		p := page(q)
		if !strings.Contains(p, `<script type="module" src="`+as.URL(as.bundle.entry)+`"`) {
			t.Errorf("%s: the page does not load the bundle's entry", q)
		}
		if !strings.Contains(p, `rel="modulepreload" href="`+as.URL(want)+`"`) {
			t.Errorf("%s: the page does not preload %s", q, want)
		}
		for _, c := range as.bundle.closure(want) {
			if !strings.Contains(p, `href="`+as.URL(c)+`"`) {
				t.Errorf("%s: the page does not preload %s, which its view's chunk imports", q, c)
			}
		}
	}
	if p := page(""); strings.Contains(p, chunk("js/views/ring/ring.js")) || strings.Contains(p, chunk("js/views/tree/tree.js")) {
		t.Error("the plain page preloads a view")
	}
	if p := page("?algorithm=firewire"); strings.Contains(p, chunk("js/views/grid/grid.js")) || strings.Contains(p, chunk("js/experiment/experiment.js")) {
		t.Error("the tree's page preloads the grid or the Experiment tab")
	}
}

// The scripts of a deep link's first picture ask to be compiled while they
// stream in; one loaded later (the Experiment tab) does not. A deep link's
// page also carries the head's script, which asks for its run at once, and
// runs its view's module before the entry.
func TestFirstRenderScripts(t *testing.T) {
	as, err := staticAssets()
	if err != nil {
		t.Fatal(err)
	}
	hinted := func(file string) bool { return bytes.HasPrefix(as.files[file].raw, []byte(compileHint)) }
	for _, f := range append([]string{as.bundle.entry, as.bundle.chunks["js/views/ring/ring.js"]}, as.bundle.closure(as.bundle.entry)...) {
		if !hinted(f) {
			t.Errorf("%s, which a deep link runs before its picture, has no compile hint", f)
		}
	}
	if exp := as.bundle.chunks["js/experiment/experiment.js"]; hinted(exp) {
		t.Errorf("the Experiment tab's chunk %s has the compile hint", exp)
	}
	h := newTestRouter(t, Config{})
	p := string(gunzip(t, get(t, h, "/?algorithm=bully", "Accept-Encoding", "gzip").Body.Bytes()))
	if !strings.Contains(p, "<script>"+as.bundle.boot+"</script>") || !strings.Contains(as.bundle.boot, "distvizBoot") {
		t.Error("the page's head lacks the boot script")
	}
	entry := strings.Index(p, `<script type="module" src="`+as.URL(as.bundle.entry)+`"`)
	if strings.Index(p, "distvizBoot") > entry {
		t.Error("the boot script comes after the entry")
	}
	// (the view's module is run before the app starts: the run's first drawing need not wait for it)
	view := strings.Index(p, `<script type="module">import * as view from "`+as.URL(as.bundle.chunks["js/views/ring/ring.js"])+`"; window.distvizBoot.view = view;</script>`)
	if view < 0 || view > entry {
		t.Error("the deep link's page does not import its view's chunk before the entry")
	}
	if plain := string(gunzip(t, get(t, h, "/", "Accept-Encoding", "gzip").Body.Bytes())); strings.Count(plain, `<script type="module"`) != 1 {
		t.Error("the plain page runs a script besides the entry")
	}
}

// A bundle that made no file, or several, is an error, not an index out of range.
func TestOneOutput(t *testing.T) {
	if _, err := oneOutput("nothing", api.BuildResult{}); err == nil {
		t.Error("no output file: no error")
	}
	two := api.BuildResult{OutputFiles: []api.OutputFile{{Contents: []byte("a")}, {Contents: []byte("b")}}}
	if _, err := oneOutput("two", two); err == nil {
		t.Error("two output files: no error")
	}
	failed := api.BuildResult{Errors: []api.Message{{Text: "broken"}}, OutputFiles: []api.OutputFile{{}}}
	if _, err := oneOutput("the test's", failed); err == nil || !strings.Contains(err.Error(), "broken") {
		t.Errorf("a failed build: %v", err)
	}
	if js, err := oneOutput("one", api.BuildResult{OutputFiles: []api.OutputFile{{Contents: []byte("x()")}}}); err != nil || js != "x()" {
		t.Errorf("one file: %q, %v", js, err)
	}
}
