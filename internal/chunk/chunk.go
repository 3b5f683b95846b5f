// Package chunk provides an append-only list stored in fixed-size chunks:
// growing it never copies what is already there, and truncating it is cheap.
// Long runs keep their event logs and step lists in it.
package chunk

const (
	bits = 12
	mask = 1<<bits - 1
)

// List is an append-only list of T in chunks of 4096. Chunks are allocated
// at full length, so adding is one indexed write.
type List[T any] struct {
	chunks [][]T
	n      int
}

// Len is the number of elements.
func (c *List[T]) Len() int { return c.n }

// Add appends x.
func (c *List[T]) Add(x T) {
	i := c.n >> bits
	if i == len(c.chunks) {
		c.chunks = append(c.chunks, make([]T, 1<<bits))
	}
	c.chunks[i][c.n&mask] = x
	c.n++
}

// At returns a pointer to element i (0 ≤ i < Len).
func (c *List[T]) At(i int) *T { return &c.chunks[i>>bits][i&mask] }

// Truncate keeps the first n elements.
func (c *List[T]) Truncate(n int) {
	if n >= c.n {
		return
	}
	keep := (n + 1<<bits - 1) >> bits
	clear(c.chunks[keep:])
	c.chunks = c.chunks[:keep]
	if keep > 0 && n&mask != 0 {
		clear(c.chunks[keep-1][n&mask:]) // drop references for the collector
	}
	c.n = n
}
