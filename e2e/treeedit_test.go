package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTreeHotPlug plugs a device in from the page (the device menu) after
// the election, then unplugs the device it hangs on, an inner one: each
// time the bus resets, visible in the view (the new device and cable, no
// root until tree identify has run again); the split bus elects two roots,
// drawn side by side, each on top of its own bus.
func TestTreeHotPlug(t *testing.T) {
	p := openTree(t, firewireBus, 8)
	p.press(hookLast)
	p.waitFor("a root", `!!document.querySelector('[data-testid="tree"] [data-role="root"]') && window.distviz.state.frame.atEnd`)

	p.clickDevice(0)
	p.waitFor("the device menu", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(menuItem("plug"))))
	p.click(menuItem("plug"))
	p.waitFor("the new device drawn", fmt.Sprintf(`%s === 9`, jsVisibleNodes))
	p.waitFor("its cable to device 0", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(selTreeEdge+`[data-edge="0-8"]`)))
	// the reset: every device starts over, so no root and no parent link right after it
	if n := p.count(selTree + ` [data-role="root"]`); n != 0 {
		p.fatalf("%d roots right after the bus reset", n)
	}
	if n := p.count(selTreeEdge + `[data-kind="uplink"]`); n != 0 {
		p.fatalf("%d parent links right after the bus reset", n)
	}
	if txt := eval[string](p, `document.querySelector('[data-testid="narration"]').textContent`); !strings.Contains(strings.ToLower(txt), "plug") {
		p.fatalf("the narration does not tell of the plug: %.300q", txt)
	}
	p.press(hookLast)
	p.waitFor("a root again", `window.distviz.state.frame.atEnd && !!document.querySelector('[data-testid="tree"] [data-role="root"]')`)
	p.waitFor("every cable directed again", `[...document.querySelectorAll('[data-testid="tree"] [data-edge]')].length === 8 && [...document.querySelectorAll('[data-testid="tree"] [data-edge]')].every(e => e.dataset.kind === "uplink")`)

	// P0 now has two cables (P1 and P8): unplugging it splits the bus into
	// two buses, P8 alone and the rest; each elects its own root
	p.clickDevice(0)
	p.waitFor("the unplug entry enabled for an inner device", fmt.Sprintf(`!!document.querySelector(%s) && !document.querySelector(%s).disabled`, jsString(menuItem("unplug")), jsString(menuItem("unplug"))))
	p.click(menuItem("unplug"))
	p.waitFor("the device gone, the bus split", fmt.Sprintf(`%s === 8 && document.querySelectorAll(%s).length === 6`, jsVisibleNodes, jsString(selTreeEdge)))
	if n := p.count(selTreeNode + `[data-role="root"]`); n != 1 {
		p.fatalf("%d roots right after the split, want only P8, alone on its bus", n)
	}
	p.press(hookLast)
	p.waitFor("two roots", fmt.Sprintf(`window.distviz.state.frame.atEnd && document.querySelectorAll(%s).length === 2`, jsString(selTreeNode+`[data-role="root"]`)))
	out := eval[struct {
		Roots []int   `json:"roots"`
		Parts [][]int `json:"parts"`
	}](p, `window.distviz.state.frame.outcome`)
	if len(out.Roots) != 2 || len(out.Parts) != 2 || len(out.Parts[1]) != 1 || out.Parts[1][0] != 8 || out.Roots[1] != 8 {
		p.fatalf("after unplugging P0: roots %v parts %v, want two buses with P8 alone", out.Roots, out.Parts)
	}
	// every cable directed to its parent; each bus with its root on top, side by side
	p.waitFor("the layout to stand still", `document.getElementById("tree").dataset.moving === undefined`)
	for _, e := range p.treeEdges() {
		if e.kind != "uplink" {
			p.fatalf("cable %d-%d drawn %s after the split's election", e.a, e.b, e.kind)
		}
	}
	xy := eval[map[string][2]float64](p, `Object.fromEntries([...document.querySelectorAll('[data-testid="tree"] [data-node][display="inline"]')].map(g => {
		const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(g.getAttribute("transform"));
		return [g.dataset.node, [Number(m[1]), Number(m[2])]];
	}))`)
	big := out.Parts[0]
	for _, q := range big {
		if q != out.Roots[0] && xy[fmt.Sprint(q)][1] <= xy[fmt.Sprint(out.Roots[0])][1] {
			p.fatalf("P%d is not below its bus's root P%d: %v", q, out.Roots[0], xy)
		}
		if x8 := xy["8"][0]; (x8 > xy[fmt.Sprint(q)][0]) != (x8 > xy[fmt.Sprint(big[0])][0]) {
			p.fatalf("the buses are not side by side: P8 at %v, the other bus %v", xy["8"], xy)
		}
	}
}

// TestTreeEditor builds a topology in the form's editor (start from a tree,
// add a device, move one, remove one) and runs it: the edges and n fields,
// the run and its deep link follow.
func TestTreeEditor(t *testing.T) {
	p := openTree(t, "/?algorithm=firewire&n=5", 5)
	p.showSetup()
	edges := `document.querySelector('[data-testid="param-edges"]').value`
	nField := `document.querySelector('[data-testid="param-n"]').value`
	if eval[string](p, edges) != "" {
		p.fatalf("the edges field starts with %q, want empty (a random tree)", eval[string](p, edges))
	}
	p.click(tid("tree-edit-start"))
	p.waitFor("the run's tree in the field", edges+` !== ""`)
	runTree := eval[string](p, `window.distviz.state.run.params.edges.map(e => e.join(",")).join(";")`)
	if got := eval[string](p, edges); got != runTree {
		p.fatalf("the editor starts from %q, the run's tree is %q", got, runTree)
	}
	p.waitFor("five devices in the editor", `document.querySelectorAll('[data-testid="tree-editor"] [data-edit-node]').length === 5`)
	// a leaf of the run's tree gets a new device
	leaf := eval[int](p, `(() => { const d = [0,0,0,0,0]; for (const e of window.distviz.state.run.params.edges) { d[e[0]]++; d[e[1]]++; } return d.indexOf(1); })()`)
	p.click(fmt.Sprintf(`[data-testid="tree-editor"] [data-edit-node="%d"]`, leaf))
	p.click(tid("tree-edit-add"))
	p.waitFor("n = 6", nField+` === "6"`)
	if got := eval[string](p, edges); !strings.Contains(";"+got+";", fmt.Sprintf(";%d,5;", leaf)) {
		p.fatalf("after adding a device to %d the edges are %q", leaf, got)
	}
	// move the new device 5 onto device 0 (unless it hangs there already), then remove device 5 again
	p.click(tid("tree-edit-move"))
	target := 0
	if leaf == 0 {
		target = eval[int](p, `window.distviz.state.run.params.edges.find(e => e[0] === 0 || e[1] === 0).find(x => x !== 0)`)
	}
	p.click(fmt.Sprintf(`[data-testid="tree-editor"] [data-edit-node="%d"]`, target))
	p.waitFor("device 5 moved", fmt.Sprintf(`(";" + %s + ";").includes(";%d,5;")`, edges, target))
	// device 5 stays chosen after the move: a device added to it
	p.click(tid("tree-edit-add"))
	p.waitFor("n = 7", nField+` === "7"`)
	final := eval[string](p, edges)
	if strings.Count(final, ";") != 5 {
		p.fatalf("seven devices need six cables: %q", final)
	}
	p.click(tid("run"))
	p.waitFor("the edited bus drawn", fmt.Sprintf(`%s === 7 && window.distviz.state.run.params.n === 7`, jsVisibleNodes))
	p.waitFor("the deep link with the tree", fmt.Sprintf(`location.search.includes("n=7") && decodeURIComponent(location.search).includes("edges=" + %s)`, jsString(final)))
	if got := eval[string](p, `window.distviz.state.run.params.edges.map(e => e.join(",")).join(";")`); got != final {
		p.fatalf("the run's tree is %q, the editor's %q", got, final)
	}
	// the run's form: removing the leaf 6 again
	p.showSetup()
	p.click(`[data-testid="tree-editor"] [data-edit-node="6"]`)
	p.click(tid("tree-edit-remove"))
	p.waitFor("n = 6 after removing device 6", nField+` === "6"`)
	// nonsense in the field: the editor says what is wrong
	p.do("typing a cycle", chromedp.SetValue(tid("param-edges"), "0,1;1,2;2,0;3,4;4,5"), chromedp.SendKeys(tid("param-edges"), " "))
	p.waitFor("the editor's complaint", `document.querySelector('[data-testid="tree-editor-status"]').classList.contains("bad")`)
}
