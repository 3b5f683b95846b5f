package firewire

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"distviz/algos/kit"
	"distviz/engine"
	"distviz/narrate"
)

// theoryNotes makes every form of the contention-theory note, the rarer
// ones too, which the scenarios may not reach.
func theoryNotes() []engine.Text {
	dev := func(id int, coin coinSide, from engine.Time) *node { return &node{id: id, coin: coin, waitFrom: from} }
	return []engine.Text{
		resolved(2, dev(0, coinSlow, 0), dev(1, coinSlow, 0), 12, 10),
		resolved(2, dev(1, coinFast, 0), dev(0, coinFast, 10), 13, 10),
		resolved(1, dev(0, coinFast, 0), dev(1, coinSlow, 0), 300, 100),
		resolved(3, dev(1, coinSlow, 0), dev(0, coinFast, 400), 20, 10),
		repeats(2, dev(0, coinSlow, 0), dev(1, coinSlow, 0), 7, 100),
		repeats(1, dev(0, coinSlow, 0), dev(1, coinFast, 0), 290, 400),
	}
}

// FireWire's theory notes in every form, rendered in German and Spanish:
// translated, keeping every label and number of the English, with the coin
// translated inside and no English word left.
func TestTheoryNotesAreTranslated(t *testing.T) {
	labels := kit.PositionLabels([]int{0, 1})
	tokens := regexp.MustCompile(`P[0-9]+|[0-9]+`)
	words := regexp.MustCompile(`[A-Za-z]{3,}`)
	var keys []string
	for _, note := range theoryNotes() {
		keys = append(keys, note.Key)
		en := narrate.For(Algorithm, labels).In(narrate.English).Text(note)
		for _, lang := range narrate.Langs()[1:] {
			got := narrate.For(Algorithm, labels).In(lang).Text(note)
			if got == en || !narrate.For(Algorithm, labels).Known(lang, note.Key) {
				t.Errorf("%s: %q is not translated: %q", lang, en, got)
			}
			for _, tok := range tokens.FindAllString(en, -1) {
				if !strings.Contains(got, tok) {
					t.Errorf("%s translation of %q lost %q: %q", lang, en, tok, got)
				}
			}
			for _, w := range words.FindAllString(en, -1) {
				if regexp.MustCompile(`(?i)\b` + w + `\b`).MatchString(got) {
					t.Errorf("%s translation of %q keeps the English %q: %q", lang, en, w, got)
				}
			}
		}
	}
	for k := range Algorithm.Text["en"] {
		if strings.HasPrefix(k, "note.round") && !slices.Contains(keys, k) {
			t.Errorf("the test makes no %s", k)
		}
	}
	got := narrate.For(Algorithm, labels).In(narrate.German).Text(theoryNotes()[4])
	if !strings.Contains(got, "beide Münzen sagen lang") {
		t.Errorf("the coin inside the German note: %q", got)
	}
}
