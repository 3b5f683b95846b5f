package session

import "slices"

// A whole frame of a large run is megabytes (a client that takes no deltas,
// stepping a run of 10,000 processes): made anew for every step, frames
// were most of the server's garbage, and collecting it took the processors
// from every other request. A caller that has written a frame gives it
// back (Written), and the session makes its next frame in that memory,
// charged to the memory budget while it keeps it.

// The frame encoder keeps every node's JSON as last sent, to send only what
// changes (some megabytes a client at 10,000 processes): that memory is
// charged to the budget too, in steps of encoderSlack so that a run of
// steady size is not charged at every frame.
const encoderSlack = 64 << 10

// chargeEncoder brings what the encoder's memory is charged to the budget
// up to date. When the budget has no room, the encoder lets go of all it
// keeps (the next frame is whole) and the error says why.
func (s *Session) chargeEncoder() error {
	m := s.cfg.Meter
	if m == nil {
		return nil
	}
	held := s.frames.Held()
	if held <= s.encCharged && held >= s.encCharged-4*encoderSlack {
		return nil
	}
	want := held + encoderSlack
	if want > s.encCharged {
		if err := m.Charge(want-s.encCharged, "a session's frame encoder"); err != nil {
			s.dropEncoder()
			return err
		}
	} else {
		m.Release(s.encCharged - want)
	}
	s.encCharged = want
	return nil
}

// dropEncoder lets go of the encoder's memory and of its charge.
func (s *Session) dropEncoder() {
	s.frames.Drop()
	if s.encCharged > 0 {
		s.cfg.Meter.Release(s.encCharged)
	}
	s.encCharged = 0
}

// spareMin is the least frame worth keeping the memory of.
const spareMin = 64 << 10

// spare is the memory of frames the session lends and gets back.
type spare struct {
	lent    []byte // the frame last handed out, if worth keeping
	kept    []byte // a frame given back, to make the next in
	charged int64  // what kept is charged to the budget

	// A delta is a kilobyte: its memory was a third of what a step
	// allocates at n = 1,000. Small, it is kept uncharged.
	deltaLent []byte
	deltaKept []byte
}

// deltaMax is the most memory of a delta kept for the next.
const deltaMax = 16 << 10

// deltaRoom gives room for a delta: the memory of the last one, if it has
// been written.
func (s *Session) deltaRoom() []byte {
	if b := s.spare.deltaKept; b != nil {
		s.spare.deltaKept = nil
		return b
	}
	return make([]byte, 0, 1024)
}

// lendDelta notes a delta handed out, to know it when it comes back.
func (s *Session) lendDelta(b []byte) []byte {
	s.spare.deltaLent = nil
	if cap(b) <= deltaMax {
		s.spare.deltaLent = b
	}
	return b
}

// frameRoom gives room for a frame of about n bytes (the last frame's size
// and a quarter more): the memory kept if it holds the last frame's size.
func (s *Session) frameRoom(n int) []byte {
	if b := s.spare.kept; b != nil && 5*cap(b) >= 4*n {
		s.dropSpare()
		return b[:0]
	}
	return make([]byte, 0, n)
}

// lend notes a frame handed out, to know it when it comes back.
func (s *Session) lend(b []byte) []byte {
	if cap(b) >= spareMin {
		s.spare.lent = b
	}
	return b
}

// Written tells the session that the messages it returned have been
// written and are not used any more: it may make a later frame in the
// memory of one of them.
func (s *Session) Written(msgs [][]byte) {
	if d := s.spare.deltaLent; len(d) > 0 && slices.ContainsFunc(msgs, func(m []byte) bool { return len(m) > 0 && &m[0] == &d[0] }) {
		s.spare.deltaLent, s.spare.deltaKept = nil, d[:0]
	}
	l := s.spare.lent
	if len(l) == 0 {
		return
	}
	for _, m := range msgs {
		if len(m) > 0 && &m[0] == &l[0] {
			s.spare.lent = nil
			s.keep(l[:0])
			return
		}
	}
}

// keep keeps b, the memory of a frame written, if the budget has room.
func (s *Session) keep(b []byte) {
	s.dropSpare()
	if m := s.cfg.Meter; m != nil {
		if m.Charge(int64(cap(b)), "a session's frame memory") != nil {
			return
		}
		s.spare.charged = int64(cap(b))
	}
	s.spare.kept = b
}

// dropSpare lets go of the memory kept.
func (s *Session) dropSpare() {
	if s.spare.charged > 0 {
		s.cfg.Meter.Release(s.spare.charged)
	}
	s.spare.kept, s.spare.charged = nil, 0
}
