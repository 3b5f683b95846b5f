package engine

import "math/rand/v2"

// A probe answers "would the next step only start a process quietly?"
// without taking it: the timeline groups quiet starts into one step
// (timeline.groupIdle) and used to find out by taking the step on a copy
// of the whole run. The probe runs the process's Start on a clone of the
// process with an Env that lets nothing take effect: sends are counted,
// timers and the random stream are private to the probe, notes are
// dropped. An Env method that changes the Sim must check e.probe and leave
// the Sim as it is: a probe that changed it would change the trace.

// NextStart is what the next step is, as far as grouping quiet starts goes.
type NextStart uint8

const (
	// NoStart: the next step is not a process's start (or nothing is left).
	NoStart NextStart = iota
	// LoudStart: a start whose process sends a message: the step records a
	// send, it is not quiet.
	LoudStart
	// QuietStart: a start that records no send; the checks after it may
	// still record a violation.
	QuietStart
	// MaybeStart: a cancelled item comes first; what follows it is not
	// known without taking the step.
	MaybeStart
)

type probe struct {
	env    Env // the probed handler's, pointing here
	sends  int
	timers []probeTimer // timers set or cancelled by the probed handler, latest last
	r      *nodeRand    // the process's random stream, copied on first use
}

type probeTimer struct {
	name string
	set  bool
}

// PeekStart reports what the next step is without changing the Sim: it
// runs a start on a clone of its process (Process.Clone is a deep copy),
// or, for a flat process, on the Sim's scratch copy of it.
func (s *Sim) PeekStart() NextStart {
	p, ok := s.q.head()
	switch {
	case !ok:
		return NoStart
	case p.dead:
		return MaybeStart
	case p.kind != pendStart:
		return NoStart
	}
	node := int(p.node)
	if s.Crashed(node) {
		return QuietStart // its start event and no handler
	}
	now := s.now
	s.now = max(now, p.at) // what the handler would see
	pr := &s.probing
	*pr = probe{env: Env{sim: s, self: node, probe: pr}, timers: pr.timers[:0]}
	proc, ok := s.scratchCopy(s.procs.get(node)) // no step is under way: the scratch is free
	if !ok {
		proc = s.procs.get(node).Clone()
	}
	proc.Start(&pr.env)
	s.now = now
	if pr.sends > 0 {
		return LoudStart
	}
	return QuietStart
}

// send counts a send that would be recorded as one (one to a position
// outside the run is a note).
func (pr *probe) send(s *Sim, to int) {
	if to >= 0 && to < s.n {
		pr.sends++
	}
}

func (pr *probe) setTimer(name string, set bool) {
	pr.timers = append(pr.timers, probeTimer{name: name, set: set})
}

// timerSet is whether the probed handler has set (or cancelled) the named
// timer; ok is false when it has not touched it (or pr is nil: no probe).
func (pr *probe) timerSet(name string) (set, ok bool) {
	if pr == nil {
		return false, false
	}
	for i := len(pr.timers) - 1; i >= 0; i-- {
		if pr.timers[i].name == name {
			return pr.timers[i].set, true
		}
	}
	return false, false
}

// rand is a copy of the process's random stream: the handler draws what
// it would draw, and the Sim's stream stays where it is.
func (pr *probe) rand(s *Sim, node int) *rand.Rand {
	if pr.r == nil {
		pr.r = s.freshRand(node)
		if r := s.rands[node]; r != nil {
			pr.r.pcg = r.pcg
		}
	}
	return pr.r.r
}
