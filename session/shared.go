package session

import (
	"errors"
	"fmt"

	"distviz/engine"
	"distviz/launch"
	"distviz/timeline"
)

// Gate lets a session's expensive work take its turn among the server's
// other CPU-heavy requests (the HTTP API's simulations and imports).
type Gate interface {
	// Enter waits for a turn, a while at most, and gives the function that
	// ends it; an error says the server is too busy and what to do.
	Enter() (leave func(), err error)
	// TryEnter takes a turn to play only if one is free at once.
	TryEnter() (leave func(), ok bool)
	// Stream waits for a turn to push events, a while at most, and gives
	// the function that ends it (the events go out either way).
	Stream() (leave func())
}

func nothing() {}

// enter takes a turn of the gate, if there is one.
func (s *Session) enter() (func(), error) {
	if s.cfg.Gate == nil {
		return nothing, nil
	}
	return s.cfg.Gate.Enter()
}

func (s *Session) tryHeavy() (func(), bool) {
	if s.cfg.Gate == nil {
		return nothing, true
	}
	return s.cfg.Gate.TryEnter()
}

// heavy does f in a turn of the gate.
func (s *Session) heavy(f func() error) error {
	leave, err := s.enter()
	if err != nil {
		return err
	}
	defer leave()
	return f()
}

// move is withRun for a move that may be heavy: if heavy (judged under the
// run's lock) says so, it waits its turn first.
func (s *Session) move(typ string, heavy func(tl *timeline.Timeline) bool, f func(tl *timeline.Timeline) error) [][]byte {
	if !s.has {
		return s.noRun(typ)
	}
	h := false
	if heavy != nil {
		s.locked(func(tl *timeline.Timeline) { h = heavy(tl) })
	}
	switch {
	case h:
		leave, err := s.enter()
		if err != nil {
			return s.refuse(typ, err)
		}
		defer leave()
	case len(s.run.TL.Nodes) > bigFrame && !s.deltas && s.cfg.Gate != nil:
		// Even a step's whole frame of a large run is megabytes of JSON to
		// make: it takes its turn as playing does. A delta is what the
		// step changed: it waits for no one.
		defer s.cfg.Gate.Stream()()
	}
	return s.withRun(typ, f)
}

// bigFrame is the number of processes beyond which a frame costs a few
// milliseconds to make.
const bigFrame = 1000

// locked runs f on the timeline under the run's lock (released on a panic
// too), wherever its cursor is.
func (s *Session) locked(f func(tl *timeline.Timeline)) {
	s.run.Lock.Lock()
	defer s.run.Lock.Unlock()
	f(s.run.TL)
}

// atCursor runs f on the timeline under the run's lock with the cursor at
// the session's own step, and keeps the step f leaves it at. Sessions
// attached to one run each have their own step: the run's cursor is
// wherever the last of them left it.
func (s *Session) atCursor(f func(tl *timeline.Timeline)) error {
	s.run.Lock.Lock()
	defer s.run.Lock.Unlock()
	tl := s.run.TL
	if tl.Cursor() != s.cursor {
		if err := tl.Seek(s.cursor); err != nil {
			return err
		}
	}
	f(tl)
	s.cursor = tl.Cursor()
	return nil
}

// act applies an action at the session's step. In the past of a run that
// others hold (another session looks at it, a download of it is under way)
// it would drop the future they see: the session acts on a copy instead.
func (s *Session) act(a engine.Action) [][]byte {
	const typ = "action"
	if !s.has {
		return s.noRun(typ)
	}
	var out [][]byte
	var failed error
	shared := false
	err := s.atCursor(func(tl *timeline.Timeline) {
		// Decided under the lock: whoever holds the run from now on looks
		// at it only after the action.
		if s.cursor < tl.Steps()-1 && s.cfg.Store.Holders(s.run) > 1 {
			shared = true
			return
		}
		failed = apply(tl, a)
		if failed == nil {
			failed = s.ahead(tl)
		}
		s.dirty = true
		out = append(out, s.frameMsg(tl))
		if failed == nil {
			out = append(out, s.actsMsg(launch.ActsOf(tl)))
		}
	})
	switch {
	case shared:
		return s.actOnCopy(a)
	case err != nil:
		failed = err
	}
	if failed != nil {
		out = append(out, s.refuse(typ, s.failure(typ, failed))...)
	}
	return out
}

// apply performs an action; a refused action is the client's to fix.
func apply(tl *timeline.Timeline, a engine.Action) error {
	err := tl.Apply(a)
	if err != nil && !errors.Is(err, timeline.ErrTooLong) && !isFull(err) {
		return clientError{fmt.Errorf("the action is refused: %w", err)}
	}
	return err
}

// actOnCopy makes a copy of the run up to the session's step, acts on it
// and makes it the session's run, answered as a new run (`run` with
// forkOf, frame, and every event from the first).
func (s *Session) actOnCopy(a engine.Action) [][]byte {
	const typ = "action"
	var b *timeline.Timeline
	err := s.heavy(func() error {
		var err error
		aerr := s.atCursor(func(tl *timeline.Timeline) { b, err = tl.Branch(s.cursor, s.cfg.Meter) })
		return errors.Join(aerr, err)
	})
	if err != nil {
		return s.refuse(typ, s.failure(typ, err))
	}
	if err := errors.Join(apply(b, a), s.ahead(b)); err != nil {
		b.ReleaseMemory()
		return s.refuse(typ, s.failure(typ, err))
	}
	run, err := s.cfg.Store.Add(b)
	if err != nil {
		b.ReleaseMemory()
		return s.refuse(typ, err)
	}
	return s.takeFork(run, nil, s.run.ID)
}
