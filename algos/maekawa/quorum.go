package maekawa

import (
	"fmt"
	"slices"

	"distviz/param"
)

// Quorum systems for Maekawa's algorithm (ALGORITHMS.md 2.5): one quorum
// S_i per position, every two of them intersect. Quorums are ascending
// lists of positions 0..n−1; the lecture numbers the nodes 1..n. The
// projective planes are in plane.go.

// quorumsOf computes the quorums the parameters ask for.
func quorumsOf(v param.Values) ([][]int, error) {
	n := v.Int("n")
	switch v.String("quorums") {
	case "projective":
		qs, err := projectiveQuorums(n)
		if err != nil {
			return nil, param.Errorf("n", "%s", err.Error())
		}
		return qs, nil
	case "grid":
		return gridQuorums(n), nil
	case "majority":
		return majorityQuorums(n), nil
	}
	qs, err := checkQuorums(v.IntLists("quorumList"), n)
	if err != nil {
		return nil, param.Errorf("quorumList", "%s", err.Error())
	}
	return qs, nil
}

// largestQuorum is |S| in the theory's formulas (the largest when sizes differ).
func largestQuorum(v param.Values) int {
	qs, err := quorumsOf(v)
	if err != nil {
		return 0
	}
	k := 0
	for _, s := range qs {
		k = max(k, len(s))
	}
	return k
}

// gridQuorums: positions fill rows of a ⌈√n⌉-wide grid; a quorum is its
// position's row and column. The last row may be partial: two positions in
// different rows still meet, because at least one of them lies in a full
// row r and the other's column c reaches row r (r·w + c < n).
func gridQuorums(n int) [][]int {
	w := 1
	for w*w < n {
		w++
	}
	out := make([][]int, n)
	for p := range n {
		r, c := p/w, p%w
		var s []int
		for x := range n {
			if x/w == r || x%w == c {
				s = append(s, x)
			}
		}
		out[p] = s
	}
	return out
}

// majorityQuorums: position p's quorum is p and the next ⌊n/2⌋ positions
// round the ring: ⌊n/2⌋+1 nodes, a majority, so any two meet.
func majorityQuorums(n int) [][]int {
	out := make([][]int, n)
	for p := range n {
		s := make([]int, 0, n/2+1)
		for k := range n/2 + 1 {
			s = append(s, (p+k)%n)
		}
		slices.Sort(s)
		out[p] = s
	}
	return out
}

// checkQuorums validates explicit quorums: one per position, positions in
// range and not repeated, every two intersecting. Processes are named P1..Pn.
func checkQuorums(qs [][]int, n int) ([][]int, error) {
	if len(qs) != n {
		return nil, fmt.Errorf("has %d quorums but n is %d: give one quorum per process", len(qs), n)
	}
	out := make([][]int, n)
	for i, s := range qs {
		if len(s) == 0 {
			return nil, fmt.Errorf("the quorum of %s is empty", label(i))
		}
		c := slices.Clone(s)
		slices.Sort(c)
		for k, x := range c {
			if x < 0 || x >= n {
				return nil, fmt.Errorf("the quorum of %s holds position %d, outside 0..%d", label(i), x, n-1)
			}
			if k > 0 && c[k-1] == x {
				return nil, fmt.Errorf("the quorum of %s lists position %d twice", label(i), x)
			}
		}
		out[i] = c
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if !intersect(out[i], out[j]) {
				return nil, fmt.Errorf("quorums of %s and %s do not intersect", label(i), label(j))
			}
		}
	}
	return out, nil
}

// intersect tells whether two ascending lists share an element.
func intersect(a, b []int) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}
