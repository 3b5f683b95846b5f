// Package chunk provides an append-only list stored in fixed-size chunks:
// growing it never copies more than its first chunk, and truncating it is
// cheap. Long runs keep their event logs and step lists in it.
package chunk

const (
	bits = 12
	size = 1 << bits
	mask = size - 1
)

// List is an append-only list of T in chunks of 4096. The first chunk grows
// by doubling, so a short list stays small; later chunks are allocated at
// full length, so adding is one indexed write.
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
		l := size
		if i == 0 {
			l = 16
		}
		c.chunks = append(c.chunks, make([]T, l))
	} else if i == 0 && c.n == len(c.chunks[0]) {
		grown := make([]T, min(size, 2*c.n))
		copy(grown, c.chunks[0])
		c.chunks[0] = grown
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
	keep := (n + size - 1) >> bits
	clear(c.chunks[keep:])
	c.chunks = c.chunks[:keep]
	if keep > 0 && n&mask != 0 {
		clear(c.chunks[keep-1][n&mask:]) // drop references for the collector
	}
	c.n = n
}
