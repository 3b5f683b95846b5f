package maekawa

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The projective planes (ALGORITHMS.md 2.5): q²+q+1 quorums of q+1 nodes,
// every two meeting in exactly one node, the smallest quorums that
// intersect. n = 13 is the lecture's table; the others are built over GF(q).

// projectiveOrders maps the sizes of the supported projective planes,
// q²+q+1 points, to their order q (a prime power, so GF(q) exists).
var projectiveOrders = map[int]int{7: 2, 13: 3, 21: 4, 31: 5, 57: 7, 73: 8, 91: 9}

// projectiveSizes lists the n that quorums=projective accepts, ascending.
func projectiveSizes() []int {
	ns := make([]int, 0, len(projectiveOrders))
	for n := range projectiveOrders {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}

// lecturePlane is the lecture's table S1..S13 (ALGORITHMS.md 2.5), in the
// lecture's numbering 1..13.
var lecturePlane = [13][4]int{
	{1, 2, 3, 4}, {2, 5, 8, 11}, {3, 6, 8, 13}, {4, 6, 10, 11}, {1, 5, 6, 7},
	{2, 6, 9, 12}, {2, 7, 10, 13}, {1, 8, 9, 10}, {3, 7, 9, 11}, {3, 5, 10, 12},
	{1, 11, 12, 13}, {4, 7, 8, 12}, {4, 5, 9, 13},
}

// projectiveQuorums gives the lines of the projective plane with n points as
// quorums, line i containing point i. For n = 13 it is the lecture's table;
// for the others it is built over GF(q).
func projectiveQuorums(n int) ([][]int, error) {
	q, ok := projectiveOrders[n]
	if !ok {
		return nil, fmt.Errorf("a projective plane needs n ∈ {%s} (the planes of order 2, 3, 4, 5, 7, 8, 9, with q²+q+1 nodes), not %d; use grid or majority for other n",
			joinInts(projectiveSizes()), n)
	}
	if n == 13 {
		out := make([][]int, 13)
		for i, line := range lecturePlane {
			for _, x := range line {
				out[i] = append(out[i], x-1)
			}
		}
		return out, nil
	}
	return planeOfOrder(q), nil
}

// planeOfOrder builds PG(2, q): points and lines are the 1-dimensional
// subspaces of GF(q)³, written with their first non-zero coordinate 1; a
// point lies on a line when their dot product is 0. Each point is then
// assigned a line through it, all different (a perfect matching of the
// (q+1)-regular incidence graph, which exists by Hall's theorem).
func planeOfOrder(q int) [][]int {
	f := newField(q)
	var pts [][3]int
	for x := range q {
		for y := range q {
			pts = append(pts, [3]int{1, x, y})
		}
	}
	for y := range q {
		pts = append(pts, [3]int{0, 1, y})
	}
	pts = append(pts, [3]int{0, 0, 1})
	n := len(pts)
	// Lines have the same coordinates as points (the plane is self-dual).
	lines := make([][]int, n)
	for l, a := range pts {
		for p, x := range pts {
			if f.add(f.add(f.mul(a[0], x[0]), f.mul(a[1], x[1])), f.mul(a[2], x[2])) == 0 {
				lines[l] = append(lines[l], p)
			}
		}
	}
	// Match every point to a line through it (augmenting paths, in order).
	lineOf := make([]int, n)  // point → line
	pointOf := make([]int, n) // line → point
	for i := range n {
		lineOf[i], pointOf[i] = -1, -1
	}
	through := make([][]int, n) // point → the lines through it
	for l, pl := range lines {
		for _, p := range pl {
			through[p] = append(through[p], l)
		}
	}
	var augment func(p int, seen []bool) bool
	augment = func(p int, seen []bool) bool {
		for _, l := range through[p] {
			if seen[l] {
				continue
			}
			seen[l] = true
			if pointOf[l] < 0 || augment(pointOf[l], seen) {
				lineOf[p], pointOf[l] = l, p
				return true
			}
		}
		return false
	}
	for p := range n {
		augment(p, make([]bool, n))
	}
	out := make([][]int, n)
	for p := range n {
		out[p] = slices.Clone(lines[lineOf[p]])
	}
	return out
}

// field is GF(q) for q = p^k: elements 0..q−1 are the polynomials over
// GF(p) whose coefficients are the base-p digits; multiplication is modulo
// an irreducible polynomial of degree k.
type field struct {
	q          int
	addT, mulT [][]int
}

// irreducible lists, for the prime powers used, p, k and the lower
// coefficients c_0..c_{k−1} of a monic irreducible x^k + … (x²+x+1 over
// GF(2), x³+x+1 over GF(2), x²+1 over GF(3)).
var irreducible = map[int]struct {
	p, k  int
	lower []int
}{
	2: {2, 1, []int{0}}, 3: {3, 1, []int{0}}, 5: {5, 1, []int{0}}, 7: {7, 1, []int{0}},
	4: {2, 2, []int{1, 1}}, 8: {2, 3, []int{1, 1, 0}}, 9: {3, 2, []int{1, 0}},
}

func newField(q int) field {
	ir := irreducible[q]
	p, k := ir.p, ir.k
	digits := func(a int) []int {
		d := make([]int, k)
		for i := range k {
			d[i], a = a%p, a/p
		}
		return d
	}
	value := func(d []int) int {
		v := 0
		for i := k - 1; i >= 0; i-- {
			v = v*p + d[i]
		}
		return v
	}
	f := field{q: q, addT: make([][]int, q), mulT: make([][]int, q)}
	for a := range q {
		f.addT[a], f.mulT[a] = make([]int, q), make([]int, q)
		for b := range q {
			da, db := digits(a), digits(b)
			sum := make([]int, k)
			for i := range k {
				sum[i] = (da[i] + db[i]) % p
			}
			f.addT[a][b] = value(sum)
			// Schoolbook product, then reduce x^m for m ≥ k with x^k = −lower.
			prod := make([]int, 2*k-1)
			for i := range k {
				for j := range k {
					prod[i+j] = (prod[i+j] + da[i]*db[j]) % p
				}
			}
			for m := 2*k - 2; m >= k; m-- {
				c := prod[m]
				prod[m] = 0
				for i, l := range ir.lower {
					prod[m-k+i] = ((prod[m-k+i]-c*l)%p + p) % p
				}
			}
			f.mulT[a][b] = value(prod[:k])
		}
	}
	return f
}

func (f field) add(a, b int) int { return f.addT[a][b] }
func (f field) mul(a, b int) int { return f.mulT[a][b] }

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}
