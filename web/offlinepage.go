package web

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"distviz/algos"
	"distviz/narrate"
	"distviz/static"
	"distviz/templates"
)

// offlinePage is the run as one HTML file: the home page with its styles
// inline, its scripts bundled into one inline module, no socket, and the
// run's frames and events as JSON that the page's local transport answers
// from (static/js/app/offline.js).
func (s *server) offlinePage(run *storedRun, lang narrate.Lang, start int, held *charged) ([]byte, error) {
	shell, err := offlineShell()
	if err != nil {
		return nil, fmt.Errorf("internal error making the offline page: %w", err)
	}
	data, err := s.collectOffline(run, lang, held)
	if err != nil {
		return nil, err
	}
	data.Step = min(start, len(data.Frames)-1)
	var buf bytes.Buffer
	if err := held.grow(int64(len(shell.head)+len(shell.tail)) + 2*s.dataSize(data)); err != nil {
		return nil, err
	}
	buf.Grow(len(shell.head) + len(shell.tail) + int(s.dataSize(data)) + 256)
	buf.Write(shell.head)
	buf.WriteString(`<script type="application/json" id="distviz-offline">`)
	if err := writeOfflineData(&buf, data); err != nil {
		return nil, fmt.Errorf("internal error writing the offline page: %w", err)
	}
	buf.WriteString("</script>\n")
	buf.Write(shell.tail)
	return buf.Bytes(), nil
}

// dataSize is about the bytes of the data's JSON.
func (s *server) dataSize(d *offlineRun) int64 {
	n := int64(len(d.Run) + len(d.Actions) + 128)
	for _, f := range d.Frames {
		n += int64(len(f)) + 1
	}
	for _, e := range d.Events {
		n += int64(len(e)) + 1
	}
	for _, w := range d.Langs {
		for _, list := range [][]json.RawMessage{w.Narration, w.Lines, slices.Collect(maps.Values(w.Violations))} {
			for _, m := range list {
				n += int64(len(m)) + 8
			}
		}
	}
	return n
}

// writeOfflineData writes the data as JSON that a script element holds as
// it is: no "<" (a "</script>" in a text would end it), which JSON writes
// as \u003c (it occurs only in strings).
func writeOfflineData(buf *bytes.Buffer, d *offlineRun) error {
	raw := func(b []byte) {
		for {
			i := bytes.IndexByte(b, '<')
			if i < 0 {
				buf.Write(b)
				return
			}
			buf.Write(b[:i])
			buf.WriteString(`\u003c`)
			b = b[i+1:]
		}
	}
	list := func(ms [][]byte) {
		buf.WriteByte('[')
		for i, m := range ms {
			if i > 0 {
				buf.WriteByte(',')
			}
			raw(m)
		}
		buf.WriteByte(']')
	}
	fmt.Fprintf(buf, `{"lang":%q,"step":%d,"run":`, d.Lang, d.Step)
	raw(d.Run)
	if d.Actions != nil {
		buf.WriteString(`,"actions":`)
		raw(d.Actions)
	}
	buf.WriteString(`,"frames":`)
	list(asBytes(d.Frames))
	buf.WriteString(`,"events":`)
	list(asBytes(d.Events))
	buf.WriteString(`,"langs":`)
	langs, err := json.Marshal(d.Langs)
	if err != nil {
		return err
	}
	raw(langs)
	buf.WriteByte('}')
	return nil
}

func asBytes(ms []json.RawMessage) [][]byte {
	out := make([][]byte, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

// shell is the offline page around its data: head ends where the data
// goes, tail holds the bundled scripts and the rest of the page.
type shell struct{ head, tail []byte }

// offlineShell makes the page once: the home page as the server renders it,
// with its links to the server's files replaced by their contents.
var offlineShell = sync.OnceValues(func() (*shell, error) {
	as, err := staticAssets()
	if err != nil {
		return nil, err
	}
	all := algos.All()
	var buf bytes.Buffer
	if err := templates.Index(templates.Families(all), all, endpoints, templates.Assets{URL: as.URL}).Render(context.Background(), &buf); err != nil {
		return nil, err
	}
	bundle, err := bundleScripts()
	if err != nil {
		return nil, err
	}
	// (rendered without Boot: the page of an offline file opens no socket, its transport is local)
	page := buf.String()
	page, err = replaceOnce(page, regexp.MustCompile(`<html `), `<html data-offline="" `)
	if err != nil {
		return nil, err
	}
	icon, err := fs.ReadFile(static.FS, "favicon.svg")
	if err != nil {
		return nil, err
	}
	page = strings.Replace(page, `href="`+as.URL("favicon.svg")+`"`,
		`href="data:image/svg+xml;base64,`+base64.StdEncoding.EncodeToString(icon)+`"`, 1)
	for _, css := range templates.Styles {
		b, err := fs.ReadFile(static.FS, css)
		if err != nil {
			return nil, err
		}
		link := `<link rel="stylesheet" href="` + as.URL(css) + `">`
		if !strings.Contains(page, link) {
			return nil, fmt.Errorf("the home page has no %s: the offline page needs it", link)
		}
		page = strings.Replace(page, link, "<style>\n"+string(b)+"</style>", 1)
	}
	// (the home page without a view: its entry does not block rendering, and is replaced by the scripts themselves)
	entry := `<script type="module" src="` + as.URL(templates.Entry) + `"></script>`
	head, tail, ok := strings.Cut(page, entry)
	if !ok {
		return nil, fmt.Errorf("the home page has no %s: the offline page needs it", entry)
	}
	script := "<script type=\"module\">\n" + templates.InScript(bundle) + "</script>"
	return &shell{head: []byte(head), tail: []byte(script + tail)}, nil
})

func replaceOnce(s string, re *regexp.Regexp, with string) (string, error) {
	loc := re.FindStringIndex(s)
	if loc == nil {
		return "", fmt.Errorf("the home page has no %s: the offline page needs it", re)
	}
	return s[:loc[0]] + with + s[loc[1]:], nil
}

// offlineExternal are the modules the offline file leaves out: the
// Experiment tab (it needs the server's engine; the offline page hides it).
var offlineExternal = regexp.MustCompile(`^js/experiment/`)

// bundleScripts bundles the page's modules, from its entry and with every
// view (loaded on demand by the page), into one module, read from the
// embedded files.
func bundleScripts() (string, error) {
	res := api.Build(api.BuildOptions{
		EntryPoints: []string{templates.Entry},
		Bundle:      true,
		Format:      api.FormatESModule,
		Target:      api.ES2022,
		Charset:     api.CharsetUTF8,
		// whitespace only: the names stay readable in a browser's console
		MinifyWhitespace: true,
		Plugins:          []api.Plugin{staticPlugin(static.FS, offlineExternal)},
	})
	return oneOutput("the offline page's scripts", res)
}
