// Package heartbeatdetector is the unreliable failure detector of
// ALGORITHMS.md 4: every process sends "alive" (a heartbeat) to every other
// every T; q suspects p when nothing came from p within T + D of p's last
// heartbeat (D: an estimate of the maximum transmission delay) and
// un-suspects p when a heartbeat arrives later. Too small a timeout
// suspects often; too large reacts slowly. In a synchronous system, where D
// is the real maximum delay, the same scheme is reliable: it never
// suspects a live process.
package heartbeatdetector

import (
	"slices"
	"strconv"

	"distviz/engine"
)

const msgAlive = "ALIVE"

const timerBeat = "beat" // time to send the next heartbeat

// Timers per monitored process: its heartbeat is due (timeout), and, at
// the same instant once every heartbeat arriving then is in, the
// suspicion (check).
func timeoutTimer(p int) string { return "timeout P" + strconv.Itoa(p) }
func checkTimer(p int) string   { return "check P" + strconv.Itoa(p) }

// alive is a heartbeat: the time it was sent, as the lecture's synchronous
// system may read it from its synchronised clock.
type alive struct {
	Sent engine.Time `json:"sent"`
}

// Label writes the heartbeat's send time: ALIVE(20).
func (a *alive) Label() string { return strconv.FormatInt(a.Sent, 10) }

// settings are the detector's constants, the same for every process.
type settings struct {
	period   engine.Time // T
	margin   engine.Time // D
	duration engine.Time // heartbeats are sent at 0, T, 2T, … up to this time
}

// span is a time q suspected p, from a step of q to a later one (or on).
type span struct {
	suspect int
	from    engine.Stamp
	until   engine.Time // −1: still suspected
}

type node struct {
	set      settings
	heard    []engine.Time // per process, the send time of its latest heartbeat received (−T: none yet)
	suspects []bool
	spans    []span
	beats    int
}

// newNode is a process of n before its start (a message the user delivers
// early may reach it then).
func newNode(set settings, n int) *node {
	c := &node{set: set, heard: make([]engine.Time, n), suspects: make([]bool, n)}
	for p := range n {
		c.heard[p] = -set.period // as if a heartbeat had come at −T: the first is due by D
	}
	return c
}

func (c *node) Start(env *engine.Env) {
	for p := range env.N() {
		if p != env.Self() {
			c.arm(env, p)
		}
	}
	c.beat(env)
}

// beat sends a heartbeat to every other process and arms the next.
func (c *node) beat(env *engine.Env) {
	c.beats++
	for p := range env.N() {
		if p != env.Self() {
			env.Send(p, engine.Message{Type: msgAlive, Body: &alive{Sent: env.Now()}})
		}
	}
	if next := env.Now() + c.set.period; next <= c.set.duration {
		env.SetTimer(timerBeat, c.set.period)
	}
}

// deadline is when p's next heartbeat is overdue: T + D after its last.
func (c *node) deadline(p int) engine.Time { return c.heard[p] + c.set.period + c.set.margin }

// arm waits for p's next heartbeat, if p still sends one.
func (c *node) arm(env *engine.Env, p int) {
	if c.heard[p]+c.set.period > c.set.duration {
		env.CancelTimer(timeoutTimer(p))
		return
	}
	env.SetTimer(timeoutTimer(p), max(0, c.deadline(p)-env.Now()))
}

func (c *node) Timer(env *engine.Env, name string) {
	if name == timerBeat {
		c.beat(env)
		return
	}
	for p := range c.heard {
		switch name {
		case timeoutTimer(p):
			// heartbeats that arrive at this very instant count: look once they are in
			env.SetTimer(checkTimer(p), 0)
		case checkTimer(p):
			c.check(env, p)
		}
	}
}

// check suspects p if its heartbeat is still overdue.
func (c *node) check(env *engine.Env, p int) {
	if c.suspects[p] || env.Now() < c.deadline(p) {
		return
	}
	c.suspects[p] = true
	env.Note("note.suspects", engine.Pos(p), engine.Dur(c.set.period), engine.Dur(c.set.margin), engine.Dur(c.heard[p]), engine.Dur(c.deadline(p)))
	c.spans = append(c.spans[:len(c.spans):len(c.spans)], span{suspect: p, from: env.Stamp(), until: -1})
}

func (c *node) Receive(env *engine.Env, from int, m engine.Message) {
	a, ok := m.Body.(*alive)
	if m.Type != msgAlive || !ok || a.Sent <= c.heard[from] {
		return // not newer than what came before: it says nothing new
	}
	c.heard[from] = a.Sent
	if c.suspects[from] {
		c.suspects[from] = false
		c.spans = slices.Clone(c.spans)
		for i := len(c.spans) - 1; i >= 0; i-- {
			if c.spans[i].suspect == from && c.spans[i].until < 0 {
				c.spans[i].until = env.Now()
				break
			}
		}
		env.Note("note.unsuspects", engine.Pos(from), engine.Dur(a.Sent))
	}
	c.arm(env, from)
}

func (c *node) View() engine.NodeView {
	var sus []int
	for p, s := range c.suspects {
		if s {
			sus = append(sus, p)
		}
	}
	role := "trusting"
	if len(sus) > 0 {
		role = "suspecting"
	}
	if sus == nil {
		sus = []int{}
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "suspects", Value: sus},
		{Name: "beatsSent", Value: c.beats},
	}}
}

func (c *node) Clone() engine.Process {
	d := *c
	d.heard = slices.Clone(c.heard)
	d.suspects = slices.Clone(c.suspects)
	d.spans = slices.Clip(c.spans) // appended to by copy, changed only in a copy
	return &d
}
