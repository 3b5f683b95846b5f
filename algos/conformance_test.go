package algos_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/algos"
	"distviz/algos/algotest"
	"distviz/engine"
	"distviz/narrate"
	"distviz/param"
	"distviz/timeline"
)

// The conformance suite: what every algorithm of the catalog must do, with
// no line written for it. Algorithms still in this package (English
// sentences as narration keys) are held to the parts that do not need keyed
// texts; TestClonesAreIndependent (clone_test.go) belongs here too.

const conformanceEvents = 200_000

// keyed reports whether a's texts are keyed (it lives in a folder).
func keyed(a *algo.Algorithm) bool { return a.Text["en"]["name"] != "" }

// scenarioRun runs a scenario to its end (or the event limit).
func scenarioRun(t *testing.T, a *algo.Algorithm, sc algo.Scenario) *timeline.Timeline {
	t.Helper()
	tl := algotest.NewRun(t, a, algotest.ScenarioParams(t, a, sc.ID), sc.Seed)
	if err := tl.Run(conformanceEvents); err != nil && err != timeline.ErrTooLong {
		t.Fatalf("%s/%s: %v", a.ID, sc.ID, err)
	}
	return tl
}

func encodeEvents(t *testing.T, tl *timeline.Timeline) []byte {
	t.Helper()
	var b []byte
	for seq := int64(1); seq <= tl.Len(); seq++ {
		var err error
		if b, err = tl.Event(seq).AppendJSON(b); err != nil {
			t.Fatal(err)
		}
		b = append(b, '\n')
	}
	return b
}

// The same algorithm, parameters, seed and actions give byte-identical
// traces; every scenario runs to the end and breaks exactly the invariants
// it says it shows broken.
func TestConformanceScenarios(t *testing.T) {
	for _, a := range algos.All() {
		if len(a.Scenarios) == 0 {
			t.Errorf("%s has no scenario", a.ID)
		}
		for _, sc := range a.Scenarios {
			t.Run(a.ID+"/"+sc.ID, func(t *testing.T) {
				first, second := scenarioRun(t, a, sc), scenarioRun(t, a, sc)
				if !bytes.Equal(encodeEvents(t, first), encodeEvents(t, second)) {
					t.Fatalf("two runs of the same scenario differ")
				}
				if !first.Head().Ended() {
					t.Fatalf("the scenario does not end within %d events", conformanceEvents)
				}
				broken := map[string]bool{}
				for _, seq := range first.Violations() {
					broken[first.Event(seq).Name] = true
				}
				got, want := slices.Sorted(maps.Keys(broken)), slices.Sorted(slices.Values(sc.Violates))
				if !keyed(a) && len(want) == 0 {
					return // not yet in a folder: its scenarios declare nothing
				}
				if !slices.Equal(got, want) {
					t.Errorf("the run breaks %v; the scenario says it breaks %v", got, want)
				}
			})
		}
	}
}

// Every text key exists in every language, with the same placeholders.
func TestConformanceTexts(t *testing.T) {
	holes := regexp.MustCompile(`\{[1-9]\}`)
	for _, a := range algos.All() {
		if !keyed(a) {
			continue
		}
		en := a.Text["en"]
		for _, l := range algo.Langs[1:] {
			for _, k := range slices.Sorted(maps.Keys(en)) {
				tr, ok := a.Text[l][k]
				switch {
				case !ok:
					t.Errorf("%s: texts/%s.json lacks %q", a.ID, l, k)
				case tr == "":
					t.Errorf("%s: texts/%s.json has an empty %q", a.ID, l, k)
				case !sameHoles(holes.FindAllString(en[k], -1), holes.FindAllString(tr, -1)):
					t.Errorf("%s: %s %q uses %v, English %v", a.ID, l, k, holes.FindAllString(tr, -1), holes.FindAllString(en[k], -1))
				}
			}
			for k := range a.Text[l] {
				if _, ok := en[k]; !ok {
					t.Errorf("%s: texts/%s.json has %q, which English lacks", a.ID, l, k)
				}
			}
		}
	}
}

func sameHoles(a, b []string) bool {
	sort.Strings(a)
	sort.Strings(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// Every narration key a scenario's run uses renders in every language, its
// arguments filling every placeholder and no placeholder left over.
func TestConformanceNarration(t *testing.T) {
	leftover := regexp.MustCompile(`\{[1-9]\}`)
	for _, a := range algos.All() {
		if !keyed(a) {
			continue
		}
		for _, sc := range a.Scenarios {
			tl := scenarioRun(t, a, sc)
			namer := narrate.For(a, tl.Nodes)
			seen := map[string]bool{}
			for seq := int64(1); seq <= tl.Len(); seq++ {
				e := tl.Event(seq)
				if e.Text.IsZero() || seen[e.Text.Key] {
					continue
				}
				seen[e.Text.Key] = true
				for _, l := range narrate.Langs() {
					checkText(t, a.ID+"/"+sc.ID, namer, l, e.Text, leftover)
				}
			}
		}
	}
}

func checkText(t *testing.T, where string, namer narrate.Namer, l narrate.Lang, text engine.Text, leftover *regexp.Regexp) {
	t.Helper()
	if !namer.Known(l, text.Key) {
		t.Errorf("%s: %s has no text %q", where, l, text.Key)
		return
	}
	if got := namer.In(l).Text(text); leftover.MatchString(got) {
		t.Errorf("%s: %s %q has %d arguments; it renders as %q", where, l, text.Key, len(text.Args), got)
	}
	for _, arg := range text.Args {
		if arg.Kind == engine.ArgText {
			checkText(t, where, namer, l, *arg.Sub(), leftover)
		}
	}
}

// The vocabulary the page draws from is complete and well formed: every
// role, variable, outcome field and message type that a scenario's run
// shows is declared, with a look, a kind and labels in every language.
func TestConformanceVocabulary(t *testing.T) {
	for _, a := range algos.All() {
		if !keyed(a) {
			continue
		}
		checkDeclarations(t, a)
		for _, sc := range a.Scenarios {
			tl := scenarioRun(t, a, sc)
			checkShown(t, a, sc.ID, tl)
		}
	}
}

func checkDeclarations(t *testing.T, a *algo.Algorithm) {
	t.Helper()
	cues := map[[2]string]string{}
	for _, r := range a.Roles {
		if !slices.Contains(algo.Tones, r.Tone) {
			t.Errorf("%s: role %s has the tone %q, not one of %v", a.ID, r.Name, r.Tone, algo.Tones)
		}
		if r.Icon != "" && !slices.Contains(algo.Icons, r.Icon) || r.Halo != "" && r.Halo != "solid" && r.Halo != "dashed" {
			t.Errorf("%s: role %s has the cue %q/%q", a.ID, r.Name, r.Icon, r.Halo)
		}
		cue := [2]string{r.Icon, r.Halo}
		if other, dup := cues[cue]; dup {
			t.Errorf("%s: roles %s and %s look alike without colour (%v)", a.ID, other, r.Name, cue)
		}
		cues[cue] = r.Name
		for _, l := range algo.Langs {
			if a.Labels[l]["role."+r.Name] == "" {
				t.Errorf("%s: role %s has no %s label (role.%s)", a.ID, r.Name, l, r.Name)
			}
		}
	}
	for _, v := range a.Vars {
		for _, l := range algo.Langs {
			if a.Labels[l]["var."+v.Name] == "" {
				t.Errorf("%s: variable %s has no %s label (var.%s)", a.ID, v.Name, l, v.Name)
			}
		}
	}
	for _, v := range slices.Concat(a.Vars, a.Outcome) {
		if !slices.Contains(algo.Kinds, v.Kind) {
			t.Errorf("%s: %s has the kind %q, not one of %v", a.ID, v.Name, v.Kind, algo.Kinds)
		}
		checkVar(t, a, v.Name, v)
	}
	for _, o := range a.Outcome {
		if o.Kind != "records" || o.Hidden {
			continue
		}
		for _, f := range o.Fields { // a table's columns
			for _, l := range algo.Langs {
				if !f.Hidden && a.Labels[l]["outcome."+f.Name] == "" {
					t.Errorf("%s: column %s of %s has no %s label (outcome.%s)", a.ID, f.Name, o.Name, l, f.Name)
				}
			}
		}
		for _, f := range o.Fields {
			if f.Use == "measure" {
				for _, l := range algo.Langs {
					if a.Labels[l]["measure."+o.Name+"."+f.Name] == "" {
						t.Errorf("%s: the measure %s.%s has no %s label (measure.%s.%s)", a.ID, o.Name, f.Name, l, o.Name, f.Name)
					}
				}
			}
		}
	}
	for _, p := range a.Params {
		if p.Use != "" && !slices.Contains(param.Uses, p.Use) {
			t.Errorf("%s: parameter %s has the use %q, not one of %v", a.ID, p.Name, p.Use, param.Uses)
		}
	}
	for _, o := range a.Outcome {
		for _, l := range algo.Langs {
			if !o.Hidden && a.Labels[l]["outcome."+o.Name] == "" {
				t.Errorf("%s: outcome field %s has no %s label (outcome.%s)", a.ID, o.Name, l, o.Name)
			}
		}
	}
	for i, typ := range a.MessageTypes {
		k := slices.IndexFunc(a.Looks, func(m algo.MessageLook) bool { return m.Type == typ })
		switch {
		case k < 0:
			t.Errorf("%s: message type %s has no look", a.ID, typ)
		case a.Looks[k].Color < 0 || a.Looks[k].Color > 7 || !slices.Contains(algo.Glyphs, a.Looks[k].Glyph):
			t.Errorf("%s: message type %s (#%d) looks %+v", a.ID, typ, i, a.Looks[k])
		}
	}
}

// checkVar checks what a variable or outcome field (or a record's field)
// declares beyond its kind: a use the views know, the states its values
// stand for, the message type a stored flag stands for, the fields its
// format names, the record field it is the mean of.
func checkVar(t *testing.T, a *algo.Algorithm, where string, v algo.Var) {
	t.Helper()
	if v.Use != "" {
		if _, ok := algo.Uses[v.Use]; !ok {
			t.Errorf("%s: %s has the use %q, not one of algo.Uses", a.ID, where, v.Use)
		}
	}
	for value, state := range v.Values {
		if !slices.Contains(algo.PortStates, state) {
			t.Errorf("%s: %s's value %q stands for %q, not one of %v", a.ID, where, value, state, algo.PortStates)
		}
	}
	if v.Message != "" && !slices.Contains(a.MessageTypes, v.Message) {
		t.Errorf("%s: %s stands for the message type %q, which %s does not have", a.ID, where, v.Message, a.ID)
	}
	if (v.Kind == "record" || v.Kind == "records") && len(v.Fields) == 0 {
		t.Errorf("%s: %s is a %s without fields", a.ID, where, v.Kind)
	}
	for _, m := range regexp.MustCompile(`\{(\w+)\}`).FindAllStringSubmatch(v.Format, -1) {
		if !slices.ContainsFunc(v.Fields, func(f algo.Var) bool { return f.Name == m[1] }) {
			t.Errorf("%s: %s's format %q names %s, not one of its fields", a.ID, where, v.Format, m[1])
		}
	}
	if v.Mean != "" {
		field, sub, _ := strings.Cut(v.Mean, ".")
		k := slices.IndexFunc(a.Outcome, func(o algo.Var) bool { return o.Name == field })
		if k < 0 || !slices.ContainsFunc(a.Outcome[k].Fields, func(f algo.Var) bool { return f.Name == sub }) {
			t.Errorf("%s: %s is the mean of %q, which is not a record field of the outcome", a.ID, where, v.Mean)
		}
	}
	for _, f := range v.Fields {
		if !slices.Contains(algo.Kinds, f.Kind) {
			t.Errorf("%s: %s.%s has the kind %q, not one of %v", a.ID, where, f.Name, f.Kind, algo.Kinds)
		}
		checkVar(t, a, where+"."+f.Name, f)
	}
}

func checkShown(t *testing.T, a *algo.Algorithm, scenario string, tl *timeline.Timeline) {
	t.Helper()
	roleOK := func(r string) bool {
		return slices.ContainsFunc(a.Roles, func(x algo.Role) bool { return x.Name == r })
	}
	varOK := func(v string) bool { return slices.ContainsFunc(a.Vars, func(x algo.Var) bool { return x.Name == v }) }
	for _, k := range []int{0, tl.Steps() / 2, tl.Steps() - 1} {
		if err := tl.Seek(k); err != nil {
			t.Fatal(err)
		}
		s := tl.State()
		for p := range s.N() {
			v := s.Process(p).View()
			if !roleOK(v.Role) || s.Crashed(p) && !roleOK("crashed") {
				t.Errorf("%s/%s: P%d's role %q (crashed %v) is not declared", a.ID, scenario, p, v.Role, s.Crashed(p))
			}
			for _, x := range v.Vars {
				if !varOK(x.Name) {
					t.Errorf("%s/%s: variable %s is not declared", a.ID, scenario, x.Name)
				}
			}
		}
	}
	b, err := json.Marshal(tl.Head().Outcome())
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(b, &fields) == nil {
		for f := range fields {
			if !slices.ContainsFunc(a.Outcome, func(x algo.Var) bool { return x.Name == f }) {
				t.Errorf("%s/%s: outcome field %s is not declared", a.ID, scenario, f)
			}
		}
	}
}

// Every theory bound names the measure it predicts, or says it is a
// reference that predicts none.
func TestConformanceTheory(t *testing.T) {
	for _, a := range algos.All() {
		if !keyed(a) {
			continue
		}
		for _, b := range a.Theory {
			if b.Measure == "" && !b.Reference {
				t.Errorf("%s: bound %s (%s) names no measure", a.ID, b.ID, b.Formula)
			}
		}
	}
}
