package e2e

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// chromeEvent is an event of a Chrome trace: tts and tdur are the thread's
// CPU time (µs), which a busy machine does not stretch as it does ts and dur.
type chromeEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
	TDur float64 `json:"tdur"`
}

// traceFor records the page's trace (Chrome's timeline categories) while
// run runs.
func traceFor(b testing.TB, p *page, run func()) []chromeEvent {
	var mu sync.Mutex
	var evs []chromeEvent
	done := make(chan struct{})
	if err := chromedp.Listen(p.ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range e.Value {
				var te chromeEvent
				if json.Unmarshal([]byte(v), &te) == nil && te.Ph == "X" {
					evs = append(evs, te)
				}
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(done)
		}
	}); err != nil {
		b.Fatal(err)
	}
	cats := []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "blink"}
	if _, err := chromedp.Call(p.ctx, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{IncludedCategories: cats}}); err != nil {
		b.Fatal(err)
	}
	run()
	if _, err := chromedp.Call(p.ctx, tracing.End, cdp.Empty{}); err != nil {
		b.Fatal(err)
	}
	<-done
	mu.Lock()
	defer mu.Unlock()
	return evs
}

// lifecycleCosts sums the CPU time (ms) of the page's main thread (the one
// that updates its lifecycle most) by event name, and counts the events.
func lifecycleCosts(evs []chromeEvent) (ms map[string]float64, n map[string]int) {
	type thread struct{ pid, tid int }
	updates := map[thread]int{}
	for _, e := range evs {
		if e.Name == "WebFrameWidgetImpl::UpdateLifecycle" {
			updates[thread{e.Pid, e.Tid}]++
		}
	}
	var main thread
	for th, c := range updates {
		if c > updates[main] {
			main = th
		}
	}
	ms, n = map[string]float64{}, map[string]int{}
	for _, e := range evs {
		if (thread{e.Pid, e.Tid}) == main {
			ms[e.Name] += e.TDur / 1000
			n[e.Name]++
		}
	}
	return ms, n
}

// BenchmarkRing1000Lifecycle: what drawing a frame of the 1,000-process
// ring playing at 500 steps a second costs the page's main thread in
// Chrome's rendering, by a trace of 3 s: per newly drawn frame the CPU time
// of its lifecycle updates and of their style, layout, pre-paint, paint and
// layerization, and how many SVG texts were laid out (the drawings' texts
// do not change while a run plays: any laid out is waste). Where
// BenchmarkRing1000Drawn says how fast, this says where the time goes.
//
//	go test ./e2e -run '^$' -bench Ring1000Lifecycle -benchtime 1x
func BenchmarkRing1000Lifecycle(b *testing.B) {
	for b.Loop() {
		p := openPlayingRing(b)
		eval[drawnFrames](p, jsDrawnFrames(1000))
		var d drawnFrames
		ms, n := lifecycleCosts(traceFor(b, p, func() { d = eval[drawnFrames](p, jsDrawnFrames(3000)) }))
		p.press(hookPause)
		per := func(v float64) float64 { return v / float64(max(1, d.Drawn)) }
		b.ReportMetric(float64(d.Drawn)/d.MS*1000, "drawn-fps")
		b.ReportMetric(per(ms["WebFrameWidgetImpl::UpdateLifecycle"]), "lifecycle-ms/drawn")
		b.ReportMetric(per(ms["UpdateLayoutTree"]), "style-ms/drawn")
		b.ReportMetric(per(ms["Layout"]), "layout-ms/drawn")
		b.ReportMetric(per(ms["Blink.PrePaint.UpdateTime"]), "prepaint-ms/drawn")
		b.ReportMetric(per(ms["Blink.Paint.UpdateTime"]), "paint-ms/drawn")
		b.ReportMetric(per(ms["PaintArtifactCompositor::Update"]), "layerize-ms/drawn")
		b.ReportMetric(per(float64(n["SvgTextLayoutAlgorithm::Layout"])), "svg-texts/drawn")
	}
}
