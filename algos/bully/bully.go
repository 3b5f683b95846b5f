// Package bully is Bully (Garcia-Molina 1982) on a complete graph,
// ALGORITHMS.md 1.1, in the lecture's variant: every process knows all IDs;
// a process that notices the coordinator's failure holds an election by
// sending ELECTION to every higher ID; an ANSWER means a higher process
// takes over, silence for T means it wins and announces COORDINATOR to
// every lower ID.
package bully

import (
	"slices"
	"strconv"

	"distviz/engine"
)

const (
	msgElection    = "ELECTION"
	msgAnswer      = "ANSWER"
	msgCoordinator = "COORDINATOR"

	timerAnswer      = "answer"      // T: waiting for an ANSWER to our ELECTION
	timerCoordinator = "coordinator" // T′: answered, waiting for COORDINATOR

	actNotice = "notice"
)

// system is what every process knows about the system: all IDs. It is
// shared by the processes of a run and never changes, so Clone keeps the pointer.
type system struct {
	ids    []int // ID by position
	byID   []int // positions in increasing ID order
	rank   []int // rank[p] is p's index in byID
	t      engine.Time
	tPrime engine.Time
}

func newSystem(ids []int, t, tPrime engine.Time) *system {
	s := &system{ids: ids, byID: make([]int, len(ids)), rank: make([]int, len(ids)), t: t, tPrime: tPrime}
	for p := range ids {
		s.byID[p] = p
	}
	slices.SortFunc(s.byID, func(a, b int) int { return ids[a] - ids[b] })
	for r, p := range s.byID {
		s.rank[p] = r
	}
	return s
}

// label names a process as the lecture does: by its ID. The nodes carry it,
// so that narration writes a position (engine.Pos) the same way.
func (s *system) label(p int) string { return "P" + strconv.Itoa(s.ids[p]) }

type node struct {
	sys       *system
	self      int
	coord     int   // position of the coordinator it believes in; valid when knows
	knows     bool  // it believes in a coordinator
	knownDead []int // positions it has noticed to be dead
	electing  bool  // holding an election
	waiting   bool  // an ANSWER came: waiting T′ for COORDINATOR
	elected   bool  // considers itself coordinator

	// justDeclared marks the step in which it became coordinator, so that
	// the uniqueness check reports each declaration once; every handler
	// clears it first.
	justDeclared bool
}

func (b *node) id() int { return b.sys.ids[b.self] }

// Start is a detector noticing the coordinator's failure at its start.
func (b *node) Start(env *engine.Env) {
	b.justDeclared = false
	b.notice(env)
}

// Act performs the user action "notice".
func (b *node) Act(env *engine.Env, action string) error {
	b.justDeclared = false
	if action != actNotice {
		return engine.Errorf("note.unknownAction", engine.Raw(action), engine.Raw(actNotice))
	}
	if b.elected {
		return engine.Errorf("note.isCoordinator")
	}
	b.notice(env)
	return nil
}

// notice: the process now knows its coordinator is dead and holds an election.
func (b *node) notice(env *engine.Env) {
	if b.elected {
		env.Note("note.isCoordinator")
		return
	}
	if b.knows {
		if !slices.Contains(b.knownDead, b.coord) {
			b.knownDead = append(b.knownDead, b.coord)
		}
		b.knows = false
		env.Note("note.noticesFailed", engine.Pos(b.coord))
	} else {
		env.Note("note.noticesNone")
	}
	b.holdElection(env, false)
}

// holdElection sends ELECTION to every higher ID, unless it is holding an
// election already or knows that no higher process is alive.
func (b *node) holdElection(env *engine.Env, recovered bool) {
	if b.electing {
		env.Note("note.alreadyElecting")
		return
	}
	b.electing, b.waiting, b.elected, b.knows = true, false, false, false
	higher := b.sys.byID[b.sys.rank[b.self]+1:]
	if len(higher) == 0 {
		if recovered {
			b.becomeCoordinator(env, "note.bullies")
		} else {
			b.becomeCoordinator(env, "note.highest")
		}
		return
	}
	allDead := true
	for _, q := range higher {
		if !slices.Contains(b.knownDead, q) {
			allDead = false
			break
		}
	}
	if allDead {
		b.becomeCoordinator(env, "note.higherDead")
		return
	}
	env.Note("note.holdsElection")
	for _, q := range higher {
		env.Send(q, engine.Message{Type: msgElection})
	}
	env.SetTimer(timerAnswer, b.sys.t)
}

// becomeCoordinator declares itself coordinator, says why (the note's key),
// and tells every lower ID.
func (b *node) becomeCoordinator(env *engine.Env, why string) {
	env.CancelTimer(timerAnswer)
	env.CancelTimer(timerCoordinator)
	b.electing, b.waiting, b.elected = false, false, true
	b.coord, b.knows = b.self, true
	b.justDeclared = true
	env.Note(why)
	for _, q := range b.sys.byID[:b.sys.rank[b.self]] {
		env.Send(q, engine.Message{Type: msgCoordinator})
	}
}

func (b *node) Receive(env *engine.Env, from int, m engine.Message) {
	b.justDeclared = false
	// Whoever sends is alive.
	if i := slices.Index(b.knownDead, from); i >= 0 {
		b.knownDead = slices.Delete(b.knownDead, i, i+1)
	}
	switch m.Type {
	case msgElection:
		if b.sys.ids[from] > b.id() {
			env.Note("note.ignoresElection")
			return
		}
		env.Send(from, engine.Message{Type: msgAnswer})
		b.holdElection(env, false)
	case msgAnswer:
		switch {
		case !b.electing:
			env.Note("note.lateAnswer")
		case !b.waiting:
			env.CancelTimer(timerAnswer)
			b.waiting = true
			env.SetTimer(timerCoordinator, b.sys.tPrime)
			env.Note("note.answered")
		}
	case msgCoordinator:
		env.CancelTimer(timerAnswer)
		env.CancelTimer(timerCoordinator)
		if b.electing {
			env.Note("note.electionOver", engine.Pos(from))
		} else {
			env.Note("note.records", engine.Pos(from))
		}
		b.electing, b.waiting, b.elected = false, false, false
		b.coord, b.knows = from, true
	}
}

func (b *node) Timer(env *engine.Env, name string) {
	b.justDeclared = false
	switch name {
	case timerAnswer:
		if b.electing && !b.waiting {
			b.becomeCoordinator(env, "note.noAnswer")
		}
	case timerCoordinator:
		if b.electing && b.waiting {
			env.Note("note.startsOver")
			b.electing, b.waiting = false, false
			b.holdElection(env, false)
		}
	}
}

// Recover forgets what the process knew and holds an election at once.
func (b *node) Recover(env *engine.Env) {
	b.justDeclared = false
	b.knownDead = nil
	b.electing, b.waiting, b.elected, b.knows = false, false, false, false
	env.Note("note.recovered")
	b.holdElection(env, true)
}

func (b *node) Leader() (int, bool) {
	if !b.knows {
		return 0, false
	}
	return b.sys.ids[b.coord], true
}

func (b *node) Elected() bool { return b.elected }

func (b *node) View() engine.NodeView {
	role := "idle"
	switch {
	case b.elected:
		role = "coordinator"
	case b.waiting:
		role = "waiting"
	case b.electing:
		role = "electing"
	}
	var coord any
	if b.knows {
		coord = b.sys.ids[b.coord]
	}
	dead := make([]int, len(b.knownDead))
	for i, p := range b.knownDead {
		dead[i] = b.sys.ids[p]
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "id", Value: b.id()},
		{Name: "coordinator", Value: coord},
		{Name: "electing", Value: b.electing},
		{Name: "waiting", Value: b.waiting},
		{Name: "knownDead", Value: dead},
	}}
}

func (b *node) Clone() engine.Process {
	c := *b
	c.knownDead = slices.Clone(b.knownDead)
	return &c
}
