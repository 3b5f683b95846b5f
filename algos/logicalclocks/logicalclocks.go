// Package logicalclocks is Lamport's and vector clocks, ALGORITHMS.md 3:
// processes do local events and exchange messages (a workload given as
// events or drawn from the seed), and every process keeps both clocks by
// the lecture's rules. Lamport: LC1 increment before each event; LC2
// piggyback the clock on a send, and on a receive take max(local,
// received), then LC1. Vectors: VC1 all zero; VC2 increment the own entry
// before each event; VC3 piggyback the vector on a send; VC4 on a receive
// merge by element-wise max. Each event gets a name as the lecture's
// diagram does (a, b on p1, c, d on p2, …) and its two stamps.
package logicalclocks

import (
	"slices"
	"strconv"
	"strings"

	"distviz/engine"
)

const msgType = "MSG"

const timerEvent = "event" // the process's next planned event is due

// Kinds of events.
const (
	kindLocal   = "local"
	kindSend    = "send"
	kindReceive = "receive"
)

// planned is one of a process's own events of the workload: a local event
// or a send (receives happen when messages arrive).
type planned struct {
	at  engine.Time
	to  int    // the receiver of a send; −1: a local event
	msg string // the message's name (m1, m2, …) for a send
}

// body is what a message carries: its name and, by LC2 and VC3, the
// sender's clocks at the send.
type body struct {
	Name    string  `json:"name"`
	Lamport int64   `json:"lamport"`
	Vector  []int64 `json:"vector"`
}

// Label writes the message as the lecture's diagram does: m1 with its stamps.
func (b *body) Label() string {
	return b.Name + ": " + strconv.FormatInt(b.Lamport, 10) + " " + vectorText(b.Vector)
}

// event is one event of a process with the stamps its clocks gave it. The
// truth is the engine's record of the event for happened-before: the
// checks compare the clocks with it, the process never reads it.
type event struct {
	name    string
	kind    string
	peer    int // the receiver of a send, the sender of a receive; −1: none
	msg     string
	lamport int64
	vector  []int64 // never changed once recorded
	truth   engine.Stamp
}

type node struct {
	plan    []planned // shared and never changed
	next    int       // the index in plan of the next own event
	firstID int       // the number of the process's first event name (0: a)
	lamport int64
	vector  []int64
	events  []event
}

func (c *node) Start(env *engine.Env) {
	env.Note("note.init", engine.Raw(vectorText(c.vector)))
	c.arm(env)
}

// arm sets the timer for the next planned event, if any.
func (c *node) arm(env *engine.Env) {
	if c.next < len(c.plan) {
		env.SetTimer(timerEvent, c.plan[c.next].at-env.Now())
	}
}

func (c *node) Timer(env *engine.Env, name string) {
	if name != timerEvent || c.next >= len(c.plan) {
		return
	}
	p := c.plan[c.next]
	c.next++
	c.tick(env.Self())
	if p.to < 0 {
		e := c.record(env, kindLocal, -1, "")
		env.Note("note.local", engine.Raw(e.name), engine.Num(int(e.lamport)), engine.Raw(vectorText(e.vector)))
		c.stamp(env)
	} else {
		e := c.record(env, kindSend, p.to, p.msg)
		env.Note("note.send", engine.Raw(e.name), engine.Raw(p.msg), engine.Pos(p.to),
			engine.Num(int(e.lamport)), engine.Raw(vectorText(e.vector)))
		c.stamp(env) // before the send: the engine's record has the send follow it
		env.Send(p.to, engine.Message{Type: msgType, Body: &body{Name: p.msg, Lamport: e.lamport, Vector: e.vector}})
	}
	c.arm(env)
}

func (c *node) Receive(env *engine.Env, from int, m engine.Message) {
	b, ok := m.Body.(*body)
	if m.Type != msgType || !ok {
		return
	}
	own, ownV := c.lamport, vectorText(c.vector)
	c.lamport = max(c.lamport, b.Lamport) // LC2, then LC1 below
	highest := c.lamport
	c.vector = slices.Clone(c.vector) // recorded events share the old one
	for i, x := range b.Vector {      // VC4, then VC2 below
		if i < len(c.vector) {
			c.vector[i] = max(c.vector[i], x)
		}
	}
	c.tick(env.Self())
	e := c.record(env, kindReceive, from, b.Name)
	env.Note("note.receive", engine.Raw(e.name), engine.Raw(b.Name),
		engine.Num(int(own)), engine.Num(int(b.Lamport)), engine.Num(int(highest)), engine.Num(int(e.lamport)),
		engine.Raw(ownV), engine.Raw(vectorText(b.Vector)), engine.Raw(vectorText(e.vector)))
	c.stamp(env)
}

// tick is LC1 and VC2: both clocks count the event about to happen.
func (c *node) tick(self int) {
	c.lamport++
	c.vector = slices.Clone(c.vector) // recorded vectors share the old one
	c.vector[self]++
}

// record notes an event with the clocks' current values.
func (c *node) record(env *engine.Env, kind string, peer int, msg string) *event {
	c.events = append(c.events[:len(c.events):len(c.events)], event{
		name: eventName(c.firstID + len(c.events)), kind: kind, peer: peer, msg: msg,
		lamport: c.lamport, vector: c.vector,
	})
	return &c.events[len(c.events)-1]
}

// stamp takes the engine's record of the last event, right after its note.
func (c *node) stamp(env *engine.Env) { c.events[len(c.events)-1].truth = env.Stamp() }

func (c *node) View() engine.NodeView {
	last := ""
	if len(c.events) > 0 {
		last = c.events[len(c.events)-1].name
	}
	role := "idle"
	if c.next < len(c.plan) {
		role = "working"
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "lamportClock", Value: c.lamport},
		{Name: "vectorClock", Value: vectorText(c.vector)},
		{Name: "lastEvent", Value: last},
		{Name: "eventCount", Value: len(c.events)},
	}}
}

// Clone copies what changes; events and their vectors never change once
// recorded, so the copy shares them.
func (c *node) Clone() engine.Process {
	d := *c
	d.events = slices.Clone(c.events)
	return &d
}

// vectorText writes a vector as the lecture does: (2,1,0).
func vectorText(v []int64) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, x := range v {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(x, 10))
	}
	b.WriteByte(')')
	return b.String()
}

// eventName is the k-th name: a … z, then aa, ab, … as a spreadsheet
// names its columns.
func eventName(k int) string {
	var b []byte
	for k++; k > 0; k = (k - 1) / 26 {
		b = append(b, byte('a'+(k-1)%26))
	}
	slices.Reverse(b)
	return string(b)
}
