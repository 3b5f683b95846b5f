package srm

import (
	"math/rand/v2"

	"distviz/engine"
	"distviz/param"
)

// The network of SRM: a tree of links, each with its length (its one-way
// delay). A multicast floods the tree: every member passes a message on to
// its other neighbours, so a link that loses a copy cuts off the whole
// subtree behind it, as a lossy router does.

// tree is the topology: neighbours per position and the length of each link.
type tree struct {
	nb     [][]int
	length map[[2]int]engine.Time // lookup only, keyed by the ordered pair
}

func (t *tree) linkLength(a, b int) engine.Time { return t.length[[2]int{min(a, b), max(a, b)}] }

// distances are the lengths of the paths from p to every position.
func (t *tree) distances(p int) []engine.Time {
	d := make([]engine.Time, len(t.nb))
	seen := make([]bool, len(t.nb))
	seen[p] = true
	stack := []int{p}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, q := range t.nb[v] {
			if !seen[q] {
				seen[q] = true
				d[q] = d[v] + t.linkLength(v, q)
				stack = append(stack, q)
			}
		}
	}
	return d
}

// treeOf reads the edges parameter: [a, b, length] per link.
func treeOf(n int, edges [][]int) *tree {
	t := &tree{nb: make([][]int, n), length: map[[2]int]engine.Time{}}
	for _, e := range edges {
		a, b, l := e[0], e[1], 1
		if len(e) > 2 {
			l = e[2]
		}
		t.nb[a] = append(t.nb[a], b)
		t.nb[b] = append(t.nb[b], a)
		t.length[[2]int{min(a, b), max(a, b)}] = engine.Time(l)
	}
	return t
}

// completeEdges draws a random tree when none is given (each position
// hangs below an earlier one, P1 below P0; lengths 1 to 3) and checks a
// given one: n−1 links [a, b] or [a, b, length] joining every position.
func completeEdges(v param.Values, rng *rand.Rand) error {
	n := v.Int("n")
	if !v.Has("edges") {
		edges := make([][]int, 0, n-1)
		for p := 1; p < n; p++ {
			edges = append(edges, []int{rng.IntN(p), p, 1 + rng.IntN(3)})
		}
		v.SetIntLists("edges", edges)
		return nil
	}
	edges := v.IntLists("edges")
	if len(edges) != n-1 {
		return param.Errorf("edges", "has %d links but a tree of %d members has %d", len(edges), n, n-1)
	}
	for _, e := range edges {
		if len(e) < 2 || len(e) > 3 {
			return param.Errorf("edges", "link %v: give [a, b] or [a, b, length]", e)
		}
		if e[0] >= n || e[1] >= n || e[0] == e[1] {
			return param.Errorf("edges", "link %v: its ends must be two positions 0..%d", e, n-1)
		}
		if len(e) == 3 && e[2] < 1 {
			return param.Errorf("edges", "link %v: its length must be at least 1", e)
		}
	}
	t := treeOf(n, edges)
	reached := 0
	for _, d := range t.distances(0) {
		if d > 0 {
			reached++
		}
	}
	if reached != n-1 {
		return param.Errorf("edges", "the links do not join every position to P0: not a tree")
	}
	return nil
}

// completeLose checks the losses the scenario makes: [message, a, b], the
// link a–b loses the message's first copy.
func completeLose(v param.Values, t *tree) error {
	for _, l := range v.IntLists("lose") {
		if len(l) != 3 {
			return param.Errorf("lose", "entry %v: give [message, a, b]", l)
		}
		if l[0] < 1 || l[0] > v.Int("messages") {
			return param.Errorf("lose", "entry %v: message %d is not one of 1..%d", l, l[0], v.Int("messages"))
		}
		if l[1] >= len(t.nb) || l[2] >= len(t.nb) || t.linkLength(l[1], l[2]) == 0 {
			return param.Errorf("lose", "entry %v: %d–%d is not a link of the tree", l, l[1], l[2])
		}
	}
	return nil
}

// lossSchedule makes each link of lose lose the first copy of its message:
// the link loses everything from the moment the copy is passed on over it
// (the message left the source at (message−1)·interval and travelled the
// path to the nearer end) until one time unit later.
func lossSchedule(v param.Values, t *tree) []engine.Scheduled {
	fromSource := t.distances(0)
	var out []engine.Scheduled
	for _, l := range v.IntLists("lose") {
		a, b := l[1], l[2]
		at := engine.Time((l[0]-1)*v.Int("interval")) + min(fromSource[a], fromSource[b])
		out = append(out,
			engine.Scheduled{At: at, Action: engine.Action{Type: engine.ActLoss, From: a, To: b, P: 1}},
			engine.Scheduled{At: at + 1, Action: engine.Action{Type: engine.ActLoss, From: a, To: b, P: v.Float("loss")}})
	}
	return out
}
