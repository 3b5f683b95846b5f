// Package history is an append-only list for a process's record of its
// past (the events at which it did something), cheap to copy: its full
// blocks never change, so every copy of the process shares them, and a copy
// copies only the block being filled. A record kept in a plain slice is
// copied whole at every copy-on-write of its process, which makes a long
// run's checkpoints hold the record again and again.
package history

import (
	"slices"
	"unsafe"
)

// blockLen is how many elements a block holds: 2 KiB of them (256 numbers),
// at least 16. A copy copies the block being filled, so a record of large
// elements (a mutual-exclusion entry with its stamps) shares more in
// smaller blocks.
func blockLen[T any]() int {
	var x T
	return max(16, 2048/max(1, int(unsafe.Sizeof(x))))
}

// List is the record. The zero value is empty.
type List[T any] struct {
	full [][]T // blocks of block elements, shared by the copies
	last []T   // the block being filled (never full after an Add), the list's own
}

// Add appends x.
func (l *List[T]) Add(x T) {
	if b := blockLen[T](); len(l.last) == b {
		l.full = append(slices.Clip(l.full), l.last)
		l.last = make([]T, 0, b)
	}
	l.last = append(l.last, x)
}

// Len is the number of elements.
func (l *List[T]) Len() int { return len(l.full)*blockLen[T]() + len(l.last) }

// Last is the last element, to change it in place (it is the list's own);
// nil when the list is empty.
func (l *List[T]) Last() *T {
	if len(l.last) == 0 {
		return nil
	}
	return &l.last[len(l.last)-1]
}

// Clone is a copy that shares the full blocks. Its block being filled has
// room for twice what it holds (up to a whole block): the copy is the one
// that goes on (the engine copies a process to change it), and it adds
// without growing the block again after each copy. An empty list's copy
// takes nothing: checkpoints keep every process's copy.
func (l *List[T]) Clone() List[T] {
	var last []T
	if n := len(l.last); n > 0 {
		last = append(make([]T, 0, min(blockLen[T](), max(16, 2*n))), l.last...)
	}
	return List[T]{full: slices.Clip(l.full), last: last}
}

// AppendTo appends the elements, in order, to out.
func (l *List[T]) AppendTo(out []T) []T {
	for _, b := range l.full {
		out = append(out, b...)
	}
	return append(out, l.last...)
}
