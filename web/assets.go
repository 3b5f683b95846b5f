package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"distviz/static"
)

// How long a browser may keep what it was sent.
const (
	// cacheImmutable is for a file under the assets' version: its name
	// changes whenever any asset does, so it never needs asking again.
	cacheImmutable = "public, max-age=31536000, immutable"
	// cacheRevalidate is for everything else: keep it, but ask (with its
	// ETag) before using it again, which costs a 304 when nothing changed.
	cacheRevalidate = "no-cache"
)

// blob is an answer made once: its bytes as they are and gzipped (nil when
// that saves little), their strong ETags and its type.
type blob struct {
	raw, gz        []byte
	etag, etagGzip string
	contentType    string
	hashHex        string // the content's hash, for the assets' version
}

// newBlob prepares b: hashed, and gzipped when it is text-like enough that
// gzip saves a tenth or more.
func newBlob(b []byte, contentType string) *blob {
	sum := sha256.Sum256(b)
	h := hex.EncodeToString(sum[:])
	bl := &blob{raw: b, contentType: contentType, hashHex: h,
		etag: `"` + h[:20] + `"`, etagGzip: `"` + h[:20] + `-gz"`}
	if len(b) >= 256 && compressible(contentType) {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(b)
		zw.Close()
		if buf.Len() < len(b)*9/10 {
			bl.gz = buf.Bytes()
		}
	}
	return bl
}

func compressible(ct string) bool {
	return strings.HasPrefix(ct, "text/") || strings.Contains(ct, "json") || strings.Contains(ct, "javascript") || strings.Contains(ct, "svg")
}

// serve answers a GET or HEAD with the blob: gzipped to a client that
// accepts it, 304 to one that has it already.
func (bl *blob) serve(w http.ResponseWriter, r *http.Request, cacheControl string) {
	h := w.Header()
	body, etag := bl.raw, bl.etag
	if bl.gz != nil {
		h.Set("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			body, etag = bl.gz, bl.etagGzip
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("Content-Type", bl.contentType)
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatch(inm, bl.etag, bl.etagGzip) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") || strings.TrimSpace(name) == "*" {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// etagMatch reports whether an If-None-Match header names one of the ETags
// (a weak comparison, as RFC 9110 asks for If-None-Match).
func etagMatch(header string, etags ...string) bool {
	if strings.TrimSpace(header) == "*" {
		return true
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if slices.Contains(etags, t) {
			return true
		}
	}
	return false
}

// assets are the files of static.FS, each prepared once, and their
// version: a hash of all of them. A page names its scripts and styles
// under /static/v/<version>/, which a browser keeps for a year; the same
// files under /static/ are revalidated every time (the test page, links
// from outside).
type assets struct {
	version string
	files   map[string]*blob
	bundle  *bundled // the home page's scripts and styles bundled (bundle.go); nil: the modules as they are
}

// loadAssets prepares every file of fsys.
func loadAssets(fsys fs.FS) (*assets, error) {
	a := &assets{files: map[string]*blob{}}
	var names []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		a.files[p] = newBlob(b, contentTypeOf(p, b))
		names = append(names, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	h := sha256.New()
	for _, p := range names {
		h.Write([]byte(p + "\x00" + a.files[p].hashHex + "\n"))
	}
	a.version = hex.EncodeToString(h.Sum(nil))[:12]
	return a, nil
}

func contentTypeOf(p string, b []byte) string {
	if ct := mime.TypeByExtension(path.Ext(p)); ct != "" {
		return ct
	}
	return http.DetectContentType(b)
}

// staticAssets are static.FS's assets, prepared on first use.
var staticAssets = sync.OnceValues(func() (*assets, error) {
	a, err := loadAssets(static.FS)
	if err != nil {
		return nil, err
	}
	return a, a.addBundle(static.FS)
})

// staticImport finds a module's static imports (not import(), which loads
// later, on demand).
var staticImport = regexp.MustCompile(`(?m)^\s*(?:import|export)\s+(?:[^"';]*?\s+from\s+)?"(\.{1,2}/[^"]+)"`)

// Imports lists every module entry imports, directly or not (entry itself
// not), in a stable order: what a page may ask for at once.
func (a *assets) Imports(entry string) []string {
	seen := map[string]bool{entry: true}
	var out []string
	queue := []string{entry}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		bl, ok := a.files[p]
		if !ok {
			continue
		}
		for _, m := range staticImport.FindAllStringSubmatch(string(bl.raw), -1) {
			q := path.Join(path.Dir(p), m[1])
			if !seen[q] {
				seen[q] = true
				out = append(out, q)
				queue = append(queue, q)
			}
		}
	}
	return out
}

// viewEntry finds a view's module in the views' index (js/views/index.js):
// `name: () => import("./dir/module.js"),`.
var viewEntry = regexp.MustCompile(`(?m)^\s*(\w+): \(\) => import\("\./([^"]+)"\)`)

// viewModule is the module of a view by its name ("" when the index has no
// such view; the page then loads the index's fallback when it needs it).
func (a *assets) viewModule(name string) string {
	index, ok := a.files["js/views/index.js"]
	if !ok || name == "" {
		return ""
	}
	for _, m := range viewEntry.FindAllStringSubmatch(string(index.raw), -1) {
		if m[1] == name {
			return path.Join("js/views", m[2])
		}
	}
	return ""
}

// URL is where a page finds an asset of this version: p is its path in
// static.FS, e.g. "js/app/app.js".
func (a *assets) URL(p string) string { return "/static/v/" + a.version + "/" + p }

// ServeHTTP serves /static/<path> and /static/v/<version>/<path>.
func (a *assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := strings.TrimPrefix(r.URL.Path, "/static/")
	cache := cacheRevalidate
	if rest, ok := strings.CutPrefix(p, "v/"); ok {
		version, file, _ := strings.Cut(rest, "/")
		p = file
		// An old page may ask for its version after the server changed:
		// it gets today's file, which it must not keep for a year.
		if version == a.version {
			cache = cacheImmutable
		}
	}
	bl, ok := a.files[p]
	if !ok || p == "" {
		http.Error(w, "404 page not found: no asset "+strconv.Quote(p), http.StatusNotFound)
		return
	}
	bl.serve(w, r, cache)
}
