package timeline_test

import (
	"errors"
	"fmt"
	"runtime"
	"testing"

	"distviz/engine"
	"distviz/timeline"
)

// fakeMeter counts charges and refuses beyond its limit.
type fakeMeter struct {
	limit, used, peak int64
	charges           int
}

var errFull = errors.New("full")

func (m *fakeMeter) Charge(n int64, what string) error {
	if m.used+n > m.limit {
		return errFull
	}
	m.used += n
	m.peak = max(m.peak, m.used)
	m.charges++
	return nil
}

func (m *fakeMeter) Release(n int64) { m.used -= n }

// A run charges its meter before it grows, a refused charge stops it where
// it is, and releasing gives everything back.
func TestMeterStopsGrowth(t *testing.T) {
	a, v := resolve(t, "token-ring-mutex", map[string]any{"rounds": 1000000}, 1)
	tl, err := timeline.New(a, v, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := &fakeMeter{limit: 8 << 20}
	if err := tl.SetMeter(m); err != nil {
		t.Fatal(err)
	}
	if m.used != tl.Held() || m.used <= tl.Bytes() {
		t.Fatalf("charged %d, held %d, the run holds %d", m.used, tl.Held(), tl.Bytes())
	}
	err = tl.Run(0)
	if !errors.Is(err, errFull) {
		t.Fatalf("Run: %v, want the meter's refusal", err)
	}
	if tl.Bytes() > m.limit || tl.Held() != m.used {
		t.Errorf("the run holds %d of a limit of %d, charged %d, held %d", tl.Bytes(), m.limit, m.used, tl.Held())
	}
	if m.charges > 40 {
		t.Errorf("%d charges: the run should reserve ahead", m.charges)
	}
	// Near the limit the run takes what it needs without the slack, then stops again.
	for range 100000 {
		if _, err = tl.Forward(); err != nil {
			break
		}
	}
	if !errors.Is(err, errFull) || tl.Bytes() > m.limit {
		t.Errorf("Forward near the limit: %v, the run holds %d", err, tl.Bytes())
	}
	// Seeking back needs a view, which is charged too; it fits.
	if err := tl.Seek(10); err != nil {
		t.Fatal(err)
	}
	// A fork gives back what the dropped future held.
	before := m.used
	if err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: 0}); err != nil {
		t.Fatal(err)
	}
	if m.used >= before {
		t.Errorf("a fork to step 10 kept %d bytes charged (before %d)", m.used, before)
	}
	tl.ReleaseMemory()
	if m.used != 0 || tl.Held() != 0 {
		t.Errorf("after ReleaseMemory %d bytes are still charged", m.used)
	}
}

// A meter that cannot hold even the run's start refuses it.
func TestSetMeterRefuses(t *testing.T) {
	a, v := resolve(t, "chang-roberts", map[string]any{"n": 1000}, 1)
	tl, err := timeline.New(a, v, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := &fakeMeter{limit: 1000}
	if err := tl.SetMeter(m); !errors.Is(err, errFull) || m.used != 0 || tl.Held() != 0 {
		t.Fatalf("SetMeter: %v, charged %d", err, m.used)
	}
	if err := tl.Run(0); err != nil { // without a meter, nothing stops it
		t.Fatal(err)
	}
}

func meterHeap() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// BenchmarkMemory runs each algorithm at its largest to 1,000,000 events
// (or its end) and reports the run's estimate (Bytes) beside the heap it
// really holds, measured by the collector, and the time the measurements
// took: the figures behind eventBytes and memsize's sampling.
//
//	go test -run '^$' -bench Memory -benchtime 1x ./timeline/
func BenchmarkMemory(b *testing.B) {
	for _, c := range []struct {
		id     string
		params map[string]any
	}{
		{"chang-roberts", map[string]any{"n": 100000}},
		{"chang-roberts", map[string]any{"n": 1414, "idOrder": "decreasing"}},
		{"ring-list", map[string]any{"n": 10000}},
		{"bully", map[string]any{"n": 1000}},
		{"central-mutex", map[string]any{"n": 64, "count": 50}},
		{"ricart-agrawala", map[string]any{"n": 64, "count": 50}},
		{"lamport-mutex", map[string]any{"n": 64, "count": 50}},
		{"token-ring-mutex", map[string]any{"rounds": 1000000}},
		{"maekawa", map[string]any{"n": 91, "count": 50}},
		{"firewire", map[string]any{"n": 61}},
		{"tree-echo", map[string]any{"n": 10000}},
	} {
		b.Run(fmt.Sprintf("%s/%v", c.id, c.params), func(b *testing.B) {
			a, v := resolve(b, c.id, c.params, 1)
			for b.Loop() {
				before := meterHeap()
				tl, err := timeline.New(a, v, 1, 1_000_000)
				if err != nil {
					b.Fatal(err)
				}
				m := &fakeMeter{limit: 1 << 40}
				if err := tl.SetMeter(m); err != nil {
					b.Fatal(err)
				}
				if err := tl.Run(0); err != nil && !errors.Is(err, timeline.ErrTooLong) {
					b.Fatal(err)
				}
				if err := tl.Seek(tl.Steps() / 2); err != nil {
					b.Fatal(err)
				}
				real := meterHeap() - before
				b.ReportMetric(float64(tl.Len()), "events")
				b.ReportMetric(float64(real)/(1<<20), "MiB-heap")
				b.ReportMetric(float64(tl.Bytes())/(1<<20), "MiB-estimate")
				b.ReportMetric(float64(tl.Held())/(1<<20), "MiB-charged")
				b.ReportMetric(float64(tl.Bytes())/float64(real), "x-heap") // the estimate against the heap measured
				b.ReportMetric(float64(m.charges), "charges")
				runtime.KeepAlive(tl)
			}
		})
	}
}
