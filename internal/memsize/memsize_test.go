package memsize

import (
	"runtime"
	"testing"
)

type node struct {
	id    int64
	peers []int
	seen  map[int]bool
	name  string
	next  *node
}

func TestOf(t *testing.T) {
	if got := Of(nil); got != 0 {
		t.Errorf("Of(nil) = %d", got)
	}
	if got := Of(int64(3)); got != 8 {
		t.Errorf("Of(int64) = %d, want 8", got)
	}
	s := make([]int64, 10, 100)
	if got := Of(s); got != 24+800 {
		t.Errorf("a slice of 100 int64: %d, want 824", got)
	}
	// A subslice shares its array: counted once.
	both := [][]int64{s, s[2:5]}
	if got := Of(both); got != 24+2*24+800 {
		t.Errorf("a slice and its subslice: %d, want %d", got, 24+2*24+800)
	}
	// A cycle is walked once.
	a := &node{name: "a"}
	a.next = a
	if got := Of(a); got <= 0 || got > 200 {
		t.Errorf("a cycle: %d", got)
	}
}

// For a large structure the sampled estimate is near what the heap holds.
func TestOfNearHeap(t *testing.T) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	nodes := make([]*node, 20000)
	for i := range nodes {
		n := &node{id: int64(i), peers: make([]int, i%50), seen: map[int]bool{}, name: "node"}
		for k := range i % 7 {
			n.seen[k] = true
		}
		nodes[i] = n
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	heap := int64(ms.HeapAlloc - before)
	got := Of(nodes)
	if got < heap/2 || got > heap*2 {
		t.Errorf("estimate %d, heap %d", got, heap)
	}
	t.Logf("estimate %d, heap %d", got, heap)
	runtime.KeepAlive(nodes)
}

// A counter does not count again what an earlier value shares.
func TestCounterShares(t *testing.T) {
	shared := make([]byte, 1000)
	x := struct{ a, b []byte }{shared, make([]byte, 10)}
	y := struct{ a []byte }{shared}
	c := NewCounter()
	if got := c.Of(&x); got < 1010 {
		t.Errorf("x: %d", got)
	}
	if got := c.Of(&y); got != 8+24 {
		t.Errorf("y after x: %d, want 32 (the pointer and the header only)", got)
	}
}

// skip leaves out fields of the value itself.
func TestSkip(t *testing.T) {
	v := &struct {
		big   []byte
		small []byte
	}{make([]byte, 1<<20), make([]byte, 10)}
	if got := Of(v, "big"); got > 100 {
		t.Errorf("skipping big: %d", got)
	}
}
