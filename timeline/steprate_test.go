package timeline_test

import (
	"errors"
	"runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"distviz/timeline"
)

// stepRate runs recorded runs (timelines, as the server makes them) of one
// algorithm, seed after seed, until at least minEvents events, and returns
// the events and the CPU time their steps took (a run's set-up left out: a
// FireWire run of 63 devices has about 450 events).
func stepRate(b *testing.B, id string, params map[string]any, seed *int64, minEvents int64) (int64, time.Duration) {
	var events int64
	var cpu time.Duration
	runtime.GC()
	for events < minEvents {
		*seed++
		a, v := resolve(b, id, params, *seed)
		tl, err := timeline.New(a, v, *seed, 1_000_000)
		if err != nil {
			b.Fatal(err)
		}
		t0 := processTime()
		if err := tl.Run(0); err != nil && !errors.Is(err, timeline.ErrTooLong) {
			b.Fatal(err)
		}
		cpu += processTime() - t0
		events += tl.Len()
	}
	return events, cpu
}

// processTime is the process's CPU time as the clock counts it (to the
// nanosecond; getrusage counts in scheduler ticks, too coarse for a run of
// a millisecond).
func processTime() time.Duration {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 2 /* CLOCK_PROCESS_CPUTIME_ID */, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		panic(e)
	}
	return time.Duration(ts.Nano())
}

// BenchmarkStepRate measures whether a step's work grows with n where the
// algorithm's rule does not ask for it: FireWire at n = 63 (no spare slots) and Maekawa at
// n = 91 (projective quorums, 50 entries each) against Chang–Roberts at
// n = 10,000, each recorded as the server records it, interleaved in every
// iteration, their steps measured in CPU time. x-cr is an algorithm's events per
// CPU second as a fraction of Chang–Roberts'; the goal is at least 0.5.
//
//	go test ./timeline -run '^$' -bench StepRate -benchtime 3x
func BenchmarkStepRate(b *testing.B) {
	cases := []struct {
		id     string
		params map[string]any
	}{
		{"chang-roberts", map[string]any{"n": 10000}},
		{"firewire", map[string]any{"n": 63, "spares": 0}},
		{"maekawa", map[string]any{"n": 91, "count": 50}},
	}
	events := make([]int64, len(cases))
	cpu := make([]time.Duration, len(cases))
	seeds := make([]int64, len(cases))
	for b.Loop() {
		for i, c := range cases {
			e, t := stepRate(b, c.id, c.params, &seeds[i], 200_000)
			events[i] += e
			cpu[i] += t
		}
	}
	rate := func(i int) float64 { return float64(events[i]) / cpu[i].Seconds() }
	b.ReportMetric(rate(0)/1e6, "cr-Mevents/cpu-s")
	for i, c := range cases[1:] {
		b.ReportMetric(rate(i+1)/1e6, c.id+"-Mevents/cpu-s")
		b.ReportMetric(rate(i+1)/rate(0), c.id+"-x-cr")
	}
}
