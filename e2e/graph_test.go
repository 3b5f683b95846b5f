package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// The graph view (echo-election): any connected graph, laid out once per
// topology.
const (
	selGraph      = `[data-testid="graph"]`
	graphWaves    = "/?algorithm=echo-election&scenario=many-initiators"
	jsGraphPlaces = `JSON.stringify([...document.querySelectorAll('[data-testid="graph"] [data-node]')].map(e => e.getAttribute("transform")))`
)

// openGraph opens a deep link drawn by the graph view and waits until n
// processes are placed and the first frame is there.
func openGraph(t testing.TB, link string, n int) *page {
	t.Helper()
	p := newPage(t)
	p.open(link)
	p.waitFor(fmt.Sprintf("%d processes placed in the graph view", n), fmt.Sprintf(
		`[...document.querySelectorAll(%s)].filter(e => (e.getAttribute("transform") || "").startsWith("translate")).length === %d`,
		jsString(selGraph+" [data-node]"), n))
	p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
	return p
}

// TestGraphLayoutStable steps through four waves on a random graph of 20
// processes: no process moves at any step, forward, to the end and back to
// the start; every edge of the frame is drawn once; at the end the tree
// edges drawn point where the processes' parents are, and every process
// sits in the winner's wave.
func TestGraphLayoutStable(t *testing.T) {
	p := openGraph(t, graphWaves, 20)
	places := eval[string](p, jsGraphPlaces)
	for i := range 40 {
		p.forward()
		if got := eval[string](p, jsGraphPlaces); got != places {
			p.fatalf("step %d: the processes moved:\n%s\nwas\n%s", i+1, got, places)
		}
	}
	p.press(hookLast)
	p.waitFor("the end", jsEndDrawn)
	if got := eval[string](p, jsGraphPlaces); got != places {
		p.fatalf("at the end the processes moved")
	}
	edges := eval[int](p, `window.distviz.state.frame.outcome.edges.length`)
	if n := p.count(selGraph + ` [data-edge]`); n != edges {
		p.fatalf("%d edges drawn, the frame has %d", n, edges)
	}
	bad := eval[string](p, `(() => {
		const f = window.distviz.state.frame;
		const leader = f.outcome.leader;
		for (const nd of f.nodes) {
			const par = nd.vars.find(v => v.name === "parent").value;
			const g = document.querySelector('[data-testid="graph"] [data-node="' + nd.pos + '"]');
			if (g.dataset.wave !== String(leader)) return "P" + nd.pos + " is drawn in wave " + g.dataset.wave + ", not " + leader;
			if (par < 0) continue;
			const e = document.querySelector('[data-testid="graph"] [data-edge="' + Math.min(nd.pos, par) + "-" + Math.max(nd.pos, par) + '"]');
			if (!e || e.dataset.tree !== "1" || e.dataset.to !== String(par)) return "the edge of P" + nd.pos + " to its parent P" + par + " is not drawn toward it";
		}
		const trees = document.querySelectorAll('[data-testid="graph"] [data-edge][data-tree="1"]').length;
		return trees === f.nodes.length - 1 ? "" : trees + " tree edges drawn, want n−1";
	})()`)
	if bad != "" {
		p.fatalf("%s", bad)
	}
	p.press(hookFirst)
	p.waitFor("the start", fmt.Sprintf(`%s === 0`, jsStep))
	if got := eval[string](p, jsGraphPlaces); got != places {
		p.fatalf("back at the start the processes moved")
	}
}

// TestGraphScreenshots draws the graph view at a projector's 1024×768 in
// English, German and Spanish: two waves meeting (a swallowed explorer, a
// conquered initiator) and a grid, and checks that the processes are inside
// the view and apart and no type is smaller than 13 px. The pictures go to
// $DISTVIZ_E2E_SHOTS when it is set.
func TestGraphScreenshots(t *testing.T) {
	dir := t.TempDir()
	if d := os.Getenv("DISTVIZ_E2E_SHOTS"); d != "" {
		dir = d
	}
	for _, lang := range []string{"en", "de", "es"} {
		for _, c := range []struct {
			name, link string
			n          int
		}{
			{"two-waves", "/?algorithm=echo-election&scenario=two-waves&step=16", 6},
			{"grid", "/?algorithm=echo-election&scenario=grid&step=30", 16},
			{"random", graphWaves + "&step=60", 20},
		} {
			p := newPage(t)
			p.do("the viewport", chromedp.EmulateViewport(1024, 768))
			p.open(c.link + "&lang=" + lang)
			p.waitFor("the link's step", fmt.Sprintf(`(() => {
				const f = window.distviz.state.frame;
				return !!f && window.distviz.session.wantStep === null && document.querySelectorAll(%s).length === %d && !!document.querySelector(%s);
			})()`, jsString(selGraph+" [data-node][data-role]"), c.n, jsString(selGraph+` [data-edge][data-tree="1"]`)))
			bad := eval[string](p, `(() => {
				const svg = document.getElementById("graph").getBoundingClientRect();
				const bodies = [...document.querySelectorAll('[data-testid="graph"] [data-node] circle.body')].map(c => [c.closest("[data-node]").dataset.node, c.getBoundingClientRect()]);
				for (const [p, r] of bodies) {
					if (r.left < svg.left || r.right > svg.right || r.top < svg.top || r.bottom > svg.bottom) return "P" + p + " is outside the view";
					for (const [q, s] of bodies) if (p < q && r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom) return "P" + p + " and P" + q + " overlap";
				}
				return [...document.querySelectorAll('[data-testid="graph"] text')].filter(e => e.textContent.trim() !== "" && e.getBoundingClientRect().width > 0 && parseFloat(getComputedStyle(e).fontSize) < 13).map(e => e.textContent).join(", ");
			})()`)
			if bad != "" {
				p.fatalf("%s %s: %s", lang, c.name, bad)
			}
			b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				p.fatalf("screenshot: %v", err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("graph-%s-%s.png", c.name, lang)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestGraphEditor edits the graph in the set-up form (add a process, join
// two, part two, a refused parting that would split the graph), reads the
// graph's DOT back unchanged (the round trip), reads a DOT graph of its
// own and runs it: the edges and n fields, the run and its deep link follow.
func TestGraphEditor(t *testing.T) {
	p := openGraph(t, "/?algorithm=echo-election&scenario=one-initiator", 6)
	p.showSetup()
	edges := `document.querySelector('[data-testid="param-edges"]').value`
	nField := `document.querySelector('[data-testid="param-n"]').value`
	node := func(q int) string { return fmt.Sprintf(`[data-testid="graph-editor"] [data-edit-node="%d"]`, q) }
	p.waitFor("six processes in the editor", `document.querySelectorAll('[data-testid="graph-editor"] [data-edit-node]').length === 6`)
	has := func(e string) string { return fmt.Sprintf(`(";" + %s + ";").includes(";%s;")`, edges, e) }

	p.click(node(5))
	p.click(tid("graph-edit-add"))
	p.waitFor("n = 7 and the edge 5–6", nField+` === "7" && `+has("5,6"))
	p.click(tid("graph-edit-join")) // 6 stays chosen: join it to 0
	p.click(node(0))
	p.waitFor("the edge 0–6", has("0,6"))
	p.click(node(4))
	p.click(tid("graph-edit-join"))
	p.click(node(5))
	p.waitFor("4–5 parted", `!`+has("4,5"))
	p.click(node(5))
	p.click(tid("graph-edit-join"))
	p.click(node(6))
	p.waitFor("the refusal: 5 would be cut off", `document.querySelector('[data-testid="graph-editor-status"]').classList.contains("bad")`)
	if !eval[bool](p, has("5,6")) {
		p.fatalf("the edge 5–6 was parted although 5 hangs on it alone: %q", eval[string](p, edges))
	}

	// DOT out and in again: the same graph
	before := eval[string](p, edges)
	p.click(tid("graph-edit-dot"))
	p.waitFor("the DOT text", `document.querySelector('[data-testid="graph-dot"]').value.startsWith("graph G {")`)
	if d := os.Getenv("DISTVIZ_E2E_SHOTS"); d != "" {
		b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		if err == nil {
			err = os.WriteFile(filepath.Join(d, "graph-editor.png"), b, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	p.click(tid("graph-edit-read"))
	if got := eval[string](p, edges); got != before {
		p.fatalf("the DOT round trip changed the edges from %q to %q", before, got)
	}
	p.do("typing a DOT graph", chromedp.SetValue(tid("graph-dot"), "graph { a -- b -- c -- a; c -- d }"))
	p.click(tid("graph-edit-read"))
	p.waitFor("the DOT graph in the fields", nField+` === "4" && `+edges+` === "0,1;0,2;1,2;2,3"`)
	// the scenario's six IDs do not fit four processes: the defaults then
	eval[bool](p, `(() => {
		const f = document.querySelector('[data-testid="param-ids"]');
		const i = f.matches("input, textarea") ? f : f.querySelector("input, textarea");
		i.value = "";
		i.dispatchEvent(new Event("input", {bubbles: true}));
		return true;
	})()`)
	p.click(tid("run"))
	p.waitFor("the run of the DOT graph", `window.distviz.state.run.params.n === 4 && window.distviz.state.run.params.edges.map(e => e.join(",")).join(";") === "0,1;0,2;1,2;2,3"`)
	p.waitFor("the deep link with the edges", `decodeURIComponent(location.search).includes("edges=0,1;0,2;1,2;2,3")`)
}
