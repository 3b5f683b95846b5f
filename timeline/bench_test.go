package timeline_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"distviz/algo"
	"distviz/algos"
	"distviz/engine"
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

// The yardstick: a bare binary-heap event loop doing the deliveries of
// Chang–Roberts' LCR variant (every process starts at time 0, delay 1, FIFO)
// and recording each delivery, in a few dozen lines. The engine does more
// (a trace of every event with narration, invariants after every step,
// checkpoints, counters); the benchmark reports how close it comes.

type bareItem struct { // 24 bytes, no pointers
	at    int64
	order uint64
	to    int32
	id    int32
	typ   uint8 // 0 ELECTION, 1 ELECTED
}

type bareRecord struct { // 32 bytes a delivery
	at       int64
	order    uint64
	from, to int32
	id       int32
	typ      uint8
}

type bareNode struct {
	id              int32
	electable, done bool
	knows           bool
	leader          int32
}

type bareRing struct {
	nodes []bareNode
	heap  []bareItem
	order uint64
	log   [][]bareRecord // in chunks of 4096: recording never copies
	count int
}

func (r *bareRing) record(x bareRecord) {
	if r.count%4096 == 0 {
		r.log = append(r.log, make([]bareRecord, 0, 4096))
	}
	last := &r.log[len(r.log)-1]
	*last = append(*last, x)
	r.count++
}

func (r *bareRing) send(from int, typ uint8, id int32, at int64) {
	r.order++
	to := int32((from + 1) % len(r.nodes))
	h := append(r.heap, bareItem{at: at + 1, order: r.order, to: to, id: id, typ: typ})
	i := len(h) - 1
	x := h[i]
	for i > 0 {
		p := (i - 1) / 2
		if h[p].at < x.at || (h[p].at == x.at && h[p].order < x.order) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
	r.heap = h
}

func (r *bareRing) pop() bareItem {
	h := r.heap
	top, x := h[0], h[len(h)-1]
	h = h[:len(h)-1]
	i := 0
	for {
		c := 2*i + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && (h[c+1].at < h[c].at || (h[c+1].at == h[c].at && h[c+1].order < h[c].order)) {
			c++
		}
		if x.at < h[c].at || (x.at == h[c].at && x.order < h[c].order) {
			break
		}
		h[i] = h[c]
		i = c
	}
	if len(h) > 0 {
		h[i] = x
	}
	r.heap = h
	return top
}

// bareLCR runs LCR on the ring of ids and returns its deliveries.
func bareLCR(ids []int) []bareRecord { return bareRun(ids).all() }

func (r *bareRing) all() []bareRecord { return slices.Concat(r.log...) }

// bareRun runs LCR on the ring of ids.
func bareRun(ids []int) *bareRing {
	r := &bareRing{nodes: make([]bareNode, len(ids)), heap: make([]bareItem, 0, len(ids))}
	for p, id := range ids {
		r.nodes[p] = bareNode{id: int32(id), electable: true}
		r.send(p, 0, int32(id), 0)
	}
	for len(r.heap) > 0 {
		it := r.pop()
		from := (int(it.to) + len(r.nodes) - 1) % len(r.nodes)
		r.record(bareRecord{at: it.at, order: it.order, from: int32(from), to: it.to, id: it.id, typ: it.typ})
		nd := &r.nodes[it.to]
		switch {
		case it.typ == 1 && it.id == nd.id:
			nd.done = true
		case it.typ == 1:
			nd.leader, nd.knows = it.id, true
			r.send(int(it.to), 1, it.id, it.at)
		case it.id > nd.id:
			nd.electable = false
			r.send(int(it.to), 0, it.id, it.at)
		case it.id == nd.id && nd.electable:
			nd.leader, nd.knows = it.id, true
			r.send(int(it.to), 1, it.id, it.at)
		}
	}
	return r
}

// The bare loop makes exactly the engine's deliveries, in the same order.
func TestBareLoopMatchesEngine(t *testing.T) {
	a, v := resolve(t, "chang-roberts", map[string]any{"n": 2000}, 1)
	tl, err := timeline.New(a, v, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	bare := bareLCR(v.Ints("ids"))
	var i int
	for seq := int64(1); seq <= tl.Len(); seq++ {
		e := tl.Event(seq)
		if e.Kind != engine.KindDeliver {
			continue
		}
		if i >= len(bare) {
			t.Fatalf("the engine delivers more than the %d of the bare loop", len(bare))
		}
		b := bare[i]
		typ := [2]string{"ELECTION", "ELECTED"}[b.typ]
		if e.Time != b.at || e.From != b.from || e.To != b.to || e.Msg.Type != typ || e.Msg.Label() != fmt.Sprintf("%s(%d)", typ, b.id) {
			t.Fatalf("delivery %d: engine %d %d→%d %s, bare loop %d %d→%d %s(%d)", i, e.Time, e.From, e.To, e.Msg.Label(), b.at, b.from, b.to, typ, b.id)
		}
		i++
	}
	if i != len(bare) {
		t.Fatalf("the engine delivers %d, the bare loop %d", i, len(bare))
	}
}

// cpuTime is the process's CPU time (user and system, every thread, the
// collector's included): on a shared machine it counts the work done, not
// the time others took.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ringParams resolves LCR with random IDs on a ring of n. Beyond the
// parameter's maximum the IDs are set directly (the engine does not mind).
func ringParams(b testing.TB, n int) (*algo.Algorithm, param.Values) {
	a, v := resolve(b, "chang-roberts", map[string]any{"n": min(n, 100000)}, 1)
	if n > 100000 {
		ids := make([]int, n)
		for i := range ids {
			ids[i] = i
		}
		rand.New(rand.NewPCG(1, 1)).Shuffle(n, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		v.SetInts("ids", ids)
	}
	return a, v
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkChangRoberts runs LCR with random IDs to the end, interleaving
// three runs of the same deliveries per iteration and measuring each in CPU
// time: the bare loop, the engine recording the trace (a timeline, as the
// server runs it) and the engine without a trace (as experiments run it).
// x-bare is the engine's speed with the trace as a fraction of the bare
// loop's, x-bare-notrace without it; B/event is the heap the finished
// timeline keeps (trace, checkpoints, states, labels) per recorded event,
// trace-B/event what the recorded events and steps take of it.
func BenchmarkChangRoberts(b *testing.B) {
	for _, n := range []int{1000, 100000, 1000000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if n > 100000 && testing.Short() {
				b.Skip("-short")
			}
			a, v := ringParams(b, n)
			ids := v.Ints("ids")
			reps := max(1, 200000/n) // enough work per measurement at small n
			var bare, traced, plain time.Duration
			var delivered, events int64
			var retained uint64
			var traceBytes int64
			for b.Loop() {
				runtime.GC()
				t0 := cpuTime()
				for range reps {
					if bareRun(ids).count == 0 {
						b.Fatal("no deliveries")
					}
				}
				bare += cpuTime() - t0

				before := heapInUse()
				t0 = cpuTime()
				var tl *timeline.Timeline
				for range reps {
					var err error
					if tl, err = timeline.New(a, v, 1, 0); err != nil {
						b.Fatal(err)
					}
					if err := tl.Run(0); err != nil {
						b.Fatal(err)
					}
				}
				traced += cpuTime() - t0
				retained += heapInUse() - before
				delivered += tl.Head().Metrics().Delivered * int64(reps)
				events += tl.Len()
				traceBytes += tl.TraceBytes()
				runtime.KeepAlive(tl)
				tl = nil

				runtime.GC()
				t0 = cpuTime()
				for range reps {
					cfg, _, err := a.Build(v)
					if err != nil {
						b.Fatal(err)
					}
					s, err := engine.New(cfg, 1)
					if err != nil {
						b.Fatal(err)
					}
					s.Init()
					for s.Step() {
					}
				}
				plain += cpuTime() - t0
			}
			perDelivery := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(delivered) }
			b.ReportMetric(perDelivery(bare), "bare-ns/delivery")
			b.ReportMetric(perDelivery(traced), "trace-ns/delivery")
			b.ReportMetric(perDelivery(plain), "notrace-ns/delivery")
			b.ReportMetric(float64(bare)/float64(traced), "x-bare")
			b.ReportMetric(float64(bare)/float64(plain), "x-bare-notrace")
			b.ReportMetric(float64(retained)/float64(events), "B/event")
			b.ReportMetric(float64(traceBytes)/float64(events), "trace-B/event")
		})
	}
}

// threadTime is the CPU time of the calling thread: the work a seek does,
// not the time the machine's other loads took from it.
// (CLOCK_THREAD_CPUTIME_ID: getrusage counts a thread in scheduler ticks.)
func threadTime() time.Duration {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3 /* CLOCK_THREAD_CPUTIME_ID */, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		panic(e)
	}
	return time.Duration(ts.Nano())
}

// BenchmarkSeek seeks to random steps of a run of 1,000,000 events (LCR,
// IDs decreasing, cut at 1,000,000 events) on rings of n processes, and
// steps back once from the end (arrived at from a random step). It reports the median and the 99th
// percentile of the random seeks and the median step back, in milliseconds
// of the seeking thread's CPU time (the machine is shared: wall-clock time
// measures its load), and the 99th percentile in wall-clock time. The
// baseline, from the same run: the time recording the run took an event;
// p99-events and back-events are the seeks' times in events recorded.
func BenchmarkSeek(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			a, v := resolve(b, "chang-roberts", map[string]any{"n": n, "idOrder": "decreasing"}, 1)
			tl, err := timeline.New(a, v, 1, 1_000_000)
			if err != nil {
				b.Fatal(err)
			}
			runtime.LockOSThread()
			t0 := threadTime()
			if err := tl.Run(0); err != nil && err != timeline.ErrTooLong {
				b.Fatal(err)
			}
			perEvent := (threadTime() - t0) / time.Duration(tl.Len()) // the baseline: recording an event
			runtime.UnlockOSThread()
			if tl.Len() < 1_000_000 {
				b.Fatalf("the run has %d events, want 1,000,000", tl.Len())
			}
			rng := rand.New(rand.NewPCG(1, 2))
			var seeks, walls, backs []time.Duration
			runtime.GC()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for b.Loop() {
				for range 100 {
					seq := 1 + rng.Int64N(tl.Len())
					t0, w0 := threadTime(), time.Now()
					if err := tl.SeekSeq(seq); err != nil {
						b.Fatal(err)
					}
					seeks, walls = append(seeks, threadTime()-t0), append(walls, time.Since(w0))
				}
				for range 10 {
					// from elsewhere, so that the view the end keeps aside
					// is not the state a step back wants
					if err := tl.SeekSeq(1 + rng.Int64N(tl.Len())); err != nil {
						b.Fatal(err)
					}
					if err := tl.Seek(tl.Steps() - 1); err != nil {
						b.Fatal(err)
					}
					t0 := threadTime()
					if err := tl.Back(); err != nil {
						b.Fatal(err)
					}
					backs = append(backs, threadTime()-t0)
				}
			}
			slices.Sort(seeks)
			slices.Sort(walls)
			slices.Sort(backs)
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			b.ReportMetric(ms(seeks[len(seeks)/2]), "p50-ms")
			b.ReportMetric(ms(seeks[len(seeks)*99/100]), "p99-ms")
			b.ReportMetric(ms(walls[len(walls)*99/100]), "p99-wall-ms")
			b.ReportMetric(ms(backs[len(backs)/2]), "back-ms")
			b.ReportMetric(float64(seeks[len(seeks)*99/100])/float64(perEvent), "p99-events")
			b.ReportMetric(float64(backs[len(backs)/2])/float64(perEvent), "back-events")
		})
	}
}
