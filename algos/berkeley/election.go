package berkeley

import "distviz/engine"

// The election of a new master, by the bully algorithm's rules
// (ALGORITHMS.md 1.1): a process that suspects the master sends ELECTION to
// every higher position; a higher process answers ANSWER and holds an
// election itself; with no ANSWER within T the process becomes master and
// tells every lower one with COORDINATOR; with an ANSWER it waits T′ for
// COORDINATOR and starts over if none comes.

const (
	msgElection    = "ELECTION"
	msgAnswer      = "ANSWER"
	msgCoordinator = "COORDINATOR"

	timerAnswer      = "answer"      // T
	timerCoordinator = "coordinator" // T′
)

// holdElection sends ELECTION to every higher position (none: it wins).
func (b *node) holdElection(env *engine.Env) {
	if b.electing || b.elected {
		return
	}
	b.electing, b.awaiting = true, false
	env.CancelTimer(timerWatch)
	env.CancelTimer(timerCoordinator)
	if b.self == b.sys.n-1 {
		b.becomeMaster(env)
		return
	}
	env.Note("note.holdsElection")
	for q := b.self + 1; q < b.sys.n; q++ {
		env.Send(q, engine.Message{Type: msgElection})
	}
	env.SetTimer(timerAnswer, b.sys.answerT)
}

func (b *node) receiveElection(env *engine.Env, from int, m engine.Message) {
	switch m.Type {
	case msgElection:
		env.Send(from, engine.Message{Type: msgAnswer})
		if b.elected {
			env.Send(from, engine.Message{Type: msgCoordinator})
			return
		}
		b.holdElection(env)
	case msgAnswer:
		if !b.electing {
			return
		}
		b.electing, b.awaiting = false, true
		env.CancelTimer(timerAnswer)
		env.SetTimer(timerCoordinator, b.sys.coordT)
	case msgCoordinator:
		b.master, b.electing, b.awaiting, b.elected = from, false, false, false
		env.CancelTimer(timerAnswer)
		env.CancelTimer(timerCoordinator)
		env.Note("note.newMaster", engine.Pos(from))
		b.watchMaster(env)
	}
}

func (b *node) electionTimer(env *engine.Env, name string) {
	switch name {
	case timerAnswer:
		if b.electing {
			b.becomeMaster(env)
		}
	case timerCoordinator:
		if b.awaiting {
			b.awaiting = false
			b.holdElection(env)
		}
	}
}

// becomeMaster announces itself to every lower position and goes on with
// the rounds where the last master left off.
func (b *node) becomeMaster(env *engine.Env) {
	b.electing, b.awaiting, b.elected, b.master = false, false, true, b.self
	env.Note("note.becomesMaster", engine.Num(b.last+1))
	for q := range b.self {
		env.Send(q, engine.Message{Type: msgCoordinator})
	}
	env.SetTimer(timerRound, 0)
}

// Recover: a process that comes back holds an election at once (and the
// highest takes over: it bullies).
func (b *node) Recover(env *engine.Env) {
	b.electing, b.awaiting, b.elected, b.polling = false, false, false, false
	b.holdElection(env)
}
