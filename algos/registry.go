// Package algos is the catalog of the algorithms distviz teaches: one line
// per algorithm, in the picker's order (catalog.go). Each algorithm lives in
// a folder of its own below this one; what an algorithm is, is package algo.
// Algorithms not yet moved to a folder still live in this package's files.
package algos

import (
	"fmt"
	"slices"
	"strings"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/election"
	"distviz/algos/kit/mutex"
)

// The registry's types, as the rest of the program names them.
type (
	Algorithm  = algo.Algorithm
	ActionSpec = algo.ActionSpec
	Doc        = algo.Doc
	Bound      = algo.Bound
	Scenario   = algo.Scenario
	Node       = algo.Node
	Evaluated  = algo.Evaluated
	Prob       = algo.Prob
	Preset     = algo.Preset
	Seeds      = algo.Seeds
	Plot       = algo.Plot
)

// Families, views and plot kinds.
const (
	FamilyElection = algo.FamilyElection
	FamilyMutex    = algo.FamilyMutex
	ViewRing       = algo.ViewRing
	ViewComplete   = algo.ViewComplete
	ViewTree       = algo.ViewTree
	ViewGrid       = algo.ViewGrid
	PlotLine       = algo.PlotLine
	PlotHistogram  = algo.PlotHistogram
	MaxSeed        = algo.MaxSeed
)

// legacyEntries are the algorithms still defined in this package, by id.
var legacyEntries = map[string]*Algorithm{}

func register(a *Algorithm) {
	if a.Experiments == nil {
		a.Experiments = presetsOf(a.ID)
	}
	a.I18n = translationsOf(a)
	// the kits' keyed texts (their verdicts), for the narration
	a.Text = algo.Merge(kit.Texts, election.Texts, mutex.Texts)
	legacyEntries[a.ID] = a
}

// legacy is a catalog line for an algorithm not yet in a folder.
func legacy(id string) *Algorithm {
	a, ok := legacyEntries[id]
	if !ok {
		panic("catalog: no algorithm " + id)
	}
	return a
}

// All lists the algorithms in the catalog's order.
func All() []*Algorithm { return slices.Clone(catalog()) }

// Get finds an algorithm by id.
func Get(id string) (*Algorithm, error) {
	all := catalog()
	for _, a := range all {
		if a.ID == id {
			return a, nil
		}
	}
	ids := make([]string, len(all))
	for i, a := range all {
		ids[i] = a.ID
	}
	return nil, fmt.Errorf("unknown algorithm %q; choose one of %s", id, strings.Join(ids, ", "))
}
