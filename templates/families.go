// Package templates holds the server's HTML pages as templ components. The
// generated *_templ.go files are committed; regenerate them with
// `go tool templ generate` after editing a .templ file.
package templates

import "distviz/algo"

// Family is a group of algorithms as the home page lists it.
type Family struct {
	ID         string
	Title      string
	Algorithms []*algo.Algorithm
}

// Endpoint is one route of the JSON API, for the home page.
type Endpoint struct {
	Method string
	Path   string
	Doc    string
}

var familyTitles = map[string]string{
	algo.FamilyElection: "Leader election",
	algo.FamilyMutex:    "Mutual exclusion",
}

// Families groups algorithms by family, in the order the families first
// appear and, within one, in the given order.
func Families(all []*algo.Algorithm) []Family {
	var out []Family
	index := map[string]int{} // lookup only; order comes from all
	for _, a := range all {
		i, ok := index[a.Family]
		if !ok {
			title := familyTitles[a.Family]
			if title == "" {
				title = a.Family
			}
			i = len(out)
			index[a.Family] = i
			out = append(out, Family{ID: a.Family, Title: title})
		}
		out[i].Algorithms = append(out[i].Algorithms, a)
	}
	return out
}
