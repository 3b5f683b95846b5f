package graph

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Every shape gives a connected simple graph that Check accepts, with the
// number of edges the shape has.
func TestShapesPassTheCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		shape string
		n, m  int
		want  int
	}{
		{"complete", 6, 0, 15}, {"ring", 7, 0, 7}, {"wheel", 7, 0, 12}, {"grid", 9, 0, 12},
		{"grid", 10, 0, 13}, {"hypercube", 16, 0, 32}, {"tree", 12, 0, 11},
		{"random", 10, 0, 15}, {"random", 10, 9, 9}, {"random", 10, 40, 40}, {"random", 6, 15, 15},
	} {
		edges, err := Generate(c.shape, c.n, c.m, r)
		if err != nil {
			t.Fatalf("%s n=%d: %v", c.shape, c.n, err)
		}
		if len(edges) != c.want {
			t.Errorf("%s n=%d m=%d: %d edges, want %d", c.shape, c.n, c.m, len(edges), c.want)
		}
		if err := Check(edges, c.n); err != nil {
			t.Errorf("%s n=%d: %v: %v", c.shape, c.n, edges, err)
		}
	}
	for range 300 {
		n := 2 + r.IntN(60)
		m := n - 1 + r.IntN(n*(n-1)/2-(n-1)+1)
		edges, err := Random(n, m, r)
		if err != nil || len(edges) != m {
			t.Fatalf("n=%d m=%d: %d edges, %v", n, m, len(edges), err)
		}
		if err := Check(edges, n); err != nil {
			t.Fatalf("n=%d m=%d: %v", n, m, err)
		}
	}
}

// Check names what is wrong; the generators refuse what they cannot make.
func TestCheckSaysWhy(t *testing.T) {
	for _, c := range []struct {
		edges [][]int
		n     int
		want  string
	}{
		{[][]int{{0, 1}}, 3, "not connected"},
		{[][]int{{0, 1}, {1, 2}, {2, 1}}, 3, "repeats edge 1"},
		{[][]int{{0, 1}, {1, 1}, {1, 2}}, 3, "self-loop"},
		{[][]int{{0, 1}, {0, 3}}, 3, "outside 0..2"},
		{[][]int{{0, 1, 2}, {1, 2}}, 3, "pair"},
	} {
		if err := Check(c.edges, c.n); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v n=%d: %v, want %q", c.edges, c.n, err, c.want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		shape string
		n, m  int
		want  string
	}{
		{"hypercube", 6, 0, "power of two"}, {"ring", 2, 0, "at least 3"}, {"wheel", 3, 0, "at least 4"},
		{"random", 6, 4, "cannot connect"}, {"random", 4, 7, "more than the 6 pairs"},
	} {
		if _, err := Generate(c.shape, c.n, c.m, r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s n=%d m=%d: %v, want %q", c.shape, c.n, c.m, err, c.want)
		}
	}
}

// SpanningTree accepts a tree of parents and says why other lists are not one.
func TestSpanningTree(t *testing.T) {
	links := [][2]int{{0, 1}, {1, 2}, {0, 2}, {2, 3}}
	if err := SpanningTree([]int{-1, 0, 1, 2}, links, 0); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		parent []int
		root   int
		want   string
	}{
		{[]int{1, 0, 1, 2}, 0, "root 0 has parent"},
		{[]int{-1, 0, 1, 0}, 0, "not a neighbour"},
		{[]int{-1, 2, 1, 2}, 0, "cycle"},
	} {
		if err := SpanningTree(c.parent, links, c.root); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.parent, err, c.want)
		}
	}
}
