package session

import (
	"slices"

	"distviz/internal/budget"
)

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
	if !s.enc.Charging() {
		return nil
	}
	held, charged := s.frames.Held(), s.enc.Held()
	if held <= charged && held >= charged-4*encoderSlack {
		return nil
	}
	if err := s.enc.Resize(held + encoderSlack); err != nil {
		s.dropEncoder()
		return err
	}
	return nil
}

// dropEncoder lets go of the encoder's memory and of its charge.
func (s *Session) dropEncoder() {
	s.frames.Drop()
	s.enc.Close()
}

// spare is the memory of the frame or delta the session lends and gets
// back. A delta is a kilobyte: its memory was a third of what a step
// allocated at n = 1,000; memory kept that small is not charged.
type spare struct {
	lent []byte         // the message last handed out
	kept []byte         // one given back, to make the next in
	acct budget.Account // what kept is charged to the budget
}

// unchargedMax is the most memory kept without charging it.
const unchargedMax = 16 << 10

// room gives room for a message of about n bytes: the memory kept if it
// holds n, and is not many times more (a whole frame's megabytes are not
// kept for the deltas after it).
func (s *Session) room(n int) []byte {
	b := s.spare.kept
	s.dropSpare()
	if b != nil && 5*cap(b) >= 4*n && cap(b) <= 16*n {
		return b[:0]
	}
	return make([]byte, 0, n)
}

// lend notes a message handed out, to know it when it comes back.
func (s *Session) lend(b []byte) []byte {
	s.spare.lent = b
	return b
}

// Written tells the session that the messages it returned have been
// written and are not used any more: it may make a later frame in the
// memory of one of them.
func (s *Session) Written(msgs [][]byte) {
	l := s.spare.lent
	if len(l) == 0 || !slices.ContainsFunc(msgs, func(m []byte) bool { return len(m) > 0 && &m[0] == &l[0] }) {
		return
	}
	s.spare.lent = nil
	s.keep(l[:0])
}

// keep keeps b, the memory of a message written, if the budget has room.
func (s *Session) keep(b []byte) {
	s.dropSpare()
	if cap(b) > unchargedMax && s.spare.acct.Resize(int64(cap(b))) != nil {
		return
	}
	s.spare.kept = b
}

// dropSpare lets go of the memory kept.
func (s *Session) dropSpare() {
	s.spare.acct.Close()
	s.spare.kept = nil
}
