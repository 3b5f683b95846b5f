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
	for i := range 3*block + 7 {
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
	if l.Len() != 3*block+7 || len(l.AppendTo(nil)) != l.Len() {
		t.Errorf("Len %d, %d elements", l.Len(), len(l.AppendTo(nil)))
	}
}
