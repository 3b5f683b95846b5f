package group

import (
	"distviz/engine"
	"distviz/param"
)

// TimerNext is the sender's timer for its next multicast.
const TimerNext = "next"

// Record is what the sender counts for one message: the outcome's row.
type Record struct {
	Msg    int         `json:"msg"`
	SentAt engine.Time `json:"sentAt"`
	// Copies are the copies of the message sent: the multicast's, one per
	// receiver, and every retransmission or repair.
	Copies          int `json:"copies"`
	Retransmissions int `json:"retransmissions"` // copies sent again (retransmissions, repairs)
	Acks            int `json:"acks"`            // ACKs of it that reached the sender
	Nacks           int `json:"nacks"`           // NACKs naming it that reached the sender
}

// Source is the sender's side of the core: it multicasts the messages
// 1 … K, Interval apart, and keeps a record per message.
type Source struct {
	K, Interval int
	Records     []Record
}

// NewSource is a sender of k messages, interval apart.
func NewSource(v param.Values) Source {
	return Source{K: v.Int("messages"), Interval: v.Int("interval")}
}

// Sent is the number of messages multicast so far.
func (s *Source) Sent() int { return len(s.Records) }

// MulticastNext multicasts the next message to the group, records it and
// arms the timer for the one after; it returns the message's number.
func (s *Source) MulticastNext(env *engine.Env, group []int) int {
	return s.MulticastNextVia(env, len(group)-1, func(m engine.Message) { env.Multicast(group, m) },
		func(seq int) any { return Seq{N: seq} })
}

// MulticastNextVia is MulticastNext for a protocol with its own way to
// multicast (send: over a tree, say) and its own body for a message
// number; copies is how many members the multicast reaches.
func (s *Source) MulticastNextVia(env *engine.Env, copies int, send func(engine.Message), body func(seq int) any) int {
	seq := len(s.Records) + 1
	env.Note("note.multicasts", engine.Num(seq), engine.Num(s.K))
	send(engine.Message{Type: MsgData, Body: body(seq)})
	s.Records = append(s.Records, Record{Msg: seq, SentAt: env.Now(), Copies: copies})
	if seq < s.K {
		env.SetTimer(TimerNext, engine.Time(s.Interval))
	}
	return seq
}

// Record is message seq's record; nil for a number never sent.
func (s *Source) Record(seq int) *Record {
	if seq < 1 || seq > len(s.Records) {
		return nil
	}
	return &s.Records[seq-1]
}

// Resend sends message seq again to q as the given type (DATA for a
// retransmission, REPAIR for a repair) and counts it.
func (s *Source) Resend(env *engine.Env, q, seq int, typ string) {
	r := s.Record(seq)
	if r == nil {
		return
	}
	r.Copies++
	r.Retransmissions++
	env.Send(q, engine.Message{Type: typ, Body: Seq{N: seq}})
}

// Clone is a deep copy.
func (s Source) Clone() Source {
	s.Records = append([]Record(nil), s.Records...)
	return s
}
