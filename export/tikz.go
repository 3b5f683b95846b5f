package export

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"distviz/engine"
)

// tikzPalette are the page's eight message colours (mt-0 … mt-7), one per
// MessageLook colour.
var tikzPalette = [8]string{"1F5FBF", "C0392B", "1E8449", "B9770E", "7D3C98", "117A8B", "7B7D7D", "A04000"}

// tikzPreamble opens a standalone document: it compiles as it is
// (pdflatex, lualatex), or its picture can be pasted into lecture notes
// that load TikZ with these libraries and colours. x and y scale the
// whole picture.
const tikzPreamble = `\documentclass[tikz,border=6pt]{standalone}
\usepackage[T1]{fontenc}
\usetikzlibrary{arrows.meta,backgrounds,shapes.misc}
%s\begin{document}
\begin{tikzpicture}[x=1.2cm, y=-1cm,
  proc/.style={draw=black!55, thick},
  ev/.style={circle, fill, inner sep=0pt, minimum size=4pt},
  msg/.style={-{Stealth[length=5pt]}, semithick},
  lost/.style={dashed},
  inflight/.style={dotted},
  lbl/.style={pos=0.45, above, sloped, font=\scriptsize, inner sep=1pt, fill=white, fill opacity=0.8, text opacity=1},
  lostmark/.style={cross out, draw, inner sep=0pt, minimum size=5pt},
  crash/.style={cross out, draw=red!70!black, very thick, inner sep=0pt, minimum size=7pt},
  recover/.style={circle, draw=green!40!black, thick, inner sep=0pt, minimum size=6pt}]
`

// WriteTikZ writes the run's space-time diagram as a standalone LaTeX
// document with one TikZ picture: a line per process (its label at the
// left; none for a bus's slot that stays empty), every send, receive and local event as a dot, every message as
// one \draw[msg] arrow from its send to its receive labelled with what it
// carries (to a cross where it was lost, dotted where it is still in
// flight), crashes as red crosses and recoveries as circles. Time runs to
// the right by Lamport's rule, one column per event: an event comes one
// column after its process's previous one and a receive one column after
// its send, so every arrow points forward and concurrent events share
// columns.
func WriteTikZ(w io.Writer, src Source) error {
	lock := src.locker()
	lock.Lock()
	tl := src.TL
	n := tl.Head().N()
	labels := make([]string, n)
	absent := make([]bool, n) // a bus's empty slot now
	for p := range labels {
		absent[p] = !tl.Head().Attached(p)
		labels[p] = "P" + strconv.Itoa(p)
		if p < len(tl.Nodes) {
			labels[p] = tl.Nodes[p].Label
		}
	}
	colour := map[string]int{}
	for _, l := range tl.Alg.Looks {
		colour[l.Type] = l.Color & 7
	}
	head := fmt.Sprintf("%% distviz: %s, seed %d\n", oneLine(tl.Alg.Name), tl.Seed)
	lock.Unlock()

	bw := bufio.NewWriterSize(w, 64<<10)
	var defs strings.Builder
	for i, c := range tikzPalette {
		fmt.Fprintf(&defs, "\\definecolor{mt%d}{HTML}{%s}\n", i, c)
	}
	bw.WriteString(head)
	fmt.Fprintf(bw, tikzPreamble, defs.String())
	d := diagram{w: bw, col: make([]float64, n), sent: map[int64]sentMsg{}, colour: colour}
	if err := each(src, d.event); err != nil {
		return err
	}
	d.inFlight()
	end := 1.0
	for _, x := range d.col {
		end = max(end, x+1)
	}
	bw.WriteString("\\begin{scope}[on background layer]\n")
	for p, l := range labels {
		if absent[p] && d.col[p] == 0 { // an empty slot all along
			continue
		}
		fmt.Fprintf(bw, "\\draw[proc] (0,%d) node[left] {%s} -- (%s,%d);\n", p, latex(l), num(end), p)
	}
	bw.WriteString("\\end{scope}\n\\end{tikzpicture}\n\\end{document}\n")
	return bw.Flush()
}

// diagram lays the events out as they come.
type diagram struct {
	w      *bufio.Writer
	col    []float64 // each process's last column
	sent   map[int64]sentMsg
	colour map[string]int
}

type sentMsg struct {
	seq      int64
	from, to int
	x        float64
	label    string
	colour   int
}

func (d *diagram) event(it *item) error {
	e := &it.e
	switch e.Kind {
	case engine.KindSend:
		x := d.next(int(e.From), 0)
		d.sent[e.MsgID] = sentMsg{seq: e.Seq, from: int(e.From), to: int(e.To), x: x, label: e.Msg.Label(), colour: d.colour[e.Msg.Type]}
		d.dot(x, int(e.From))
	case engine.KindDeliver:
		m, ok := d.sent[e.MsgID]
		if !ok {
			return nil
		}
		delete(d.sent, e.MsgID)
		x := d.next(int(e.To), m.x+1)
		d.dot(x, int(e.To))
		d.arrow(m, x, float64(e.To), "")
	case engine.KindDrop:
		if m, ok := d.sent[e.MsgID]; ok {
			delete(d.sent, e.MsgID)
			d.arrow(m, m.x+0.6, float64(m.from)+0.5*float64(m.to-m.from), "lost")
		}
	case engine.KindCrash, engine.KindRecover:
		p := int(e.Node)
		if p >= 0 && p < len(d.col) {
			style := "crash"
			if e.Kind == engine.KindRecover {
				style = "recover"
			}
			fmt.Fprintf(d.w, "\\node[%s] at (%s,%d) {};\n", style, num(d.next(p, 0)), p)
		}
	default:
		if it.stamped { // a local event
			p := owner(e)
			d.dot(d.next(p, 0), p)
		}
	}
	return nil
}

// next gives p's next event its column: after p's last and not before at.
func (d *diagram) next(p int, at float64) float64 {
	if p < 0 || p >= len(d.col) {
		return at
	}
	d.col[p] = max(d.col[p]+1, at)
	return d.col[p]
}

func (d *diagram) dot(x float64, p int) {
	fmt.Fprintf(d.w, "\\node[ev] at (%s,%d) {};\n", num(x), p)
}

// arrow draws a message from its send to (x, y): one \draw[msg] per message.
func (d *diagram) arrow(m sentMsg, x, y float64, style string) {
	if style != "" {
		style = ", " + style
	}
	path := "--"
	if float64(m.from) == y { // to itself: a loop above the line
		path = "to[out=60, in=120]"
	}
	fmt.Fprintf(d.w, "\\draw[msg, mt%d%s] (%s,%d) %s (%s,%s) node[lbl] {%s}", m.colour, style, num(m.x), m.from, path, num(x), num(y), latex(m.label))
	if style == ", lost" {
		d.w.WriteString(" node[lostmark] {}")
	}
	d.w.WriteString(";\n")
}

// inFlight draws the messages still under way at the end, in the order
// they were sent, as dotted arrows towards their receivers.
func (d *diagram) inFlight() {
	rest := make([]sentMsg, 0, len(d.sent))
	for _, m := range d.sent {
		rest = append(rest, m)
	}
	slices.SortFunc(rest, func(a, b sentMsg) int { return cmp.Compare(a.seq, b.seq) })
	for _, m := range rest {
		d.arrow(m, m.x+0.6, float64(m.from)+0.4*float64(m.to-m.from), "inflight")
	}
}

// num writes a coordinate: 3, 2.5, 0.6.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// latexText are the characters LaTeX reads as commands, and the few
// others the narration and labels use that pdflatex does not know.
var latexText = map[rune]string{
	'\\': `\textbackslash{}`, '{': `\{`, '}': `\}`, '$': `\$`, '&': `\&`, '#': `\#`,
	'^': `\textasciicircum{}`, '_': `\_`, '%': `\%`, '~': `\textasciitilde{}`,
	'<': `\textless{}`, '>': `\textgreater{}`, '|': `\textbar{}`,
	'–': `--`, '—': `---`, '…': `\ldots{}`, '−': `$-$`, '′': `$'$`, '×': `$\times$`, '·': `$\cdot$`,
	'→': `$\rightarrow$`, '←': `$\leftarrow$`, '≤': `$\leq$`, '≥': `$\geq$`, '≠': `$\neq$`,
	'∞': `$\infty$`, '∅': `$\emptyset$`, '±': `$\pm$`, '∥': `$\parallel$`,
	'ε': `$\varepsilon$`, 'χ': `$\chi$`, 'δ': `$\delta$`, 'θ': `$\theta$`, 'ρ': `$\rho$`,
}

// latex escapes a text for LaTeX: its special characters as commands,
// Latin-1 letters as they are (T1 has them), anything else unknown as "?".
func latex(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch t, ok := latexText[r]; {
		case ok:
			b.WriteString(t)
		case r < ' ' || r == 0x7f:
			b.WriteByte(' ')
		case r < 0x7f || r >= 0xa0 && r < 0x100:
			b.WriteRune(r)
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}
