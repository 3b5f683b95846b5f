// Package tokenringmutex is token-ring mutual exclusion, ALGORITHMS.md 2.3:
// one TOKEN circulates in ring order, position i passing it to i+1. Its
// holder enters the critical section if it wants to, at most once per pass,
// keeps the token while inside and passes it on when it leaves; a holder
// that does not want it passes it on at once. P0 holds the token at the
// start. A lost token (the message dropped, or its holder crashed) stalls
// everyone: the final check reports the deadlock. Regenerating the token is
// ALGORITHMS.md 1.5.
//
// A real ring passes the token forever. To keep runs finite the token counts
// its passes and stops after `rounds` rounds: the holder then keeps it (and
// may still enter for its own requests).
package tokenringmutex

import (
	"strconv"

	"distviz/algos/kit/history"
	"distviz/algos/kit/mutex"
	"distviz/engine"
)

const (
	msgToken  = "TOKEN"
	timerPass = "pass" // P0's first pass, after its own requests at time 0

	roleToken = "token" // holds the token, outside the critical section
)

// token is the token's body: the round it is in, counted from 1, and the
// passes it has made so far.
type token struct {
	Round int `json:"round"`
	Hops  int `json:"hops"`
}

func (t *token) Label() string { return strconv.Itoa(t.Round) }

type node struct {
	mutex.Core
	rounds   int  // the token stops after this many rounds
	hasToken bool // holds the token
	hops     int  // passes the token had made when it arrived here
	// passed records the events at which this process passed the token:
	// bookkeeping for the outcome, which charges entries with the passes
	// (never read by the algorithm). A long run's checkpoints share it.
	passed history.List[int64]
}

func (t *node) Start(env *engine.Env) {
	t.StartWorkload(env)
	if t.hasToken {
		env.SetTimer(timerPass, 0)
	}
}

func (t *node) Timer(env *engine.Env, name string) {
	if name == timerPass {
		t.Step()
		if t.hasToken && t.State() != mutex.Held {
			t.pass(env)
		}
		return
	}
	t.OnTimer(env, name, t)
}

func (t *node) Act(env *engine.Env, a string) error { return t.OnAct(env, a, t) }
func (t *node) Recover(env *engine.Env)             { t.OnRecover(env) }

// Acquire enters at once with the token, or waits for it.
func (t *node) Acquire(env *engine.Env) {
	if t.hasToken {
		env.Note("note.holdsToken")
		t.enterWithToken(env)
		return
	}
	env.Note("note.waitsForToken")
}

// Release passes the token on.
func (t *node) Release(env *engine.Env) { t.pass(env) }

// pass sends the token to the next position, unless its rounds are over.
func (t *node) pass(env *engine.Env) {
	n := env.N()
	if t.hops >= t.rounds*n {
		env.Note("note.ringStops", engine.Num(t.rounds))
		return
	}
	t.hasToken = false
	t.hops++
	t.passed.Add(env.Stamp().Seq())
	body := &token{Round: (t.hops-1)/n + 1, Hops: t.hops}
	t.SendFor(env, (t.Self()+1)%n, engine.Message{Type: msgToken, Body: body}, -1, 0)
}

// enterWithToken enters (the outcome charges the entry; see outcome.go).
func (t *node) enterWithToken(env *engine.Env) { t.Enter(env) }

func (t *node) Receive(env *engine.Env, from int, m engine.Message) {
	t.Step()
	if m.Type == mutex.MsgTell {
		t.Told(env, from, t)
		return
	}
	if m.Type != msgToken {
		return
	}
	b := m.Body.(*token)
	t.hasToken = true
	t.hops = b.Hops
	if t.State() == mutex.Wanted {
		env.Note("note.hasTokenWants")
		t.enterWithToken(env)
		return
	}
	t.pass(env)
}

func (t *node) View() engine.NodeView {
	vars := append(t.Vars(), engine.Var{Name: "token", Value: t.hasToken})
	role := t.State()
	if t.hasToken && role == mutex.Released {
		role = roleToken
	}
	return engine.NodeView{Role: role, Vars: vars}
}

func (t *node) Clone() engine.Process {
	d := *t
	d.Core = t.Copy()
	d.passed = t.passed.Clone()
	return &d
}
