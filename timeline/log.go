package timeline

import "distviz/engine"

const chunkBits = 14

// eventLog stores events in fixed-size chunks so that a long run never copies
// its history when it grows, and truncation on a fork is cheap.
type eventLog struct {
	chunks [][]engine.Event
	n      int
}

func (l *eventLog) add(e *engine.Event) {
	c := l.n >> chunkBits
	if c == len(l.chunks) {
		l.chunks = append(l.chunks, make([]engine.Event, 0, 1<<chunkBits))
	}
	l.chunks[c] = append(l.chunks[c], *e)
	l.n++
}

// at returns the event with sequence number seq (1-based).
func (l *eventLog) at(seq int64) *engine.Event {
	i := int(seq - 1)
	return &l.chunks[i>>chunkBits][i&(1<<chunkBits-1)]
}

// truncate keeps the first n events.
func (l *eventLog) truncate(n int) {
	if n >= l.n {
		return
	}
	keep := (n + 1<<chunkBits - 1) >> chunkBits
	for i := keep; i < len(l.chunks); i++ {
		l.chunks[i] = nil
	}
	l.chunks = l.chunks[:keep]
	if keep > 0 {
		last := n - (keep-1)<<chunkBits
		clear(l.chunks[keep-1][last:])
		l.chunks[keep-1] = l.chunks[keep-1][:last]
	}
	l.n = n
}
