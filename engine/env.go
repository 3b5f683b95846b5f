package engine

import (
	"math/rand/v2"
)

// Env is a process's only window on the world: its position, virtual time,
// sending, timers, its own seeded random stream and narration.
type Env struct {
	sim   *Sim
	self  int
	probe *probe // a dry run of a handler (probe.go): nothing it does takes effect
}

// Self is the process's position (0..N-1).
func (e *Env) Self() int { return e.self }

// N is the number of processes in the system (every algorithm here assumes it is known).
func (e *Env) N() int { return e.sim.n }

// Now is the current virtual time.
func (e *Env) Now() Time { return e.sim.now }

// Send sends m to the process at position to.
func (e *Env) Send(to int, m Message) {
	if e.probe != nil {
		e.probe.send(e.sim, to)
		return
	}
	e.sim.send(e.self, to, m)
}

// SetTimer (re)arms the named timer to fire after the given delay.
func (e *Env) SetTimer(name string, after Time) {
	if e.probe != nil {
		e.probe.setTimer(name, true)
		return
	}
	e.sim.setTimer(e.self, name, after)
}

// CancelTimer disarms the named timer; cancelling an unarmed timer does nothing.
func (e *Env) CancelTimer(name string) {
	if e.probe != nil {
		e.probe.setTimer(name, false)
		return
	}
	e.sim.cancelTimer(e.self, name)
}

// TimerSet reports whether the named timer is armed.
func (e *Env) TimerSet(name string) bool {
	if set, ok := e.probe.timerSet(name); ok {
		return set
	}
	for _, t := range e.sim.timers.get(e.self) {
		if t.name == name {
			return true
		}
	}
	return false
}

// Rand is the process's own random stream, seeded from the run's seed.
func (e *Env) Rand() *rand.Rand {
	if e.probe != nil {
		return e.probe.rand(e.sim, e.self)
	}
	return e.sim.rand(e.self)
}

// Note records a narration line about this process's decision: a key into
// the algorithm's texts ("note.discardsSmaller") and its typed arguments.
func (e *Env) Note(key string, args ...Arg) {
	if e.probe != nil {
		return
	}
	e.sim.note(int32(e.self), key, args)
}

// Reachable is the model's perfect failure detector, for algorithms whose
// lecture assumes one (the ring with ID lists skips a crashed successor): it
// tells whether p is up, and nothing else about p.
func (e *Env) Reachable(p int) bool { return p >= 0 && p < e.sim.n && !e.sim.Crashed(p) }
