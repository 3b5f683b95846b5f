package algos_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"distviz/algos"
)

// docs/algorithms.md describes every algorithm of the catalog, each under
// a heading that starts with its id.
func TestAlgorithmsDocumented(t *testing.T) {
	b, err := os.ReadFile("../docs/algorithms.md")
	if err != nil {
		t.Fatal(err)
	}
	var headings []string
	for line := range strings.Lines(string(b)) {
		if id, ok := strings.CutPrefix(line, "### "); ok {
			headings = append(headings, strings.Fields(id)[0])
		}
	}
	for _, a := range algos.All() {
		if !slices.Contains(headings, a.ID) {
			t.Errorf("docs/algorithms.md has no section \"### %s — …\"", a.ID)
		}
	}
}
