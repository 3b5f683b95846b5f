package timeline_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"distviz/algo"
	"distviz/algos"
	"distviz/param"
	"distviz/timeline"
)

func resolve(b testing.TB, id string, params map[string]any, seed int64) (*algo.Algorithm, param.Values) {
	b.Helper()
	a, err := algos.Get(id)
	if err != nil {
		b.Fatal(err)
	}
	v, err := a.ResolveAny(params, seed)
	if err != nil {
		b.Fatal(err)
	}
	return a, v
}

// BenchmarkChangRobertsLCR runs LCR to the end with random IDs, recording the
// whole trace, and reports message deliveries per second.
func BenchmarkChangRobertsLCR(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			a, v := resolve(b, "chang-roberts", map[string]any{"n": n}, 1)
			var delivered int64
			b.ReportAllocs()
			for b.Loop() {
				tl, err := timeline.New(a, v, 1, 0)
				if err != nil {
					b.Fatal(err)
				}
				if err := tl.Run(0); err != nil {
					b.Fatal(err)
				}
				delivered += tl.Head().Metrics().Delivered
			}
			b.ReportMetric(float64(delivered)/b.Elapsed().Seconds(), "deliveries/s")
		})
	}
}

// BenchmarkSeek seeks to random steps of a run of over 1,000,000 events
// (LCR, n = 1414, IDs decreasing: n(n+1)/2 ≈ 1,000,000 deliveries).
func BenchmarkSeek(b *testing.B) {
	a, v := resolve(b, "chang-roberts", map[string]any{"n": 1414, "idOrder": "decreasing"}, 1)
	tl, err := timeline.New(a, v, 1, 0)
	if err != nil {
		b.Fatal(err)
	}
	if err := tl.Run(0); err != nil {
		b.Fatal(err)
	}
	if tl.Len() < 1_000_000 {
		b.Fatalf("run has %d events, want ≥ 1,000,000", tl.Len())
	}
	rng := rand.New(rand.NewPCG(1, 2))
	b.ResetTimer()
	for b.Loop() {
		if err := tl.SeekSeq(1 + rng.Int64N(tl.Len())); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(tl.Len()), "events")
}
