package firewire

import (
	"slices"

	"distviz/algos/kit/tree"
	"distviz/engine"
)

// Outcome is the result of tree identify since the last bus reset.
// Unplugging an inner device splits the bus into separate buses (parts),
// each with its own root.
type Outcome struct {
	Root             *int         `json:"root"`             // the root of the part holding the lowest attached position, or null
	Roots            []int        `json:"roots"`            // the roots elected so far, one per part at most, ascending
	Parts            [][]int      `json:"parts"`            // the buses: the positions of each connected part, ascending, ordered by the first
	Parent           []*int       `json:"parent"`           // per position: the parent, −1 for a root, null if not known (or detached)
	ContentionRounds int          `json:"contentionRounds"` // root contention rounds (each crossing of BE_MY_PARENT is one; the most on any part)
	ElectedAt        *engine.Time `json:"electedAt"`        // when root became root (ns), or null
	ResetAt          engine.Time  `json:"resetAt"`          // the last bus reset on any part (0: the start)
	Edges            [][2]int     `json:"edges"`            // the cables now, pairs a < b, sorted
	Attached         []bool       `json:"attached"`         // per position: plugged in
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run's current state.
func Of(w engine.World) Outcome {
	o := Outcome{Roots: []int{}, Parent: make([]*int, w.N()), Edges: w.Edges(), Attached: tree.Attached(w)}
	o.Parts, _ = busParts(w.N(), o.Edges, o.Attached)
	for p := range w.N() {
		f := w.Process(p).(*node)
		if !f.attached {
			continue
		}
		o.ResetAt = max(o.ResetAt, f.resetAt)
		o.ContentionRounds = max(o.ContentionRounds, int(f.rounds))
		if f.parentKnown {
			parent := int(f.parent)
			o.Parent[p] = &parent
		}
		if f.isRoot() {
			o.Roots = append(o.Roots, p)
		}
	}
	if len(o.Parts) > 0 {
		for _, r := range o.Roots {
			if slices.Contains(o.Parts[0], r) {
				root, at := r, w.Process(r).(*node).rootAt
				o.Root, o.ElectedAt = &root, &at
				break
			}
		}
	}
	return o
}

// busParts splits the attached positions into the buses the cables join:
// each part ascending, ordered by its first position; part[p] is p's part
// (−1 for a detached position).
func busParts(n int, edges [][2]int, attached []bool) (parts [][]int, part []int) {
	// the cables at each position, all in one array (start[p]: where p's begin)
	start := make([]int, n+1)
	for _, e := range edges {
		start[e[0]+1]++
		start[e[1]+1]++
	}
	for p := range n {
		start[p+1] += start[p]
	}
	adj, fill := make([]int, start[n]), slices.Clone(start[:n])
	for _, e := range edges {
		adj[fill[e[0]]], adj[fill[e[1]]] = e[1], e[0]
		fill[e[0]]++
		fill[e[1]]++
	}
	part = slices.Repeat([]int{-1}, n)
	k := 0
	reached := make([]int, 0, n)
	for s := range n {
		if !attached[s] || part[s] >= 0 {
			continue
		}
		part[s] = k
		reached = append(reached[:0], s)
		for i := 0; i < len(reached); i++ {
			for _, q := range adj[start[reached[i]]:start[reached[i]+1]] {
				if part[q] < 0 {
					part[q] = k
					reached = append(reached, q)
				}
			}
		}
		k++
	}
	// each part's members in ascending order without sorting: counted,
	// then filled in one pass over the positions, all in one array
	size := make([]int, k)
	for _, c := range part {
		if c >= 0 {
			size[c]++
		}
	}
	all, off := make([]int, n), 0
	parts = make([][]int, k)
	for c := range k {
		parts[c] = all[off : off : off+size[c]]
		off += size[c]
	}
	for p, c := range part {
		if c >= 0 {
			parts[c] = append(parts[c], p)
		}
	}
	return parts, part
}

// live yields the attached devices.
func live(w engine.World) func(yield func(int, *node) bool) {
	return func(yield func(int, *node) bool) {
		for p := range w.N() {
			if f, ok := liveAt(w, p); ok {
				if !yield(p, f) {
					return
				}
			}
		}
	}
}

// liveAt is device p if it is attached. The checks after a step that
// concerns no device loop over it rather than range over live: a loop
// without calls through closures costs a third less.
func liveAt(w engine.World, p int) (*node, bool) {
	f := w.Process(p).(*node)
	return f, f.attached && !w.Crashed(p)
}

// The checks after every step look at the device the step concerned: a
// step changes that device alone (node ≥ 0), so a rule that held before
// can only break there. A step that concerns none (a bus reset, a plug or
// unplug, a lost message) can change every device and the cables: then
// they look at all.

// oneRoot: at most one device of each bus is root (after a split, each
// part is a bus of its own).
func oneRoot() engine.Invariant {
	return engine.Invariant{Name: "one root", Check: func(w engine.World, node int) engine.Text {
		if node >= 0 {
			if f, ok := liveAt(w, node); !ok || !f.isRoot() {
				return engine.Text{} // no new root
			}
		}
		var some [4]int
		roots := some[:0]
		for p := range w.N() {
			if f, ok := liveAt(w, p); ok && f.isRoot() {
				roots = append(roots, p)
			}
		}
		if len(roots) < 2 {
			return engine.Text{}
		}
		_, part := busParts(w.N(), w.Edges(), tree.Attached(w))
		for i, r := range roots {
			for _, q := range roots[:i] {
				if part[q] == part[r] {
					return engine.T("violation.twoRoots", engine.Pos(q), engine.Pos(r))
				}
			}
		}
		return engine.Text{}
	}}
}

// parentOnCable: a parent link runs along a cable.
func parentOnCable() engine.Invariant {
	return engine.Invariant{Name: "parent on a cable", Check: func(w engine.World, node int) engine.Text {
		if node >= 0 {
			return parentOffCable(w, node)
		}
		for p := range w.N() {
			if t := parentOffCable(w, p); !t.IsZero() {
				return t
			}
		}
		return engine.Text{}
	}}
}

// parentOffCable says whether device p's parent link runs where no cable is.
func parentOffCable(w engine.World, p int) engine.Text {
	if f, ok := liveAt(w, p); ok && f.parentKnown && f.parent >= 0 && !w.Linked(p, int(f.parent)) {
		return engine.T("violation.parentNoCable", engine.Pos(p), engine.Pos(int(f.parent)))
	}
	return engine.Text{}
}

// isTree is the final check: on each bus the parent links form one tree
// rooted at that bus's root, each link confirmed by the parent.
func isTree() engine.Invariant {
	return engine.Invariant{Name: "tree", Check: func(w engine.World, _ int) engine.Text {
		parts, part := busParts(w.N(), w.Edges(), tree.Attached(w))
		rootOf := slices.Repeat([]int{-1}, len(parts))
		for p, f := range live(w) {
			if !f.parentKnown {
				return engine.T("violation.noParent", engine.Pos(p))
			}
			if f.isRoot() {
				rootOf[part[p]] = p
			}
		}
		for k, members := range parts {
			if rootOf[k] < 0 {
				return engine.T("violation.noRoot", engine.Pos(members[0]))
			}
		}
		reaches := make([]int, w.N()) // 1 + the root a device's path is known to reach whole
		for p := range live(w) {
			if t := pathToRoot(w, p, rootOf[part[p]], len(parts[part[p]]), reaches); !t.IsZero() {
				return t
			}
		}
		return engine.Text{}
	}}
}

// pathToRoot follows the parent links from p to root, at most size steps,
// and says where they break. It stops early at a device known to reach
// root (reaches[q] == root+1) and marks those it passed once it gets
// there: each link is followed once, not once for every device below it.
func pathToRoot(w engine.World, p, root, size int, reaches []int) engine.Text {
	for q, steps := p, 0; q != root && reaches[q] != root+1; steps++ {
		g := w.Process(q).(*node)
		if steps > size || g.parent < 0 {
			return engine.T("violation.notToRoot", engine.Pos(p), engine.Pos(root))
		}
		parent := int(g.parent)
		par := w.Process(parent).(*node)
		if i := par.portOf(q); i < 0 || par.portBuf[i].State != childPort {
			return engine.T("violation.unconfirmed", engine.Pos(q), engine.Pos(parent), engine.Pos(parent))
		}
		q = parent
	}
	for q := p; q != root && reaches[q] != root+1; q = int(w.Process(q).(*node).parent) {
		reaches[q] = root + 1
	}
	return engine.Text{}
}
