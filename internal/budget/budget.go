// Package budget is the server's one memory budget: a number of bytes that
// everything holding memory in proportion to its size (stored runs as they
// grow, downloads and uploads in progress, experiment rows, sessions)
// charges before it takes the memory and gives back when it lets go. A
// charge beyond the budget is refused with an *Error that says what to do,
// after the budget has asked its reclaimer (the run store, which forgets
// its least recently used runs that nobody is looking at) to make room.
package budget

import (
	"fmt"
	"sync"
)

// Budget counts the bytes charged against a limit. It is safe for
// concurrent use. The zero Budget, and a nil one, has no limit.
type Budget struct {
	mu    sync.Mutex
	limit int64 // ≤ 0: none
	used  int64
	peak  int64
	// reclaim, if set, is asked to give back at least need bytes (by calling
	// Release) and reports how many it gave. It is called without mu held.
	reclaim func(need int64) int64
}

// New makes a budget of limit bytes (≤ 0: unlimited).
func New(limit int64) *Budget { return &Budget{limit: limit} }

// SetReclaimer installs the function asked to free memory before a charge
// is refused. It must not charge this budget.
func (b *Budget) SetReclaimer(f func(need int64) int64) {
	b.mu.Lock()
	b.reclaim = f
	b.mu.Unlock()
}

// Error is a refused charge: the server's memory is taken.
type Error struct {
	What        string // what asked, e.g. "the run"
	Need, Free  int64
	Limit, Used int64
}

func (e *Error) Error() string {
	return fmt.Sprintf("the server's memory is full: %s needs %s more, but only %s of its %s budget is free; "+
		"try again in a minute, when other runs and downloads have finished, or ask for less (fewer events, fewer processes)",
		e.What, Bytes(e.Need), Bytes(max(e.Free, 0)), Bytes(e.Limit))
}

// Charge takes n bytes for what, or refuses them with an *Error (after
// asking the reclaimer to make room) and takes nothing.
func (b *Budget) Charge(n int64, what string) error {
	if b == nil || n <= 0 {
		return nil
	}
	if b.take(n) {
		return nil
	}
	b.mu.Lock()
	reclaim := b.reclaim
	need := b.used + n - b.limit
	b.mu.Unlock()
	if reclaim != nil && need > 0 {
		reclaim(need)
		if b.take(n) {
			return nil
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return &Error{What: what, Need: n, Free: b.limit - b.used, Limit: b.limit, Used: b.used}
}

// take charges n if it fits.
func (b *Budget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.limit > 0 && b.used+n > b.limit {
		return false
	}
	b.add(n)
	return true
}

func (b *Budget) add(n int64) {
	b.used += n
	b.peak = max(b.peak, b.used)
}

// Force charges n bytes even beyond the limit: memory that is already taken
// and must be counted (a message built and about to be written). Later
// charges then see less room.
func (b *Budget) Force(n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.mu.Lock()
	b.add(n)
	b.mu.Unlock()
}

// Release gives back n bytes charged before.
func (b *Budget) Release(n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
}

// Used is the bytes charged now; Peak the most there have been; Limit the
// budget (≤ 0: none).
func (b *Budget) Used() int64 {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

func (b *Budget) Peak() int64 {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.peak
}

func (b *Budget) Limit() int64 {
	if b == nil {
		return 0
	}
	return b.limit
}

// Bytes writes a size for people: "1.5 GiB", "640 KiB", "12 bytes".
func Bytes(n int64) string {
	switch {
	case n >= 1<<30:
		return trim(float64(n)/(1<<30)) + " GiB"
	case n >= 1<<20:
		return trim(float64(n)/(1<<20)) + " MiB"
	case n >= 1<<10:
		return trim(float64(n)/(1<<10)) + " KiB"
	}
	return fmt.Sprintf("%d bytes", n)
}

func trim(x float64) string {
	if x >= 100 || x == float64(int64(x)) {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.1f", x)
}
