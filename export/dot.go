package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"distviz/algo"
	"distviz/engine"
	"distviz/timeline"
)

// maxComplete is the most processes whose complete graph DOT lists: beyond
// it the edges are too many to draw (and to read).
const maxComplete = 64

// topology says where a run's edges come from.
const (
	topoLinks    = "links"    // an outcome field declared with use "links"
	topoAdjacent = "adjacent" // the processes' variables declared with use "adjacent"
	topoQuorums  = "quorums"  // each process joined to its quorum's members (use "members")
	topoBus      = "bus"      // the engine's cables
	topoRing     = "ring"     // the ring view: each process and its successor
	topoComplete = "complete" // every pair of processes
	topoNone     = "none"     // a complete graph too large to list
)

// graph is what DOT draws of a run's state.
type graph struct {
	title   string
	seq     int64 // the state is after this event
	nodes   []graphNode
	topo    string
	edges   [][2]int // a < b, sorted, distinct
	parents [][2]int // [child, parent]
}

type graphNode struct {
	label   string
	id      int
	role    string // a rare role (a leader, a root); "" otherwise
	crashed bool
	absent  bool // an empty slot of a bus (no device plugged in there): not drawn
}

// WriteDOT writes the run's topology as a Graphviz digraph: every process
// but a bus's empty slots a node (its label, its ID unless the label is
// P<ID>, a rare role such as the leader with a double circle, a crashed
// one dashed), the topology's
// edges undirected and, where the algorithm declares each process's parent
// (use "uplink"), the parent links as bold edges pointing to the parent.
// The state is that of the run's head (see Source).
func WriteDOT(w io.Writer, src Source) error {
	lock := src.locker()
	lock.Lock()
	g := readGraph(src.TL)
	lock.Unlock()
	bw := bufio.NewWriter(w)
	writeGraph(bw, &g)
	return bw.Flush()
}

func readGraph(tl *timeline.Timeline) graph {
	s := tl.Head()
	n := s.N()
	g := graph{title: fmt.Sprintf("%s, seed %d, after event %d", tl.Alg.Name, tl.Seed, s.Seq()), seq: s.Seq(), nodes: make([]graphNode, n)}
	rare := map[string]bool{}
	for _, r := range tl.Alg.Roles {
		rare[r.Name] = r.Rare
	}
	uplink, adjacent, members := useVar(tl.Alg.Vars, "uplink"), useVar(tl.Alg.Vars, "adjacent"), useVar(tl.Alg.Vars, "members")
	var adj, quorums [][2]int
	for p := range n {
		nd := graphNode{label: "P" + strconv.Itoa(p), id: p, crashed: s.Crashed(p), absent: !s.Attached(p)}
		if p < len(tl.Nodes) {
			nd.label, nd.id = tl.Nodes[p].Label, tl.Nodes[p].ID
		}
		v := s.Process(p).View()
		if rare[v.Role] {
			nd.role = v.Role
		}
		g.nodes[p] = nd
		var up *int
		if valueOf(v.Vars, uplink, &up) && up != nil && *up >= 0 && *up < n && *up != p {
			g.parents = append(g.parents, [2]int{p, *up})
		}
		var nb, quorum []int
		if valueOf(v.Vars, adjacent, &nb) {
			for _, q := range nb {
				adj = append(adj, [2]int{p, q})
			}
		}
		if valueOf(v.Vars, members, &quorum) {
			for _, q := range quorum {
				quorums = append(quorums, [2]int{p, q})
			}
		}
	}
	var links [][2]int
	switch {
	case outcomeField(s.Outcome(), useVar(tl.Alg.Outcome, "links"), &links):
		g.topo, g.edges = topoLinks, canonical(links, n)
	case adjacent != "":
		g.topo, g.edges = topoAdjacent, canonical(adj, n)
	case members != "":
		g.topo, g.edges = topoQuorums, canonical(quorums, n)
	case len(s.Edges()) > 0:
		g.topo, g.edges = topoBus, canonical(s.Edges(), n)
	case tl.Alg.View == algo.ViewRing:
		g.topo = topoRing
		for p := range n {
			links = append(links, [2]int{p, (p + 1) % n})
		}
		g.edges = canonical(links, n)
	case n <= maxComplete:
		g.topo = topoComplete
		for a := range n {
			for b := a + 1; b < n; b++ {
				g.edges = append(g.edges, [2]int{a, b})
			}
		}
	default:
		g.topo = topoNone
	}
	return g
}

// writeGraph writes g in DOT. A parent link is drawn from the parent to
// the child with its arrow turned back (dir=back), so that the dot layout
// ranks parents above their children.
func writeGraph(w *bufio.Writer, g *graph) {
	layout := "neato"
	switch {
	case len(g.parents) > 0:
		layout = "dot"
	case g.topo == topoRing || g.topo == topoComplete:
		layout = "circo"
	}
	fmt.Fprintf(w, "// distviz: %s\n// topology: %s; %d parent links, drawn parent -> child with dir=back\n", g.title, g.topo, len(g.parents))
	if g.topo == topoNone {
		fmt.Fprintf(w, "// every pair of the %d processes may exchange messages: a complete graph, its edges left out\n", len(g.nodes))
	}
	fmt.Fprintf(w, "digraph distviz {\n\tgraph [layout=%s, overlap=false, label=%s, labelloc=t, fontname=Helvetica];\n", layout, dotString(g.title))
	w.WriteString("\tnode [shape=circle, fontname=Helvetica];\n\tedge [dir=none];\n")
	for p, nd := range g.nodes {
		if nd.absent {
			continue
		}
		label := nd.label
		if label != "P"+strconv.Itoa(nd.id) { // the label does not say the ID
			label += "\nID " + strconv.Itoa(nd.id)
		}
		if nd.role != "" {
			label += "\n" + nd.role
		}
		fmt.Fprintf(w, "\tn%d [label=%s", p, dotString(label))
		if nd.role != "" {
			w.WriteString(", peripheries=2")
		}
		if nd.crashed {
			w.WriteString(", style=dashed, color=gray50, fontcolor=gray50")
		}
		w.WriteString("];\n")
	}
	isParent := map[[2]int]bool{}
	for _, cp := range g.parents {
		isParent[[2]int{min(cp[0], cp[1]), max(cp[0], cp[1])}] = true
	}
	for _, e := range g.edges {
		if isParent[e] || g.nodes[e[0]].absent || g.nodes[e[1]].absent {
			continue
		}
		fmt.Fprintf(w, "\tn%d -> n%d", e[0], e[1])
		if layout == "dot" { // the tree alone ranks the nodes
			w.WriteString(" [constraint=false, color=gray60]")
		}
		w.WriteString(";\n")
	}
	for _, cp := range g.parents {
		fmt.Fprintf(w, "\tn%d -> n%d [dir=back, penwidth=2.5, color=\"#1f5fbf\", tooltip=%s];\n",
			cp[1], cp[0], dotString(g.nodes[cp[0]].label+"'s parent is "+g.nodes[cp[1]].label))
	}
	w.WriteString("}\n")
}

// dotString quotes s as a DOT string; a newline becomes DOT's centred line
// break \n.
func dotString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r", "", "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// canonical makes pairs of positions below n into sorted, distinct edges a < b.
func canonical(pairs [][2]int, n int) [][2]int {
	var out [][2]int
	for _, e := range pairs {
		a, b := min(e[0], e[1]), max(e[0], e[1])
		if a >= 0 && b < n && a != b {
			out = append(out, [2]int{a, b})
		}
	}
	slices.SortFunc(out, func(x, y [2]int) int {
		if x[0] != y[0] {
			return x[0] - y[0]
		}
		return x[1] - y[1]
	})
	return slices.Compact(out)
}

// useVar is the name of the declared variable that stands for a use ("": none).
func useVar(decls []algo.Var, use string) string {
	for _, d := range decls {
		if d.Use == use {
			return d.Name
		}
	}
	return ""
}

// valueOf reads the variable named name into into (a pointer), through
// JSON: values are whatever the process put there. False when there is no
// such variable or it does not fit.
func valueOf(vars []engine.Var, name string, into any) bool {
	if name == "" {
		return false
	}
	for _, v := range vars {
		if v.Name == name {
			return recode(v.Value, into)
		}
	}
	return false
}

// outcomeField reads the outcome's field named name into into.
func outcomeField(outcome any, name string, into any) bool {
	if name == "" || outcome == nil {
		return false
	}
	var fields map[string]json.RawMessage
	if !recode(outcome, &fields) {
		return false
	}
	raw, ok := fields[name]
	return ok && json.Unmarshal(raw, into) == nil
}

func recode(v, into any) bool {
	b, err := json.Marshal(v)
	return err == nil && json.Unmarshal(b, into) == nil
}
