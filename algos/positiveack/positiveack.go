// Package positiveack is reliable multicast by positive acknowledgements,
// ALGORITHMS.md 5: the sender, P0, knows every member of the group and
// multicasts numbered DATA; every receiver acknowledges every copy it gets
// with an ACK, a duplicate too (its first ACK may have been lost). A
// message whose ACKs have not all come in when its timeout expires is sent
// again, to exactly the members that have not acknowledged it. Every
// multicast brings n−1 ACKs back to the sender: the ACK implosion that
// limits the group's size. The sender stops waiting for a member that has
// crashed (the model's failure detector, env.Reachable).
package positiveack

import (
	"slices"
	"strconv"
	"strings"

	"distviz/algos/kit/group"
	"distviz/engine"
)

// timerPrefix + the message number names the retransmission timer of a message.
const timerPrefix = "rto "

type node struct {
	group      []int
	timeout    engine.Time
	group.Ends // the sender's Src, a receiver's Recv

	// the sender's
	pending [][]int // per message (index seq−1): the members whose ACK is missing

	// a receiver's
	acksSent int
}

func (n *node) Start(env *engine.Env) { n.multicast(env) }

// multicast sends the next message and starts waiting for every member's ACK.
func (n *node) multicast(env *engine.Env) {
	seq := n.Src.MulticastNext(env, n.group)
	n.pending = append(n.pending, slices.DeleteFunc(slices.Clone(n.group), func(q int) bool { return q == env.Self() }))
	env.SetTimer(timerPrefix+strconv.Itoa(seq), n.timeout)
}

func (n *node) Receive(env *engine.Env, from int, m engine.Message) {
	switch m.Type {
	case group.MsgData:
		seq := m.Body.(group.Seq).N
		fresh, delivered := n.Recv.Accept(seq)
		n.Recv.Note(env, seq, fresh, delivered)
		n.acksSent++
		env.Send(from, engine.Message{Type: group.MsgAck, Body: group.Seq{N: seq}})
	case group.MsgAck:
		n.acked(env, from, m.Body.(group.Seq).N)
	}
}

// acked crosses the member off the message's list; the last ACK ends the wait.
func (n *node) acked(env *engine.Env, from, seq int) {
	r := n.Src.Record(seq)
	if r == nil {
		return
	}
	r.Acks++
	waiting := n.pending[seq-1]
	i := slices.Index(waiting, from)
	if i < 0 {
		env.Note("note.duplicateAck", engine.Pos(from), engine.Num(seq))
		return
	}
	n.pending[seq-1] = slices.Delete(slices.Clone(waiting), i, i+1)
	if len(n.pending[seq-1]) == 0 {
		env.CancelTimer(timerPrefix + strconv.Itoa(seq))
		env.Note("note.allAcked", engine.Num(seq))
	}
}

func (n *node) Timer(env *engine.Env, name string) {
	if name == group.TimerNext {
		n.multicast(env)
		return
	}
	seq, err := strconv.Atoi(strings.TrimPrefix(name, timerPrefix))
	if err != nil || seq < 1 || seq > len(n.pending) {
		return
	}
	var again, gone []int
	for _, q := range n.pending[seq-1] {
		if env.Reachable(q) {
			again = append(again, q)
		} else {
			gone = append(gone, q)
		}
	}
	if len(gone) > 0 {
		env.Note("note.givesUp", engine.Positions(gone), engine.Num(seq))
	}
	n.pending[seq-1] = again
	if len(again) == 0 {
		return
	}
	env.Note("note.retransmits", engine.Num(seq), engine.Positions(again))
	for _, q := range again {
		n.Src.Resend(env, q, seq, group.MsgData)
	}
	env.SetTimer(name, n.timeout)
}

func (n *node) View() engine.NodeView {
	if n.IsSender() {
		waiting := 0
		for _, w := range n.pending {
			waiting += len(w)
		}
		return engine.NodeView{Role: "sender", Vars: append(n.Src.Vars(), engine.Var{Name: "awaited", Value: waiting})}
	}
	return engine.NodeView{Role: group.ReceiverRole(&n.Recv),
		Vars: append(n.Recv.Vars(), engine.Var{Name: "acksSent", Value: n.acksSent})}
}

func (n *node) Clone() engine.Process {
	c := *n
	c.Ends = n.Ends.Clone()
	c.pending = slices.Clone(n.pending) // the inner lists are replaced, never changed in place
	return &c
}
