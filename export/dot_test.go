package export

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode"

	"distviz/algos"
	"distviz/timeline"
)

// dotDoc is what the DOT parser below reads: nodes and edges with their
// attributes.
type dotDoc struct {
	nodes map[string]map[string]string
	edges []dotEdge
}

type dotEdge struct {
	from, to string
	attrs    map[string]string
}

// dotTokens splits the subset of DOT WriteDOT writes: identifiers, quoted
// strings (kept with their quotes, escapes undone), ->, punctuation;
// // comments are skipped.
func dotTokens(t *testing.T, s string) []string {
	t.Helper()
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case strings.HasPrefix(s[i:], "->"):
			out = append(out, "->")
			i += 2
		case strings.ContainsRune("{}[];,=", rune(c)):
			out = append(out, string(c))
			i++
		case c == '"':
			var b strings.Builder
			b.WriteByte('"')
			for i++; ; i++ {
				if i >= len(s) {
					t.Fatalf("an unterminated string")
				}
				if s[i] == '\\' && i+1 < len(s) {
					i++
					if s[i] == 'n' {
						b.WriteByte('\n')
					} else {
						b.WriteByte(s[i])
					}
					continue
				}
				if s[i] == '"' {
					i++
					break
				}
				b.WriteByte(s[i])
			}
			out = append(out, b.String())
		case c < 0x80 && (unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c)) || c == '_' || c == '.'):
			j := i
			for j < len(s) && s[j] < 0x80 && (unicode.IsLetter(rune(s[j])) || unicode.IsDigit(rune(s[j])) || s[j] == '_' || s[j] == '.') {
				j++
			}
			out = append(out, s[i:j])
			i = j
		default:
			t.Fatalf("unexpected %q at %d", c, i)
		}
	}
	return out
}

// parseDOT parses digraph ID { statements } where a statement is
// graph|node|edge [attrs]; ID [attrs]; or ID -> ID [attrs];
func parseDOT(t *testing.T, s string) dotDoc {
	t.Helper()
	tok := dotTokens(t, s)
	i := 0
	want := func(x string) {
		t.Helper()
		if i >= len(tok) || tok[i] != x {
			t.Fatalf("token %d: want %q, have %q", i, x, tok[min(i, len(tok)-1)])
		}
		i++
	}
	attrs := func() map[string]string {
		m := map[string]string{}
		if i >= len(tok) || tok[i] != "[" {
			return m
		}
		for i++; tok[i] != "]"; {
			k := tok[i]
			i++
			want("=")
			m[k] = strings.Trim(tok[i], `"`)
			i++
			if tok[i] == "," {
				i++
			}
		}
		i++
		return m
	}
	doc := dotDoc{nodes: map[string]map[string]string{}}
	want("digraph")
	i++ // its name
	want("{")
	for tok[i] != "}" {
		id := tok[i]
		i++
		switch {
		case id == "graph" || id == "node" || id == "edge":
			attrs()
		case tok[i] == "->":
			i++
			to := tok[i]
			i++
			doc.edges = append(doc.edges, dotEdge{id, to, attrs()})
		default:
			doc.nodes[id] = attrs()
		}
		want(";")
	}
	if i != len(tok)-1 {
		t.Fatalf("%d tokens after the graph", len(tok)-1-i)
	}
	return doc
}

// The DOT output parses; every process is a node; its edges are the
// topology's and the parent links, each pair once, the parent links
// pointing to the parent (dir=back from the parent).
func TestDOTIsTheTopologyAndTheTree(t *testing.T) {
	branch := func(tl *timeline.Timeline, k int) *timeline.Timeline {
		b, err := tl.Branch(k, nil)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, tc := range []struct {
		name string
		tl   *timeline.Timeline
		topo func(tl *timeline.Timeline) [][2]int
	}{
		{"ring", scenario(t, "chang-roberts", "worst-case"), ring},
		{"tree", scenario(t, "tree-echo", "several-starters"), bus},
		{"tree at step 6", branch(scenario(t, "tree-echo", "several-starters"), 6), bus},
		{"graph", scenario(t, "echo-election", ""), bus},
		{"complete", scenario(t, "bully", ""), complete},
		{"bus with empty slots", scenario(t, "firewire", ""), bus},
		{"quorums", scenario(t, "maekawa", ""), quorums},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := parseDOT(t, written(t, dot, Source{TL: tc.tl}))
			s := tc.tl.Head()
			var n int
			for p := range s.N() {
				if !s.Attached(p) { // an empty slot of a bus
					continue
				}
				n++
				nd, ok := doc.nodes[fmt.Sprintf("n%d", p)]
				if !ok || !strings.HasPrefix(nd["label"], tc.tl.Nodes[p].Label) {
					t.Fatalf("process %d: node %v", p, nd)
				}
			}
			if len(doc.nodes) != n {
				t.Fatalf("%d nodes for %d processes", len(doc.nodes), n)
			}
			want := map[string]bool{}
			for _, e := range tc.topo(tc.tl) {
				want[pair(e[0], e[1])] = true
			}
			parents := parentsOf(tc.tl)
			for c, p := range parents {
				want[pair(c, p)] = true
			}
			got := map[string]bool{}
			links := map[int]int{}
			for _, e := range doc.edges {
				var a, b int
				fmt.Sscanf(e.from+" "+e.to, "n%d n%d", &a, &b)
				if got[pair(a, b)] {
					t.Fatalf("the edge %s–%s twice", e.from, e.to)
				}
				got[pair(a, b)] = true
				if e.attrs["dir"] == "back" {
					links[b] = a
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("edges %v\nwant %v", got, want)
			}
			if fmt.Sprint(links) != fmt.Sprint(parents) {
				t.Errorf("parent links %v, want %v", links, parents)
			}
			if strings.HasPrefix(tc.name, "tree") && len(parents) == 0 {
				t.Errorf("no parent links on a tree")
			}
		})
	}
}

func pair(a, b int) string { return fmt.Sprintf("%d-%d", min(a, b), max(a, b)) }

func ring(tl *timeline.Timeline) [][2]int {
	var out [][2]int
	n := tl.Head().N()
	for p := range n {
		out = append(out, [2]int{p, (p + 1) % n})
	}
	return out
}

func bus(tl *timeline.Timeline) [][2]int { return tl.Head().Edges() }

func complete(tl *timeline.Timeline) [][2]int {
	var out [][2]int
	for a := range tl.Head().N() {
		for b := range a {
			out = append(out, [2]int{b, a})
		}
	}
	return out
}

// quorums joins each process to the members of its variable "quorum".
func quorums(tl *timeline.Timeline) [][2]int {
	var out [][2]int
	s := tl.Head()
	for p := range s.N() {
		for _, v := range s.Process(p).View().Vars {
			if qs, ok := v.Value.([]int); ok && v.Name == "quorum" {
				for _, q := range qs {
					if q != p {
						out = append(out, [2]int{p, q})
					}
				}
			}
		}
	}
	if len(out) == 0 {
		panic("no quorums read")
	}
	return out
}

// parentsOf reads each process's variable "parent" (child → parent).
func parentsOf(tl *timeline.Timeline) map[int]int {
	out := map[int]int{}
	s := tl.Head()
	for c := range s.N() {
		for _, v := range s.Process(c).View().Vars {
			if p, ok := v.Value.(int); ok && v.Name == "parent" && p >= 0 && p != c {
				out[c] = p
			}
		}
	}
	return out
}

// Quotes and backslashes in a label stay inside its DOT string.
func TestDOTQuotes(t *testing.T) {
	if got := dotString("a \"b\" \\ c\nd"); got != `"a \"b\" \\ c\nd"` {
		t.Errorf("quoted %s", got)
	}
}

func dot(b *bytes.Buffer, src Source) error { return WriteDOT(b, src) }

// Graphviz, where it is installed, lays out the DOT of every algorithm's
// run without an error or a warning.
func TestDOTGraphviz(t *testing.T) {
	bin, err := exec.LookPath("dot")
	if err != nil {
		t.Skip("Graphviz's dot is not installed")
	}
	for _, a := range algos.All() {
		t.Run(a.ID, func(t *testing.T) {
			cmd := exec.Command(bin, "-Tsvg", "-o", os.DevNull)
			cmd.Stdin = strings.NewReader(written(t, dot, Source{TL: scenario(t, a.ID, "")}))
			out, err := cmd.CombinedOutput()
			if err != nil || len(out) > 0 {
				t.Errorf("dot: %v\n%s", err, out)
			}
		})
	}
}
