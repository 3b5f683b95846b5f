// Package algos is the catalog of the algorithms distviz teaches: one line
// per algorithm, in the picker's order (catalog.go). Each algorithm lives in
// a folder of its own below this one; what an algorithm is, is package algo.
package algos

import (
	"fmt"
	"slices"
	"strings"

	"distviz/algo"
)

// All lists the algorithms in the catalog's order.
func All() []*algo.Algorithm { return slices.Clone(catalog) }

// Get finds an algorithm by id.
func Get(id string) (*algo.Algorithm, error) {
	for _, a := range catalog {
		if a.ID == id {
			return a, nil
		}
	}
	ids := make([]string, len(catalog))
	for i, a := range catalog {
		ids[i] = a.ID
	}
	return nil, fmt.Errorf("unknown algorithm %q; choose one of %s", id, strings.Join(ids, ", "))
}
