package e2e

import (
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// ring1000 is a 1,000-process Chang–Roberts ring: the largest picture a
// lecture shows, and the animation's stress case.
const ring1000 = "/?algorithm=chang-roberts&n=1000&seed=1"

// frameStats summarises frame intervals in milliseconds.
type frameStats struct {
	frames         int
	fps            float64
	p50, p95, peak float64
}

func (s frameStats) String() string {
	return fmt.Sprintf("%d frames, %.1f fps, frame time p50 %.1f ms, p95 %.1f ms, max %.1f ms",
		s.frames, s.fps, s.p50, s.p95, s.peak)
}

// statsOf summarises requestAnimationFrame timestamps (ms).
func statsOf(ts []float64) frameStats {
	if len(ts) < 2 {
		return frameStats{}
	}
	d := make([]float64, len(ts)-1)
	for i := range d {
		d[i] = ts[i+1] - ts[i]
	}
	span := ts[len(ts)-1] - ts[0]
	slices.Sort(d)
	q := func(p float64) float64 { return d[min(len(d)-1, int(math.Ceil(p*float64(len(d))))-1)] }
	return frameStats{frames: len(d), fps: float64(len(d)) / span * 1000, p50: q(0.5), p95: q(0.95), peak: d[len(d)-1]}
}

// jsFrames collects requestAnimationFrame timestamps for ms milliseconds.
func jsFrames(ms int) string {
	return fmt.Sprintf(`new Promise(resolve => {
		const ts = [];
		const tick = now => {
			ts.push(now);
			if (now - ts[0] < %d) requestAnimationFrame(tick); else resolve(ts);
		};
		requestAnimationFrame(tick);
	})`, ms)
}

// playSpeed is the autoplay speed of the frame-rate measurements, in steps
// a second: fast enough that the server sends its most frames (60 a second)
// and every one moves many messages.
const playSpeed = "500"

// openPlayingRing opens the 1,000-process ring and starts autoplay.
func openPlayingRing(t testing.TB) *page {
	t.Helper()
	p := openRun(t, ring1000, 1000)
	p.do("choosing the speed", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const s = document.querySelector(%s);
		s.value = %q;
		s.dispatchEvent(new Event('change', {bubbles: true}));
	})()`, jsString(tid(hookSpeed)), playSpeed)))
	p.press(hookPlay)
	p.waitFor("playing", fmt.Sprintf(`!document.querySelector(%s).disabled`, jsString(tid(hookPause))))
	return p
}

// playing reports whether autoplay is on (the pause button is enabled).
func (p *page) playing() bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`!document.querySelector(%s).disabled`, jsString(tid(hookPause))))
}

// TestRing1000Animation plays the 1,000-process ring and records the frame
// rate. It asserts only that the run advances while playing: timings are
// logged here and measured by BenchmarkRing1000Frames.
func TestRing1000Animation(t *testing.T) {
	p := openPlayingRing(t)
	s0 := p.step()
	ts := eval[[]float64](p, jsFrames(3000))
	s1 := p.step()
	playing := p.playing()
	if playing {
		p.press(hookPause)
	}
	st := statsOf(ts)
	t.Logf("chang-roberts n=1000 playing at %s steps/s: %v; events %d → %d (still playing at the end: %v)", playSpeed, st, s0, s1, playing)
	if s1 <= s0 {
		p.fatalf("the run did not advance while playing for 3 s (event %d → %d)", s0, s1)
	}
	if st.frames < 2 {
		p.fatalf("the page drew %d frames in 3 s", st.frames)
	}
}

// BenchmarkRing1000Frames measures the frame rate while the 1,000-process
// ring plays: an iteration is one animation frame.
//
//	go test ./e2e -run '^$' -bench Ring1000 -benchtime 200x
func BenchmarkRing1000Frames(b *testing.B) {
	p := openPlayingRing(b)
	b.ResetTimer()
	start := time.Now()
	ts := eval[[]float64](p, fmt.Sprintf(`new Promise(resolve => {
		const ts = [];
		const tick = now => {
			ts.push(now);
			if (ts.length <= %d) requestAnimationFrame(tick); else resolve(ts);
		};
		requestAnimationFrame(tick);
	})`, b.N))
	elapsed := time.Since(start)
	b.StopTimer()
	st := statsOf(ts)
	b.ReportMetric(st.fps, "fps")
	b.ReportMetric(st.p95, "p95-ms/frame")
	b.Logf("%v (wall %v; still playing at the end: %v)", st, elapsed.Round(time.Millisecond), p.playing())
}
