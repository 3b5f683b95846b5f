package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// benchServer serves a Server on loopback for a benchmark.
func benchServer(b *testing.B, cfg Config) (string, func()) {
	b.Helper()
	logger := slog.New(slog.NewTextHandler(b.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	srv := New(cfg, logger)
	ts := httptest.NewServer(srv.Handler())
	return "ws://" + ts.Listener.Addr().String() + "/ws", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := srv.Close(ctx); err != nil {
			b.Error(err)
		}
		ts.Close()
	}
}

// stepper is a benchmark client: it sends `step` and waits for the frame,
// going back to the start with `first` when the run has ended.
type stepper struct {
	c     *websocket.Conn
	ended bool
	bytes int          // read by the last round trip
	buf   bytes.Buffer // the last message read, its memory reused (the client's garbage is not the server's)
}

var (
	frameTag = []byte(`{"type":"frame",`)
	deltaTag = []byte(`{"type":"delta",`)
	errorTag = []byte(`{"type":"error",`)
	endedTag = []byte(`"ended":true,"atEnd":true`)
)

func dialStepper(ctx context.Context, url, open string) (*stepper, error) {
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(-1)
	s := &stepper{c: c}
	if _, err := s.roundTrip(ctx, []byte(open)); err != nil {
		c.CloseNow()
		return nil, err
	}
	return s, nil
}

// roundTrip sends a message and reads up to the next frame (skipping the
// events batches and the run), returning the time it took.
func (s *stepper) roundTrip(ctx context.Context, msg []byte) (time.Duration, error) {
	start := time.Now()
	if err := s.c.Write(ctx, websocket.MessageText, msg); err != nil {
		return 0, err
	}
	s.bytes = 0
	for {
		_, r, err := s.c.Reader(ctx)
		if err != nil {
			return 0, err
		}
		s.buf.Reset()
		if _, err := s.buf.ReadFrom(r); err != nil {
			return 0, err
		}
		b := s.buf.Bytes()
		s.bytes += len(b)
		if bytes.HasPrefix(b, errorTag) {
			return 0, fmt.Errorf("server: %s", b)
		}
		if bytes.HasPrefix(b, frameTag) || bytes.HasPrefix(b, deltaTag) {
			d := time.Since(start)
			s.ended = bytes.Contains(b[:min(len(b), 200)], endedTag) // near the front of a frame
			return d, nil
		}
	}
}

// step takes one step, first going back to the start if the run has ended.
func (s *stepper) step(ctx context.Context) (time.Duration, error) {
	if s.ended {
		if _, err := s.roundTrip(ctx, firstMsg); err != nil {
			return 0, err
		}
	}
	return s.roundTrip(ctx, stepMsg)
}

var stepMsg, firstMsg = []byte(`{"type":"step"}`), []byte(`{"type":"first"}`)

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

// BenchmarkStepRoundTrip: one client on loopback sends `step` and waits for
// its frame. Reports the median and 99th percentile in µs (target: p99 < 1 ms
// for lecture-sized runs).
func BenchmarkStepRoundTrip(b *testing.B) {
	for _, bc := range []struct {
		name, open string
	}{
		{"bully-lecture", `{"type":"open","algorithm":"bully","scenario":"lecture"}`},
		{"chang-roberts-n100", `{"type":"open","algorithm":"chang-roberts","params":{"n":100,"idOrder":"random"}}`},
		{"chang-roberts-n1000", `{"type":"open","algorithm":"chang-roberts","params":{"n":1000,"idOrder":"random"}}`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			// As fast as it goes: no limit on the client's messages.
			url, stop := benchServer(b, Config{MessageRate: 1 << 30, MessageBurst: 1 << 30})
			defer stop()
			ctx := context.Background()
			s, err := dialStepper(ctx, url, bc.open)
			if err != nil {
				b.Fatal(err)
			}
			defer s.c.CloseNow()
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for b.Loop() {
				d, err := s.step(ctx)
				if err != nil {
					b.Fatal(err)
				}
				lat = append(lat, d)
			}
			b.StopTimer()
			b.ReportMetric(float64(percentile(lat, 0.5).Nanoseconds())/1e3, "p50-µs")
			b.ReportMetric(float64(percentile(lat, 0.99).Nanoseconds())/1e3, "p99-µs")
			s.c.Close(websocket.StatusNormalClosure, "")
		})
	}
}

// BenchmarkStepGoal is the goal of a step at n = 1,000: one client on
// loopback steps a 1,000-process Chang–Roberts ring, and another an
// 8-process one, in turns (so that both see the same machine). Reports
// each one's p50 and p99 round trip (µs), the ratio of the p50s (goal: at
// most 3) and the median bytes the server sends for a step (goal: under
// 4 KB at n = 1,000: the frame, or delta, and the events). "deltas" is the
// browser's way (open with "deltas": true); "frames" sends whole frames.
// cpu-µs/op is the CPU time of the whole process (server and both
// clients) for the two steps: on a busy machine the p99s are the
// machine's, the CPU time is the work (session.BenchmarkStep gives the
// server's share, step by step).
//
//	go test ./web -run '^$' -bench StepGoal -benchtime 3000x
func BenchmarkStepGoal(b *testing.B) {
	for _, deltas := range []bool{true, false} {
		name := map[bool]string{true: "deltas", false: "frames"}[deltas]
		b.Run(name, func(b *testing.B) {
			url, stop := benchServer(b, Config{MessageRate: 1 << 30, MessageBurst: 1 << 30})
			defer stop()
			ctx := context.Background()
			open := `{"type":"open","algorithm":"chang-roberts","params":{"n":%d,"idOrder":"random"},"deltas":%t}`
			small, err := dialStepper(ctx, url, fmt.Sprintf(open, 8, deltas))
			if err != nil {
				b.Fatal(err)
			}
			defer small.c.CloseNow()
			large, err := dialStepper(ctx, url, fmt.Sprintf(open, 1000, deltas))
			if err != nil {
				b.Fatal(err)
			}
			defer large.c.CloseNow()
			// Warm up: the first steps grow the buffers of both ends and
			// the heap; they are no lecture's steady state.
			for range 300 {
				for _, s := range []*stepper{small, large} {
					if _, err := s.step(ctx); err != nil {
						b.Fatal(err)
					}
				}
			}
			latS, latL := make([]time.Duration, 0, b.N), make([]time.Duration, 0, b.N)
			// sizes, sorted as durations by percentile
			bytesS, bytesL := make([]time.Duration, 0, b.N), make([]time.Duration, 0, b.N)
			cpu0, _ := processCPU()
			for b.Loop() {
				for _, s := range []*stepper{small, large} {
					d, err := s.step(ctx)
					if err != nil {
						b.Fatal(err)
					}
					if s == small {
						latS, bytesS = append(latS, d), append(bytesS, time.Duration(s.bytes))
					} else {
						latL, bytesL = append(latL, d), append(bytesL, time.Duration(s.bytes))
					}
				}
			}
			b.StopTimer()
			us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
			if cpu1, ok := processCPU(); ok {
				b.ReportMetric(us(cpu1-cpu0)/float64(b.N), "cpu-µs/op")
			}
			b.ReportMetric(us(percentile(latL, 0.5)), "n1000-p50-µs")
			b.ReportMetric(us(percentile(latL, 0.99)), "n1000-p99-µs")
			b.ReportMetric(us(percentile(latS, 0.5)), "n8-p50-µs")
			b.ReportMetric(us(percentile(latS, 0.99)), "n8-p99-µs")
			b.ReportMetric(us(percentile(latL, 0.5))/us(percentile(latS, 0.5)), "p50-ratio")
			b.ReportMetric(float64(percentile(bytesL, 0.5)), "n1000-B/step")
			b.ReportMetric(float64(percentile(bytesS, 0.5)), "n8-B/step")
			small.c.Close(websocket.StatusNormalClosure, "")
			large.c.Close(websocket.StatusNormalClosure, "")
		})
	}
}

// BenchmarkConcurrentSessions: 500 sessions on loopback, each sending `step`
// 20 times a second for 5 s (50,000 round trips), lecture-sized runs that
// go back to the start when they end. Reports the p50/p99 latency in ms
// (target: p99 < 25 ms), the errors, and fails if the server's goroutines
// do not return to the baseline afterwards. Run with -benchtime 1x.
func BenchmarkConcurrentSessions(b *testing.B) {
	const (
		sessions = 500
		rate     = 20 // steps a second per session
		duration = 5 * time.Second
	)
	open := `{"type":"open","algorithm":"chang-roberts","params":{"n":16,"idOrder":"random"},"seed":%d}`
	for b.Loop() {
		baseline := runtime.NumGoroutine()
		url, stop := benchServer(b, Config{MaxSessions: sessions + 10})
		ctx, cancel := context.WithTimeout(context.Background(), duration+30*time.Second)

		// Connect everyone first, a few at a time.
		clients := make([]*stepper, sessions)
		var errs atomic.Int64
		var wg sync.WaitGroup
		gate := make(chan struct{}, 32)
		for i := range clients {
			wg.Go(func() {
				gate <- struct{}{}
				defer func() { <-gate }()
				s, err := dialStepper(ctx, url, fmt.Sprintf(open, i+1))
				if err != nil {
					errs.Add(1)
					b.Log(err)
					return
				}
				clients[i] = s
			})
		}
		wg.Wait()

		// Then step together, each on its own 50 ms beat, staggered.
		lats := make([][]time.Duration, sessions)
		start := time.Now()
		for i, s := range clients {
			if s == nil {
				continue
			}
			wg.Go(func() {
				period := time.Second / rate
				next := start.Add(period * time.Duration(i) / sessions)
				for next.Sub(start) < duration {
					time.Sleep(time.Until(next))
					d, err := s.step(ctx)
					if err != nil {
						errs.Add(1)
						return
					}
					lats[i] = append(lats[i], d)
					next = next.Add(period)
				}
			})
		}
		wg.Wait()
		elapsed := time.Since(start)

		for _, s := range clients {
			if s != nil {
				s.c.Close(websocket.StatusNormalClosure, "")
			}
		}
		cancel()
		stop()

		var all []time.Duration
		for _, l := range lats {
			all = append(all, l...)
		}
		b.ReportMetric(float64(percentile(all, 0.5).Microseconds())/1e3, "p50-ms")
		b.ReportMetric(float64(percentile(all, 0.99).Microseconds())/1e3, "p99-ms")
		b.ReportMetric(float64(percentile(all, 1).Microseconds())/1e3, "max-ms")
		b.ReportMetric(float64(len(all))/elapsed.Seconds(), "steps/s")
		b.ReportMetric(float64(errs.Load()), "errors")

		// Every goroutine of the sessions ends.
		deadline := time.Now().Add(10 * time.Second)
		for runtime.NumGoroutine() > baseline && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		left := runtime.NumGoroutine() - baseline
		b.ReportMetric(float64(max(left, 0)), "goroutines-left")
		if left > 0 {
			buf := make([]byte, 1<<20)
			b.Fatalf("%d goroutines more than before:\n%s", left, buf[:runtime.Stack(buf, true)])
		}
	}
}

// BenchmarkStepRoundTripDuringExperiment: the step round trip of a lecture
// run while experiments keep their workers busy, with one worker and with
// one per core. Reports p50/p99 in µs (compare BenchmarkStepRoundTrip) and
// the experiment's runs per second.
func BenchmarkStepRoundTripDuringExperiment(b *testing.B) {
	for _, workers := range slices.Compact([]int{1, max(1, runtime.NumCPU()-1), runtime.NumCPU()}) {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			stepDuringExperiment(b, workers)
		})
	}
}

func stepDuringExperiment(b *testing.B, workers int) {
	cfg := Config{MessageRate: 1 << 30, MessageBurst: 1 << 30, ExperimentWorkers: workers}
	logger := slog.New(slog.NewTextHandler(b.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	srv := New(cfg, logger)
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	defer srv.Close(context.Background())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	var runs atomic.Int64 // experiment runs done while the session stepped
	wg.Go(func() {
		body := `{"algorithm": "chang-roberts", "params": {"n": 200}, "seeds": {"count": 500}}`
		for ctx.Err() == nil {
			req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/experiments", strings.NewReader(body))
			if resp, err := http.DefaultClient.Do(req); err == nil {
				if n, _ := io.Copy(io.Discard, resp.Body); n > 0 && resp.StatusCode == http.StatusOK {
					runs.Add(500)
				}
				resp.Body.Close()
			}
		}
	})
	time.Sleep(200 * time.Millisecond) // the experiment is under way
	s, err := dialStepper(ctx, "ws://"+ts.Listener.Addr().String()+"/ws", `{"type":"open","algorithm":"bully","scenario":"lecture"}`)
	if err != nil {
		b.Fatal(err)
	}
	defer s.c.CloseNow()
	lat := make([]time.Duration, 0, b.N)
	for b.Loop() {
		d, err := s.step(ctx)
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, d)
	}
	b.StopTimer()
	elapsed := b.Elapsed()
	cancel()
	wg.Wait()
	b.ReportMetric(float64(percentile(lat, 0.5).Nanoseconds())/1e3, "p50-µs")
	b.ReportMetric(float64(percentile(lat, 0.99).Nanoseconds())/1e3, "p99-µs")
	b.ReportMetric(float64(runs.Load())/elapsed.Seconds(), "experiment-runs/s")
}
