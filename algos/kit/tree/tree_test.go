package tree

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Random draws a tree within the port limit, which Check accepts; Check
// names what is wrong with a list of cables that is not one.
func TestRandomTreesPassTheCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		n, ports := 1+r.IntN(40), 2+r.IntN(4)
		edges := Random(n, ports, r)
		if err := Check(edges, n, ports); err != nil {
			t.Fatalf("n=%d ports=%d: %v: %v", n, ports, edges, err)
		}
	}
	for _, c := range []struct {
		edges    [][]int
		n, ports int
		want     string
	}{
		{[][]int{{0, 1}}, 3, 3, "not connected"},
		{[][]int{{0, 1}, {1, 2}, {2, 0}}, 3, 3, "close a cycle"},
		{[][]int{{0, 1}, {1, 0}, {2, 3}}, 4, 3, "closes a cycle"},
		{[][]int{{0, 1}, {1, 1}}, 3, 3, "itself"},
		{[][]int{{0, 1}, {0, 3}}, 3, 3, "outside 0..2"},
		{[][]int{{0, 1, 2}, {1, 2}}, 3, 3, "pair"},
		{[][]int{{0, 1}, {0, 2}, {0, 3}}, 4, 2, "more than 2 cables"},
	} {
		if err := Check(c.edges, c.n, c.ports); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v n=%d ports=%d: %v, want %q", c.edges, c.n, c.ports, err, c.want)
		}
	}
}

func TestMsgLabelIsTheNumber(t *testing.T) {
	if got := (Msg{ID: 7}).Label(); got != "7" {
		t.Errorf("label %q", got)
	}
}
