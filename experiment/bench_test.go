package experiment_test

import (
	"context"
	"runtime"
	"testing"

	"distviz/experiment"
)

// BenchmarkChangRoberts64 runs an experiment of 1000 Chang–Roberts runs
// (n = 64, random IDs) with as many workers as -cpu allows, and reports
// runs and events per second: go test ./experiment -bench . -cpu 1,2
func BenchmarkChangRoberts64(b *testing.B) {
	p := plan(b, `{"algorithm": "chang-roberts", "params": {"n": 64, "idOrder": "random"}, "seeds": {"from": 1, "count": 1000}}`,
		experiment.Limits{})
	var events int64
	for b.Loop() {
		res, err := experiment.Run(context.Background(), p, experiment.Options{Workers: runtime.GOMAXPROCS(0)})
		if err != nil || res.Runs != 1000 {
			b.Fatalf("%d runs: %v", res.Runs, err)
		}
		events = 0
		for _, r := range res.Rows {
			events += r.Events
		}
	}
	secs := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(1000/secs, "runs/s")
	b.ReportMetric(float64(events)/secs, "events/s")
}
