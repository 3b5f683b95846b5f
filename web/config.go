package web

import (
	"runtime"
	"time"
)

// Config holds the server's limits. A zero field takes its default, so
// Config{} is a sane configuration.
type Config struct {
	// MaxBodyBytes limits the body of a JSON request such as POST /api/simulate.
	// Default 1 MiB.
	MaxBodyBytes int64
	// MaxTraceBytes limits the trace document of POST /api/traces. Default 64 MiB.
	MaxTraceBytes int64
	// DefaultMaxEvents is the event limit of a simulation whose request names
	// none. Default 100,000.
	DefaultMaxEvents int64
	// MaxEvents is the largest event limit a request may ask for, and the
	// limit of every stored run and imported trace. Default 1,000,000.
	MaxEvents int64
	// MaxRuns is how many runs the store keeps; beyond it the least recently
	// used run is evicted. Default 256.
	MaxRuns int
	// MaxStoredEvents bounds the events all stored runs held when they were
	// stored, which is what their memory mostly is; beyond it the least
	// recently used runs are evicted. Default 10,000,000 (well under 1 GB).
	MaxStoredEvents int64
	// Workers is how many CPU-heavy requests (simulating, importing,
	// encoding a stored run) are served at once, so that one client cannot
	// starve the others. Default runtime.NumCPU().
	Workers int
	// QueueWait is how long a heavy request waits for a worker before it is
	// refused with 503. Default 10 s.
	QueueWait time.Duration
	// BodyTimeout is how long a client may take to send a request body.
	// Default 60 s.
	BodyTimeout time.Duration
	// WriteTimeout is how long a client may take to read a response (a trace
	// can be large). Default 2 min.
	WriteTimeout time.Duration
}

// The defaults of Config's fields, as its comments give them.
const (
	defMaxBodyBytes     = 1 << 20
	defMaxTraceBytes    = 64 << 20
	defDefaultMaxEvents = 100_000
	defMaxEvents        = 1_000_000
	defMaxRuns          = 256
	defMaxStoredEvents  = 10_000_000
	defQueueWait        = 10 * time.Second
	defBodyTimeout      = 60 * time.Second
	defWriteTimeout     = 2 * time.Minute
)

// withDefaults fills the zero (or negative) fields.
func (c Config) withDefaults() Config {
	set := func(p *int64, def int64) {
		if *p <= 0 {
			*p = def
		}
	}
	set(&c.MaxBodyBytes, defMaxBodyBytes)
	set(&c.MaxTraceBytes, defMaxTraceBytes)
	set(&c.MaxEvents, defMaxEvents)
	set(&c.DefaultMaxEvents, min(defDefaultMaxEvents, c.MaxEvents))
	set(&c.MaxStoredEvents, defMaxStoredEvents)
	c.DefaultMaxEvents = min(c.DefaultMaxEvents, c.MaxEvents)
	if c.MaxRuns <= 0 {
		c.MaxRuns = defMaxRuns
	}
	if c.Workers <= 0 {
		c.Workers = runtime.NumCPU()
	}
	setDur := func(p *time.Duration, def time.Duration) {
		if *p <= 0 {
			*p = def
		}
	}
	setDur(&c.QueueWait, defQueueWait)
	setDur(&c.BodyTimeout, defBodyTimeout)
	setDur(&c.WriteTimeout, defWriteTimeout)
	return c
}
