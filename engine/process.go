// Package engine is distviz's deterministic discrete-event simulator.
//
// A run is a set of processes (per-process state machines) that talk only
// through messages and timers handed to them by an Env. The simulator owns
// virtual time, the network (delays, FIFO channels, faults) and every random
// number, so the same configuration, seed and user actions always produce the
// same events. Nothing here reads the wall clock, starts a goroutine or
// iterates over a map while stepping.
package engine

// Time is virtual time in integer units (nanoseconds for FireWire, abstract
// ticks elsewhere).
type Time = int64

// Message is what travels on a link. Body must be treated as immutable once
// sent: the trace keeps a reference to it and the receiver sees the same value.
// A Body that implements Labeler gives the short text drawn on the token.
type Message struct {
	Type string
	Body any
}

// Labeler gives a message body's short label, e.g. "7" for ELECTION(7).
type Labeler interface {
	Label() string
}

// Label is the message as narration and views print it: TYPE(label).
func (m Message) Label() string {
	if l, ok := m.Body.(Labeler); ok {
		if s := l.Label(); s != "" {
			return m.Type + "(" + s + ")"
		}
	}
	return m.Type
}

// Process is one node's state machine. It sees only its own state and what
// the Env hands it; it never reads another process. Its state is its own:
// it changes only in its handlers, and no pointer to it leaves it (in a
// message body, say), for copies of a run share processes that have not
// changed and a handler may run on a copy of the process (engine/cow.go).
type Process interface {
	// Start runs when the process is started (a starter at time 0, or later).
	Start(env *Env)
	// Receive handles a message from the process at position from.
	Receive(env *Env, from int, m Message)
	// Timer handles the expiry of the named timer.
	Timer(env *Env, name string)
	// View describes the process's own state for the views.
	View() NodeView
	// Clone returns a deep copy; checkpoints for rewinding depend on it.
	Clone() Process
}

// Recoverer is implemented by processes with a recovery rule (for example a
// recovered bully process holds an election at once). Processes without one
// simply resume with the state they had when they crashed.
type Recoverer interface {
	Recover(env *Env)
}

// Actor is implemented by processes that accept algorithm-specific user
// actions such as "notice the coordinator's failure" or "request the
// critical section".
type Actor interface {
	Act(env *Env, action string) error
}

// NodeView is a process's self-description: its role (drawn by colour and by
// a second cue) and its local variables in display order.
type NodeView struct {
	Role string `json:"role"`
	Vars []Var  `json:"vars,omitempty"`
}

// Var is one named local variable; Value must marshal to JSON.
type Var struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}
