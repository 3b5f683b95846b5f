package treeecho

import (
	"testing"

	"distviz/algos/kit"
	"distviz/engine"
	"distviz/narrate"
)

// The verdicts of "first two", which a correct run never gives, read as
// before in every language.
func TestFirstTwoVerdicts(t *testing.T) {
	labels := kit.PositionLabels([]int{5, 3, 9})
	for _, c := range []struct {
		text       engine.Text
		en, de, es string
	}{
		{engine.T("violation.tooManyFirst", engine.Num(3)), "3 processes learnt the maximum first",
			"3 Prozesse haben das Maximum zuerst erfahren", "3 procesos conocieron primero el máximo"},
		{engine.T("violation.firstNotNeighbours", engine.Pos(0), engine.Pos(2)), "P0 and P2 learnt the maximum first but are not neighbours",
			"P0 und P2 haben das Maximum zuerst erfahren, sind aber keine Nachbarn", "P0 y P2 conocieron primero el máximo pero no son vecinos"},
	} {
		for lang, want := range map[narrate.Lang]string{narrate.English: c.en, narrate.German: c.de, narrate.Spanish: c.es} {
			if got := narrate.For(Algorithm, labels).In(lang).Text(c.text); got != want {
				t.Errorf("%s: %q, want %q", lang, got, want)
			}
		}
	}
}
