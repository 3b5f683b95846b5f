package web

import (
	"runtime"
	"time"

	"distviz/experiment"
)

// Config holds the server's limits. A zero field takes its default, so
// Config{} is a sane configuration.
type Config struct {
	// MaxBodyBytes limits the body of a JSON request such as POST /api/simulate.
	// Default 1 MiB.
	MaxBodyBytes int64
	// MaxTraceBytes limits the trace document of POST /api/traces, which is
	// read as it arrives (what it costs is the run it rebuilds, charged to
	// MemoryBudget). Default 2 GiB: the largest trace the server exports
	// (Ring with lists at n = 10,000, 1.4 GiB; a run of 1,000,000 events is
	// about 150 MiB).
	MaxTraceBytes int64
	// DefaultMaxEvents is the event limit of a simulation whose request names
	// none. Default 100,000.
	DefaultMaxEvents int64
	// MaxEvents is the largest event limit a request may ask for, and the
	// limit of every stored run and imported trace. Default 1,000,000.
	MaxEvents int64
	// MaxRuns is how many runs the store keeps; beyond it the least recently
	// used run that nobody is looking at is evicted. Default 256.
	MaxRuns int
	// MemoryBudget is the memory, in bytes, that the server lets everything
	// it holds in proportion to a client's request take together: stored
	// runs and sessions' runs (charged as they grow), trace downloads and
	// uploads in progress, experiment rows on their way, the sessions
	// themselves and the messages being written to them. A request that
	// would exceed it is refused (503, or a session's error) after the
	// least recently used stored runs that nobody is looking at have been
	// forgotten to make room. Default 1 GiB.
	MemoryBudget int64
	// Workers is how many CPU-heavy requests (simulating, importing, a
	// session's open, last, far seek, play or copy of a shared run) are
	// served at once, so that one client cannot starve the others. Default
	// runtime.NumCPU().
	Workers int
	// ExperimentRuns caps the runs (combinations × seeds) of one experiment
	// (POST /api/experiments, or a session's experiment). Default 10,000.
	ExperimentRuns int
	// ExperimentEvents bounds the events of all runs of one experiment
	// together; its rows end before the run that would exceed it
	// (truncated). Default 50,000,000.
	ExperimentEvents int64
	// ExperimentBytes bounds the JSON of one experiment's rows together;
	// its rows end before the run that would exceed it (truncated).
	// Default 64 MiB.
	ExperimentBytes int64
	// ExperimentWorkers is how many experiment runs proceed at once on the
	// whole server, and the most one experiment uses. Default
	// runtime.NumCPU()−1 (at least 1): a processor stays free for the
	// sessions and light requests, which the runs' yielding every few
	// thousand steps does not ensure when a run's start is large (the load
	// test's pattern 3a: GET /api/algorithms p99 170 ms with every core).
	ExperimentWorkers int
	// QueueWait is how long a heavy request waits for a worker before it is
	// refused with 503. Default 10 s.
	QueueWait time.Duration
	// BodyTimeout is how long a client may take to send a request body;
	// a trace upload that says its length has a second more for every
	// 4 MiB. Default 60 s.
	BodyTimeout time.Duration
	// WriteTimeout is how long a client may take to read a response (a trace
	// can be large). Default 2 min.
	WriteTimeout time.Duration

	// AllowedOrigins lists the other origins whose pages may open WebSocket
	// sessions (GET /ws), as host patterns in the sense of path.Match, such
	// as "localhost:5173" or "*.example.org" ("https://host" matches the
	// scheme too). Default: none, only pages the server itself serves. A
	// foreign origin's handshake is refused with 403.
	AllowedOrigins []string
	// MaxFrameNodes is the most processes a session's run may have: every
	// frame carries every process (about 200 bytes each), so a run of
	// 100,000 would send 20 MB a step. A larger one is refused with advice
	// (an experiment, or POST /api/simulate). Default 10,000.
	MaxFrameNodes int
	// Ahead is how many events a session computes a run ahead of its
	// cursor when it opens and after each action (to its end or event
	// limit), so that the page's timeline spans the whole run from the
	// start. Default DefaultMaxEvents; negative: none, runs grow as they
	// are stepped.
	Ahead int64
	// MaxSessions caps the WebSocket sessions open at once. A client beyond
	// it gets an error saying the server is full and the close code 1013
	// (try again later). Default 1000.
	MaxSessions int
	// MessageRate and MessageBurst limit the messages a session's client
	// may send: MessageRate a second, with bursts of up to MessageBurst.
	// Beyond that a message is answered with an error and ignored.
	// Defaults 50 and 100.
	MessageRate  int
	MessageBurst int
	// PingInterval is how often a session's client is pinged; one that does
	// not answer within 10 s (or the interval, if shorter) is disconnected.
	// Default 20 s.
	PingInterval time.Duration
	// IdleTimeout closes a session whose client has sent nothing for this
	// long. Default 15 min.
	IdleTimeout time.Duration
	// SessionWriteTimeout is how long a session's client may take to read
	// one message; a slower client is disconnected, so that it holds up
	// nobody but itself. Default 5 s.
	SessionWriteTimeout time.Duration
}

// The defaults of Config's fields, as its comments give them.
const (
	defMaxBodyBytes     = 1 << 20
	defMaxTraceBytes    = 2 << 30
	defDefaultMaxEvents = 100_000
	defMaxEvents        = 1_000_000
	defMaxRuns          = 256
	defMemoryBudget     = 1 << 30
	defQueueWait        = 10 * time.Second
	defBodyTimeout      = 60 * time.Second
	defWriteTimeout     = 2 * time.Minute
	defMaxSessions      = 1000
	defMaxFrameNodes    = 10_000
	defMessageRate      = 50
	defMessageBurst     = 100
	defPingInterval     = 20 * time.Second
	defIdleTimeout      = 15 * time.Minute
	defSessionWrite     = 5 * time.Second
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
	set(&c.MemoryBudget, defMemoryBudget)
	c.DefaultMaxEvents = min(c.DefaultMaxEvents, c.MaxEvents)
	if c.Ahead == 0 {
		c.Ahead = c.DefaultMaxEvents
	}
	if c.MaxRuns <= 0 {
		c.MaxRuns = defMaxRuns
	}
	setInt := func(p *int, def int) {
		if *p <= 0 {
			*p = def
		}
	}
	setInt(&c.MaxSessions, defMaxSessions)
	setInt(&c.MaxFrameNodes, defMaxFrameNodes)
	setInt(&c.MessageRate, defMessageRate)
	setInt(&c.MessageBurst, defMessageBurst)
	if c.Workers <= 0 {
		c.Workers = runtime.NumCPU()
	}
	setInt(&c.ExperimentRuns, experiment.DefaultMaxRuns)
	set(&c.ExperimentEvents, experiment.DefaultMaxTotalEvents)
	set(&c.ExperimentBytes, experiment.DefaultMaxResultBytes)
	setInt(&c.ExperimentWorkers, max(1, runtime.NumCPU()-1))
	setDur := func(p *time.Duration, def time.Duration) {
		if *p <= 0 {
			*p = def
		}
	}
	setDur(&c.QueueWait, defQueueWait)
	setDur(&c.BodyTimeout, defBodyTimeout)
	setDur(&c.WriteTimeout, defWriteTimeout)
	setDur(&c.PingInterval, defPingInterval)
	setDur(&c.IdleTimeout, defIdleTimeout)
	setDur(&c.SessionWriteTimeout, defSessionWrite)
	return c
}

// experimentLimits are the limits of one experiment.
func (c Config) experimentLimits() experiment.Limits {
	return experiment.Limits{MaxRuns: c.ExperimentRuns, DefaultMaxEvents: c.DefaultMaxEvents,
		MaxEvents: c.MaxEvents, MaxTotalEvents: c.ExperimentEvents, MaxResultBytes: c.ExperimentBytes}
}
