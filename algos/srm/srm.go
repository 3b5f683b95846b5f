// Package srm is Scalable Reliable Multicast (Floyd et al. 1997),
// ALGORITHMS.md 5. The source, P0, multicasts numbered DATA over a tree of
// links; every member passes each message on to its other neighbours. A
// member that detects a loss at distance d from the source waits a random
// time in [C1·d, (C1+C2)·d] and then multicasts a NACK (a repair request)
// to the whole group; hearing another member's NACK for the same message
// meanwhile suppresses its own (it backs off, doubling the interval). Any
// member that has the message answers a NACK from distance d after a
// random time in [D1·d, (D1+D2)·d] with a REPAIR, multicast too; hearing
// another's REPAIR meanwhile cancels its own. So one NACK and one REPAIR
// per loss suffice, however many members lost it. SESSION messages after the
// last message carry its number, so that the loss of the last message is
// noticed too.
package srm

import (
	"slices"
	"strconv"
	"strings"

	"distviz/algos/kit/group"
	"distviz/engine"
)

const (
	msgSession = "SESSION" // the source's last sequence number
	timerNext  = group.TimerNext
	timerSess  = "session"
	reqPrefix  = "request " // + the message number: the back-off before a NACK
	repPrefix  = "repair "  // + the message number: the back-off before a REPAIR
)

// Pkt is what travels: a message number and the member whose message it is
// (the requester of a NACK, the repairer of a REPAIR).
type Pkt struct {
	Seq    int `json:"seq"`
	Origin int `json:"origin"`
}

// Label is the number; a NACK or REPAIR names its origin too.
func (p Pkt) Label() string { return strconv.Itoa(p.Seq) }

// backoff are the constants of the back-offs.
type backoff struct {
	c1, c2, d1, d2 float64
	suppress       bool
}

type node struct {
	nb   []int         // tree neighbours
	dist []engine.Time // path length to every member
	bo   backoff

	group.Ends // the source's Src, a member's Recv
	sessions   int
	sessSent   int

	round     []int         // per message (index seq−1): requests made or suppressed so far
	holdUntil []engine.Time // per message: NACKs heard before this time are for a repair just sent
	missed    []bool        // per message: this member detected its loss
	nacks     []int         // per message: NACKs this member sent
	repairs   []int         // per message: REPAIRs this member sent
}

func (n *node) Start(env *engine.Env) {
	if n.IsSender() {
		env.SetTimer(timerNext, 0) // at once, after the scenario's own actions of this instant
	}
}

func (n *node) Receive(env *engine.Env, from int, m engine.Message) {
	pk := m.Body.(Pkt)
	n.forward(env, from, m)
	switch m.Type {
	case group.MsgData, group.MsgRepair:
		if m.Type == group.MsgRepair {
			n.heardRepair(env, pk)
		}
		if n.IsSender() {
			return
		}
		fresh, delivered := n.Recv.Accept(pk.Seq)
		n.Recv.Note(env, pk.Seq, fresh, delivered)
		env.CancelTimer(reqPrefix + strconv.Itoa(pk.Seq))
		n.detect(env)
	case msgSession:
		if !n.IsSender() {
			n.Recv.Learn(pk.Seq)
			n.detect(env)
		}
	case group.MsgNack:
		n.heardNack(env, pk)
	}
}

// forward passes a multicast on to the other neighbours: the tree carries it.
func (n *node) forward(env *engine.Env, from int, m engine.Message) {
	if len(n.nb) > 1 {
		env.Multicast(slices.DeleteFunc(slices.Clone(n.nb), func(q int) bool { return q == from }), m)
	}
}

// multicast sends a message of this member's own to the whole group.
func (n *node) multicast(env *engine.Env, typ string, seq int) {
	env.Multicast(n.nb, engine.Message{Type: typ, Body: Pkt{Seq: seq, Origin: env.Self()}})
}

// detect schedules a request for every newly found gap: a loss detected at
// distance d from the source waits uniformly in [C1·d, (C1+C2)·d].
func (n *node) detect(env *engine.Env) {
	for _, s := range n.Recv.Gaps() {
		n.grow(s)
		if n.missed[s-1] {
			continue
		}
		n.missed[s-1] = true
		if !n.bo.suppress {
			// no one to listen for: waiting would only delay the repair
			env.Note("note.detectsAsks", engine.Num(s))
			env.SetTimer(reqPrefix+strconv.Itoa(s), 0)
			continue
		}
		wait := n.draw(env, n.bo.c1, n.bo.c2, n.dist[group.Sender])
		env.Note("note.detects", engine.Num(s), engine.Dur(wait))
		env.SetTimer(reqPrefix+strconv.Itoa(s), wait)
	}
}

// draw is a uniform time in [a·d, (a+b)·d], scaled by 2^round for a retry.
func (n *node) draw(env *engine.Env, a, b float64, d engine.Time) engine.Time {
	return n.drawRound(env, a, b, d, 0)
}

func (n *node) drawRound(env *engine.Env, a, b float64, d engine.Time, round int) engine.Time {
	scale := float64(int64(1) << min(round, 10))
	lo := a * float64(d) * scale
	return engine.Time(lo + env.Rand().Float64()*b*float64(d)*scale + 0.5)
}

// heardNack: a member that has the message schedules a repair; one that
// lacks it too backs off its own request (suppression).
func (n *node) heardNack(env *engine.Env, pk Pkt) {
	s := pk.Seq
	n.grow(s)
	if n.has(s) {
		name := repPrefix + strconv.Itoa(s)
		if env.TimerSet(name) || env.Now() < n.holdUntil[s-1] {
			return
		}
		wait := n.draw(env, n.bo.d1, n.bo.d2, n.dist[pk.Origin])
		env.Note("note.schedulesRepair", engine.Num(s), engine.Pos(pk.Origin), engine.Dur(wait))
		env.SetTimer(name, wait)
		return
	}
	name := reqPrefix + strconv.Itoa(s)
	if !n.bo.suppress || pk.Origin == env.Self() || !env.TimerSet(name) {
		return
	}
	n.round[s-1]++
	wait := n.drawRound(env, n.bo.c1, n.bo.c2, n.dist[group.Sender], n.round[s-1])
	env.Note("note.suppressesRequest", engine.Num(s), engine.Pos(pk.Origin), engine.Dur(wait))
	env.SetTimer(name, wait)
}

// heardRepair: another member's repair cancels this member's own.
func (n *node) heardRepair(env *engine.Env, pk Pkt) {
	n.grow(pk.Seq)
	name := repPrefix + strconv.Itoa(pk.Seq)
	if n.bo.suppress && env.TimerSet(name) {
		env.CancelTimer(name)
		env.Note("note.suppressesRepair", engine.Num(pk.Seq), engine.Pos(pk.Origin))
	}
	// requests for it that cross this repair are answered already
	n.holdUntil[pk.Seq-1] = env.Now() + 2*n.dist[pk.Origin]
}

func (n *node) Timer(env *engine.Env, name string) {
	switch {
	case name == timerNext:
		n.Src.MulticastNextVia(env, len(n.dist)-1, func(m engine.Message) { env.Multicast(n.nb, m) },
			func(seq int) any { return Pkt{Seq: seq} })
		if n.Src.Sent() < n.Src.K {
			return
		}
		if n.sessions > 0 {
			env.SetTimer(timerSess, engine.Time(n.Src.Interval))
		}
	case name == timerSess:
		n.sessSent++
		env.Note("note.session", engine.Num(n.Src.K), engine.Num(n.sessSent), engine.Num(n.sessions))
		n.multicast(env, msgSession, n.Src.K)
		if n.sessSent < n.sessions {
			env.SetTimer(timerSess, engine.Time(n.Src.Interval))
		}
	case strings.HasPrefix(name, reqPrefix):
		s, _ := strconv.Atoi(strings.TrimPrefix(name, reqPrefix))
		if n.has(s) {
			return
		}
		n.nacks[s-1]++
		n.round[s-1]++
		env.Note("note.requests", engine.Num(s))
		n.multicast(env, group.MsgNack, s)
		// in case the repair is lost: ask again after twice the interval
		env.SetTimer(name, n.drawRound(env, n.bo.c1, n.bo.c2, n.dist[group.Sender], n.round[s-1]))
	case strings.HasPrefix(name, repPrefix):
		s, _ := strconv.Atoi(strings.TrimPrefix(name, repPrefix))
		n.repairs[s-1]++
		env.Note("note.repairs", engine.Num(s))
		n.multicast(env, group.MsgRepair, s)
		n.holdUntil[s-1] = env.Now() + 2*slices.Max(n.dist)
		if n.IsSender() {
			if r := n.Src.Record(s); r != nil {
				r.Retransmissions++
			}
		}
	}
}

// has reports whether the member can repair message s.
func (n *node) has(s int) bool {
	if n.IsSender() {
		return s <= n.Src.Sent()
	}
	return n.Recv.Has(s)
}

// grow makes the per-message slices long enough for message s.
func (n *node) grow(s int) {
	for len(n.round) < s {
		n.round = append(n.round, 0)
		n.holdUntil = append(n.holdUntil, 0)
		n.missed = append(n.missed, false)
		n.nacks = append(n.nacks, 0)
		n.repairs = append(n.repairs, 0)
	}
}

func (n *node) View() engine.NodeView {
	sent := 0
	for i := range n.nacks {
		sent += n.nacks[i] + n.repairs[i]
	}
	vars := []engine.Var{{Name: "distance", Value: n.dist[group.Sender]}}
	if n.IsSender() {
		return engine.NodeView{Role: "sender", Vars: append(append(n.Src.Vars(), vars...), engine.Var{Name: "requestsSent", Value: sent})}
	}
	return engine.NodeView{Role: group.ReceiverRole(&n.Recv),
		Vars: append(append(n.Recv.Vars(), vars...), engine.Var{Name: "requestsSent", Value: sent})}
}

func (n *node) Clone() engine.Process {
	c := *n
	c.Ends = n.Ends.Clone()
	c.round = slices.Clone(n.round)
	c.holdUntil = slices.Clone(n.holdUntil)
	c.missed = slices.Clone(n.missed)
	c.nacks = slices.Clone(n.nacks)
	c.repairs = slices.Clone(n.repairs)
	return &c // nb and dist never change: shared
}
