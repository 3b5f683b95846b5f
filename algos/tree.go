package algos

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	"distviz/engine"
	"distviz/param"
)

// Trees shared by firewire and tree-echo: the edges parameter, its checks,
// and a random tree drawn from the seed when none is given.

func edgesParam() param.Spec {
	return param.Spec{Name: "edges", Type: param.Lists, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(1e6),
		DefaultText: "a random tree drawn from the seed, at most ports cables per device",
		Doc:         "The tree as position pairs [a, b], one per cable: connected, without cycles, at most ports cables per device. A device's ports are numbered in the order its cables appear here. Empty: a random tree drawn from the seed."}
}

func portsParam() param.Spec {
	return param.Spec{Name: "ports", Type: param.Int, Default: 3, Min: param.Bound(1), Max: param.Bound(16),
		Doc: "How many cables a device can take (the standard recommends 3 ports per device)."}
}

// completeTree fills "edges" with a random tree on positions 0..n−1 when it
// is empty, and otherwise checks that it is one, within the port limit.
func completeTree(v param.Values, rng *rand.Rand) error {
	n, ports := v.Int("n"), v.Int("ports")
	edges := v.IntLists("edges")
	if len(edges) == 0 {
		if n > 2 && ports < 2 {
			return param.Errorf("ports", "a tree of %d devices needs a device with at least 2 ports; ports is %d", n, ports)
		}
		v.SetIntLists("edges", randomTree(n, ports, rng))
		return nil
	}
	return checkTree(edges, n, ports)
}

// randomTree attaches each device in turn to a random earlier one that still
// has a free port. The pairs come out sorted.
func randomTree(n, ports int, rng *rand.Rand) [][]int {
	deg := make([]int, n)
	edges := [][]int{}
	for q := 1; q < n; q++ {
		var free []int
		for p := range q {
			if deg[p] < ports {
				free = append(free, p)
			}
		}
		p := free[rng.IntN(len(free))]
		deg[p]++
		deg[q]++
		edges = append(edges, []int{p, q})
	}
	slices.SortFunc(edges, func(a, b []int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	return edges
}

// checkTree says why edges is not a tree on 0..n−1 with at most ports cables a device.
func checkTree(edges [][]int, n, ports int) error {
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

// treeEdges converts the edges parameter for the engine.
func treeEdges(v param.Values) [][2]int {
	var out [][2]int
	for _, e := range v.IntLists("edges") {
		out = append(out, [2]int{e[0], e[1]})
	}
	return out
}

// attachedList is every position's attachment, for the outcomes.
func attachedList(w engine.World) []bool {
	out := make([]bool, w.N())
	for p := range out {
		out[p] = w.Attached(p)
	}
	return out
}

// treeMsg is a label for messages that carry one number (an ID or a maximum).
type treeMsg struct {
	ID int `json:"id"`
}

func (b treeMsg) Label() string { return fmt.Sprint(b.ID) }
