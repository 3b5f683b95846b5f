package timeline_test

import (
	"testing"

	"distviz/engine"
)

func BenchmarkEngineOnly(b *testing.B) {
	a, v := resolve(b, "chang-roberts", map[string]any{"n": 100000}, 1)
	var delivered int64
	for b.Loop() {
		cfg, _, _ := a.Build(v)
		s, _ := engine.New(cfg, 1)
		s.Init()
		for s.Step() {
		}
		delivered += s.Metrics().Delivered
	}
	b.ReportMetric(float64(delivered)/b.Elapsed().Seconds(), "deliveries/s")
}

func BenchmarkEngineWithLog(b *testing.B) {
	a, v := resolve(b, "chang-roberts", map[string]any{"n": 100000}, 1)
	var delivered int64
	for b.Loop() {
		cfg, _, _ := a.Build(v)
		s, _ := engine.New(cfg, 1)
		var log engine.Log
		s.Record(&log)
		s.Init()
		for s.Step() {
		}
		delivered += s.Metrics().Delivered
	}
	b.ReportMetric(float64(delivered)/b.Elapsed().Seconds(), "deliveries/s")
}
