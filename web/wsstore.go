package web

import (
	"distviz/session"
	"distviz/timeline"
)

// sessionStore lends the run store to sessions: a session locks a stored
// run's mutex for every use of its timeline, as runTrace does, and holds
// the run it looks at so that it is never forgotten.
type sessionStore struct{ runs *runStore }

func sessionRun(r *storedRun) session.Run {
	return session.Run{ID: r.id, TL: r.tl, Lock: &r.mu, Ref: r}
}

func (st sessionStore) Add(tl *timeline.Timeline) (session.Run, error) {
	r, err := st.runs.add(tl, true)
	if err != nil {
		return session.Run{}, err
	}
	return sessionRun(r), nil
}

func (st sessionStore) Hold(id string) (session.Run, bool) {
	r, ok := st.runs.hold(id)
	if !ok {
		return session.Run{}, false
	}
	return sessionRun(r), true
}

func (st sessionStore) Release(run session.Run) { st.runs.release(run.Ref.(*storedRun)) }

func (st sessionStore) Holders(run session.Run) int { return st.runs.holdersOf(run.Ref.(*storedRun)) }

// sessionGate puts a session's expensive work (open, last, a far seek,
// play, copying a shared run) through the limiter of the HTTP API's
// simulations and imports, so that sessions and API share the cores fairly.
type sessionGate struct{ s *server }

func (g sessionGate) Enter() (func(), error) {
	if err := g.s.sem.acquire(g.s.hub.ctx); err != nil {
		return nil, err
	}
	return g.s.sem.release, nil
}

// TryEnter and Stream are for playing and pushing events, which many
// sessions may do at once at high speed: besides a worker they take one of
// the play slots, one fewer than the workers, so that this bulk work never
// holds every processor and light requests (a page load, a step) find one.
func (g sessionGate) TryEnter() (func(), bool) {
	if !g.s.play.tryAcquire() {
		return nil, false
	}
	if !g.s.sem.tryAcquire() {
		g.s.play.release()
		return nil, false
	}
	return func() { g.s.sem.release(); g.s.play.release() }, true
}

func (g sessionGate) Stream() func() {
	if g.s.play.acquire(g.s.hub.ctx) != nil {
		return func() {} // waited long enough: the events go out anyway
	}
	if g.s.sem.acquire(g.s.hub.ctx) != nil {
		g.s.play.release()
		return func() {}
	}
	return func() { g.s.sem.release(); g.s.play.release() }
}

// sessionBytes is what a session holds besides its run and the messages
// being written: its connection's buffers, goroutines and queues.
const sessionBytes = 128 << 10
