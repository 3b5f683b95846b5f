package history

import (
	"slices"
	"testing"
)

// Copies made along the way keep what they held, whatever the original
// and the other copies add or change at their last element afterwards.
func TestCopiesKeepTheirPast(t *testing.T) {
	var l List[int]
	var copies []List[int]
	var want [][]int
	for i := range 3*blockLen[int64]() + 7 {
		l.Add(i)
		if i%97 == 0 {
			copies = append(copies, l.Clone())
			want = append(want, l.AppendTo(nil))
		}
		*l.Last() = i // the last element changes in place: copies must not see it
	}
	for i := range copies {
		copies[i].Add(-1)
		*copies[i].Last() = -2
	}
	for i, c := range copies {
		got := c.AppendTo(nil)
		if !slices.Equal(got[:len(got)-1], want[i]) || got[len(got)-1] != -2 {
			t.Fatalf("copy %d holds %v…, want %v and -2", i, got[:min(5, len(got))], want[i][:min(5, len(want[i]))])
		}
	}
	if l.Len() != 3*blockLen[int64]()+7 || len(l.AppendTo(nil)) != l.Len() {
		t.Errorf("Len %d, %d elements", l.Len(), len(l.AppendTo(nil)))
	}
}

// A record of large elements fills blocks of 16: a copy copies at most 15.
func TestLargeElementsShareSmallBlocks(t *testing.T) {
	var l List[[300]byte]
	for i := range 40 {
		l.Add([300]byte{byte(i)})
	}
	c := l.Clone()
	if blockLen[[300]byte]() != 16 || len(c.full) != 2 || len(c.last) != 8 || &c.full[1][0] != &l.full[1][0] {
		t.Fatalf("blocks of %d: %d full (shared: %v), %d in the last; want 16, 2 (true), 8",
			blockLen[[300]byte](), len(c.full), &c.full[1][0] == &l.full[1][0], len(c.last))
	}
	if got := c.AppendTo(nil); len(got) != 40 || got[39][0] != 39 || c.Len() != 40 {
		t.Errorf("the copy holds %d elements (Len %d)", len(got), c.Len())
	}
}
