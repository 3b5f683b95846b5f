package narrate

import (
	"embed"
	"strconv"
	"strings"

	"distviz/algo"
	"distviz/engine"
)

//go:embed texts/*.json
var files embed.FS

// system are the engine's own texts (engine.* keys) in every language.
var system = algo.MustTexts(files)

// The engine's refusals (engine.Errorf) read as English sentences wherever
// an error is printed; a session words them in its own language.
func init() {
	engine.RenderEnglish = func(t engine.Text) string { return Namer{}.In(English).Text(t) }
}

// Text renders a note, a violation or a reason in the narrator's language:
// the key's template from the algorithm's texts (or the engine's), its
// {1}, {2}, … filled with the arguments, positions as labels.
func (r Narrator) Text(t engine.Text) string {
	args := make([]string, len(t.Args))
	for i, a := range t.Args {
		args[i] = r.arg(a)
	}
	tmpl, ok := r.template(t.Key)
	if !ok {
		// a key without a text (the conformance suite finds them): show the data
		if len(args) == 0 {
			return t.Key
		}
		return t.Key + "(" + strings.Join(args, ", ") + ")"
	}
	return fill(tmpl, args)
}

// template finds a key in the reader's language, else in English.
func (r Narrator) template(key string) (string, bool) {
	for _, l := range []string{string(r.lang), string(English)} {
		if s, ok := r.names.texts.Lookup(l, key); ok {
			return s, true
		}
		if s, ok := system.Lookup(l, key); ok {
			return s, true
		}
	}
	return "", false
}

// Known reports whether a key has a text in the language (not falling back
// to English): what the conformance tests ask of every key a run uses.
func (n Namer) Known(l Lang, key string) bool {
	if _, ok := n.texts.Lookup(string(l), key); ok {
		return true
	}
	_, ok := system.Lookup(string(l), key)
	return ok
}

func (r Narrator) arg(a engine.Arg) string {
	switch a.Kind {
	case engine.ArgPos:
		return r.name(int32(a.N))
	case engine.ArgPositions:
		names := make([]string, len(a.Ints()))
		for i, p := range a.Ints() {
			names[i] = r.name(int32(p))
		}
		return strings.Join(names, ", ")
	case engine.ArgNum, engine.ArgTime:
		return strconv.FormatInt(a.N, 10)
	case engine.ArgNums:
		return joinInts(a.Ints(), ", ")
	case engine.ArgFloat:
		return strconv.FormatFloat(a.Float(), 'g', -1, 64)
	case engine.ArgStamp:
		return "(" + joinInts(a.Ints(), ",") + ")"
	case engine.ArgRaw:
		return a.S
	case engine.ArgText:
		return r.Text(*a.Sub())
	}
	return "?"
}

func joinInts(xs []int64, sep string) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.FormatInt(x, 10))
	}
	return b.String()
}

// fill replaces {1} … {9} in a template by the arguments; a brace that is
// not a placeholder stays as it is.
func fill(tmpl string, args []string) string {
	if !strings.Contains(tmpl, "{") {
		return tmpl
	}
	var b strings.Builder
	for i := 0; i < len(tmpl); i++ {
		c := tmpl[i]
		if c == '{' && i+2 < len(tmpl) && tmpl[i+2] == '}' && tmpl[i+1] >= '1' && tmpl[i+1] <= '9' {
			if k := int(tmpl[i+1] - '1'); k < len(args) {
				b.WriteString(args[k])
				i += 2
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}
