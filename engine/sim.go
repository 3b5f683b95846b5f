package engine

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
)

// Delay is a link's delay: fixed when Min == Max, else uniform in [Min, Max].
type Delay struct {
	Min Time `json:"min"`
	Max Time `json:"max"`
}

// Tail is a rare long delay: probability P, delay uniform in Delay.
type Tail struct {
	P     float64
	Delay Delay
}

// StartAt starts process Node at virtual time At.
type StartAt struct {
	Node int
	At   Time
}

// Invariant is a property over the global state, checked outside the
// algorithms. Check runs after every step with the position of the process
// the step concerned (None if it concerned none) and returns "" when the
// property holds, else the violation in words. Checks should look only at
// what the step can have changed so that long runs stay fast.
type Invariant struct {
	Name        string
	Description string
	// Check says what is wrong after a step, as a text; the zero Text: nothing.
	Check func(w World, node int) Text
	// Info marks a property the algorithm need not keep, reported for the
	// lecture (ME3 for the central coordinator): a failure is narrated as a
	// note of the process the step concerned (its text should name the
	// property), not counted as a violation.
	Info bool
}

// Config is everything a Sim needs; algorithms build it from their parameters.
type Config struct {
	Procs        []Process
	Starts       []StartAt // who starts, and when; ties in time start in this order
	Crashed      []int     // positions crashed from the beginning
	Delay        Delay
	Tail         *Tail   // rare long delays: a message takes one from Tail.Delay with probability Tail.P; nil: none (no number drawn)
	NonFIFO      bool    // allow a later message to overtake an earlier one on a link
	Loss         float64 // default loss probability of every link
	MessageTypes []string
	Invariants   []Invariant // checked after every step
	Final        []Invariant // checked when nothing is left to happen (node = None)
	Outcome      func(w World) any
	Schedule     []Scheduled // actions that the scenario itself performs at given times
	Topology     *Topology   // a bus of cables (FireWire); nil: every pair of processes is linked
	// Causality makes the engine keep vector clocks (piggybacked on every
	// message, never seen by the algorithms) so that Stamp.Before can tell
	// happened-before. Off by default: it costs n numbers per message.
	Causality bool
	// Clocks gives every process a hardware clock drawn from the seed
	// (clock.go); nil: perfect clocks, H(t) = t.
	Clocks *ClockSpec
	// LinkDelay, if set, gives a link its own delay in place of Delay
	// (asymmetric links, a tree of links of different lengths). It must
	// be a pure function.
	LinkDelay func(from, to int) Delay
	// Violated, if set, is told of every violation as it is recorded (its
	// event is the Sim's Seq then): a run without a log (an experiment's)
	// learns its violations without wrapping every check.
	Violated func(inv *Invariant, node int, msg Text)
}

// Scheduled is an action a scenario performs at a virtual time (for example a
// crashed process that recovers at time 40). Unlike a user action it is part
// of the configuration, so a replay does not apply it again.
type Scheduled struct {
	At     Time
	Action Action
}

// World is the read-only global view that invariants and outcomes see.
type World interface {
	N() int
	Process(p int) Process
	Crashed(p int) bool
	Now() Time
	Ended() bool             // nothing is left to happen (outcomes may explain why the run stopped)
	Edges() [][2]int         // the bus's cables as pairs a < b, sorted (empty without a bus)
	Attached(p int) bool     // p is plugged into the bus (always true without a bus)
	Linked(a, b int) bool    // a cable joins a and b (always true without a bus)
	Charged(a Account) int64 // messages charged to an account (Env.SendFor)
}

type link struct {
	lastAt Time // FIFO: no later message may arrive before this
	down   bool
	loss   float64
	hasSet bool // loss was set explicitly for this link
}

type timerRef struct {
	name string
	slot int32
}

// Sim is one run's complete state. Step and Apply advance it; Clone and
// Snapshot copy it, sharing what neither side changes (cow.go). A Sim is not
// safe for concurrent use; distinct copies are.
type Sim struct {
	cfg        *Config
	now        Time
	seq        int64
	order      uint64
	nextMsg    int64
	n          int
	owner                      // its generations, what it has copied (cow.go)
	procs      cow[Process]    // read with procs.get; handlers run on acquire's process
	crashed    cow[uint64]     // a bit a process
	timers     cow[[]timerRef] // a process's slice is never changed in place: shared
	flat       flatType        // the type of the last process acquired
	scratch    Process         // a scratch process of that type, if flat
	batch      []uint64        // memory for new flat processes (newFlat)
	q          queue
	links      map[int64]link
	linkSet    bool // some link has state: consult links on every send
	net        rand.PCG
	netRand    *rand.Rand
	seed       uint64
	rands      map[int]*nodeRand // created on first use; lookup only
	env        Env               // handed to one process at a time
	metrics    Metrics
	ended      bool
	log        *Log       // nil: events are only counted (replays, experiments)
	stepNode   int        // the process the current step concerns, for invariants
	bus        *bus       // nil: no topology
	charges    charges    // messages charged by SendFor
	causal     *causality // nil unless Config.Causality
	hw         []Hardware // the hardware clocks (Config.Clocks), never changed
	timerNames []string   // the names of the timers set so far (pending.typ of a timer)
	// counted: the per-process counters (Metrics.ByProcess) are not kept but
	// counted from this log when asked (a Sim restored from a Snapshot)
	counted   *Log
	unchecked bool  // StepUnchecked: the invariants are not checked
	probing   probe // PeekStart's, kept to spare an allocation a probe
}

// New builds a Sim at time 0. The initial crashes are its first events.
func New(cfg Config, seed uint64) (*Sim, error) {
	n := len(cfg.Procs)
	if n == 0 {
		return nil, fmt.Errorf("engine: no processes")
	}
	if cfg.Delay.Min < 0 || cfg.Delay.Max < cfg.Delay.Min {
		return nil, fmt.Errorf("engine: delay [%d, %d] is not a range of non-negative times", cfg.Delay.Min, cfg.Delay.Max)
	}
	if t := cfg.Tail; t != nil && (t.Delay.Min < 0 || t.Delay.Max < t.Delay.Min || t.P < 0 || t.P > 1) {
		return nil, fmt.Errorf("engine: a tail delay [%d, %d] with probability %v is not a range of non-negative times and a probability", t.Delay.Min, t.Delay.Max, t.P)
	}
	c := cfg
	s := &Sim{
		cfg:     &c,
		n:       n,
		owner:   owner{gen: newGen()},
		procs:   newCow[Process](n),
		crashed: newCow[uint64]((n + 63) / 64),
		timers:  newCow[[]timerRef](n),
		links:   map[int64]link{},
		seed:    seed,
		rands:   map[int]*nodeRand{},
		metrics: newMetrics(n, cfg.MessageTypes),
	}
	for p, proc := range cfg.Procs {
		s.install(p, proc) // the configuration's processes are this Sim's to change
	}
	c.Procs = nil // the Sim has them: whatever no copy needs can go
	// Most algorithms keep about one message per process in flight: size the
	// queue for that rather than growing it by copying.
	s.q.slab = make([]pending, 0, n)
	s.q.bodies = make([]any, 0, n)
	s.q.free = make([]int32, 0, n)
	s.net = *rand.NewPCG(seed, 0x6e6574776f726b) // "network"
	s.netRand = rand.New(&s.net)
	s.env.sim = s
	if cfg.Topology != nil {
		b, err := newBus(cfg.Topology, n)
		if err != nil {
			return nil, err
		}
		s.bus = b
	}
	if cfg.Causality {
		s.causal = newCausality(n)
	}
	if cfg.Clocks != nil {
		hw, err := drawClocks(cfg.Clocks, n, seed)
		if err != nil {
			return nil, err
		}
		s.hw = hw
	}
	for _, st := range cfg.Starts {
		if st.Node < 0 || st.Node >= n || st.At < 0 {
			return nil, fmt.Errorf("engine: start of process %d at %d is out of range", st.Node, st.At)
		}
		if s.bus != nil && !s.bus.attached[st.Node] {
			return nil, fmt.Errorf("engine: process %d starts but is not plugged in", st.Node)
		}
		s.order++
		s.q.push(pending{kind: pendStart, node: int32(st.Node), from: None, at: st.At, order: s.order}, nil)
	}
	c.Starts = nil // queued: a list of n starts need not live as long as the run
	for i, sc := range cfg.Schedule {
		if sc.At < 0 {
			return nil, fmt.Errorf("engine: scheduled %s at negative time %d", sc.Action.Type, sc.At)
		}
		s.order++
		s.q.push(pending{kind: pendAction, node: None, from: None, at: sc.At, order: s.order, msgID: int64(i)}, nil)
	}
	return s, nil
}

// Record makes the Sim append every event to l (nil: events are only
// counted). The initial crashes are recorded by Init, so attach a log first.
func (s *Sim) Record(l *Log) {
	s.count()
	s.log = l
}

// Init applies the configuration's initial crashes as the run's first events.
// It must be called once, before the first Step.
func (s *Sim) Init() {
	for _, p := range s.cfg.Crashed {
		if p >= 0 && p < s.n && !s.Crashed(p) {
			s.setCrashed(p, true)
			s.event(&Event{Kind: KindCrash, Node: int32(p), From: None, To: None, Text: T("engine.crashedFromStart")})
		}
	}
}

// nodeRand is a process's own random stream.
type nodeRand struct {
	pcg rand.PCG
	r   *rand.Rand
}

// envFor hands the Sim's one Env to process p: handlers never nest, and a
// process must not keep the Env beyond the call.
func (s *Sim) envFor(p int) *Env {
	s.env.self = p
	return &s.env
}

// Clone returns an independent copy (without a recorder). It shares with s
// what neither changes, so it costs O(n/64) and the messages in flight.
func (s *Sim) Clone() *Sim {
	c := s.share(true)
	c.q = s.q.clone()
	return c
}

// share copies everything but the queue: the per-process arrays by their
// directories (both sides get new generations, so neither writes a shared
// chunk or process), the bus as it is (performBus copies it before a
// change), the rest in full, the per-process counters if counts.
func (s *Sim) share(counts bool) *Sim {
	c := *s
	s.prevGen, c.prevGen = s.gen, s.gen
	s.gen, c.gen = newGen(), newGen()
	c.log = nil
	c.probing = probe{} // its buffers are s's
	c.procs = s.procs.share()
	c.timers = s.timers.share()
	c.scratch, c.flat, c.batch = nil, flatType{}, nil
	c.crashed = s.crashed.share()
	c.links = maps.Clone(s.links)
	c.netRand = rand.New(&c.net)
	c.rands = make(map[int]*nodeRand, len(s.rands))
	for p, r := range s.rands { // copying every entry: the order does not matter
		nr := &nodeRand{pcg: r.pcg}
		nr.r = rand.New(&nr.pcg)
		c.rands[p] = nr
	}
	c.metrics = s.metrics.clone(counts)
	c.charges = s.charges.clone()
	if s.causal != nil {
		c.causal = s.causal.clone()
	}
	c.timerNames = slices.Clone(s.timerNames)
	c.env = Env{sim: &c}
	return &c
}

// N is the number of processes.
func (s *Sim) N() int { return s.n }

// Process returns the process at position p, for invariants and views to
// read: it may be shared with copies of the Sim, so it must not be changed.
func (s *Sim) Process(p int) Process { return s.procs.get(p) }

// Crashed reports whether the process at position p has crashed.
func (s *Sim) Crashed(p int) bool { return s.crashed.get(p>>6)&(1<<(p&63)) != 0 }

// touch notes that process p may change in the current event: it runs a
// handler on a process the Sim may change in place, takes a changed copy,
// or crashes or recovers. The callers have recorded the step's first event
// already, so the stamp lies inside the step.
// (Stamps take 32 bits, the run's events beyond: unknown.)
func (s *Sim) touch(p int) { s.procs.writable(p, &s.owner).stamps[p&cowMask] = s.stamp() }

// stamp is the current event as a stamp of Touched.
func (s *Sim) stamp() uint32 { return uint32(min(s.seq, unknownStamp)) }

const unknownStamp = 1<<32 - 1

// Touched is the sequence number of the last event at which the process at
// position p may have changed: ran a handler that changed it (or may have:
// one the Sim does not compare), crashed or recovered (0: never; −1: not
// known, in a run of more than 4,294,967,294 events). Two states of one
// history whose known stamps for p agree have p alike, so a view that draws
// only what changed (frame.Encoder) asks nothing of the others.
func (s *Sim) Touched(p int) int64 {
	c := s.procs.chunk(p)
	if c == nil {
		return 0
	}
	if st := c.stamps[p&cowMask]; st != unknownStamp {
		return int64(st)
	}
	return -1
}

func (s *Sim) setCrashed(p int, c bool) {
	s.touch(p)
	w := &s.crashed.writable(p>>6, &s.owner).vals[(p>>6)&cowMask]
	if c {
		*w |= 1 << (p & 63)
	} else {
		*w &^= 1 << (p & 63)
	}
}

// Now is the current virtual time.
func (s *Sim) Now() Time { return s.now }

// Seq is the sequence number of the last event (0 before any).
func (s *Sim) Seq() int64 { return s.seq }

// LastMsgID is the ID of the last message sent (IDs count up from 1).
func (s *Sim) LastMsgID() int64 { return s.nextMsg }

// Ended reports whether the run has ended: nothing is left to happen.
func (s *Sim) Ended() bool { return s.ended }

// Metrics returns the message and event counters so far.
func (s *Sim) Metrics() *Metrics {
	s.count()
	return &s.metrics
}

// count makes the per-process counters of a Sim restored from a Snapshot
// current: they are counted from the log when first asked for, and kept
// from then on.
func (s *Sim) count() {
	if s.counted != nil {
		s.metrics.ByProcess = s.counted.CountsAt(s.seq, s.n)
		s.metrics.uncounted, s.counted = false, nil
	}
}

// Outcome is the algorithm's result in the current state (nil if it has none).
func (s *Sim) Outcome() any {
	if s.cfg.Outcome == nil {
		return nil
	}
	return s.cfg.Outcome(s)
}

func (s *Sim) rand(node int) *rand.Rand {
	r := s.rands[node]
	if r == nil {
		r = s.freshRand(node)
		s.rands[node] = r
	}
	return r.r
}

// freshRand is process node's random stream before its first draw.
func (s *Sim) freshRand(node int) *nodeRand {
	r := &nodeRand{pcg: *rand.NewPCG(s.seed, uint64(node)+1)}
	r.r = rand.New(&r.pcg)
	return r
}
