package engine

const chunkBits = 12

// chunked is an append-only list in fixed-size chunks: growing it never
// copies what is already there, and truncating it (on a fork) is cheap.
type chunked[T any] struct {
	chunks [][]T
	n      int
}

func (c *chunked[T]) len() int { return c.n }

func (c *chunked[T]) add(x T) {
	i := c.n >> chunkBits
	if i == len(c.chunks) {
		c.chunks = append(c.chunks, make([]T, 0, 1<<chunkBits))
	}
	c.chunks[i] = append(c.chunks[i], x)
	c.n++
}

func (c *chunked[T]) at(i int) *T { return &c.chunks[i>>chunkBits][i&(1<<chunkBits-1)] }

// truncate keeps the first n elements.
func (c *chunked[T]) truncate(n int) {
	if n >= c.n {
		return
	}
	keep := (n + 1<<chunkBits - 1) >> chunkBits
	clear(c.chunks[keep:])
	c.chunks = c.chunks[:keep]
	if keep > 0 {
		last := n - (keep-1)<<chunkBits
		clear(c.chunks[keep-1][last:])
		c.chunks[keep-1] = c.chunks[keep-1][:last]
	}
	c.n = n
}
