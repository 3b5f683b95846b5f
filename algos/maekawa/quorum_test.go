package maekawa

import (
	"slices"
	"strings"
	"testing"
)

// Every two quorums share a node.
func checkIntersecting(t *testing.T, what string, qs [][]int, n int) {
	t.Helper()
	if len(qs) != n {
		t.Fatalf("%s: %d quorums for n = %d", what, len(qs), n)
	}
	for i, s := range qs {
		if !slices.IsSorted(s) || len(slices.Compact(slices.Clone(s))) != len(s) || len(s) == 0 || s[0] < 0 || s[len(s)-1] >= n {
			t.Fatalf("%s: quorum %d = %v is not an ascending list of distinct positions in 0..%d", what, i, s, n-1)
		}
		for j := range i {
			if !intersect(s, qs[j]) {
				t.Fatalf("%s: quorums %d %v and %d %v do not intersect", what, j, qs[j], i, s)
			}
		}
	}
}

// The projective planes: n = q²+q+1 lines of q+1 points, every two lines
// meet in exactly one point, every point is on q+1 lines, line i holds
// point i (so every process is in its own quorum).
func TestProjectivePlanes(t *testing.T) {
	for _, n := range projectiveSizes() {
		q := projectiveOrders[n]
		qs, err := projectiveQuorums(n)
		if err != nil {
			t.Fatal(err)
		}
		checkPlane(t, n, q, qs)
	}
	// The construction over GF(3) is a plane too, though n = 13 uses the lecture's table.
	checkPlane(t, 13, 3, planeOfOrder(3))
	if got, want := len(projectiveSizes()), 7; got != want {
		t.Fatalf("%d plane sizes, want %d", got, want)
	}
}

func checkPlane(t *testing.T, n, q int, qs [][]int) {
	t.Helper()
	if q*q+q+1 != n {
		t.Fatalf("order %d has %d points, not %d", q, q*q+q+1, n)
	}
	checkIntersecting(t, "plane "+itoa(n), qs, n)
	on := make([]int, n)
	for i, s := range qs {
		if len(s) != q+1 {
			t.Fatalf("n=%d: line %d has %d points, want q+1 = %d", n, i, len(s), q+1)
		}
		if !slices.Contains(s, i) {
			t.Fatalf("n=%d: quorum %d = %v does not contain its own process", n, i, s)
		}
		for _, p := range s {
			on[p]++
		}
		for j := range i {
			common := 0
			for _, p := range s {
				if slices.Contains(qs[j], p) {
					common++
				}
			}
			if common != 1 {
				t.Fatalf("n=%d: lines %d and %d meet in %d points, want exactly 1", n, j, i, common)
			}
		}
	}
	for p, k := range on {
		if k != q+1 {
			t.Fatalf("n=%d: point %d is on %d lines, want q+1 = %d", n, p, k, q+1)
		}
	}
}

// n = 13 is exactly the lecture's table S1..S13 (ALGORITHMS.md 2.5), with
// positions 0..12 as nodes 1..13.
func TestLecturePlane(t *testing.T) {
	want := [][]int{
		{1, 2, 3, 4}, {2, 5, 8, 11}, {3, 6, 8, 13}, {4, 6, 10, 11}, {1, 5, 6, 7},
		{2, 6, 9, 12}, {2, 7, 10, 13}, {1, 8, 9, 10}, {3, 7, 9, 11}, {3, 5, 10, 12},
		{1, 11, 12, 13}, {4, 7, 8, 12}, {4, 5, 9, 13},
	}
	qs, err := projectiveQuorums(13)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range qs {
		nodes := make([]int, len(s))
		for k, p := range s {
			nodes[k] = p + 1
		}
		if !slices.Equal(nodes, want[i]) {
			t.Errorf("S%d = %v, the lecture has %v", i+1, nodes, want[i])
		}
	}
}

func TestProjectiveRefusesOtherN(t *testing.T) {
	for _, n := range []int{2, 12, 14, 43, 64} {
		_, err := projectiveQuorums(n)
		if err == nil || !strings.Contains(err.Error(), "7, 13, 21, 31, 57, 73, 91") || !strings.Contains(err.Error(), "not "+itoa(n)) {
			t.Errorf("n=%d: error %v, want one naming the allowed sizes", n, err)
		}
	}
}

// The grid, including a partial last row, and the majorities intersect
// for every n; the grid's quorums are row ∪ column.
func TestGridAndMajorityQuorums(t *testing.T) {
	for n := 1; n <= maxN; n++ {
		g := gridQuorums(n)
		checkIntersecting(t, "grid "+itoa(n), g, n)
		m := majorityQuorums(n)
		checkIntersecting(t, "majority "+itoa(n), m, n)
		for p, s := range m {
			if len(s) != n/2+1 || !slices.Contains(s, p) {
				t.Fatalf("majority n=%d: quorum of %d is %v, want ⌊n/2⌋+1 = %d positions including itself", n, p, s, n/2+1)
			}
		}
	}
	// n = 7: a 3-wide grid with the rows {0,1,2} {3,4,5} {6}.
	g := gridQuorums(7)
	for p, want := range [][]int{{0, 1, 2, 3, 6}, {0, 1, 2, 4}, {0, 1, 2, 5}, {0, 3, 4, 5, 6}, {1, 3, 4, 5}, {2, 3, 4, 5}, {0, 3, 6}} {
		if !slices.Equal(g[p], want) {
			t.Errorf("grid 7: quorum of %d is %v, want row ∪ column %v", p, g[p], want)
		}
	}
	if !slices.Equal(gridQuorums(9)[4], []int{1, 3, 4, 5, 7}) {
		t.Errorf("grid 9: the centre's quorum is %v", gridQuorums(9)[4])
	}
}

// Explicit quorums are refused with the reason, naming processes P1..Pn.
func TestCheckQuorums(t *testing.T) {
	for _, c := range []struct {
		qs   [][]int
		n    int
		want string
	}{
		{[][]int{{0, 1}, {1, 2}}, 3, "has 2 quorums but n is 3"},
		{[][]int{{0, 1}, {}, {1}}, 3, "the quorum of P2 is empty"},
		{[][]int{{0, 3}, {1}, {1}}, 3, "the quorum of P1 holds position 3, outside 0..2"},
		{[][]int{{0, 1, 1}, {1}, {1}}, 3, "the quorum of P1 lists position 1 twice"},
		{[][]int{{0, 1}, {1, 2}, {0, 2}, {3}}, 4, "quorums of P1 and P4 do not intersect"},
		{[][]int{{0, 1}, {1, 2}, {2, 0}, {1, 3}}, 4, "quorums of P3 and P4 do not intersect"},
	} {
		_, err := checkQuorums(c.qs, c.n)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.qs, err, c.want)
		}
	}
	qs, err := checkQuorums([][]int{{1, 0}, {1, 2}, {2, 0, 1}}, 3)
	if err != nil || !slices.Equal(qs[0], []int{0, 1}) || !slices.Equal(qs[2], []int{0, 1, 2}) {
		t.Errorf("valid quorums: %v, %v; want them sorted", qs, err)
	}
}

// GF(q) is a field: every non-zero element has an inverse, and
// multiplication distributes over addition.
func TestFields(t *testing.T) {
	for _, q := range []int{2, 3, 4, 5, 7, 8, 9} {
		f := newField(q)
		for a := 1; a < q; a++ {
			inv := 0
			for b := 1; b < q; b++ {
				if f.mul(a, b) == 1 {
					inv++
				}
			}
			if inv != 1 {
				t.Fatalf("GF(%d): %d has %d inverses", q, a, inv)
			}
		}
		for a := range q {
			for b := range q {
				for c := range q {
					if f.mul(a, f.add(b, c)) != f.add(f.mul(a, b), f.mul(a, c)) {
						t.Fatalf("GF(%d): %d·(%d+%d) does not distribute", q, a, b, c)
					}
				}
			}
		}
	}
}

func itoa(n int) string { return joinInts([]int{n}) }
