// Package ringlist is the ring algorithm with ID lists (Tanenbaum-style
// lecture), ALGORITHMS.md 1.2: an ELECTION message collects the IDs of the
// live processes on its way round the directed ring; when it is back at a
// process already in the list, that process turns it into
// COORDINATOR(list), which goes round once more, and everyone takes the
// maximum of the list. A process skips a crashed successor with the model's
// perfect failure detector, Env.Reachable.
package ringlist

import "distviz/engine"

const (
	msgElection    = "ELECTION"
	msgCoordinator = "COORDINATOR"
	// actStart is the user's action: this process (say, having noticed
	// that its coordinator is gone) starts an election.
	actStart = "startElection"
)

type node struct {
	id          int
	initiator   bool // started an election
	participant bool // forwarded an ELECTION
	coordinator int
	knows       bool
	from        *list // the list the coordinator was taken from (nil: alone)
	// The COORDINATOR lists this process has sent (announced or passed on):
	// such a list has gone once round when it comes back, also when its
	// announcer has crashed meanwhile. Usually one, kept in last.
	last  *list
	older []*list
	// For the agreement check: the coordinator was taken in the latest step.
	fresh bool
}

// next is the next reachable position going round the ring; the crashed
// positions skipped on the way are the ones in between. ok is false when no
// process but this one is up.
func next(env *engine.Env) (to int, ok bool) {
	n, self := env.N(), env.Self()
	for k := 1; k < n; k++ {
		if p := (self + k) % n; env.Reachable(p) {
			return p, true
		}
	}
	return -1, false
}

// send sends m to the next live process, to, saying which crashed ones it skips.
func send(env *engine.Env, to int, m engine.Message) {
	n, self := env.N(), env.Self()
	if skipped := (to - self - 1 + n) % n; skipped == 1 {
		env.Note("note.skipsOne", engine.Pos((self+1)%n))
	} else if skipped > 1 {
		env.Note("note.skipsMany", engine.Pos((self+1)%n), engine.Pos((to-1+n)%n))
	}
	env.Send(to, m)
}

func (r *node) take(l *list) {
	r.coordinator, r.knows, r.from, r.fresh = l.max, true, l, true
}

// alone: no other process is up, so this one is the coordinator.
func (r *node) alone(env *engine.Env) {
	r.coordinator, r.knows, r.from, r.fresh = r.id, true, nil, true
	env.Note("note.alone")
}

func (r *node) sent(l *list) bool {
	if r.last == l {
		return true
	}
	for _, o := range r.older {
		if o == l {
			return true
		}
	}
	return false
}

func (r *node) remember(l *list) {
	if r.last != nil {
		r.older = append(r.older, r.last)
	}
	r.last = l
}

func (r *node) Start(env *engine.Env) {
	r.fresh = false
	r.initiator = true
	to, ok := next(env)
	if !ok {
		r.alone(env)
		return
	}
	send(env, to, engine.Message{Type: msgElection, Body: prepend(r.id, nil)})
}

// Act starts an election at this process, as an initiator does: any
// process may, also after an election has ended (its coordinator may have
// crashed since), but not while its own is still under way.
func (r *node) Act(env *engine.Env, action string) error {
	r.fresh = false
	switch {
	case action != actStart:
		return engine.Errorf("note.unknownAction", engine.Raw(action), engine.Raw(actStart))
	case r.initiator && !r.knows:
		return engine.Errorf("note.electionUnderWay")
	}
	r.knows = false // it no longer trusts the coordinator it knew
	env.Note("note.startsElection")
	r.Start(env)
	return nil
}

func (r *node) Receive(env *engine.Env, _ int, m engine.Message) {
	r.fresh = false
	l := m.Body.(*list)
	switch m.Type {
	case msgElection:
		r.receiveElection(env, l)
	case msgCoordinator:
		r.receiveCoordinator(env, m, l)
	}
}

func (r *node) receiveElection(env *engine.Env, l *list) {
	if !l.contains(r.id) {
		r.participant = true
		to, ok := next(env)
		if !ok {
			r.alone(env)
			return
		}
		send(env, to, engine.Message{Type: msgElection, Body: prepend(r.id, l)})
		return
	}
	to, ok := next(env)
	if !ok {
		r.alone(env)
		return
	}
	r.take(l)
	r.remember(l)
	env.Note("note.listBack", engine.Num(l.max))
	send(env, to, engine.Message{Type: msgCoordinator, Body: l})
}

func (r *node) receiveCoordinator(env *engine.Env, m engine.Message, l *list) {
	if r.sent(l) {
		env.Note("note.stopsCoordinator")
		return
	}
	to, ok := next(env)
	if !ok {
		r.alone(env)
		return
	}
	changed := !r.knows || r.coordinator != l.max
	r.take(l)
	r.remember(l)
	switch {
	case changed && l.max == r.id:
		env.Note("note.takesItself", engine.Num(l.max))
	case changed:
		env.Note("note.takesMax", engine.Num(l.max))
	}
	send(env, to, m)
}

func (r *node) Timer(*engine.Env, string) {}

// Recover resumes with the old state: the lecture gives a recovered process
// no rule (it does not start an election by itself). The recovery is a step
// of its own, so the coordinator it knows was not taken in it.
func (r *node) Recover(*engine.Env) { r.fresh = false }

func (r *node) Leader() (int, bool) { return r.coordinator, r.knows }
func (r *node) Elected() bool       { return r.knows && r.coordinator == r.id }

func (r *node) View() engine.NodeView {
	role := "idle"
	switch {
	case r.Elected():
		role = "coordinator"
	case r.knows:
		role = "informed"
	case r.initiator:
		role = "initiator"
	case r.participant:
		role = "participant"
	}
	var coord any
	if r.knows {
		coord = r.coordinator
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{{Name: "id", Value: r.id}, {Name: "coordinator", Value: coord}}}
}

func (r *node) Clone() engine.Process {
	d := *r
	d.older = append([]*list(nil), r.older...) // lists are immutable: sharing them is safe
	return &d
}
