// Package changroberts is Chang–Roberts (1979) on a unidirectional ring,
// ALGORITHMS.md 1.3. Variant lcr: everyone starts and is electable; the
// leader announces. Variant participant: any subset starts; participant
// flags; ELECTED goes round.
package changroberts

import (
	"strconv"

	"distviz/engine"
)

const (
	msgElection = "ELECTION"
	msgElected  = "ELECTED"
	// actStart is the user's action: this process starts an election
	// (variant participant; in lcr everyone starts at the beginning).
	actStart = "startElection"
)

// idBody is the ID an ELECTION or ELECTED message carries. Forwarding passes
// the received body on unchanged, so a hop allocates nothing.
type idBody struct {
	ID int `json:"id"`
}

func (b *idBody) Label() string { return strconv.Itoa(b.ID) }

type node struct {
	id          int
	participant bool // variant participant: taking part in an election
	electable   bool // variant lcr: no larger ID has passed by
	lcr         bool
	elected     bool
	leader      int
	knows       bool
	done        bool // the leader's announcement has come back round
}

func (c *node) next(env *engine.Env) int { return (env.Self() + 1) % env.N() }

func (c *node) Start(env *engine.Env) {
	// A message delivered by hand can reach a process before it starts.
	if !c.lcr && (c.participant || c.knows) {
		env.Note("note.alreadyParticipant")
		return
	}
	c.participant = true
	env.Send(c.next(env), engine.Message{Type: msgElection, Body: &idBody{ID: c.id}})
}

// Act starts an election at this process, as an initiator does at its
// start: only in variant participant, and only by a process that takes no
// part in one and does not know the leader.
func (c *node) Act(env *engine.Env, action string) error {
	switch {
	case action != actStart:
		return engine.Errorf("note.unknownAction", engine.Raw(action), engine.Raw(actStart))
	case c.lcr:
		return engine.Errorf("note.startLCR")
	case c.knows:
		return engine.Errorf("note.startKnows", engine.Num(c.leader))
	case c.participant:
		return engine.Errorf("note.alreadyParticipant")
	}
	env.Note("note.startsElection")
	c.Start(env)
	return nil
}

func (c *node) Receive(env *engine.Env, _ int, m engine.Message) {
	x := m.Body.(*idBody).ID
	switch m.Type {
	case msgElection:
		if c.lcr {
			c.receiveLCR(env, m, x)
		} else {
			c.receiveParticipant(env, m, x)
		}
	case msgElected:
		c.participant = false
		if x == c.id {
			c.done = true
			env.Note("note.electedBack")
			return
		}
		c.leader, c.knows = x, true
		env.Send(c.next(env), m)
	}
}

func (c *node) receiveLCR(env *engine.Env, m engine.Message, x int) {
	switch {
	case x > c.id:
		if c.electable {
			env.Note("note.forwardsLarger")
		}
		c.electable = false
		env.Send(c.next(env), m)
	case x < c.id:
		env.Note("note.discardsSmaller")
	case c.electable:
		c.announce(env)
	default:
		env.Note("note.notElectable")
	}
}

func (c *node) receiveParticipant(env *engine.Env, m engine.Message, x int) {
	switch {
	case x > c.id:
		c.participant = true
		env.Send(c.next(env), m)
	case x < c.id && c.knows:
		// Without FIFO channels a stale ELECTION can arrive after ELECTED.
		env.Note("note.staleElection")
	case x < c.id && !c.participant:
		c.participant = true
		env.Note("note.replacesSmaller")
		env.Send(c.next(env), engine.Message{Type: msgElection, Body: &idBody{ID: c.id}})
	case x < c.id:
		env.Note("note.participantDiscards")
	default:
		c.participant = false
		c.announce(env)
	}
}

func (c *node) announce(env *engine.Env) {
	c.elected, c.leader, c.knows = true, c.id, true
	env.Note("note.elected")
	env.Send(c.next(env), engine.Message{Type: msgElected, Body: &idBody{ID: c.id}})
}

func (c *node) Timer(*engine.Env, string) {}

func (c *node) Leader() (int, bool) { return c.leader, c.knows }
func (c *node) Elected() bool       { return c.elected }

func (c *node) View() engine.NodeView {
	role := "idle"
	switch {
	case c.elected:
		role = "leader"
	case c.knows:
		role = "informed"
	case c.lcr && c.electable:
		role = "electable"
	case c.lcr && c.participant:
		role = "relay"
	case c.participant:
		role = "participant"
	}
	vars := []engine.Var{{Name: "id", Value: c.id}}
	if c.lcr {
		vars = append(vars, engine.Var{Name: "electable", Value: c.electable})
	} else {
		vars = append(vars, engine.Var{Name: "participant", Value: c.participant})
	}
	var leader any
	if c.knows {
		leader = c.leader
	}
	return engine.NodeView{Role: role, Vars: append(vars, engine.Var{Name: "leader", Value: leader})}
}

func (c *node) Clone() engine.Process { d := *c; return &d }
