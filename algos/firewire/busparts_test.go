package firewire

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// bfsParts is busParts the plain way: a search from each unassigned
// attached position, its members sorted.
func bfsParts(n int, edges [][2]int, attached []bool) ([][]int, []int) {
	part := slices.Repeat([]int{-1}, n)
	parts := [][]int{}
	for s := range n {
		if !attached[s] || part[s] >= 0 {
			continue
		}
		members := []int{s}
		part[s] = len(parts)
		for i := 0; i < len(members); i++ {
			for _, e := range edges {
				for _, q := range []int{e[0], e[1]} {
					if other := e[0] + e[1] - q; other == members[i] && part[q] < 0 {
						part[q] = len(parts)
						members = append(members, q)
					}
				}
			}
		}
		slices.Sort(members)
		parts = append(parts, members)
	}
	return parts, part
}

// TestBusPartsAgree: busParts finds the parts the plain search finds, in
// the same order, on random forests with devices unplugged.
func TestBusPartsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 500 {
		n := 1 + r.IntN(40)
		var edges [][2]int
		for p := 1; p < n; p++ {
			if r.IntN(4) > 0 {
				edges = append(edges, [2]int{r.IntN(p), p})
			}
		}
		attached := make([]bool, n)
		for p := range attached {
			attached[p] = r.IntN(5) > 0
		}
		gotParts, gotPart := busParts(n, edges, attached)
		wantParts, wantPart := bfsParts(n, edges, attached)
		if !reflect.DeepEqual(gotParts, wantParts) || !slices.Equal(gotPart, wantPart) {
			t.Fatalf("round %d: n %d, edges %v, attached %v: got %v %v, want %v %v",
				round, n, edges, attached, gotParts, gotPart, wantParts, wantPart)
		}
	}
}
