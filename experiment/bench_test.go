package experiment_test

import (
	"context"
	"runtime"
	"syscall"
	"testing"
	"time"

	"distviz/algos"
	"distviz/engine"
	"distviz/experiment"
)

// cpuTime is the process's CPU time, every thread's: on a shared machine
// it counts the work done, not the time other loads took.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkChangRoberts64 runs an experiment of 1000 Chang–Roberts runs
// (n = 64, random IDs) with as many workers as -cpu allows, and reports
// runs and events per second of wall-clock time and runs per CPU second.
// The baseline, measured in the same iterations: the same 1000 runs made
// by the engine alone (parameters resolved, built, stepped to the end, no
// row), one after another. x-engine is the experiment's runs per CPU second
// as a fraction of the baseline's: what the experiment's machinery (checks
// watched for violations, rows, their JSON, the workers) costs.
//
//	go test ./experiment -run '^$' -bench . -cpu 1,2
func BenchmarkChangRoberts64(b *testing.B) {
	p := plan(b, `{"algorithm": "chang-roberts", "params": {"n": 64, "idOrder": "random"}, "seeds": {"from": 1, "count": 1000}}`,
		experiment.Limits{})
	var events int64
	var wall, cpu, bare time.Duration
	for b.Loop() {
		runtime.GC()
		t0, w0 := cpuTime(), time.Now()
		res, err := experiment.Run(context.Background(), p, experiment.Options{Workers: runtime.GOMAXPROCS(0)})
		if err != nil || res.Runs != 1000 {
			b.Fatalf("%d runs: %v", res.Runs, err)
		}
		cpu, wall = cpu+cpuTime()-t0, wall+time.Since(w0)
		events = 0
		for _, r := range res.Rows {
			events += r.Events
		}
		runtime.GC()
		t0 = cpuTime()
		for seed := range int64(1000) {
			engineRun(b, 1+seed)
		}
		bare += cpuTime() - t0
	}
	runs := float64(1000 * b.N)
	b.ReportMetric(runs/wall.Seconds(), "runs/s")
	b.ReportMetric(float64(events)*float64(b.N)/wall.Seconds(), "events/s")
	b.ReportMetric(runs/cpu.Seconds(), "runs/cpu-s")
	b.ReportMetric(runs/bare.Seconds(), "engine-runs/cpu-s")
	b.ReportMetric(bare.Seconds()/cpu.Seconds(), "x-engine")
}

// engineRun makes one run of the benchmark's experiment with the engine alone.
func engineRun(b *testing.B, seed int64) {
	a, err := algos.Get("chang-roberts")
	if err != nil {
		b.Fatal(err)
	}
	v, err := a.ResolveAny(map[string]any{"n": 64, "idOrder": "random"}, seed)
	if err != nil {
		b.Fatal(err)
	}
	cfg, _, err := a.Build(v)
	if err != nil {
		b.Fatal(err)
	}
	s, err := engine.New(cfg, uint64(seed))
	if err != nil {
		b.Fatal(err)
	}
	s.Init()
	for s.Step() {
	}
}
