package chunk

import "testing"

func TestAddAtTruncate(t *testing.T) {
	var c List[int]
	for i := range 10000 {
		c.Add(i)
	}
	for _, n := range []int{9000, 4096, 4095, 1, 0} {
		c.Truncate(n)
		if c.Len() != n {
			t.Fatalf("Truncate(%d): Len %d", n, c.Len())
		}
		for i := range n {
			if *c.At(i) != i {
				t.Fatalf("after Truncate(%d): At(%d) = %d", n, i, *c.At(i))
			}
		}
		c.Add(-1) // growing again after a cut reuses the cut chunk
		if *c.At(n) != -1 {
			t.Fatalf("Add after Truncate(%d) landed wrong", n)
		}
		c.Truncate(n)
	}
}
