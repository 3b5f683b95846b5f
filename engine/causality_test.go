package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The tracker's shared, partwise vectors hold the same numbers as plain
// vector clocks (a copy per process and message, merged entry by entry)
// under random stamps, sends, deliveries, losses and copies of the tracker,
// for n within a part, at a part's edge and across several parts.
func TestCausalityMatchesPlainVectorClocks(t *testing.T) {
	for _, n := range []int{1, 3, partLen, partLen + 1, 3*partLen + 5} {
		for seed := range uint64(20) {
			checkAgainstPlain(t, n, seed)
		}
	}
}

func checkAgainstPlain(t *testing.T, n int, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	c := newCausality(n)
	plain := make([][]uint32, n)
	for p := range plain {
		plain[p] = make([]uint32, n)
	}
	carried := map[int64][]uint32{}
	var stamps []vector
	var want [][]uint32
	var nextID int64
	for step := range 2000 {
		p := r.IntN(n)
		switch k := r.IntN(10); {
		case k < 2:
			plain[p] = slices.Clone(plain[p])
			plain[p][p]++
			stamps, want = append(stamps, c.tick(p)), append(want, plain[p])
		case k < 6:
			nextID++
			c.send(p, nextID)
			carried[nextID] = plain[p]
		case k < 9 || len(carried) == 0:
			id, ok := anyInFlight(r, carried, nextID)
			if !ok {
				continue
			}
			c.deliver(p, id)
			merged := slices.Clone(plain[p])
			for i, x := range carried[id] {
				merged[i] = max(merged[i], x)
			}
			plain[p] = merged
			delete(carried, id)
		default:
			id, _ := anyInFlight(r, carried, nextID)
			c.forget(id)
			delete(carried, id)
		}
		if step%97 == 0 {
			c = c.clone()
		}
		for q := range n {
			if got := expand(c.vc[q], n); !slices.Equal(got, plain[q]) {
				t.Fatalf("n=%d seed=%d step %d: P%d's vector %v, want %v", n, seed, step, q, got, plain[q])
			}
		}
	}
	for i, s := range stamps { // a vector once made never changes
		if got := expand(s, n); !slices.Equal(got, want[i]) {
			t.Fatalf("n=%d seed=%d: stamp %d changed to %v, was %v", n, seed, i, got, want[i])
		}
	}
}

// anyInFlight picks a message in flight, older ones more often.
func anyInFlight(r *rand.Rand, carried map[int64][]uint32, last int64) (int64, bool) {
	if len(carried) == 0 {
		return 0, false
	}
	for {
		if id := last - int64(r.IntN(int(min(last, 20)))); carried[id] != nil {
			return id, true
		}
		if id := int64(1 + r.IntN(int(last))); carried[id] != nil {
			return id, true
		}
	}
}

func expand(v vector, n int) []uint32 {
	out := make([]uint32, n)
	for p := range out {
		out[p] = v.at(p)
	}
	return out
}
