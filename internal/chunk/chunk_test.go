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

func TestFirstChunkGrows(t *testing.T) {
	var c List[int64]
	for i := range 5000 {
		c.Add(int64(i))
		if c.Len() <= size && len(c.chunks[0]) > max(16, 2*c.Len()) {
			t.Fatalf("%d elements in a first chunk of %d", c.Len(), len(c.chunks[0]))
		}
	}
	for i := range 5000 {
		if *c.At(i) != int64(i) {
			t.Fatalf("At(%d) = %d", i, *c.At(i))
		}
	}
}
