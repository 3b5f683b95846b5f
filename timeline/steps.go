package timeline

import "distviz/internal/chunk"

const (
	stepBlock = 1 << 12 // steps that share a base
	userBit   = 1 << 31
	farOff    = userBit - 1 // the offset is in far
)

// stepList is the run's history, one entry a step: the sequence number of
// the step's last event, and whether a user action made it (replayed with
// Apply; its first event is the action event). Four bytes a step: the end
// relative to a base shared by a block of steps, with the user flag as its
// top bit. An end 2^31 events or more past its base (a block of steps of
// half a million events each) is kept aside.
type stepList struct {
	offs  chunk.List[uint32]
	bases []int64 // per block: the end of the step before it (0 for the first)
	far   map[int]int64
}

func (l *stepList) Len() int { return l.offs.Len() }

func (l *stepList) bytes() int64 {
	return int64(l.offs.Len())*4 + int64(len(l.bases))*8 + int64(len(l.far))*32
}

func (l *stepList) Add(end int64, user bool) {
	k := l.offs.Len()
	if k%stepBlock == 0 {
		base := int64(0)
		if k > 0 {
			base = l.End(k - 1)
		}
		l.bases = append(l.bases[:k/stepBlock], base)
	}
	off := end - l.bases[k/stepBlock]
	if off >= farOff {
		if l.far == nil {
			l.far = map[int]int64{}
		}
		l.far[k] = end
		off = farOff
	}
	x := uint32(off)
	if user {
		x |= userBit
	}
	l.offs.Add(x)
}

// End is the sequence number of step k's last event.
func (l *stepList) End(k int) int64 {
	off := *l.offs.At(k) &^ userBit
	if off == farOff {
		return l.far[k]
	}
	return l.bases[k/stepBlock] + int64(off)
}

// User reports whether step k was made by a user action.
func (l *stepList) User(k int) bool { return *l.offs.At(k)&userBit != 0 }

// Truncate keeps the first n steps.
func (l *stepList) Truncate(n int) {
	for k := range l.far { // deleting while ranging is allowed; the order does not matter
		if k >= n {
			delete(l.far, k)
		}
	}
	l.offs.Truncate(n)
	l.bases = l.bases[:(n+stepBlock-1)/stepBlock]
}
