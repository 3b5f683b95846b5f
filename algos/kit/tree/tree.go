// Package tree is the core of the algorithms on trees of cables (FireWire's
// tree identify, the election by echo): the edges and ports parameters,
// their checks, a random tree drawn from the seed when none is given, the
// cables for the engine's topology and the one-number message body. Its
// texts (the parameters' help in every language) are merged under each
// algorithm's.
package tree

import (
	"cmp"
	"embed"
	"math/rand/v2"
	"slices"
	"strconv"

	"distviz/algo"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Texts are the tree parameters' help texts in every language.
var Texts = algo.MustTexts(files)

// Edges is the tree as position pairs, one per cable; empty: a random tree
// (Complete draws it).
func Edges() param.Spec {
	return param.Spec{Name: "edges", Type: param.Lists, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(1e6), Use: "treeCables"}
}

// MaxPorts is the most cables a device can take (the "ports" parameter's
// bound; machines may keep their ports in arrays of this size).
const MaxPorts = 16

// Ports is how many cables a device can take.
func Ports() param.Spec {
	return param.Spec{Name: "ports", Type: param.Int, Default: 3, Min: param.Bound(1), Max: param.Bound(MaxPorts), Use: "portLimit"}
}

// Complete fills "edges" with a random tree on positions 0..n−1 when it is
// empty, and otherwise checks that it is one, within the port limit.
func Complete(v param.Values, rng *rand.Rand) error {
	n, ports := v.Int("n"), v.Int("ports")
	edges := v.IntLists("edges")
	if len(edges) == 0 {
		if n > 2 && ports < 2 {
			return param.Errorf("ports", "a tree of %d devices needs a device with at least 2 ports; ports is %d", n, ports)
		}
		v.SetIntLists("edges", Random(n, ports, rng))
		return nil
	}
	return Check(edges, n, ports)
}

// Random attaches each device in turn to a random earlier one that still
// has a free port. The pairs come out sorted.
func Random(n, ports int, rng *rand.Rand) [][]int {
	deg := make([]int, n)
	edges := make([][]int, 0, max(n-1, 0))
	pairs := make([]int, 2*max(n-1, 0)) // the pairs' numbers, in one array
	free := make([]int, 0, n)           // the earlier devices with a free port, ascending
	for q := 1; q < n; q++ {
		free = free[:0]
		for p := range q {
			if deg[p] < ports {
				free = append(free, p)
			}
		}
		p := free[rng.IntN(len(free))]
		deg[p]++
		deg[q]++
		e := pairs[2*(q-1) : 2*q : 2*q]
		e[0], e[1] = p, q
		edges = append(edges, e)
	}
	slices.SortFunc(edges, func(a, b []int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	return edges
}

// Check says why edges is not a tree on 0..n−1 with at most ports cables a device.
func Check(edges [][]int, n, ports int) error {
	switch {
	case len(edges) < n-1:
		return param.Errorf("edges", "%d cables cannot connect %d devices: the bus is not connected (a tree of %d devices has %d cables)", len(edges), n, n, n-1)
	case len(edges) > n-1:
		return param.Errorf("edges", "%d cables among %d devices close a cycle: a bus must be a tree, with %d cables", len(edges), n, n-1)
	}
	root := make([]int, n) // union-find: a cable inside one part closes a cycle
	for i := range root {
		root[i] = i
	}
	find := func(p int) int {
		for root[p] != p {
			root[p] = root[root[p]]
			p = root[p]
		}
		return p
	}
	deg := make([]int, n)
	for i, e := range edges {
		if len(e) != 2 {
			return param.Errorf("edges", "cable %d is %v: want a pair of positions [a, b]", i, e)
		}
		a, b := e[0], e[1]
		if a >= n || b >= n {
			return param.Errorf("edges", "cable %d [%d, %d] names a position outside 0..%d", i, a, b, n-1)
		}
		if a == b {
			return param.Errorf("edges", "cable %d [%d, %d] joins a device with itself", i, a, b)
		}
		ra, rb := find(a), find(b)
		if ra == rb {
			return param.Errorf("edges", "cable %d [%d, %d] closes a cycle (or repeats a cable); a bus must be a tree", i, a, b)
		}
		root[ra] = rb
		deg[a]++
		deg[b]++
		for _, p := range e {
			if deg[p] > ports {
				return param.Errorf("edges", "cable %d [%d, %d]: position %d would have more than %d cables (ports is %d)", i, a, b, p, ports, ports)
			}
		}
	}
	return nil
}

// Cables converts the edges parameter for the engine's topology.
func Cables(v param.Values) [][2]int {
	var out [][2]int
	for _, e := range v.IntLists("edges") {
		out = append(out, [2]int{e[0], e[1]})
	}
	return out
}

// Attached is every position's attachment, for the outcomes.
func Attached(w engine.World) []bool {
	out := make([]bool, w.N())
	for p := range out {
		out[p] = w.Attached(p)
	}
	return out
}

// Msg is the body of messages that carry one number (an ID or a maximum),
// shown as that number: ECHO(7).
type Msg struct {
	ID int `json:"id"`
}

// Label is the number.
func (b Msg) Label() string { return strconv.Itoa(b.ID) }
