package narrate_test

import (
	"testing"

	"distviz/algo"
	"distviz/engine"
	"distviz/narrate"
)

// A keyed text renders from the algorithm's texts in the reader's language:
// arguments by kind, reordered where the language puts them elsewhere,
// nested texts translated in turn, English where a language lacks the key.
func TestKeyedTexts(t *testing.T) {
	alg := &algo.Algorithm{Text: algo.Texts{
		"en": {"note.kinds": "{1} {2} {3} {4} {5} {6} {7} {8}", "note.order": "{1} believes {2}", "note.coin": "the coin says {1}", "coin.fast": "fast", "note.onlyEnglish": "only {1}"},
		"de": {"note.kinds": "{8} {7} {6} {5} {4} {3} {2} {1}", "note.order": "{2} glaubt {1}", "note.coin": "die Münze sagt {1}", "coin.fast": "schnell"},
		"es": {"note.kinds": "{1}", "note.order": "{1} cree {2}", "note.coin": "la moneda dice {1}", "coin.fast": "rápida"},
	}}
	n := narrate.For(alg, []algo.Node{{ID: 7, Label: "P0"}, {ID: 3, Label: "P1"}, {ID: 9, Label: "Q2"}})
	kinds := engine.T("note.kinds", engine.Pos(2), engine.Positions([]int{0, 2}), engine.Num(-4), engine.Ts(3, 7),
		engine.Dur(120), engine.Raw("ELECTION"), engine.Float(0.5), engine.Nums([]int{1, 2}))
	cases := []struct {
		lang narrate.Lang
		text engine.Text
		want string
	}{
		{narrate.English, kinds, "Q2 P0, Q2 -4 (3,7) 120 ELECTION 0.5 1, 2"},
		{narrate.German, kinds, "1, 2 0.5 ELECTION 120 (3,7) -4 P0, Q2 Q2"},
		{narrate.German, engine.T("note.order", engine.Pos(0), engine.Pos(1)), "P1 glaubt P0"},
		{narrate.Spanish, engine.T("note.coin", engine.Sub(engine.T("coin.fast"))), "la moneda dice rápida"},
		{narrate.German, engine.T("note.onlyEnglish", engine.Pos(1)), "only P1"},
		{narrate.German, engine.T("engine.crashedFromStart"), "von Anfang an ausgefallen"},
		{narrate.Spanish, engine.T("engine.busReset.unpluggedFrom", engine.Pos(2), engine.Pos(0)), "reinicio del bus: Q2 se desconecta de P0"},
	}
	for _, c := range cases {
		if got := n.In(c.lang).Text(c.text); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.lang, c.text.Key, got, c.want)
		}
	}
	if !n.Known(narrate.German, "note.order") || n.Known(narrate.German, "note.onlyEnglish") || !n.Known(narrate.Spanish, "engine.crashedNoStart") {
		t.Errorf("Known does not tell which keys a language has")
	}
}
