package web

import (
	"context"
	"net/http"
	"time"
)

// limiter lets a fixed number of CPU-heavy requests run at once; the others
// wait their turn for a while and are then refused, so that no client can
// starve the rest and the queue cannot grow without bound.
type limiter struct {
	slots chan struct{}
	wait  time.Duration
}

func newLimiter(n int, wait time.Duration) *limiter {
	return &limiter{slots: make(chan struct{}, n), wait: wait}
}

// acquire takes a slot; the caller must call release once it is done.
func (l *limiter) acquire(ctx context.Context) error { return l.acquireWithin(ctx, l.wait) }

// acquireWithin is acquire waiting up to wait.
func (l *limiter) acquireWithin(ctx context.Context, wait time.Duration) error {
	select {
	case l.slots <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-t.C:
		return errorf(http.StatusServiceUnavailable,
			"the server is busy with other simulations and waited %v for a free worker; try again in a few seconds", wait)
	case <-ctx.Done():
		return errorf(http.StatusServiceUnavailable, "the request was cancelled while it waited for a free worker")
	}
}

func (l *limiter) release() { <-l.slots }

// tryAcquire takes a slot only if one is free at once.
func (l *limiter) tryAcquire() bool {
	select {
	case l.slots <- struct{}{}:
		return true
	default:
		return false
	}
}
