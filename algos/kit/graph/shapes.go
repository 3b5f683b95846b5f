package graph

import (
	"math/bits"
	"math/rand/v2"

	"distviz/param"
)

// Generate draws the edges of a shape on n positions (random draws from
// rng, every other shape is fixed), as sorted pairs a < b. m is the random
// shape's number of edges (0: ⌊3n/2⌋, within what n allows).
func Generate(shape string, n, m int, rng *rand.Rand) ([][]int, error) {
	var edges [][]int
	add := func(a, b int) { edges = append(edges, []int{a, b}) }
	switch shape {
	case "random":
		return Random(n, m, rng)
	case "complete":
		for a := range n {
			for b := a + 1; b < n; b++ {
				add(a, b)
			}
		}
	case "ring":
		if n < 3 {
			return nil, param.Errorf("shape", "a ring needs at least 3 processes, n is %d", n)
		}
		for a := range n {
			add(a, (a+1)%n)
		}
	case "wheel":
		if n < 4 {
			return nil, param.Errorf("shape", "a wheel needs at least 4 processes (a hub and a ring of 3), n is %d", n)
		}
		for a := 1; a < n; a++ {
			add(0, a)
			add(a, 1+a%(n-1))
		}
	case "grid":
		cols := 1
		for cols*cols < n {
			cols++
		}
		for p := range n {
			if (p+1)%cols != 0 && p+1 < n {
				add(p, p+1)
			}
			if p+cols < n {
				add(p, p+cols)
			}
		}
	case "hypercube":
		if n < 2 || bits.OnesCount(uint(n)) != 1 {
			return nil, param.Errorf("shape", "a hypercube has a power of two processes (2, 4, 8, 16, …), n is %d", n)
		}
		for p := range n {
			for d := 1; d < n; d <<= 1 {
				if p&d == 0 {
					add(p, p|d)
				}
			}
		}
	case "tree":
		for q := 1; q < n; q++ {
			add(rng.IntN(q), q)
		}
	default:
		return nil, param.Errorf("shape", "unknown shape %q; one of %v", shape, Shapes)
	}
	return sortPairs(edges), nil
}

// Random is a random connected graph with m edges: a random spanning tree
// (each position joined to a random earlier one, positions shuffled) and
// then m−(n−1) more edges drawn among the pairs not yet joined.
func Random(n, m int, rng *rand.Rand) ([][]int, error) {
	most := n * (n - 1) / 2
	if m == 0 {
		m = min(most, max(n-1, 3*n/2))
	}
	switch {
	case m < n-1:
		return nil, param.Errorf("m", "%d edges cannot connect %d processes: at least %d", m, n, n-1)
	case m > most:
		return nil, param.Errorf("m", "%d edges are more than the %d pairs of %d processes", m, most, n)
	}
	order := rng.Perm(n)
	joined := map[[2]int]bool{}
	var edges [][]int
	add := func(a, b int) {
		a, b = min(a, b), max(a, b)
		joined[[2]int{a, b}] = true
		edges = append(edges, []int{a, b})
	}
	for i := 1; i < n; i++ {
		add(order[rng.IntN(i)], order[i])
	}
	if m-len(edges) > most/2 { // dense: list the free pairs and draw from them
		var free [][2]int
		for a := range n {
			for b := a + 1; b < n; b++ {
				if !joined[[2]int{a, b}] {
					free = append(free, [2]int{a, b})
				}
			}
		}
		rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		for _, e := range free[:m-len(edges)] {
			add(e[0], e[1])
		}
		return sortPairs(edges), nil
	}
	for len(edges) < m { // sparse: draw pairs until enough are new
		a, b := rng.IntN(n), rng.IntN(n)
		if a != b && !joined[[2]int{min(a, b), max(a, b)}] {
			add(a, b)
		}
	}
	return sortPairs(edges), nil
}
