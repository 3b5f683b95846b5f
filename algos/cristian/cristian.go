// Package cristian is Cristian's clock synchronisation (1989),
// ALGORITHMS.md 3: a client asks a time server, gets its time t and sets
// its clock to t + RTT/2, where RTT is the round trip measured on its own
// clock; the result is accurate to ±(RTT/2 − min), min the least one-way
// delay. The server (P0) has a perfect clock; the clients' clocks drift.
package cristian

import (
	"strconv"

	"distviz/algos/kit/clocks"
	"distviz/engine"
)

const (
	msgRequest = "REQUEST"
	msgTime    = "TIME"
	timerSync  = "sync" // the next synchronisation is due
	server     = 0      // the time server's position
)

// system is what every process knows, shared and never changed.
type system struct {
	rounds int         // synchronisations per client
	period engine.Time // between a client's synchronisations
	min    float64     // the least one-way delay
	rho    float64     // the drift bound, for the band
	fix    clocks.Corrector
}

// timeBody is the server's answer: its clock's reading.
type timeBody struct{ T float64 }

func (b timeBody) Label() string { return strconv.FormatFloat(clocks.Round(b.T), 'f', -1, 64) }

// exchange is one synchronisation of a client as it went.
type exchange struct {
	at    engine.Stamp // when the client set its clock
	round int
	rtt   float64 // measured on the client's clock
	band  float64 // ±(RTT/2 − min), plus ρ·RTT for the drift during the exchange
	set   float64 // the value the client set: t + RTT/2
}

type node struct {
	sys      *system
	isServer bool
	clock    engine.Clock
	sentAt   float64 // its hardware clock when it sent its REQUEST
	waiting  bool
	done     []exchange // never changed in place: Clone shares it
	justSet  bool       // the last handler set the clock (for the band check)
}

func (c *node) SoftClock() *engine.Clock { return &c.clock }

// Start starts the clock; a client plans its first synchronisation at a
// time of its own within the first half period (so that clients differ).
func (c *node) Start(env *engine.Env) {
	c.justSet = false
	c.clock.Start(env)
	if c.isServer {
		return
	}
	env.SetTimer(timerSync, env.Rand().Int64N(c.sys.period/2+1))
}

// Timer sends a REQUEST to the server, noting the clock's reading.
func (c *node) Timer(env *engine.Env, name string) {
	c.justSet = false
	if name != timerSync || c.waiting {
		return
	}
	c.sentAt, c.waiting = env.HardwareNow(), true
	env.Note("note.asks", clocks.R(c.clock.Read(env)))
	env.Send(server, engine.Message{Type: msgRequest})
}

func (c *node) Receive(env *engine.Env, from int, m engine.Message) {
	c.justSet = false
	switch m.Type {
	case msgRequest:
		t := c.clock.Read(env)
		env.Note("note.answers", clocks.R(t))
		env.Send(from, engine.Message{Type: msgTime, Body: timeBody{T: t}})
	case msgTime:
		if c.waiting {
			c.synchronise(env, m.Body.(timeBody).T)
		}
	}
}

// synchronise sets the clock to t + RTT/2 and plans the next round. It
// measures RTT on its hardware clock, whose rate is within 1 ± ρ, not on
// the software clock, which may be slewing.
func (c *node) synchronise(env *engine.Env, t float64) {
	now := c.clock.Target(env)
	rtt := env.HardwareNow() - c.sentAt
	set := t + rtt/2
	band := rtt/2 - c.sys.min
	env.Note("note.sets", clocks.R(rtt), clocks.R(t), clocks.R(rtt/2), clocks.R(set))
	if c.sys.rho > 0 {
		env.Note("note.bandDrift", clocks.R(band), clocks.R(band+driftAllowance(c.sys.rho, rtt)))
		band += driftAllowance(c.sys.rho, rtt)
	} else {
		env.Note("note.band", clocks.R(band))
	}
	c.sys.fix.Correct(env, &c.clock, set-now, band)
	c.waiting, c.justSet = false, true
	c.done = append(c.done[:len(c.done):len(c.done)],
		exchange{at: env.Stamp(), round: len(c.done) + 1, rtt: rtt, band: band, set: set})
	if len(c.done) < c.sys.rounds {
		env.SetTimer(timerSync, c.sys.period)
	}
}

// driftAllowance widens the band for a round trip of rtt on a hardware
// clock that runs at 1 ± ρ: the real round trip is at most rtt/(1 − ρ), and
// the answer's real delay at most that less min.
func driftAllowance(rho, rtt float64) float64 { return rho * rtt / (1 - rho) }

func (c *node) View() engine.NodeView {
	role := "idle"
	switch {
	case c.isServer:
		role = "server"
	case c.waiting:
		role = "asking"
	case len(c.done) > 0:
		role = "synchronised"
	}
	vars := []engine.Var{{Name: "clock", Value: c.clock.Marks()}}
	if !c.isServer {
		var rtt, band any
		if len(c.done) > 0 {
			last := c.done[len(c.done)-1]
			rtt, band = clocks.Round(last.rtt), clocks.Round(last.band)
		}
		vars = append(vars, engine.Var{Name: "rtt", Value: rtt}, engine.Var{Name: "band", Value: band},
			engine.Var{Name: "synchronisations", Value: len(c.done)})
	}
	return engine.NodeView{Role: role, Vars: vars}
}

func (c *node) Clone() engine.Process { d := *c; return &d }
