// Package peterson is Peterson's (1982) unidirectional ring election in
// O(n log n) messages, ALGORITHMS.md 1.4. Every process is active, relay or
// elected and holds a value, support (initially its ID). In each phase every
// active process sends its value to the next two active processes: it sends
// ELECTION(1,v) with its own value; the next active process passes that value
// on as ELECTION(2,v) to the active process after it; relays forward both.
// An active process then has the values of its direct active predecessor and
// of that one's predecessor: if the direct predecessor's value is the largest
// of the three it stays active and adopts it, otherwise it becomes a relay.
// A process whose own value comes back from its direct active predecessor is
// the only active one left: it is elected, and (parameter announce) sends
// ELECTED round the ring as Chang–Roberts does.
package peterson

import (
	"slices"
	"strconv"

	"distviz/engine"
)

const (
	msgElection = "ELECTION"
	msgElected  = "ELECTED"
)

// The states of ALGORITHMS.md 1.4.
const (
	active  = "active"
	relay   = "relay"
	elected = "elected"
)

// value is an ELECTION message: a value on its way to the next active
// process (hop 1) or to the one after it (hop 2), in a phase. The lecture's
// channels are FIFO and need no phase; the phase lets an active process keep
// a message that overtook an earlier one on non-FIFO channels until its turn.
// Relays forward the body unchanged, so a hop allocates nothing.
type value struct {
	Phase int `json:"phase"`
	Hop   int `json:"hop"`   // 1: from the direct active predecessor; 2: passed on by it
	Value int `json:"value"` // the sender's support (hop 1) or its predecessor's (hop 2)
}

// Label writes the message as Peterson's paper does: (1, v) and (2, v).
func (b *value) Label() string { return strconv.Itoa(b.Hop) + "," + strconv.Itoa(b.Value) }

// leaderID is what ELECTED carries: the leader's value, the highest ID.
type leaderID struct {
	ID int `json:"id"`
}

func (b *leaderID) Label() string { return strconv.Itoa(b.ID) }

type node struct {
	id       int
	announce bool // the leader sends ELECTED round the ring
	state    string
	support  int
	phase    int // the phase it is in (active, elected) or became a relay in; 0 before it starts
	// The values received in this phase: first from the direct active
	// predecessor (hop 1), second from the one before it (hop 2).
	first, second       int
	hasFirst, hasSecond bool
	later               []*value // messages that overtook earlier ones (non-FIFO), in arrival order
	leader              int
	knows               bool
	done                bool // the announcement has come back round
}

func newNode(id int, announce bool) *node {
	return &node{id: id, announce: announce, state: active, support: id}
}

func (c *node) next(env *engine.Env) int { return (env.Self() + 1) % env.N() }

// send sends an ELECTION message and charges it to its phase, for the
// outcome's messages per phase.
func (c *node) send(env *engine.Env, b *value) {
	env.SendFor(c.next(env), engine.Message{Type: msgElection, Body: b}, phaseAccount(b.Phase))
}

// phaseAccount is the account of a phase's ELECTION messages; it concerns
// no single process (Node −1).
func phaseAccount(k int) engine.Account { return engine.Account{Node: -1, Tag: int64(k)} }

// Start begins phase 1: the process sends its ID to the next active process.
func (c *node) Start(env *engine.Env) {
	c.phase = 1
	env.Note("note.starts", engine.Num(c.support))
	c.send(env, &value{Phase: 1, Hop: 1, Value: c.support})
	c.takeKept(env)
}

func (c *node) Receive(env *engine.Env, _ int, m engine.Message) {
	switch m.Type {
	case msgElection:
		c.election(env, m.Body.(*value))
	case msgElected:
		x := m.Body.(*leaderID).ID
		if c.state == elected {
			c.done = true
			env.Note("note.announcementBack")
			return
		}
		c.leader, c.knows = x, true
		env.Note("note.learnsLeader", engine.Num(x))
		env.Send(c.next(env), m)
	}
}

func (c *node) election(env *engine.Env, b *value) {
	switch {
	case c.state == relay:
		c.forward(env, b)
	case c.state == elected:
		// Cannot happen on a ring that keeps its messages: the leader was the
		// only active process, and every value of its last phase came back.
		env.Note("note.strayElection", engine.Num(b.Value), engine.Num(b.Phase))
	case !c.expects(b):
		// Not started yet (a message delivered by hand), or a message that
		// overtook an earlier one on a non-FIFO channel: kept for its turn.
		c.later = append(c.later, b)
		switch {
		case c.phase == 0:
			env.Note("note.keepsBeforeStart", engine.Num(b.Hop), engine.Num(b.Value), engine.Num(b.Phase))
		case b.Phase > c.phase:
			env.Note("note.keepsLaterPhase", engine.Num(b.Hop), engine.Num(b.Value), engine.Num(b.Phase), engine.Num(c.phase))
		default:
			env.Note("note.keepsSecond", engine.Num(b.Hop), engine.Num(b.Value), engine.Num(b.Phase))
		}
	default:
		c.take(env, b)
		c.takeKept(env)
	}
}

// expects reports whether an active process can use b now: the first value
// of its current phase, or the second once it has the first.
func (c *node) expects(b *value) bool {
	return c.phase > 0 && b.Phase == c.phase && (b.Hop == 1 && !c.hasFirst || b.Hop == 2 && c.hasFirst && !c.hasSecond)
}

// takeKept uses kept messages as soon as they are due, oldest first.
func (c *node) takeKept(env *engine.Env) {
	for c.state == active {
		i := slices.IndexFunc(c.later, c.expects)
		if i < 0 {
			return
		}
		b := c.later[i]
		c.later = slices.Delete(c.later, i, i+1)
		env.Note("note.takesKept", engine.Num(b.Hop), engine.Num(b.Value), engine.Num(b.Phase))
		c.take(env, b)
	}
}

// take applies the rule for a value an active process expects.
func (c *node) take(env *engine.Env, b *value) {
	if b.Hop == 1 {
		c.first, c.hasFirst = b.Value, true
		if b.Value == c.support {
			c.elect(env)
			return
		}
		env.Note("note.passesOn", engine.Num(c.phase), engine.Num(b.Value))
		c.send(env, &value{Phase: c.phase, Hop: 2, Value: b.Value})
		return
	}
	c.second, c.hasSecond = b.Value, true
	k := c.phase
	if c.first > c.support && c.first > c.second {
		env.Note("note.staysActive", engine.Num(k), engine.Num(c.first), engine.Num(c.support), engine.Num(c.second), engine.Num(k+1))
		c.support = c.first
		c.phase = k + 1
		c.hasFirst, c.hasSecond = false, false
		c.send(env, &value{Phase: c.phase, Hop: 1, Value: c.support})
		return
	}
	c.state = relay
	if c.support > c.first {
		env.Note("note.relayOwnLarger", engine.Num(k), engine.Num(c.first), engine.Num(c.support), engine.Num(c.second))
	} else {
		env.Note("note.relaySecondLarger", engine.Num(k), engine.Num(c.first), engine.Num(c.support), engine.Num(c.second))
	}
	kept := c.later
	c.later = nil
	for _, b := range kept {
		c.forward(env, b)
	}
}

// forward is the relay's rule: pass every ELECTION on unchanged.
func (c *node) forward(env *engine.Env, b *value) {
	env.Note("note.forwards", engine.Num(b.Hop), engine.Num(b.Value), engine.Num(b.Phase))
	c.send(env, b)
}

// elect: the value from the direct active predecessor is the process's own,
// so it went once round the ring past relays only.
func (c *node) elect(env *engine.Env) {
	c.state = elected
	c.leader, c.knows = c.support, true
	env.Note("note.elected", engine.Num(c.phase), engine.Num(c.support))
	if c.announce {
		env.Note("note.announces", engine.Num(c.support))
		env.Send(c.next(env), engine.Message{Type: msgElected, Body: &leaderID{ID: c.support}})
	}
}

func (c *node) Timer(*engine.Env, string) {}

// Leader is the highest ID as the process knows it (election.Elector).
func (c *node) Leader() (int, bool) { return c.leader, c.knows }

// Elected reports whether the process is elected (election.Elector).
func (c *node) Elected() bool { return c.state == elected }

func (c *node) View() engine.NodeView {
	role := c.state
	switch {
	case c.state == elected:
		role = "leader"
	case c.knows:
		role = "informed"
	}
	var first, second, leader any
	if c.hasFirst {
		first = c.first
	}
	if c.hasSecond {
		second = c.second
	}
	if c.knows {
		leader = c.leader
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "id", Value: c.id},
		{Name: "state", Value: c.state},
		{Name: "support", Value: c.support},
		{Name: "phase", Value: c.phase},
		{Name: "value1", Value: first},
		{Name: "value2", Value: second},
		{Name: "leader", Value: leader},
	}}
}

func (c *node) Clone() engine.Process {
	d := *c
	d.later = slices.Clone(c.later) // the bodies are immutable once sent: shared
	return &d
}
