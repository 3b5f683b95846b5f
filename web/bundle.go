package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"distviz/templates"
)

// The home page loads its scripts and styles bundled: the entry and what it
// imports as one module, every module loaded on demand (a view, an editor,
// the Experiment tab) as a chunk of its own with what it alone needs, and
// the style sheets as one file. A deep link's page then asks for three
// files and its view's chunk instead of some sixty modules; the modules
// themselves stay served as they are (the unit-test page, links from
// outside). Bundled once per process, from the embedded files: always the
// scripts of this build.

// bundled is the page's bundle within the assets (its files are assets
// under bundle/).
type bundled struct {
	entry   string              // the entry's file, e.g. "bundle/app-XXXX.js"
	style   string              // the style sheets' file
	imports map[string][]string // a file → the files it imports statically
	chunks  map[string]string   // a module loaded on demand, e.g. "js/views/ring/ring.js" → its file
	boot    string              // the head's script (js/app/boot.js and what it imports, as one classic script)
}

// preload lists what a page whose view is module asks for at once: the
// files the entry imports, and the view's chunk with its imports.
func (b *bundled) preload(module string) []string {
	out := b.closure(b.entry)
	if c, ok := b.chunks[module]; ok {
		for _, p := range append([]string{c}, b.closure(c)...) {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// compileHint asks V8 to compile every function of a script while it
// streams in, off the main thread, instead of each on its first call
// (Chromium's explicit compile hints; other browsers read a comment): for
// the files a deep link's first picture runs, whose functions nearly all
// run at once.
const compileHint = "//# allFunctionsCalledOnLoad\n"

// firstRender is the set of files a page may run before its first
// picture: the entry, the views' chunks, and what they import.
func (b *bundled) firstRender() map[string]bool {
	set := map[string]bool{b.entry: true}
	for _, p := range b.closure(b.entry) {
		set[p] = true
	}
	for module, c := range b.chunks {
		if !strings.HasPrefix(module, "js/views/") {
			continue
		}
		set[c] = true
		for _, p := range b.closure(c) {
			set[p] = true
		}
	}
	return set
}

// closure is every file that file imports, directly or not.
func (b *bundled) closure(file string) []string {
	var out []string
	queue := []string{file}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range b.imports[p] {
			if q != file && !slices.Contains(out, q) {
				out = append(out, q)
				queue = append(queue, q)
			}
		}
	}
	return out
}

// addBundle bundles fsys's page scripts and styles and adds the files to
// the assets.
func (a *assets) addBundle(fsys fs.FS) error {
	res := api.Build(api.BuildOptions{
		EntryPoints:      []string{templates.Entry},
		Bundle:           true,
		Splitting:        true,
		Format:           api.FormatESModule,
		Target:           api.ES2022,
		Charset:          api.CharsetUTF8,
		MinifyWhitespace: true,
		MinifySyntax:     true,
		AbsWorkingDir:    "/",
		Outdir:           "/bundle",
		EntryNames:       "[name]-[hash]",
		ChunkNames:       "[name]-[hash]",
		Metafile:         true,
		Plugins:          []api.Plugin{staticPlugin(fsys, nil)},
	})
	if err := buildErr("the page's scripts", res); err != nil {
		return err
	}
	b, err := bundleMeta(res.Metafile)
	if err != nil {
		return err
	}
	eager := b.firstRender()
	for _, f := range res.OutputFiles {
		name, js := strings.TrimPrefix(f.Path, "/"), f.Contents
		if eager[name] {
			js = append([]byte(compileHint), js...)
		}
		a.files[name] = newBlob(js, "text/javascript; charset=utf-8")
	}
	if b.boot, err = bundleBoot(fsys); err != nil {
		return err
	}
	css, err := bundleStyles(fsys)
	if err != nil {
		return err
	}
	bl := newBlob(css, "text/css; charset=utf-8")
	b.style = "bundle/page-" + bl.hashHex[:8] + ".css"
	a.files[b.style] = bl
	a.bundle = b
	return nil
}

// bootEntry is the script the page's head runs before anything loads: it
// opens the session's socket and asks for a deep link's run at once.
const bootEntry = "js/app/boot.js"

// bundleBoot bundles the head's script into one classic script, which the
// page carries inline: no request stands before the socket.
func bundleBoot(fsys fs.FS) (string, error) {
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{bootEntry},
		Bundle:            true,
		Format:            api.FormatIIFE,
		Target:            api.ES2022,
		Charset:           api.CharsetUTF8,
		MinifyWhitespace:  true,
		MinifySyntax:      true,
		MinifyIdentifiers: true,
		AbsWorkingDir:     "/",
		Plugins:           []api.Plugin{staticPlugin(fsys, nil)},
	})
	js, err := oneOutput("the page's head script", res)
	return strings.TrimSpace(js), err
}

// buildErr is esbuild's errors of bundling what, as one error (nil: none).
func buildErr(what string, res api.BuildResult) error {
	if len(res.Errors) == 0 {
		return nil
	}
	msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
	return fmt.Errorf("bundling %s: %s", what, strings.Join(msgs, "\n"))
}

// oneOutput is the one file a bundle of what made, or its errors.
func oneOutput(what string, res api.BuildResult) (string, error) {
	if err := buildErr(what, res); err != nil {
		return "", err
	}
	if len(res.OutputFiles) != 1 {
		return "", fmt.Errorf("bundling %s made %d files, not one", what, len(res.OutputFiles))
	}
	return string(res.OutputFiles[0].Contents), nil
}

// bundleMeta reads esbuild's metafile: which file is the entry, which a
// module's chunk, and what each imports.
func bundleMeta(metafile string) (*bundled, error) {
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
			Imports    []struct {
				Path string `json:"path"`
				Kind string `json:"kind"`
			} `json:"imports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &meta); err != nil {
		return nil, fmt.Errorf("reading the bundle's metafile: %w", err)
	}
	b := &bundled{imports: map[string][]string{}, chunks: map[string]string{}}
	for file, out := range meta.Outputs {
		module := strings.TrimPrefix(out.EntryPoint, staticNamespace+":")
		if module == templates.Entry {
			b.entry = file
		} else if module != "" {
			b.chunks[module] = file
		}
		for _, imp := range out.Imports {
			if imp.Kind == "import-statement" {
				b.imports[file] = append(b.imports[file], imp.Path)
			}
		}
		slices.Sort(b.imports[file]) // (map order: the page's preloads are the same every time)
	}
	if b.entry == "" {
		return nil, errors.New("the bundle has no file for the page's entry")
	}
	return b, nil
}

// bundleStyles is the page's style sheets in their cascade order, as one,
// each without its comments and spaces.
func bundleStyles(fsys fs.FS) ([]byte, error) {
	var all []byte
	for _, p := range templates.Styles {
		css, err := minifyStyle(fsys, p)
		if err != nil {
			return nil, err
		}
		all = append(all, css...)
	}
	return all, nil
}

func minifyStyle(fsys fs.FS, p string) ([]byte, error) {
	b, err := fs.ReadFile(fsys, p)
	if err != nil {
		return nil, fmt.Errorf("bundling the page's styles: %w", err)
	}
	res := api.Transform(string(b), api.TransformOptions{Loader: api.LoaderCSS, MinifyWhitespace: true})
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("bundling the page's styles: %s: %s", p, res.Errors[0].Text)
	}
	return res.Code, nil
}

// staticNamespace is the namespace the bundles' modules are read in.
const staticNamespace = "static"

// staticPlugin has esbuild read the modules from fsys by their paths there
// (js/app/app.js); modules whose path matches external are left out.
func staticPlugin(fsys fs.FS, external *regexp.Regexp) api.Plugin {
	return api.Plugin{Name: staticNamespace, Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `.*`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			p := a.Path
			if a.Kind != api.ResolveEntryPoint {
				p = path.Join(path.Dir(a.Importer), a.Path)
			}
			if external != nil && external.MatchString(p) {
				return api.OnResolveResult{Path: a.Path, External: true}, nil
			}
			return api.OnResolveResult{Path: p, Namespace: staticNamespace}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: staticNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src, err := fs.ReadFile(fsys, a.Path)
			text := string(src)
			return api.OnLoadResult{Contents: &text, Loader: api.LoaderJS}, err
		})
	}}
}
