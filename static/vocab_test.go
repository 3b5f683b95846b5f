package static_test

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/algos"
	"distviz/static"
)

// engineWords are names that algorithms declare only to give the engine's
// own words a look and a label: frame.go gives every crashed process the
// role "crashed", and a message that reaches a crashed process is dropped
// with the reason "crashed" (docs/api.md). The page may name them.
var engineWords = map[string]string{
	"crashed":   "the engine's role of a crashed process and its drop reason",
	"delivered": "the engine's count of messages delivered (a summary's messages.delivered)",
}

// The browser draws from the vocabulary the registry declares and names no
// algorithm: no string literal in static/js (outside its tests; vendored
// code lives in static/vendor) is an algorithm id, a message type, a role
// name, a declared variable or outcome field of the catalog, or a label key
// of one (role.<name>, var.<name>, outcome.<name>, measure.<name>). The
// page's own catalog (js/i18n/strings/<lang>.js) holds words of a language
// as values: only its keys count there.
func TestScriptsNameNoAlgorithm(t *testing.T) {
	names := catalogNames()
	if len(names) < 30 {
		t.Fatalf("the catalog declares only %d names: %v", len(names), names)
	}
	scripts := pageScripts(t)
	for _, p := range scripts {
		b, err := fs.ReadFile(static.FS, p)
		if err != nil {
			t.Fatal(err)
		}
		catalog := isCatalog(p)
		for _, l := range jsLiterals(string(b)) {
			if catalog && l.value {
				continue
			}
			if what := named(names, l.text); what != "" {
				t.Errorf("%s:%d: the literal %q names %s", p, l.line, l.text, what)
			}
		}
	}
}

// isCatalog says whether a script is one of the page's tables of texts by
// language, whose values are words, not names.
func isCatalog(p string) bool {
	return strings.HasPrefix(p, "js/i18n/strings/") || path.Base(p) == "i18n.js"
}

// pageScripts lists the page's modules: static/js and its folders but the tests.
func pageScripts(t *testing.T) []string {
	t.Helper()
	var scripts []string
	err := fs.WalkDir(static.FS, "js", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p == "js/test" {
			return fs.SkipDir
		}
		if strings.HasSuffix(p, ".js") {
			scripts = append(scripts, p)
		}
		return nil
	})
	if err != nil || len(scripts) < 10 {
		t.Fatalf("only %d scripts (%v)", len(scripts), err)
	}
	return scripts
}

// platformWords are words the web platform gives a meaning of its own: the
// ARIA role "group" and the digit-grouping part of Intl.NumberFormat.
var platformWords = []string{"group"}

// The page chooses a run's view from views/index.js by the registry's
// `view` and names no view elsewhere: outside js/views/ no string literal
// is the name of a view, so the app, the form, the panel and the rest have
// no branch on one (a new view is its folder and a line of the index).
func TestScriptsNameNoView(t *testing.T) {
	index, err := fs.ReadFile(static.FS, "js/views/index.js")
	if err != nil {
		t.Fatal(err)
	}
	viewNames := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\t(\w+): \(\) => import\(`).FindAllStringSubmatch(string(index), -1) {
		viewNames[m[1]] = true
	}
	for _, a := range algos.All() {
		if a.View != "" && !viewNames[a.View] {
			t.Errorf("%s's view %q is not in js/views/index.js (%v)", a.ID, a.View, viewNames)
		}
	}
	if len(viewNames) < 3 {
		t.Fatalf("js/views/index.js lists %v", viewNames)
	}
	for _, p := range pageScripts(t) {
		if strings.HasPrefix(p, "js/views/") {
			continue
		}
		b, err := fs.ReadFile(static.FS, p)
		if err != nil {
			t.Fatal(err)
		}
		catalog := isCatalog(p)
		for _, l := range jsLiterals(string(b)) {
			if catalog && l.value {
				continue
			}
			// a glyph, an ARIA role or a part of Intl's formatToParts may
			// share a view's name
			if viewNames[l.text] && !slices.Contains(algo.Glyphs, l.text) && !slices.Contains(platformWords, l.text) {
				t.Errorf("%s:%d: the literal %q names a view", p, l.line, l.text)
			}
		}
	}
}

// catalogNames maps every name of the catalog to what it names.
func catalogNames() map[string]string {
	out := map[string]string{}
	add := func(name, what string) {
		if _, engine := engineWords[name]; name != "" && !engine {
			if _, ok := out[name]; !ok {
				out[name] = what
			}
		}
	}
	for _, a := range algos.All() {
		add(a.ID, "an algorithm")
		for _, ty := range a.MessageTypes {
			add(ty, "a message type of "+a.ID)
		}
		for _, r := range a.Roles {
			add(r.Name, "a role of "+a.ID)
		}
		for _, v := range a.Vars {
			add(v.Name, "a variable of "+a.ID)
		}
		for _, v := range a.Outcome {
			add(v.Name, "an outcome field of "+a.ID)
		}
	}
	return out
}

// named says what a literal names: a name of the catalog, or a label key
// of one.
func named(names map[string]string, s string) string {
	if what, ok := names[s]; ok {
		return what
	}
	for _, prefix := range []string{"role.", "var.", "outcome.", "measure."} {
		if rest, ok := strings.CutPrefix(s, prefix); ok {
			if what, ok := names[rest]; ok {
				return "the label of " + what
			}
		}
	}
	return ""
}

func TestNamed(t *testing.T) {
	names := map[string]string{"leader": "a role", "ELECTION": "a type"}
	for s, want := range map[string]bool{"leader": true, "role.leader": true, "outcome.leader": true, "ELECTION": true,
		"leaders": false, "tone-leader": false, "election": false, "port.leader": false, "": false} {
		if got := named(names, s) != ""; got != want {
			t.Errorf("named(%q) = %v, want %v", s, got, want)
		}
	}
}

// literal is a string in a script: its text (a template literal's text
// between its substitutions, each part alone), its line, and whether it is
// the value of an object property (follows a colon).
type literal struct {
	text  string
	line  int
	value bool
}

// jsLiterals lists the string literals of a script, skipping comments and
// regular expressions. It knows JavaScript as far as the page's modules
// write it: strings, template literals with nested substitutions, regular
// expression literals after an operator or keyword.
func jsLiterals(src string) []literal {
	s := &scanner{src: src, line: 1}
	s.code(false)
	return s.out
}

type scanner struct {
	src  string
	i    int
	line int
	out  []literal
	// prev is the last significant character of code (0 at the start), and
	// word the identifier or keyword that ended there, if any.
	prev byte
	word string
}

func (s *scanner) peek(k int) byte {
	if s.i+k < len(s.src) {
		return s.src[s.i+k]
	}
	return 0
}

func (s *scanner) advance() byte {
	c := s.src[s.i]
	s.i++
	if c == '\n' {
		s.line++
	}
	return c
}

// code scans code up to the end, or with inTemplate up to the } that
// closes a template's substitution.
func (s *scanner) code(inTemplate bool) {
	depth := 0
	for s.i < len(s.src) {
		c := s.peek(0)
		switch {
		case c == '/' && s.peek(1) == '/':
			for s.i < len(s.src) && s.peek(0) != '\n' {
				s.advance()
			}
		case c == '/' && s.peek(1) == '*':
			s.i += 2
			for s.i < len(s.src) && !(s.peek(0) == '*' && s.peek(1) == '/') {
				s.advance()
			}
			s.i += 2
		case c == '"' || c == '\'':
			value := s.prev == ':'
			line := s.line
			s.out = append(s.out, literal{text: s.quoted(c), line: line, value: value})
			s.prev, s.word = c, ""
		case c == '`':
			s.template()
			s.prev, s.word = '`', ""
		case c == '/' && s.regexAllowed():
			s.regex()
			s.prev, s.word = '/', ""
		case c == '{':
			depth++
			s.advance()
			s.prev, s.word = c, ""
		case c == '}':
			if inTemplate && depth == 0 {
				s.advance()
				return
			}
			depth--
			s.advance()
			s.prev, s.word = c, ""
		case isIdent(c):
			start := s.i
			for s.i < len(s.src) && isIdent(s.peek(0)) {
				s.i++
			}
			s.word = s.src[start:s.i]
			s.prev = s.src[s.i-1]
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			s.advance()
		default:
			s.advance()
			s.prev, s.word = c, ""
		}
	}
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// regexAllowed says whether a slash here starts a regular expression: after
// an operator, an opening bracket, a comma or a keyword, not after a value.
func (s *scanner) regexAllowed() bool {
	if s.word != "" {
		return slices.Contains([]string{"return", "typeof", "case", "do", "else", "in", "of", "void", "delete", "throw", "new", "instanceof", "yield", "await"}, s.word)
	}
	return s.prev == 0 || !strings.ContainsRune(")]}`\"'", rune(s.prev))
}

func (s *scanner) quoted(q byte) string {
	s.advance()
	var b strings.Builder
	for s.i < len(s.src) {
		c := s.advance()
		switch {
		case c == q:
			return b.String()
		case c == '\\' && s.i < len(s.src):
			b.WriteByte(s.advance())
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (s *scanner) template() {
	s.advance()
	var b strings.Builder
	line := s.line
	flush := func() {
		s.out = append(s.out, literal{text: b.String(), line: line})
		b.Reset()
	}
	for s.i < len(s.src) {
		c := s.advance()
		switch {
		case c == '`':
			flush()
			return
		case c == '\\' && s.i < len(s.src):
			b.WriteByte(s.advance())
		case c == '$' && s.peek(0) == '{':
			flush()
			s.advance()
			prev, word := s.prev, s.word
			s.prev, s.word = '{', ""
			s.code(true)
			s.prev, s.word = prev, word
			line = s.line
		default:
			b.WriteByte(c)
		}
	}
}

func (s *scanner) regex() {
	s.advance()
	class := false
	for s.i < len(s.src) {
		c := s.advance()
		switch {
		case c == '\\':
			s.advance()
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			for s.i < len(s.src) && isIdent(s.peek(0)) {
				s.i++ // flags
			}
			return
		case c == '\n':
			return // not a regular expression after all
		}
	}
}

func TestJSLiterals(t *testing.T) {
	src := "const a = \"one\"; // \"not this\"\n" +
		"/* 'nor this' */ const b = {k: 'two', \"key\": 3};\n" +
		"const c = `three${f(\"four\", `five${6}`)}seven`;\n" +
		"const d = x / 2 / y, e = /\"re\"/.test(s) ? \"eight\" : 'ni\\'ne';\n" +
		"if (a) return /[/\"]/g; const f = (1) / 'ten';\n"
	var got []string
	for _, l := range jsLiterals(src) {
		v := ""
		if l.value {
			v = ":"
		}
		got = append(got, v+l.text)
	}
	want := []string{"one", ":two", "key", "three", "four", "five", "", "seven", "eight", ":ni'ne", "ten"}
	if !slices.Equal(got, want) {
		t.Errorf("literals %q, want %q", got, want)
	}
}
