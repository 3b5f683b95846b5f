package engine

import (
	"math/rand/v2"
	"testing"
)

// comparePart, two entries a word, says what an entry-by-entry comparison
// says, for entries near 0, near each other and across the top bit.
func TestComparePartMatchesEntryByEntry(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pick := []func() uint32{
		func() uint32 { return r.Uint32N(4) },
		func() uint32 { return 1<<31 - 2 + r.Uint32N(4) },
		func() uint32 { return ^uint32(0) - r.Uint32N(3) },
		r.Uint32,
	}
	for range 200_000 {
		var m, own part
		for j := range partLen {
			m[j], own[j] = pick[r.IntN(len(pick))](), pick[r.IntN(len(pick))]()
			if r.IntN(3) > 0 {
				own[j] = m[j]
			}
		}
		if got, want := comparePart(&m, &own), entryByEntry(&m, &own); got != want {
			t.Fatalf("comparePart(%v, %v) = %d, want %d", m, own, got, want)
		}
	}
}

func entryByEntry(m, own *part) uint8 {
	newer, older := false, false
	for j := range partLen {
		newer = newer || m[j] > own[j]
		older = older || m[j] < own[j]
	}
	return partOrder(newer, older)
}
