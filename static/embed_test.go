package static

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
)

// Every module a script imports is embedded, so the app never asks the
// server for a file it does not have.
func TestImportsAreEmbedded(t *testing.T) {
	imports := regexp.MustCompile(`(?:from\s+|import\s*\(\s*|import\s+)"([^"]+)"`)
	var scripts []string
	err := fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".html") {
			scripts = append(scripts, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(scripts) < 10 {
		t.Fatalf("only %d scripts embedded: %v", len(scripts), scripts)
	}
	for _, p := range scripts {
		b, err := fs.ReadFile(FS, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range imports.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			switch {
			case strings.HasPrefix(target, "/static/"):
				target = strings.TrimPrefix(target, "/static/")
			case strings.HasPrefix(target, "./"), strings.HasPrefix(target, "../"):
				target = path.Join(path.Dir(p), target)
			default:
				t.Errorf("%s imports %q: only relative or /static/ paths are served", p, m[1])
				continue
			}
			if _, err := fs.Stat(FS, target); err != nil {
				t.Errorf("%s imports %q, which is not embedded (%s)", p, m[1], target)
			}
		}
	}
}

// The unit tests the browser runs are all listed in the test page's entry.
func TestEveryJSTestIsRun(t *testing.T) {
	all, err := fs.ReadFile(FS, "js/test/all.js")
	if err != nil {
		t.Fatal(err)
	}
	tests, err := fs.Glob(FS, "js/test/*.test.js")
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) == 0 {
		t.Fatal("no js/test/*.test.js embedded")
	}
	for _, p := range tests {
		if !strings.Contains(string(all), `"./`+path.Base(p)+`"`) {
			t.Errorf("js/test/all.js does not import %s", path.Base(p))
		}
	}
}

// The style sheets' blocks are balanced: one unclosed brace (a bad merge)
// makes browsers drop every rule after it without a word.
func TestStylesheetBlocksBalance(t *testing.T) {
	sheets, _ := fs.Glob(FS, "css/*.css")
	views, _ := fs.Glob(FS, "css/views/*.css")
	sheets = append(sheets, views...)
	if len(sheets) < 5 {
		t.Fatalf("only %d style sheets: %v", len(sheets), sheets)
	}
	for _, p := range sheets {
		b, err := fs.ReadFile(FS, p)
		if err != nil {
			t.Fatal(err)
		}
		depth, line, inComment := 0, 1, false
		for i := 0; i < len(b); i++ {
			switch {
			case b[i] == '\n':
				line++
			case inComment:
				if b[i] == '*' && i+1 < len(b) && b[i+1] == '/' {
					inComment, i = false, i+1
				}
			case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
				inComment, i = true, i+1
			case b[i] == '{':
				depth++
			case b[i] == '}':
				if depth--; depth < 0 {
					t.Fatalf("%s line %d: a } closes nothing", p, line)
				}
			}
		}
		if depth != 0 || inComment {
			t.Fatalf("%s ends with %d unclosed blocks (comment open: %v)", p, depth, inComment)
		}
	}
}

// The dark theme is written once: every colour token says both its values
// (light-dark()), and no style sheet repeats a theme's colours for the
// system's setting and the page's toggle apart.
func TestDarkThemeOnce(t *testing.T) {
	sheets, _ := fs.Glob(FS, "css/*.css")
	views, _ := fs.Glob(FS, "css/views/*.css")
	for _, p := range append(sheets, views...) {
		b, _ := fs.ReadFile(FS, p)
		if strings.Contains(string(b), "prefers-color-scheme") {
			t.Errorf("%s asks prefers-color-scheme: the tokens' light-dark() answers it", p)
		}
		if p != "css/tokens.css" && strings.Contains(string(b), `data-theme="dark"`) {
			t.Errorf("%s has rules of its own for the dark theme", p)
		}
	}
}
