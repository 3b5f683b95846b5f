package e2e

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The tree view (FireWire, tree-echo): its own SVG beside the topology's.
const (
	selTree        = `[data-testid="tree"]`
	selTreeNode    = selTree + ` [data-node][display="inline"]` // a device plugged in (empty slots are not drawn)
	selTreeEdge    = selTree + ` [data-edge]`                   // a cable "a-b"; data-kind plain|asked|uplink|contention, data-to the end the arrow points at
	selContention  = selTree + ` [data-contention]`             // the contended cable's badge
	selWait        = selTree + ` [data-wait]`                   // a contender's coin and countdown; data-coin, data-left
	selTreeClock   = `[data-testid="tree-clock"]`
	firewireBus    = "/?algorithm=firewire&scenario=three-port-bus" // eight devices, spares 2
	firewireTwo    = "/?algorithm=firewire&scenario=two-devices"
	treeEchoLink   = "/?algorithm=tree-echo&scenario=one-starter"
	jsVisibleNodes = `document.querySelectorAll('[data-testid="tree"] [data-node][display="inline"]').length`
)

// openTree opens a deep link of an algorithm drawn as a tree and waits until
// n devices are drawn.
func openTree(t testing.TB, link string, n int) *page {
	t.Helper()
	p := newPage(t)
	p.open(link)
	p.waitFor(fmt.Sprintf("%d devices drawn in the tree view", n), fmt.Sprintf(`%s === %d`, jsVisibleNodes, n))
	p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
	return p
}

// jsParents is every device's parent as the frame's node vars say (null
// unknown, −1 root), for the attached ones; the others are -2.
const jsParents = `(() => {
	const f = window.distviz.state.frame;
	const att = f.outcome.attached;
	return f.nodes.map((nd, i) => {
		if (!att[i]) return -2;
		const v = nd.vars.find(v => v.name === "parent");
		return v && typeof v.value === "number" ? v.value : null;
	});
})()`

// jsEdges lists the cables drawn as [a, b, kind, to] (to −1 without an arrow).
const jsEdges = `[...document.querySelectorAll('[data-testid="tree"] [data-edge]')].map(e => {
	const [a, b] = e.dataset.edge.split("-").map(Number);
	return [a, b, e.dataset.kind, e.dataset.to === undefined ? -1 : Number(e.dataset.to)];
}).sort((x, y) => x[0] - y[0] || x[1] - y[1])`

type drawnEdge struct {
	a, b int
	kind string
	to   int
}

func (p *page) treeEdges() []drawnEdge {
	p.t.Helper()
	raw := eval[[][]any](p, jsEdges)
	out := make([]drawnEdge, len(raw))
	for i, r := range raw {
		out[i] = drawnEdge{int(r[0].(float64)), int(r[1].(float64)), r[2].(string), int(r[3].(float64))}
	}
	return out
}

// frameEdges is the outcome's topology at the cursor, as "a-b" strings.
func (p *page) frameEdges() []string {
	p.t.Helper()
	return eval[[]string](p, `window.distviz.state.frame.outcome.edges.map(e => e[0] + "-" + e[1])`)
}

// clickDevice clicks a device once the layout stands still (it moves when a
// root is known or the bus changes).
func (p *page) clickDevice(pos int) {
	p.t.Helper()
	p.waitFor("the layout to stand still", `document.getElementById("tree").dataset.moving === undefined`)
	// (on its body: the group's box, and so its middle, grows with its label)
	p.click(fmt.Sprintf(`%s [data-node="%d"] .body`, selTree, pos))
}

// stepUntil steps forward until cond (JavaScript) holds, at most max steps.
func (p *page) stepUntil(what, cond string, max int) {
	p.t.Helper()
	for range max {
		if eval[bool](p, cond) {
			return
		}
		p.forward()
	}
	p.waitFor(what, cond)
}

// TestTreeViewFirewire draws a FireWire bus, steps until a root is elected
// and checks the picture against the frame: the tidy tree before the
// election, every cable then directed to the parent the node vars name, the
// root with its crown on top of the settled layout, the clock in ns.
func TestTreeViewFirewire(t *testing.T) {
	p := openTree(t, firewireBus, 8)
	if !eval[bool](p, `document.getElementById("topology").hasAttribute("hidden") && !document.getElementById("tree").hasAttribute("hidden")`) {
		p.fatalf("the tree view should replace the topology view for firewire")
	}
	if n := p.count(selTree + ` [data-node]`); n != 10 {
		p.fatalf("%d device slots, want 8 plugged in and 2 spares", n)
	}
	// before the election: the undirected tree, nothing directed yet
	edges := p.treeEdges()
	want := p.frameEdges()
	if len(edges) != len(want) || len(edges) != 7 {
		p.fatalf("%d cables drawn (%v), the frame has %v", len(edges), edges, want)
	}
	for i, e := range edges {
		if fmt.Sprintf("%d-%d", e.a, e.b) != want[i] || e.kind != "plain" || e.to != -1 {
			p.fatalf("cable %d drawn as %+v, want %s undirected before anything happened", i, e, want[i])
		}
	}
	checkNoOverlap(p)

	// the leaves ask first: a dashed arrow towards the device asked
	p.stepUntil("a cable asked", `[...document.querySelectorAll('[data-testid="tree"] [data-edge][data-kind="asked"]')].length > 0`, 10)
	p.stepUntil("a root elected", `!!document.querySelector('[data-testid="tree"] [data-role="root"]')`, 80)
	parents := eval[[]*int](p, jsParents)
	root := -1
	for i, q := range parents {
		if q != nil && *q == -1 {
			root = i
		}
	}
	if root < 0 || eval[string](p, fmt.Sprintf(`document.querySelector('[data-testid="tree"] [data-node="%d"]').dataset.role`, root)) != "root" {
		p.fatalf("the frame's root %d is not drawn as root (parents %v)", root, derefAll(parents))
	}
	if p.count(fmt.Sprintf(`%s [data-node="%d"] .icon.crown`, selTree, root)) != 1 {
		p.fatalf("the root has no crown (its second cue besides the colour)")
	}
	// run to the end: then every parent link is known and drawn
	p.press(hookLast)
	p.waitFor("the end of the run", jsEndDrawn)
	p.waitFor("every cable directed", `[...document.querySelectorAll('[data-testid="tree"] [data-edge]')].every(e => e.dataset.kind === "uplink")`)
	parents = eval[[]*int](p, jsParents)
	for _, e := range p.treeEdges() {
		pa, pb := parents[e.a], parents[e.b]
		switch {
		case pa != nil && *pa == e.b:
			if e.to != e.b {
				p.fatalf("cable %d-%d points at %d, but %d's parent is %d", e.a, e.b, e.to, e.a, e.b)
			}
		case pb != nil && *pb == e.a:
			if e.to != e.a {
				p.fatalf("cable %d-%d points at %d, but %d's parent is %d", e.a, e.b, e.to, e.b, e.a)
			}
		default:
			p.fatalf("cable %d-%d is no parent link in the frame (parents %v)", e.a, e.b, derefAll(parents))
		}
	}
	// the layout settles with the root on top (animated)
	p.waitFor("the root on top", fmt.Sprintf(`(() => {
		const ys = [...document.querySelectorAll(%s)].map(g => [Number(g.dataset.node), g.getBoundingClientRect().top]);
		const r = ys.find(x => x[0] === %d)[1];
		return ys.every(x => x[0] === %d || x[1] > r + 20);
	})()`, jsString(selTreeNode), root, root))
	checkNoOverlap(p)
	clock := eval[string](p, `document.querySelector('[data-testid="tree-clock"]').textContent`)
	tm := eval[int](p, `window.distviz.state.frame.time`)
	if !strings.HasSuffix(clock, " ns") || strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(clock, "t = "), " ns"), "\u202f", "") != fmt.Sprint(tm) {
		p.fatalf("the clock says %q, the frame's time is %d ns", clock, tm)
	}
	// the view exports as it is drawn: the tree's SVG, not the hidden topology
	p.showSetup()
	svg := string(p.download(tid(hookExportSVG)))
	var doc struct{ XMLName xml.Name }
	if err := xml.Unmarshal([]byte(svg), &doc); err != nil || doc.XMLName.Local != "svg" {
		p.fatalf("the exported picture is not an SVG document (root %q): %v\n%.300s", doc.XMLName.Local, err, svg)
	}
	if n := strings.Count(svg, "data-edge="); n != 7 || !strings.Contains(svg, `data-testid="tree"`) {
		p.fatalf("the exported SVG has %d cables (want 7) or is not the tree view", n)
	}
	if strings.Contains(svg, "<use") {
		p.fatalf("the exported SVG still refers to the page's icons (<use>)")
	}
	// the switch off: the layout goes back to the tree's centre at the top
	p.click(tid("tree-settle"))
	p.waitFor("the centre on top again", fmt.Sprintf(`(() => {
		const top = [...document.querySelectorAll(%s)].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0];
		return Number(top.dataset.node) === 3;
	})()`, jsString(selTreeNode)))
}

func derefAll(xs []*int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		if x == nil {
			out[i] = "null"
		} else {
			out[i] = fmt.Sprint(*x)
		}
	}
	return out
}

// checkNoOverlap fails when two devices drawn overlap or one is outside the view.
func checkNoOverlap(p *page) {
	p.t.Helper()
	bad := eval[string](p, `(() => {
		const svg = document.getElementById("tree").getBoundingClientRect();
		const bodies = [...document.querySelectorAll('[data-testid="tree"] [data-node][display="inline"] circle.body')].map(c => [c.closest("[data-node]").dataset.node, c.getBoundingClientRect()]);
		for (const [p, r] of bodies) {
			if (r.left < svg.left || r.right > svg.right || r.top < svg.top || r.bottom > svg.bottom) return "device " + p + " is outside the view";
			for (const [q, s] of bodies) {
				if (p < q && r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom) return "devices " + p + " and " + q + " overlap";
			}
		}
		return "";
	})()`)
	if bad != "" {
		p.fatalf("%s", bad)
	}
}

// TestTreeContention steps two FireWire devices into root contention: the
// cable is highlighted with its round, both contenders show their coin and a
// countdown that matches waitUntil − time, and the contention goes away when
// a root is elected.
func TestTreeContention(t *testing.T) {
	p := openTree(t, firewireTwo, 2)
	p.stepUntil("root contention", fmt.Sprintf(`document.querySelectorAll(%s).length === 2`, jsString(selWait)), 10)
	if n := p.count(selTreeEdge + `[data-kind="contention"]`); n != 1 {
		p.fatalf("%d contended cables drawn, want 1", n)
	}
	if txt := eval[string](p, `document.querySelector('[data-testid="tree"] [data-contention]').textContent`); !strings.Contains(txt, "1") {
		p.fatalf("the contention badge says %q: want its round (1)", txt)
	}
	waits := eval[[]map[string]any](p, `[...document.querySelectorAll('[data-testid="tree"] [data-wait]')].map(w => {
		const nd = window.distviz.state.frame.nodes[Number(w.dataset.wait)];
		const v = n => nd.vars.find(x => x.name === n).value;
		return {coin: w.dataset.coin, left: Number(w.dataset.left), until: v("waitUntil"), varCoin: v("coin"), time: window.distviz.state.frame.time, text: w.textContent, role: nd.role};
	})`)
	for _, w := range waits {
		if w["coin"] != w["varCoin"] || w["left"].(float64) != w["until"].(float64)-w["time"].(float64) {
			p.fatalf("a contender shows %v: want its coin and waitUntil − time", w)
		}
		if !strings.Contains(w["text"].(string), w["coin"].(string)) || !strings.Contains(w["text"].(string), "ns") {
			p.fatalf("a contender's label says %q: want the coin and the time left in ns", w["text"])
		}
		if w["role"] != "contending" {
			p.fatalf("a contender's role is %v", w["role"])
		}
	}
	if p.count(selTree+` [data-role="contending"] .icon.bolt`) != 2 {
		p.fatalf("the contenders lack their second cue (the bolt)")
	}
	// in German: the coins, the badge and the switch follow the language
	p.setLang("de")
	p.waitFor("the teaching aids in German", `(() => {
		const w = [...document.querySelectorAll('[data-testid="tree"] [data-wait]')].map(w => w.textContent).join(" ");
		return /schnell|langsam/.test(w) && w.includes("noch") &&
			document.querySelector('[data-testid="tree"] [data-contention]').textContent.includes("Runde") &&
			document.querySelector('[data-testid="tree-settle"]').parentNode.textContent.includes("Wurzel oben");
	})()`)
	p.setLang("en")
	p.stepUntil("a root", `!!document.querySelector('[data-testid="tree"] [data-role="root"]')`, 60)
	p.press(hookLast)
	p.waitFor("the contention gone at the end", fmt.Sprintf(`window.distviz.state.frame.atEnd && document.querySelectorAll(%s).length === 0 && document.querySelectorAll(%s).length === 0`,
		jsString(selContention), jsString(selWait)))
}

// TestTreeEcho draws tree-echo: no ports, the leader with its crown, the
// two who learnt the maximum first marked, the clock without a unit.
func TestTreeEcho(t *testing.T) {
	p := openTree(t, treeEchoLink, 8)
	p.press(hookLast)
	p.waitFor("the end", jsEndDrawn)
	if n := p.count(selTree + ` [data-port]`); n != 0 {
		p.fatalf("%d ports drawn for tree-echo, which has no ports", n)
	}
	p.waitFor("the leader with its crown", `!!document.querySelector('[data-testid="tree"] [data-role="leader"] .icon.crown')`)
	ftk := eval[[]int](p, `window.distviz.state.frame.outcome.firstToKnow`)
	if len(ftk) != 2 {
		p.fatalf("firstToKnow is %v", ftk)
	}
	a, b := min(ftk[0], ftk[1]), max(ftk[0], ftk[1])
	if !eval[bool](p, fmt.Sprintf(`document.querySelector('[data-testid="tree"] [data-edge="%d-%d"]').classList.contains("first")`, a, b)) {
		p.fatalf("the cable %d-%d of the first two to know is not marked", a, b)
	}
	if clock := eval[string](p, `document.querySelector('[data-testid="tree-clock"]').textContent`); strings.Contains(clock, "ns") {
		p.fatalf("tree-echo's clock says %q: its time has no unit", clock)
	}
}

// TestTreeScreenshots draws the FireWire view at a projector's 1024×768 and
// at 1920×1080, light and dark, in root contention and after the election,
// and checks that it fits: devices inside the view and apart, type no
// smaller than 13 px. The pictures go to $DISTVIZ_E2E_SHOTS when it is set.
func TestTreeScreenshots(t *testing.T) {
	dir := t.TempDir()
	if d := os.Getenv("DISTVIZ_E2E_SHOTS"); d != "" {
		dir = d
	}
	for _, size := range [][2]int64{{1024, 768}, {1920, 1080}} {
		for _, c := range []struct {
			name, link string
			n          int
			dark       bool
			until      string // step on until this holds
		}{
			{"contention", firewireTwo + "&step=4", 2, false, ""},
			{"bus", firewireBus + "&step=14", 8, false, ""},
			{"elected-dark", firewireBus + "&step=60", 8, true, ""},
			{"random12", "/?algorithm=firewire&scenario=random-bus&step=20", 12, false, ""},
			// the second round of a contention in a bus of ten: one fast coin, one slow (docs/firewire.png)
			{"round2", "/?algorithm=firewire&n=10&seed=18", 10, false,
				`document.querySelectorAll('[data-testid="tree"] [data-wait]').length === 2 && document.querySelector('[data-testid="tree"] [data-contention]').textContent.includes("2") && new Set([...document.querySelectorAll('[data-testid="tree"] [data-wait]')].map(w => w.dataset.coin)).size === 2`},
		} {
			p := newPage(t)
			p.do("the viewport", chromedp.EmulateViewport(size[0], size[1]))
			p.open(c.link)
			// a deep link's step: the page runs to the end first, then goes back to it
			step := -1
			if _, after, ok := strings.Cut(c.link, "&step="); ok {
				fmt.Sscan(after, &step)
			}
			p.waitFor("the devices at the link's step", fmt.Sprintf(`(() => {
				const f = window.distviz.state.frame;
				return %s === %d && !!f && window.distviz.session.wantStep === null && (%d < 0 || f.step === Math.min(%d, f.steps - 1));
			})()`, jsVisibleNodes, c.n, step, step))
			if c.dark {
				p.press(hookTheme)
			}
			if c.until != "" {
				p.stepUntil(c.until, c.until, 60)
			}
			p.waitFor("the layout to stand still", `document.getElementById("tree").dataset.moving === undefined`)
			checkNoOverlap(p)
			small := eval[string](p, `[...document.querySelectorAll('[data-testid="tree"] text')].filter(e => e.textContent.trim() !== "" && e.getBoundingClientRect().width > 0).map(e => [e.textContent, parseFloat(getComputedStyle(e).fontSize)]).filter(x => x[1] < 13).map(x => x[0] + " " + x[1] + "px").join(", ")`)
			if small != "" {
				p.fatalf("%dx%d %s: type too small for a projector: %s", size[0], size[1], c.name, small)
			}
			b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				p.fatalf("screenshot: %v", err)
			}
			if got := decodePNG(t, b); int64(got.X) != size[0] || int64(got.Y) != size[1] {
				t.Errorf("screenshot %v, want %dx%d", got, size[0], size[1])
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("tree-%s-%dx%d.png", c.name, size[0], size[1])), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
