package export

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"distviz/engine"
)

var (
	msgDraw  = regexp.MustCompile(`^\\draw\[msg, mt[0-7](, (lost|inflight))?\] \(([0-9.]+),(\d+)\) (--|to\[out=60, in=120\]) \(([0-9.]+),([0-9.]+)\) node\[lbl\] \{(.*?)\}( node\[lostmark\] \{\})?;$`)
	procDraw = regexp.MustCompile(`^\\draw\[proc\] \(0,(\d+)\) node\[left\] \{(.*)\} -- \(([0-9.]+),(\d+)\);$`)
)

// The picture has a line per process, a dot per send, receive and local
// event, and one \draw per message from its send forwards, labelled with
// the message.
func TestTikZStructure(t *testing.T) {
	for _, r := range runs {
		t.Run(r[0], func(t *testing.T) {
			tl := scenario(t, r[0], r[1])
			out := written(t, tikz, Source{TL: tl})
			if !strings.HasPrefix(out, "% distviz: ") || !strings.HasSuffix(out, "\\end{tikzpicture}\n\\end{document}\n") {
				t.Fatalf("not a whole document:\n%.300s", out)
			}
			var sends, dots int
			labels := map[string]int{}
			for seq := int64(1); seq <= tl.Len(); seq++ {
				if e := tl.Event(seq); e.Kind == engine.KindSend {
					sends++
					labels[latex(e.Msg.Label())]++
				}
			}
			dots = len(stampedEvents(tl))
			procs := map[int]string{}
			var draws, nodes int
			for _, line := range strings.Split(out, "\n") {
				switch {
				case strings.HasPrefix(line, `\draw[msg`):
					m := msgDraw.FindStringSubmatch(line)
					if m == nil {
						t.Fatalf("a message drawn as %q", line)
					}
					if x0, x1 := atof(m[3]), atof(m[6]); x1 <= x0 {
						t.Fatalf("a message drawn backwards: %q", line)
					}
					labels[m[8]]--
					draws++
				case strings.HasPrefix(line, `\draw[proc]`):
					m := procDraw.FindStringSubmatch(line)
					if m == nil || m[1] != m[4] {
						t.Fatalf("a process line drawn as %q", line)
					}
					procs[int(atof(m[1]))] = m[2]
				case strings.HasPrefix(line, `\node[ev]`):
					nodes++
				}
			}
			if draws != sends || nodes != dots {
				t.Errorf("%d messages drawn for %d sent, %d dots for %d events", draws, sends, nodes, dots)
			}
			for l, k := range labels {
				if k != 0 {
					t.Errorf("label %s on %d arrows too few", l, k)
				}
			}
			involved := map[int32]bool{}
			for seq := int64(1); seq <= tl.Len(); seq++ {
				e := tl.Event(seq)
				involved[e.Node], involved[e.From], involved[e.To] = true, true, true
			}
			lines := 0
			for p := range tl.Head().N() {
				if !tl.Head().Attached(p) && !involved[int32(p)] { // a bus's empty slot
					if _, drawn := procs[p]; drawn {
						t.Errorf("a line for the empty slot %d", p)
					}
					continue
				}
				lines++
				if procs[p] != latex(tl.Nodes[p].Label) {
					t.Errorf("process %d's line: %q", p, procs[p])
				}
			}
			if len(procs) != lines {
				t.Errorf("%d process lines for %d processes", len(procs), lines)
			}
		})
	}
}

// Lost messages end in a cross, crashes are marked.
func TestTikZLossAndCrash(t *testing.T) {
	out := written(t, tikz, Source{TL: openWith(t, "chang-roberts", `{"n": 8, "loss": 0.3}`)})
	if !strings.Contains(out, "node[lostmark] {};") {
		t.Errorf("no lost message drawn")
	}
	out = written(t, tikz, Source{TL: scenario(t, "bully", "")})
	if !strings.Contains(out, `\node[crash] at (`) {
		t.Errorf("no crash drawn")
	}
}

// LaTeX's special characters come out as text, in labels and process
// names alike.
func TestTikZEscapes(t *testing.T) {
	for in, want := range map[string]string{
		`P_1 & #2 {x} 100% ^~$\`:   `P\_1 \& \#2 \{x\} 100\% \textasciicircum{}\textasciitilde{}\$\textbackslash{}`,
		"Chang–Roberts → ε(3) ≤ 5": `Chang--Roberts $\rightarrow$ $\varepsilon$(3) $\leq$ 5`,
		"Müller\n中":                "Müller ?",
	} {
		if got := latex(in); got != want {
			t.Errorf("latex(%q) = %q, want %q", in, got, want)
		}
	}
	tl := scenario(t, "chang-roberts", "worst-case")
	tl.Nodes[0].Label = `P_0 & #1 {x} 100% ^~$\`
	out := written(t, tikz, Source{TL: tl})
	body := out[strings.Index(out, `\begin{tikzpicture}`):]
	body = body[strings.Index(body, "]\n")+2:] // after the styles
	unescaped := regexp.MustCompile(`(^|[^\\])[_&#%^~$]`)
	for _, line := range strings.Split(body, "\n") {
		if m := unescaped.FindString(line); m != "" {
			t.Errorf("unescaped %q in %q", m, line)
		}
		if strings.Count(line, "{")-strings.Count(line, `\{`) != strings.Count(line, "}")-strings.Count(line, `\}`) {
			t.Errorf("unbalanced braces in %q", line)
		}
	}
	if !strings.Contains(out, fmt.Sprintf("node[left] {%s}", latex(tl.Nodes[0].Label))) {
		t.Errorf("the label is not on its line")
	}
}

func atof(s string) float64 {
	var x float64
	fmt.Sscan(s, &x)
	return x
}

func tikz(b *bytes.Buffer, src Source) error { return WriteTikZ(b, src) }

// pdflatex, where it is installed, compiles the pictures of a few runs
// without an error.
func TestTikZCompiles(t *testing.T) {
	bin, err := exec.LookPath("pdflatex")
	if err != nil || testing.Short() {
		t.Skip("pdflatex is not installed, or -short")
	}
	for _, r := range [][2]string{{"bully", ""}, {"tree-echo", "several-starters"}, {"maekawa", ""}} {
		t.Run(r[0], func(t *testing.T) {
			dir := t.TempDir()
			tex := filepath.Join(dir, "run.tex")
			if err := os.WriteFile(tex, []byte(written(t, tikz, Source{TL: scenario(t, r[0], r[1])})), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, "-interaction=nonstopmode", "-halt-on-error", "run.tex")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("pdflatex: %v\n%s", err, out[max(0, len(out)-2000):])
			}
		})
	}
}
