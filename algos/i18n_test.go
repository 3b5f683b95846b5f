package algos

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// sameInEveryLanguage are texts a translation may leave as they are: names.
var sameInEveryLanguage = map[string]bool{"Chang–Roberts": true, "Ricart–Agrawala": true}

// Every text the page shows from the registry has a German and a Spanish
// translation, and the translations keep what the lectures print as it is:
// message types and numbers.
func TestEveryTextIsTranslated(t *testing.T) {
	digits := regexp.MustCompile(`\d+`)
	for _, a := range All() {
		if legacyEntries[a.ID] == nil {
			continue // in a folder of its own: the conformance suite checks its texts
		}
		for _, l := range languages {
			for _, en := range a.EnglishTexts() {
				tr, ok := translations[l][en]
				switch {
				case !ok:
					t.Errorf("%s: no %s translation of %q (add it to algos/i18n.go)", a.ID, l, en)
					continue
				case strings.TrimSpace(tr) == "":
					t.Errorf("%s: the %s translation of %q is empty", a.ID, l, en)
					continue
				case tr == en && !sameInEveryLanguage[en]:
					t.Errorf("%s: the %s translation of %q is the English text", a.ID, l, en)
				}
				for _, mt := range a.MessageTypes {
					if strings.Count(en, mt) != strings.Count(tr, mt) {
						t.Errorf("%s: %s: %q names %s %d times, the translation %q %d times", a.ID, l, en, mt, strings.Count(en, mt), tr, strings.Count(tr, mt))
					}
				}
				if want, got := sorted(digits.FindAllString(en, -1)), sorted(digits.FindAllString(tr, -1)); !slices.Equal(want, got) {
					t.Errorf("%s: %s: %q has the numbers %v, the translation %q has %v", a.ID, l, en, want, tr, got)
				}
				if a.I18n[l][en] != tr {
					t.Errorf("%s: the registry's i18n.%s lacks %q", a.ID, l, en)
				}
			}
		}
	}
}

// A changed or removed text leaves no translation behind.
func TestNoStaleTranslations(t *testing.T) {
	used := map[string]bool{}
	for _, a := range All() {
		for _, s := range a.EnglishTexts() {
			used[s] = true
		}
	}
	for _, l := range slices.Sorted(maps.Keys(translations)) {
		if !slices.Contains(languages, l) {
			t.Errorf("translations has %q, which languages does not list", l)
		}
		for _, en := range slices.Sorted(maps.Keys(translations[l])) {
			if !used[en] {
				t.Errorf("%s: %q is no registry text any more", l, en)
			}
		}
	}
}

// The JSON description carries its own texts' translations and no others.
func TestI18nInJSON(t *testing.T) {
	a, err := Get("bully")
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		I18n map[string]map[string]string `json:"i18n"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.I18n["de"]["Bully"] != "Bully-Algorithmus" || got.I18n["es"]["notice the coordinator's failure"] != "notar el fallo del coordinador" {
		t.Errorf("i18n = %v", got.I18n)
	}
	if _, ok := got.I18n["de"]["Ring with ID lists"]; ok {
		t.Error("bully's i18n holds another algorithm's text")
	}
	if n := len(got.I18n["de"]); n != len(a.EnglishTexts()) {
		t.Errorf("i18n.de has %d texts, bully has %d", n, len(a.EnglishTexts()))
	}
}

func sorted(s []string) []string {
	slices.Sort(s)
	return s
}
