// Package nack is reliable multicast by negative acknowledgements,
// ALGORITHMS.md 5: the sender, P0, multicasts numbered DATA and waits for
// nothing. A receiver that sees a gap in the sequence numbers (a later
// message, or a STOP naming a later last number) sends a NACK naming the
// missing numbers, and again after each timeout while they stay missing;
// the sender repairs each with a REPAIR to that receiver. Nothing is sent
// back while nothing is lost. But a receiver that loses the last message
// sees no later one, so no gap: the loss goes unnoticed. The remedy, the
// parameter stops, has the sender multicast its last sequence number in a
// few redundant STOP signals after the last message.
package nack

import (
	"slices"

	"distviz/algos/kit/group"
	"distviz/engine"
)

const (
	timerNack = "nack" // a receiver asks again for what is still missing
	timerStop = "stop" // the sender's next STOP signal
)

type node struct {
	group      []int
	timeout    engine.Time
	group.Ends // the sender's Src, a receiver's Recv

	// the sender's
	stops     int // STOP signals to send after the last message
	stopsSent int

	// a receiver's
	asked     []int // the numbers NACKed and not yet received
	nacksSent int
}

func (n *node) Start(env *engine.Env) { n.multicast(env) }

// multicast sends the next message; after the last one the STOP signals follow.
func (n *node) multicast(env *engine.Env) {
	if n.Src.MulticastNext(env, n.group) == n.Src.K && n.stops > 0 {
		env.SetTimer(timerStop, engine.Time(n.Src.Interval))
	}
}

func (n *node) Receive(env *engine.Env, from int, m engine.Message) {
	switch m.Type {
	case group.MsgData, group.MsgRepair:
		seq := m.Body.(group.Seq).N
		fresh, delivered := n.Recv.Accept(seq)
		n.Recv.Note(env, seq, fresh, delivered)
		n.checkGaps(env, from)
	case group.MsgStop:
		last := m.Body.(group.Seq).N
		if last > n.Recv.Highest {
			env.Note("note.learnsLast", engine.Num(last))
		}
		n.Recv.Learn(last)
		n.checkGaps(env, from)
	case group.MsgNack:
		n.repair(env, from, m.Body.(group.Seqs).Ns)
	}
}

// checkGaps sends a NACK for the numbers newly found missing and keeps a
// timer to ask again while any stays missing.
func (n *node) checkGaps(env *engine.Env, sender int) {
	gaps := n.Recv.Gaps()
	n.asked = slices.DeleteFunc(n.asked, func(s int) bool { return !slices.Contains(gaps, s) })
	var fresh []int
	for _, s := range gaps {
		if !slices.Contains(n.asked, s) {
			fresh = append(fresh, s)
		}
	}
	if len(fresh) > 0 {
		env.Note("note.gap", engine.Nums(fresh))
		n.nack(env, sender, fresh)
		n.asked = append(n.asked, fresh...)
		slices.Sort(n.asked)
	}
	switch {
	case len(gaps) == 0:
		env.CancelTimer(timerNack)
	case !env.TimerSet(timerNack):
		env.SetTimer(timerNack, n.timeout)
	}
}

func (n *node) nack(env *engine.Env, sender int, seqs []int) {
	n.nacksSent++
	env.Send(sender, engine.Message{Type: group.MsgNack, Body: group.Seqs{Ns: slices.Clone(seqs)}})
}

// repair answers a NACK: each missing message again, to the receiver that asked.
func (n *node) repair(env *engine.Env, to int, seqs []int) {
	env.Note("note.repairs", engine.Nums(seqs), engine.Pos(to))
	for _, s := range seqs {
		if r := n.Src.Record(s); r != nil {
			r.Nacks++
			n.Src.Resend(env, to, s, group.MsgRepair)
		}
	}
}

func (n *node) Timer(env *engine.Env, name string) {
	switch name {
	case group.TimerNext:
		n.multicast(env)
	case timerStop:
		n.stopsSent++
		env.Note("note.stop", engine.Num(n.Src.K), engine.Num(n.stopsSent), engine.Num(n.stops))
		env.Multicast(n.group, engine.Message{Type: group.MsgStop, Body: group.Seq{N: n.Src.K}})
		if n.stopsSent < n.stops {
			env.SetTimer(timerStop, engine.Time(n.Src.Interval))
		}
	case timerNack:
		gaps := n.Recv.Gaps()
		if len(gaps) == 0 {
			return
		}
		if !env.Reachable(group.Sender) {
			env.Note("note.senderGone", engine.Nums(gaps))
			return
		}
		env.Note("note.nacksAgain", engine.Nums(gaps))
		n.nack(env, group.Sender, gaps)
		env.SetTimer(timerNack, n.timeout)
	}
}

func (n *node) View() engine.NodeView {
	if n.IsSender() {
		return engine.NodeView{Role: "sender", Vars: append(n.Src.Vars(), engine.Var{Name: "stopsSent", Value: n.stopsSent})}
	}
	return engine.NodeView{Role: group.ReceiverRole(&n.Recv),
		Vars: append(n.Recv.Vars(), engine.Var{Name: "nacksSent", Value: n.nacksSent})}
}

func (n *node) Clone() engine.Process {
	c := *n
	c.Ends = n.Ends.Clone()
	c.asked = slices.Clone(n.asked)
	return &c
}
