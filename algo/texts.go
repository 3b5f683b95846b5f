package algo

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"strings"
)

// Texts are an algorithm's words in every language under stable keys:
// language ("en", "de", "es") → key → text. They live in the algorithm's
// folder as texts/en.json, texts/de.json and texts/es.json, flat objects that
// translators' tools read. The keys:
//
//	name, summary                   the picker's name and the summary
//	param.<name>[.default]          a parameter's help and its default's description
//	action.<id>[.doc]               an action's label and help
//	invariant.<name>                what an invariant promises
//	bound.<id>[.when|.counts]       a theory bound's name, condition, what it counts
//	scenario.<id>[.doc]             a scenario's name and description
//	preset.<id>[.doc]               an experiment preset's name and description
//	role.<name>, var.<name>, outcome.<name>   what the views label (a record
//	                                field's column: outcome.<field>; a coin's
//	                                value: var.<name>.<value>)
//	measure.<field>[.<record field>]  an outcome measure as the Experiment
//	                                tab names it (else its outcome. label)
//	note.…, violation.…             narration: a template whose {1}, {2}, … are
//	                                the engine.Text's arguments in order
//
// Message types, parameter names and formulas are not texts: they stay as
// the lectures print them.
type Texts map[string]map[string]string

// Langs are the languages every text exists in, English first.
var Langs = []string{"en", "de", "es"}

// LoadTexts reads texts/<lang>.json for every language from a folder's
// embedded files.
func LoadTexts(fsys fs.FS) (Texts, error) {
	t := Texts{}
	for _, l := range Langs {
		b, err := fs.ReadFile(fsys, "texts/"+l+".json")
		if err != nil {
			return nil, fmt.Errorf("texts: %w", err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("texts/%s.json: %w", l, err)
		}
		t[l] = m
	}
	return t, nil
}

// MustTexts is LoadTexts for files embedded in the binary, whose errors are
// the program's (the conformance tests load every folder's).
func MustTexts(fsys fs.FS) Texts {
	t, err := LoadTexts(fsys)
	if err != nil {
		panic(err)
	}
	return t
}

// Merge lays texts over each other: a later set's key wins (an algorithm's
// own texts over its kits').
func Merge(sets ...Texts) Texts {
	out := Texts{}
	for _, t := range sets {
		for l, m := range t {
			if out[l] == nil {
				out[l] = map[string]string{}
			}
			maps.Copy(out[l], m)
		}
	}
	return out
}

// Lookup finds a key's text in a language, and says whether it exists there.
func (t Texts) Lookup(lang, key string) (string, bool) {
	s, ok := t[lang][key]
	return s, ok
}

// Define finishes a registry entry written without its words: it takes
// every name, help and description from the texts by key (keeping any given
// in the Go source), and derives I18n for the page. A key missing in English
// is an error.
func Define(a *Algorithm, texts Texts) (*Algorithm, error) {
	a.Text = texts
	d := definer{a: a, en: texts["en"], i18n: map[string]map[string]string{}}
	for _, l := range Langs[1:] {
		d.i18n[l] = map[string]string{}
	}
	a.Labels = labelsOf(texts)
	d.fill(&a.Name, "name", true)
	d.fill(&a.Summary, "summary", true)
	for i := range a.Params {
		p := &a.Params[i]
		d.fill(&p.Doc, "param."+p.Name, true)
		d.fill(&p.DefaultText, "param."+p.Name+".default", false)
	}
	for i := range a.Actions {
		x := &a.Actions[i]
		d.fill(&x.Label, "action."+x.ID, true)
		d.fill(&x.Doc, "action."+x.ID+".doc", true)
	}
	for i := range a.Invariants {
		d.fill(&a.Invariants[i].Doc, "invariant."+a.Invariants[i].Name, true)
	}
	for i := range a.Theory {
		b := &a.Theory[i]
		if b.ID == "" {
			d.missing = append(d.missing, "an id for the bound "+b.Formula)
			continue
		}
		d.fill(&b.Name, "bound."+b.ID, true)
		d.fill(&b.When, "bound."+b.ID+".when", false)
		d.fill(&b.Counts, "bound."+b.ID+".counts", b.Counts == "")
	}
	for i := range a.Scenarios {
		s := &a.Scenarios[i]
		d.fill(&s.Name, "scenario."+s.ID, true)
		d.fill(&s.Doc, "scenario."+s.ID+".doc", true)
	}
	for i := range a.Experiments {
		x := &a.Experiments[i]
		d.fill(&x.Name, "preset."+x.ID, true)
		d.fill(&x.Doc, "preset."+x.ID+".doc", true)
	}
	if len(d.missing) > 0 {
		return a, fmt.Errorf("%s: texts/en.json lacks %v", a.ID, d.missing)
	}
	a.I18n = d.i18n
	return a, nil
}

// MustDefine is Define for an algorithm's own package-level entry.
func MustDefine(a *Algorithm, texts Texts) *Algorithm {
	a, err := Define(a, texts)
	if err != nil {
		panic(err)
	}
	return a
}

type definer struct {
	a       *Algorithm
	en      map[string]string
	i18n    map[string]map[string]string
	missing []string
}

// fill sets *field from key's English text unless the source gave one, and
// records the key's translations under the English text the page shows.
func (d *definer) fill(field *string, key string, required bool) {
	en, ok := d.en[key]
	switch {
	case ok && *field == "":
		*field = en
	case !ok && *field == "" && required:
		d.missing = append(d.missing, key)
	}
	if !ok {
		return
	}
	for _, l := range Langs[1:] {
		if tr, ok := d.a.Text[l][key]; ok && tr != "" {
			d.i18n[l][*field] = tr
		}
	}
}

// labelsOf picks the views' words from the texts: role., var., outcome. and
// measure. keys.
func labelsOf(t Texts) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, l := range Langs {
		out[l] = map[string]string{}
		for k, s := range t[l] {
			if strings.HasPrefix(k, "role.") || strings.HasPrefix(k, "var.") || strings.HasPrefix(k, "outcome.") || strings.HasPrefix(k, "measure.") {
				out[l][k] = s
			}
		}
	}
	return out
}
