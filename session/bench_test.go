package session_test

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"distviz/session"
)

// BenchmarkStep is the server's side of one `step` of a client that takes
// deltas, without the network: Handle, then the events batches, each
// written back (Written), as web's session loop does. The run is computed
// ahead on open (as the web server's sessions do), so a step moves the
// cursor; at the end the client goes back to the first step, which is not
// timed. Reports the p50 and p99 of a step's time and of its CPU time (µs;
// the CPU time leaves out the time other programs took the processor, so
// it holds on a busy machine) besides allocs/op: a step's allocations are
// what makes the collector run, and a step that meets it is the round
// trip's p99.
//
//	go test ./session -run '^$' -bench Step -benchmem
func BenchmarkStep(b *testing.B) {
	for _, n := range []int{8, 1000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			s := session.New(session.Config{Store: newStore(), MaxEvents: 1_000_000, Ahead: 1_000_000})
			open := fmt.Sprintf(`{"type":"open","algorithm":"chang-roberts","params":{"n":%d,"idOrder":"random"},"deltas":true}`, n)
			step, first := []byte(`{"type":"step"}`), []byte(`{"type":"first"}`)
			roundTrip := func(msg []byte) (ended bool) {
				out := s.Handle(msg)
				s.Written(out)
				for _, m := range out {
					if bytes.HasPrefix(m, []byte(`{"type":"error"`)) {
						b.Fatalf("refused: %s", m)
					}
					ended = ended || bytes.Contains(m[:min(len(m), 200)], []byte(`"ended":true,"atEnd":true`))
				}
				for e := s.Events(); e != nil; e = s.Events() {
					s.Written([][]byte{e})
				}
				return ended
			}
			roundTrip([]byte(open))
			// warm up: one pass over the run, so that every buffer has grown
			for !roundTrip(step) {
			}
			roundTrip(first)
			runtime.LockOSThread() // for threadCPU
			defer runtime.UnlockOSThread()
			lat, cpu := make([]time.Duration, 0, b.N), make([]time.Duration, 0, b.N)
			for b.Loop() {
				start := time.Now()
				cpu0, _ := threadCPU()
				ended := roundTrip(step)
				cpu1, _ := threadCPU()
				lat, cpu = append(lat, time.Since(start)), append(cpu, cpu1-cpu0)
				if ended {
					b.StopTimer()
					roundTrip(first)
					b.StartTimer()
				}
			}
			b.ReportMetric(percentile(lat, 0.5), "p50-µs")
			b.ReportMetric(percentile(lat, 0.99), "p99-µs")
			if _, ok := threadCPU(); ok {
				b.ReportMetric(percentile(cpu, 0.5), "cpu-p50-µs")
				b.ReportMetric(percentile(cpu, 0.99), "cpu-p99-µs")
			}
		})
	}
}

// percentile is the p-quantile of ds in µs (ds is sorted).
func percentile(ds []time.Duration, p float64) float64 {
	slices.Sort(ds)
	return float64(ds[min(len(ds)-1, int(p*float64(len(ds))))].Nanoseconds()) / 1e3
}
