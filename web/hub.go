package web

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// hub tracks the WebSocket sessions so that the server can cap and close them.
type hub struct {
	max     int
	ctx     context.Context // done when the server closes
	cancel  context.CancelFunc
	mu      sync.Mutex
	closing bool
	open    int            // sessions serving
	wg      sync.WaitGroup // handlers past enter
}

func newHub(max int) *hub {
	ctx, cancel := context.WithCancel(context.Background())
	return &hub{max: max, ctx: ctx, cancel: cancel}
}

// enter admits a handler unless the server is closing; the caller must call
// wg.Done when it returns.
func (h *hub) enter() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closing {
		return false
	}
	h.wg.Add(1)
	return true
}

// join counts a session unless the server is full; leave uncounts it.
func (h *hub) join() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.open >= h.max {
		return false
	}
	h.open++
	return true
}

func (h *hub) leave() {
	h.mu.Lock()
	h.open--
	h.mu.Unlock()
}

func (h *hub) sessions() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.open
}

// close refuses new sessions, tells the open ones to end, and waits for
// their handlers to return (or for ctx).
func (h *hub) close(ctx context.Context) error {
	h.mu.Lock()
	h.closing = true
	h.mu.Unlock()
	h.cancel()
	done := make(chan struct{})
	go func() {
		h.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%d WebSocket sessions were still closing: %w", h.sessions(), ctx.Err())
	}
}

// bucket is a token bucket: rate tokens a second, at most burst saved up.
type bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newBucket(rate, burst float64, now time.Time) *bucket {
	return &bucket{rate: rate, burst: burst, tokens: burst, last: now}
}

// allow takes a token if there is one.
func (b *bucket) allow(now time.Time) bool {
	if dt := now.Sub(b.last); dt > 0 {
		b.tokens = min(b.burst, b.tokens+dt.Seconds()*b.rate)
		b.last = now
	}
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
