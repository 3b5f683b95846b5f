// Package graph is the core of the algorithms on arbitrary connected graphs
// (the election by echo waves, the depth-first traversal): the topology
// parameters (edges as position pairs, or a shape drawn from the seed), their
// checks, the initiators, the links for the engine's topology and each
// process's neighbours. Its texts (the parameters' help in every language)
// are merged under each algorithm's.
package graph

import (
	"cmp"
	"embed"
	"fmt"
	"math/rand/v2"
	"slices"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Texts are the graph parameters' help texts in every language.
var Texts = algo.MustTexts(files)

// Shapes are the generators of the shape parameter, used when edges is empty.
var Shapes = []string{"random", "grid", "complete", "ring", "wheel", "hypercube", "tree"}

// Params are the topology and starter parameters every graph algorithm takes.
func Params() []param.Spec {
	return []param.Spec{
		{Name: "edges", Type: param.Lists, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(1e6), Use: "graphEdges"},
		{Name: "shape", Type: param.Enum, Default: "random", Options: Shapes},
		{Name: "m", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e6)},
		kit.Positions("initiators"),
		{Name: "initiatorCount", Type: param.Int, Default: 1, Min: param.Bound(1), Max: param.Bound(1e6)},
	}
}

// Complete fills "edges" from the shape when it is empty and checks it
// otherwise, then fills "initiators" with initiatorCount random positions
// when none are given and checks them otherwise. Both are written back, so
// a run's parameters (and its link) name the graph and the starters.
func Complete(v param.Values, rng *rand.Rand) error {
	n := v.Int("n")
	edges := v.IntLists("edges")
	if len(edges) == 0 {
		var err error
		if edges, err = Generate(v.String("shape"), n, v.Int("m"), rng); err != nil {
			return err
		}
		v.SetIntLists("edges", edges)
	} else if err := Check(edges, n); err != nil {
		return err
	}
	if len(v.Ints("initiators")) == 0 {
		k := v.Int("initiatorCount")
		if k > n {
			return param.Errorf("initiatorCount", "is %d but there are only %d processes", k, n)
		}
		v.SetInts("initiators", sorted(rng.Perm(n)[:k]))
		return nil
	}
	_, err := kit.CheckPositions(v, "initiators")
	return err
}

// Check says why edges is not a connected simple graph on 0..n−1: a pair
// that is not a pair, names a position outside, joins a process with itself
// or repeats an edge, or parts that no edge joins.
func Check(edges [][]int, n int) error {
	seen := map[[2]int]int{}
	parts := newUnion(n)
	for i, e := range edges {
		if len(e) != 2 {
			return param.Errorf("edges", "edge %d is %v: want a pair of positions [a, b]", i, e)
		}
		a, b := e[0], e[1]
		switch {
		case a < 0 || b < 0 || a >= n || b >= n:
			return param.Errorf("edges", "edge %d [%d, %d] names a position outside 0..%d", i, a, b, n-1)
		case a == b:
			return param.Errorf("edges", "edge %d [%d, %d] joins a process with itself (a self-loop)", i, a, b)
		}
		key := [2]int{min(a, b), max(a, b)}
		if j, dup := seen[key]; dup {
			return param.Errorf("edges", "edge %d [%d, %d] repeats edge %d: the graph has one edge per pair", i, a, b, j)
		}
		seen[key] = i
		parts.join(a, b)
	}
	for p := 1; p < n; p++ {
		if parts.find(p) != parts.find(0) {
			return param.Errorf("edges", "the graph is not connected: no path joins position 0 and position %d", p)
		}
	}
	return nil
}

// Links converts the edges parameter to pairs.
func Links(v param.Values) [][2]int {
	var out [][2]int
	for _, e := range v.IntLists("edges") {
		out = append(out, [2]int{e[0], e[1]})
	}
	return out
}

// Neighbours lists every position's neighbours in the order the edges name them.
func Neighbours(n int, links [][2]int) [][]int {
	nb := make([][]int, n)
	for _, e := range links {
		nb[e[0]] = append(nb[e[0]], e[1])
		nb[e[1]] = append(nb[e[1]], e[0])
	}
	for p := range nb {
		if nb[p] == nil {
			nb[p] = []int{}
		}
	}
	return nb
}

// Topology is the engine's topology for the graph: a message travels only
// along an edge. Every process has as many ports as the largest degree.
func Topology(n int, links [][2]int) *engine.Topology {
	deg := make([]int, n)
	ports := 1
	for _, e := range links {
		deg[e[0]]++
		deg[e[1]]++
		ports = max(ports, deg[e[0]], deg[e[1]])
	}
	return &engine.Topology{Edges: links, Ports: ports}
}

// union is a union-find over positions.
type union []int

func newUnion(n int) union {
	u := make(union, n)
	for i := range u {
		u[i] = i
	}
	return u
}

func (u union) find(p int) int {
	for u[p] != p {
		u[p] = u[u[p]]
		p = u[p]
	}
	return p
}

// join merges the parts of a and b and reports whether they were apart.
func (u union) join(a, b int) bool {
	ra, rb := u.find(a), u.find(b)
	u[ra] = rb
	return ra != rb
}

func sorted(ps []int) []int {
	slices.Sort(ps)
	return ps
}

func sortPairs(edges [][]int) [][]int {
	for _, e := range edges {
		if e[0] > e[1] {
			e[0], e[1] = e[1], e[0]
		}
	}
	slices.SortFunc(edges, func(a, b []int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	return edges
}

// SpanningTree says why parent (−1 at the root) is not a spanning tree of
// the graph's links rooted at root: the outcomes' trees are checked by it.
func SpanningTree(parent []int, links [][2]int, root int) error {
	linked := map[[2]int]bool{}
	for _, e := range links {
		linked[[2]int{min(e[0], e[1]), max(e[0], e[1])}] = true
	}
	for p, q := range parent {
		switch {
		case p == root && q != -1:
			return fmt.Errorf("the root %d has parent %d", p, q)
		case p != root && (q < 0 || q >= len(parent) || !linked[[2]int{min(p, q), max(p, q)}]):
			return fmt.Errorf("%d's parent %d is not a neighbour", p, q)
		}
		for at, steps := p, 0; at != root; at, steps = parent[at], steps+1 {
			if steps > len(parent) {
				return fmt.Errorf("the parents from %d go round in a cycle", p)
			}
		}
	}
	return nil
}
