package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
)

// The browser benchmarks of the goals, run by `task bench`. Each
// reports its figure beside a baseline measured in the same run and
// browser, and their ratio; none of them asserts a time.

// jsCountFrames is installed before a page's scripts: it counts the frames
// the server sends (whole or deltas) in window.__framesIn.
const jsCountFrames = `(() => {
	window.__framesIn = 0;
	const WS = window.WebSocket;
	window.WebSocket = function(...args) {
		const ws = new WS(...args);
		ws.addEventListener("message", ev => {
			if (typeof ev.data === "string" && (ev.data.startsWith('{"type":"frame"') || ev.data.startsWith('{"type":"delta"'))) window.__framesIn++;
		});
		return ws;
	};
	window.WebSocket.prototype = WS.prototype;
	Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})()`

// jsDrawnFrames counts, for ms milliseconds, the animation frames, the
// frames received from the server and the newly drawn ones: animation
// frames whose event counter (data-testid="step", which the page writes
// when it draws a frame) shows another event than the one before. It reads
// the page from outside, so that it measures any version of the page alike.
func jsDrawnFrames(ms int) string {
	return fmt.Sprintf(`new Promise(resolve => {
		const el = document.querySelector('[data-testid="step"]');
		let last = el.textContent, drawn = 0, frames = 0, t0 = 0, in0 = window.__framesIn;
		const tick = now => {
			if (!t0) t0 = now;
			frames++;
			const s = el.textContent;
			if (s !== last) drawn++, last = s;
			if (now - t0 < %d) requestAnimationFrame(tick); else resolve({drawn, frames, received: window.__framesIn - in0, ms: now - t0});
		};
		requestAnimationFrame(tick);
	})`, ms)
}

type drawnFrames struct {
	Drawn    int     `json:"drawn"`
	Frames   int     `json:"frames"`
	Received int     `json:"received"`
	MS       float64 `json:"ms"`
	CPU      float64 // seconds of the page's main thread on the CPU
}

// mainThreadCPU is the CPU time (s) of the page's main thread so far: on a
// busy machine the frame rate says how much CPU the browser got, this how
// much a frame needs.
func mainThreadCPU(b testing.TB, p *page) float64 {
	r, err := chromedp.Call(p.ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range r.Metrics {
		if m.Name == "ThreadTime" {
			return m.Value
		}
	}
	b.Fatal("no ThreadTime among the page's metrics")
	return 0
}

func (d drawnFrames) fps() float64    { return float64(d.Drawn) / d.MS * 1000 }
func (d drawnFrames) inFPS() float64  { return float64(d.Received) / d.MS * 1000 }
func (d drawnFrames) rafFPS() float64 { return float64(d.Frames) / d.MS * 1000 }

// BenchmarkRing1000Drawn: the 1,000-process ring playing at 500 steps a
// second: newly drawn frames a second (goal: at least 30), against the
// frames the server sent in the same seconds (at most 60: the ratio says
// how many of them the page drew). An iteration opens the ring, plays it
// for a second to warm up and measures 3 s.
//
//	go test ./e2e -run '^$' -bench Ring1000Drawn -benchtime 3x
func BenchmarkRing1000Drawn(b *testing.B) {
	var all []drawnFrames
	for b.Loop() {
		p := newPage(b)
		if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: jsCountFrames}); err != nil {
			b.Fatal(err)
		}
		p.open(ring1000)
		p.waitFor("1000 processes drawn", fmt.Sprintf(`document.querySelectorAll(%s).length === 1000`, jsString(selNode)))
		p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
		p.do("choosing the speed", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const s = document.querySelector(%s);
			s.value = %q;
			s.dispatchEvent(new Event('change', {bubbles: true}));
		})()`, jsString(tid(hookSpeed)), playSpeed)))
		p.press(hookPlay)
		p.waitFor("playing", fmt.Sprintf(`!document.querySelector(%s).disabled`, jsString(tid(hookPause))))
		eval[drawnFrames](p, jsDrawnFrames(1000))
		if _, err := chromedp.Call(p.ctx, performance.Enable, performance.EnableParams{}); err != nil {
			b.Fatal(err)
		}
		cpu0 := mainThreadCPU(b, p)
		d := eval[drawnFrames](p, jsDrawnFrames(3000))
		d.CPU = mainThreadCPU(b, p) - cpu0
		if !p.playing() {
			b.Fatal("the run stopped playing while measured")
		}
		p.press(hookPause)
		all = append(all, d)
	}
	var drawn, in, raf, cpu, share []float64
	for _, d := range all {
		drawn, in, raf = append(drawn, d.fps()), append(in, d.inFPS()), append(raf, d.rafFPS())
		cpu = append(cpu, d.CPU*1000/float64(max(1, d.Drawn)))
		share = append(share, d.CPU*1000/d.MS)
	}
	b.ReportMetric(median(cpu), "cpu-ms/drawn")
	// the share of the seconds the page's main thread was on the CPU: well
	// under 1 with fewer frames drawn than received, the browser waited for
	// the CPU (a busy machine) rather than for its own work
	b.ReportMetric(median(share), "cpu-share")
	b.ReportMetric(median(drawn), "drawn-fps")
	b.ReportMetric(median(in), "received-fps")
	b.ReportMetric(median(drawn)/median(in), "ratio")
	b.ReportMetric(median(raf), "raf-fps")
	b.Logf("per iteration (drawn/received/animation frames a second): %s", fmtRuns(all))
}

func fmtRuns(all []drawnFrames) string {
	var parts []string
	for _, d := range all {
		parts = append(parts, fmt.Sprintf("%.1f/%.1f/%.1f (%.0f ms CPU a drawn frame, %.0f%% of the time on the CPU)", d.fps(), d.inFPS(), d.rafFPS(), d.CPU*1000/float64(max(1, d.Drawn)), d.CPU*1e5/d.MS))
	}
	return strings.Join(parts, "; ")
}

// jsFirstRender is installed before a page's scripts: it notes the time
// (ms since navigation) when the run is first on screen, the processes
// drawn and the event counter set (the scrubber enabled), and counts the
// bytes of the WebSocket messages received until then (as the page reads
// them: decompressed).
const jsFirstRender = `(() => {
	window.__firstRender = null;
	window.__wsBytes = 0;
	const WS = window.WebSocket;
	window.WebSocket = function(...args) {
		const ws = new WS(...args);
		ws.addEventListener("message", ev => {
			if (window.__firstRender === null) window.__wsBytes += typeof ev.data === "string" ? new TextEncoder().encode(ev.data).length : ev.data.size || 0;
		});
		return ws;
	};
	window.WebSocket.prototype = WS.prototype;
	Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
	const check = () => {
		if (window.__firstRender !== null) return;
		const node = document.querySelector('[data-testid="topology"] [data-node], [data-testid="tree"] [data-node], [data-testid="grid"] [data-node]');
		const scrub = document.querySelector('[data-testid="scrubber"]');
		if (node && scrub && !scrub.disabled && Number(scrub.max) >= 0 && document.querySelector('[data-testid="step"]').textContent !== "") {
			requestAnimationFrame(() => { if (window.__firstRender === null) window.__firstRender = performance.now(); });
		}
	};
	new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})()`

// jsTransferred sums what the page's HTTP requests transferred (headers
// and bodies as sent, so compressed where the server compresses) until a
// time, and how many requests.
const jsTransferred = `((until) => {
	let bytes = 0, n = 0;
	for (const e of [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]) {
		if (e.responseEnd <= until) bytes += e.transferSize, n++;
	}
	return {bytes, n};
})`

type firstRender struct {
	Render float64 // ms after navigation
	Paint  float64 // the blank page's first paint, ms after navigation
	HTTP   int     // bytes the HTTP requests transferred before the render
	WS     int     // bytes the server wrote on the page's WebSocket (compressed frames as sent) until the render was seen
	WSText int     // bytes of the WebSocket messages the page received before it, as it reads them
	Reqs   int
	CPU    float64 // ms of the page's main thread on the CPU until the poll that saw the render (with what follows it meanwhile: the registry, the form, the reference); the blank page's until its paint was seen
	Blank  float64
}

// BenchmarkFirstPaint: a deep link's first render (the run drawn) against a
// blank page's first paint in the same browser (goal: within 3×), and the
// bytes transferred before it (goal: at most 120 KB, compressed: HTTP as
// transferred, and the WebSocket's frames as the server wrote them, counted
// on its connections; ws-text-KB is the messages decompressed). Each
// iteration loads both in a fresh tab (a cold cache).
//
//	go test ./e2e -run '^$' -bench FirstPaint -benchtime 5x
func BenchmarkFirstPaint(b *testing.B) {
	const link = "/?algorithm=bully&scenario=lecture&step=19"
	var runs []firstRender
	for b.Loop() {
		blank := newPage(b)
		if _, err := chromedp.Call(blank.ctx, performance.Enable, performance.EnableParams{}); err != nil {
			b.Fatal(err)
		}
		blank.open("/static/blank.html")
		blank.waitFor("the first paint", `performance.getEntriesByName("first-paint").length > 0`)
		paint := eval[float64](blank, `performance.getEntriesByName("first-paint")[0].startTime`)
		blankCPU := mainThreadCPU(b, blank) * 1000

		p := newPage(b)
		if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: jsFirstRender}); err != nil {
			b.Fatal(err)
		}
		if _, err := chromedp.Call(p.ctx, performance.Enable, performance.EnableParams{}); err != nil {
			b.Fatal(err)
		}
		wire := wsWire.Load()
		p.open(link)
		p.waitFor("the first render", `window.__firstRender !== null`)
		wire = wsWire.Load() - wire // (a little late: whatever came up to the poll that saw the render)
		cpu := mainThreadCPU(b, p) * 1000
		r := eval[float64](p, `window.__firstRender`)
		tr := eval[struct{ Bytes, N int }](p, jsTransferred+`(`+fmt.Sprint(r)+`)`)
		ws := eval[int](p, `window.__wsBytes`)
		runs = append(runs, firstRender{Render: r, Paint: paint, HTTP: tr.Bytes, WS: int(wire), WSText: ws, Reqs: tr.N, CPU: cpu, Blank: blankCPU})
	}
	med := func(f func(firstRender) float64) float64 {
		v := make([]float64, len(runs))
		for i, r := range runs {
			v[i] = f(r)
		}
		return median(v)
	}
	render, paint := med(func(r firstRender) float64 { return r.Render }), med(func(r firstRender) float64 { return r.Paint })
	httpKB := med(func(r firstRender) float64 { return float64(r.HTTP) / 1024 })
	wsKB := med(func(r firstRender) float64 { return float64(r.WS) / 1024 })
	wsTextKB := med(func(r firstRender) float64 { return float64(r.WSText) / 1024 })
	b.ReportMetric(render, "render-ms")
	b.ReportMetric(paint, "blank-paint-ms")
	b.ReportMetric(render/paint, "ratio")
	// on a busy machine the times say how much CPU the browser got, these what the page needs
	b.ReportMetric(med(func(r firstRender) float64 { return r.CPU }), "render-cpu-ms")
	b.ReportMetric(med(func(r firstRender) float64 { return r.Blank }), "blank-cpu-ms")
	b.ReportMetric(httpKB, "http-KB")
	b.ReportMetric(wsKB, "ws-KB")
	b.ReportMetric(wsTextKB, "ws-text-KB")
	b.ReportMetric(med(func(r firstRender) float64 { return float64(r.HTTP+r.WS) / 1024 }), "total-KB")
	var parts []string
	for _, r := range runs {
		parts = append(parts, fmt.Sprintf("%.0f/%.0f ms (CPU %.0f/%.0f ms) %d+%d B (WebSocket text %d B) in %d requests", r.Render, r.Paint, r.CPU, r.Blank, r.HTTP, r.WS, r.WSText, r.Reqs))
	}
	b.Logf("first render / blank paint, HTTP + WebSocket bytes before it: %s", strings.Join(parts, "; "))
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	for i := range s { // insertion sort: a handful of values
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s[len(s)/2]
}
