package session

import (
	"strconv"

	"distviz/engine"
	"distviz/narrate"
	"distviz/timeline"
)

// Events gives the next `events` message the client lacks, or nil once it
// has every event. After each Handle or Tick, call it until it returns nil;
// the batches may be interleaved with the client's next messages. After a
// fork (here or by another session on the same run) it starts again from
// the first event that changed.
func (s *Session) Events() []byte {
	if !s.dirty || !s.has {
		return nil
	}
	// Most often the client has every event already (a step of a run
	// computed ahead): that is known without waiting for a turn below.
	idle := false
	s.locked(func(tl *timeline.Timeline) { idle = s.caughtUp(tl) })
	if idle {
		s.dirty = false
		return nil
	}
	// Encoding and narrating a batch is most of what a session playing
	// fast costs: it takes its turn with the server's other heavy work, so
	// that many sessions playing leave a processor to light requests.
	if s.cfg.Gate != nil {
		defer s.cfg.Gate.Stream()()
	}
	var out []byte
	s.locked(func(tl *timeline.Timeline) {
		if s.caughtUp(tl) {
			s.dirty = false
			return
		}
		first, last := s.sent+1, min(tl.Len(), s.sent+MaxBatch)
		out = s.eventsMsg(tl, first, last)
		s.sent, s.drop = last, false
	})
	return out
}

// caughtUp brings what the client is known to hold in line with tl's
// history (a fork, or a shorter run, since the last batch: from the first
// event that changed it is sent again) and reports whether it holds every
// event.
func (s *Session) caughtUp(tl *timeline.Timeline) bool {
	if kept, forked := tl.ForkedSince(s.forks); forked && kept < s.sent {
		s.sent, s.drop = kept, true
	}
	s.forks = tl.Forks()
	if n := tl.Len(); s.sent > n {
		s.sent, s.drop = n, true
	}
	return s.sent == tl.Len() && !s.drop
}

// eventsMsg encodes events first..last and their narration.
func (s *Session) eventsMsg(tl *timeline.Timeline, first, last int64) []byte {
	b := make([]byte, 0, 256*(last-first+1)+64)
	b = append(b, `{"type":"events","from":`...)
	b = strconv.AppendInt(b, first, 10)
	b = append(b, `,"events":[`...)
	evs := make([]engine.Event, 0, max(last-first+1, 0))
	for seq := first; seq <= last; seq++ {
		e := tl.Event(seq)
		evs = append(evs, e)
		if seq > first {
			b = append(b, ',')
		}
		var err error
		if b, err = e.AppendJSON(b); err != nil {
			return s.refuse("events", s.failure("events", err))[0]
		}
	}
	b = append(b, `],"stamps":`...)
	b = s.stamps.appendStamps(b, tl, evs, first)
	lines := narrate.For(tl.Alg, tl.Nodes).In(s.lang).Lines(evs)
	if lines == nil {
		lines = []narrate.Line{}
	}
	b = narrate.AppendJSON(append(b, `,"lines":`...), lines)
	// the steps, as the run has them (several idle ones may be one)
	b = append(b, `,"starts":[`...)
	for i, seq := range tl.StepStarts(first, last) {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, seq, 10)
	}
	return append(b, ']', '}')
}
