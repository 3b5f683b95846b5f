package group

import (
	"slices"

	"distviz/algo"
	"distviz/engine"
)

// Member is what every process of a group protocol tells the global checks.
type Member interface {
	// Receiving is the receiver's hold-back queue; nil for the sender.
	Receiving() *Receiver
	// Sending is the sender's side; nil for a receiver.
	Sending() *Source
}

// Delivery is one receiver's row of the outcome.
type Delivery struct {
	Node      int   `json:"node"`
	Delivered []int `json:"delivered"` // message numbers in delivery order
	Crashed   bool  `json:"crashed"`
}

// Outcome is a run's result: per message its copies, ACKs, NACKs and
// retransmissions; per receiver what it delivered.
type Outcome struct {
	Messages  []Record   `json:"messages"`
	Delivered []Delivery `json:"delivered"`
	// Missing are the live receivers that lack a message sent.
	Missing []int `json:"missing"`
	// AcksPerMulticast is the ACKs that reached the sender per message sent:
	// the ACK implosion, n−1 without loss.
	AcksPerMulticast float64 `json:"acksPerMulticast"`
}

// OutcomeVars declare the outcome's fields.
var OutcomeVars = []algo.Var{
	{Name: "messages", Kind: "records", Fields: []algo.Var{
		{Name: "msg", Kind: "number"}, {Name: "sentAt", Kind: "duration", Use: "seekTime"},
		{Name: "copies", Kind: "number", Use: "measure"}, {Name: "retransmissions", Kind: "number", Use: "measure"},
		{Name: "acks", Kind: "number", Use: "measure"}, {Name: "nacks", Kind: "number", Use: "measure"},
	}},
	{Name: "delivered", Kind: "records", Fields: []algo.Var{
		{Name: "node", Kind: "position"}, {Name: "delivered", Kind: "value"}, {Name: "crashed", Kind: "flag", Hidden: true},
	}, Format: "{node}: {delivered}"},
	{Name: "missing", Kind: "positions"},
	{Name: "acksPerMulticast", Kind: "number"},
}

// OutcomeOf is the outcome of a run's current state.
func OutcomeOf(w engine.World) any { return Of(w) }

// Of is OutcomeOf with its type.
func Of(w engine.World) Outcome {
	src := w.Process(Sender).(Member).Sending()
	o := Outcome{Messages: slices.Clone(src.Records), Delivered: []Delivery{}, Missing: []int{}}
	if o.Messages == nil {
		o.Messages = []Record{}
	}
	acks := 0
	for _, r := range o.Messages {
		acks += r.Acks
	}
	if len(o.Messages) > 0 {
		o.AcksPerMulticast = float64(acks) / float64(len(o.Messages))
	}
	for p := range w.N() {
		r := w.Process(p).(Member).Receiving()
		if r == nil {
			continue
		}
		o.Delivered = append(o.Delivered, Delivery{Node: p, Delivered: nonNil(slices.Clone(r.Delivered)), Crashed: w.Crashed(p)})
		if !w.Crashed(p) && len(r.Delivered) < src.Sent() {
			o.Missing = append(o.Missing, p)
		}
	}
	return o
}

// InOrder: a receiver delivers the messages in sequence order, each once
// (1, 2, 3, …), whatever order they arrive in.
func InOrder() engine.Invariant {
	return engine.Invariant{Name: "in order", Check: func(w engine.World, at int) engine.Text {
		if at < 0 {
			return engine.Text{}
		}
		r := w.Process(at).(Member).Receiving()
		if r == nil {
			return engine.Text{}
		}
		for i, s := range r.Delivered {
			if s != i+1 {
				return engine.T("violation.outOfOrder", engine.Num(s), engine.Num(i+1))
			}
		}
		return engine.Text{}
	}}
}

// AllDelivered: when nothing is left to happen, every live receiver has
// delivered every message the sender multicast. The violation names the
// receivers that never learnt of a message and the messages they lack.
func AllDelivered(k int) engine.Invariant {
	return engine.Invariant{Name: "delivered", Check: func(w engine.World, _ int) engine.Text {
		src := w.Process(Sender).(Member).Sending()
		var who, what []int
		for p := range w.N() {
			r := w.Process(p).(Member).Receiving()
			if r == nil || w.Crashed(p) {
				continue
			}
			if len(r.Delivered) < src.Sent() {
				who = append(who, p)
				for s := len(r.Delivered) + 1; s <= src.Sent(); s++ {
					if !slices.Contains(what, s) {
						what = append(what, s)
					}
				}
			}
		}
		if len(who) == 0 {
			return engine.Text{}
		}
		slices.Sort(what)
		return engine.T("violation.notDelivered", engine.Positions(who), engine.Nums(what))
	}}
}

// Invariants document the core's invariants.
var Invariants = []algo.Doc{{Name: "in order"}, {Name: "delivered"}}

// Roles are the sender's and the receivers' roles.
var Roles = []algo.Role{
	{Name: "sender", Tone: "initiator", Icon: "star", Rare: true},
	{Name: "behind", Tone: "waiting", Icon: "hourglass"},
	{Name: "up to date", Tone: "informed", Icon: "check"},
	{Name: "crashed", Tone: "crashed", Icon: "cross"},
}

// ReceiverRole is a receiver's role: waiting while it lacks a message it
// knows of, else up to date.
func ReceiverRole(r *Receiver) string {
	if len(r.Held) > 0 || len(r.Gaps()) > 0 {
		return "behind"
	}
	return "up to date"
}

// Vars declare the receiver's variables and the sender's (Source.Vars),
// then the protocol's own.
func Vars(own ...algo.Var) []algo.Var {
	return append([]algo.Var{
		{Name: "delivered", Kind: "value", Use: "deliveredSeqs"},
		{Name: "held", Kind: "value", Use: "heldBack"},
		{Name: "gaps", Kind: "value", Use: "missingSeqs"},
		{Name: "multicasts", Kind: "number"},
	}, own...)
}

// Vars are the sender's variables for the views.
func (s *Source) Vars() []engine.Var {
	return []engine.Var{{Name: "multicasts", Value: s.Sent()}}
}

// Ends is a group process's two sides: the sender's Source (its K > 0 only
// at the sender) and a receiver's hold-back queue. Embedded in a process, it
// answers Member.
type Ends struct {
	Src  Source
	Recv Receiver
}

// IsSender says whether this process is the group's sender.
func (e *Ends) IsSender() bool { return e.Src.K > 0 }

// Receiving is the receiver's hold-back queue; nil for the sender.
func (e *Ends) Receiving() *Receiver {
	if e.IsSender() {
		return nil
	}
	return &e.Recv
}

// Sending is the sender's side; nil for a receiver.
func (e *Ends) Sending() *Source {
	if e.IsSender() {
		return &e.Src
	}
	return nil
}

// Clone copies both sides (a process's Clone calls it).
func (e *Ends) Clone() Ends { return Ends{Src: e.Src.Clone(), Recv: e.Recv.Clone()} }
