// Package ntp is a simplified NTP, ALGORITHMS.md 3: a tree of strata (the
// stratum 1 server P0 has a reference clock; every other server
// synchronises from its parent, one stratum lower, and is itself one
// stratum higher). One exchange gives four timestamps, T1 the client sends,
// T2 the server receives, T3 the server sends, T4 the client receives:
// offset θ = ((T2 − T1) + (T3 − T4))/2 and delay δ = (T4 − T1) − (T3 − T2);
// the true offset lies within θ ± δ/2. A client keeps its last few (θ, δ)
// pairs and trusts the one with the smallest δ (the clock filter). In
// procedure-call mode the client asks and the server answers; in symmetric
// mode parent and child both send on their own timers, each message
// carrying the timestamps of the last one received (symmetric.go).
package ntp

import (
	"fmt"
	"slices"

	"distviz/algos/kit/clocks"
	"distviz/engine"
)

const (
	msgRequest  = "REQUEST"
	msgResponse = "RESPONSE"
	msgSync     = "SYNC"
	timerPoll   = "poll"
)

// system is what every process knows, shared and never changed.
type system struct {
	n         int
	fanout    int
	symmetric bool
	period    engine.Time
	polls     int // exchanges each client starts
	window    int // the clock filter's pairs
	fix       clocks.Corrector
}

func (s *system) parent(p int) int {
	if p == 0 {
		return -1
	}
	return (p - 1) / s.fanout
}

func (s *system) stratum(p int) int {
	k := 1
	for ; p > 0; p = s.parent(p) {
		k++
	}
	return k
}

func (s *system) children(p int) []int {
	var out []int
	for c := p*s.fanout + 1; c <= p*s.fanout+s.fanout && c < s.n; c++ {
		out = append(out, c)
	}
	return out
}

// truth is what a message carries for the checks only (never read by a
// process): when the client's first timestamp was taken, and the server's
// offset from the reference when it sent.
type truth struct {
	T1     float64
	Offset float64
}

type requestBody struct {
	T1    float64
	Truth truth
}

type responseBody struct {
	T1, T2, T3 float64
	Ref        float64 // the server's reference timestamp: when its clock was last set
	Truth      truth
}

func (b requestBody) Label() string  { return r2(b.T1) }
func (b responseBody) Label() string { return r2(b.T2) + ", " + r2(b.T3) }

func r2(x float64) string { return fmt.Sprint(clocks.Round(x)) }

// sample is one exchange's estimate: θ (kept up to date with the client's
// corrections since), δ, and its truth for the checks.
type sample struct {
	theta, delta float64
	ref          float64 // the server's reference timestamp
	truth        truth
}

// correction is a correction the client made, for the outcome and checks.
type correction struct {
	at     engine.Stamp
	target float64 // the clock's Target right after
	theta  float64
	delta  float64
	truth  truth
}

type node struct {
	sys     *system
	self    int
	clock   engine.Clock
	ref     float64   // its reference timestamp: its clock when it was last set (0: never)
	moved   float64   // the sum of its corrections: timestamps taken earlier are moved by what came since
	asked   []stamped // its requests' T1, the last few; never changed in place
	polled  int
	samples []sample     // the filter's window, oldest first; never changed in place
	fixes   []correction // never changed in place
	peers   []peer       // symmetric mode: parent and children
	justFix bool
}

func (c *node) SoftClock() *engine.Clock { return &c.clock }

func (c *node) Start(env *engine.Env) {
	c.justFix = false
	c.clock.Start(env)
	if c.sys.symmetric {
		c.startPeers(env)
		return
	}
	if c.self != 0 {
		env.SetTimer(timerPoll, env.Rand().Int64N(c.sys.period)+1)
	}
}

func (c *node) Timer(env *engine.Env, name string) {
	c.justFix = false
	if c.sys.symmetric {
		c.peerTimer(env, name)
		return
	}
	if name != timerPoll || c.polled >= c.sys.polls {
		return
	}
	c.polled++
	t1 := c.clock.Target(env)
	k := len(c.asked)
	c.asked = append(c.asked[max(0, k-3):k:k], stamped{t: t1, moved: c.moved})
	env.Note("note.asks", engine.Pos(c.sys.parent(c.self)), clocks.R(t1))
	env.Send(c.sys.parent(c.self), engine.Message{Type: msgRequest, Body: requestBody{T1: t1, Truth: truth{T1: float64(env.Now())}}})
	if c.polled < c.sys.polls {
		env.SetTimer(timerPoll, c.sys.period)
	}
}

func (c *node) Receive(env *engine.Env, from int, m engine.Message) {
	c.justFix = false
	switch b := m.Body.(type) {
	case requestBody:
		t := c.clock.Target(env)
		tr := truth{T1: b.Truth.T1, Offset: t - float64(env.Now())}
		env.Note("note.answers", clocks.R(t))
		env.Send(from, engine.Message{Type: msgResponse, Body: responseBody{T1: b.T1, T2: t, T3: t, Ref: c.ref, Truth: tr}})
	case responseBody:
		for _, a := range c.asked {
			if a.t == b.T1 {
				c.exchange(env, c.now(a), b.T2, b.T3, c.clock.Target(env), b.Ref, b.Truth)
			}
		}
	case syncBody:
		c.receiveSync(env, from, b)
	}
}

// exchange computes θ and δ from the four timestamps, keeps the pair in the
// filter and corrects the clock by the θ of the pair with the smallest δ.
// Pairs taken before the server's clock was last set (an older reference
// timestamp) no longer say where the server's clock is: they are dropped.
func (c *node) exchange(env *engine.Env, t1, t2, t3, t4, ref float64, tr truth) {
	theta := ((t2 - t1) + (t3 - t4)) / 2
	delta := (t4 - t1) - (t3 - t2)
	env.Note("note.estimates", clocks.R(t1), clocks.R(t2), clocks.R(t3), clocks.R(t4), clocks.R(theta), clocks.R(delta))
	var s []sample
	for _, x := range c.samples {
		if x.ref == ref {
			s = append(s, x)
		}
	}
	if len(s) < len(c.samples) {
		env.Note("note.serverSet", engine.Num(len(c.samples)-len(s)))
	}
	s = append(s, sample{theta: theta, delta: delta, ref: ref, truth: tr})
	if len(s) > c.sys.window {
		s = s[len(s)-c.sys.window:]
	}
	best := 0
	for i := range s {
		if s[i].delta < s[best].delta {
			best = i
		}
	}
	chosen := s[best]
	env.Note("note.filter", engine.Num(len(s)), clocks.R(chosen.delta), clocks.R(chosen.theta))
	// the pairs' θ are offsets from this clock: they move with it
	moved := make([]sample, len(s))
	for i, x := range s {
		moved[i] = x
		moved[i].theta -= chosen.theta
	}
	c.samples = moved
	c.sys.fix.Correct(env, &c.clock, chosen.theta, chosen.delta/2)
	c.ref = c.clock.Target(env)
	c.fixes = append(c.fixes[:len(c.fixes):len(c.fixes)], correction{at: env.Stamp(), target: c.ref,
		theta: chosen.theta, delta: chosen.delta, truth: chosen.truth})
	c.justFix = true
	c.moved += chosen.theta
}

// stamped is a timestamp of this clock and the sum of the corrections
// when it was taken.
type stamped struct{ t, moved float64 }

// now is a timestamp taken earlier as the clock now reads it: moved by the
// corrections since (a correction moves the clock's whole course).
func (c *node) now(s stamped) float64 { return s.t + c.moved - s.moved }

func (c *node) View() engine.NodeView {
	role := "client"
	if c.self == 0 {
		role = "reference"
	}
	var off, del any
	if k := len(c.fixes); k > 0 {
		off, del = clocks.Round(c.fixes[k-1].theta), clocks.Round(c.fixes[k-1].delta)
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "clock", Value: c.clock.Marks()},
		{Name: "stratum", Value: c.sys.stratum(c.self)},
		{Name: "server", Value: c.sys.parent(c.self)},
		{Name: "lastTheta", Value: off},
		{Name: "lastDelay", Value: del},
		{Name: "pairs", Value: len(c.samples)},
	}}
}

func (c *node) Clone() engine.Process {
	d := *c
	d.peers = slices.Clone(c.peers)
	return &d
}
