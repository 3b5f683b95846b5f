package engine

import (
	"slices"
)

// Sending messages over links and setting timers: what a process's Env
// asks of the simulation.

func (s *Sim) linkKey(from, to int) int64 { return int64(from)*int64(s.n) + int64(to) }

func (s *Sim) send(from, to int, m Message) {
	if to < 0 || to >= s.n {
		s.event(&Event{Kind: KindNote, Node: int32(from), From: None, To: None,
			Text: T("engine.sendOutside", Raw(m.Type), Num(to), Num(s.n-1))})
		return
	}
	s.nextMsg++
	id := s.nextMsg
	base := s.cfg.Delay
	if s.cfg.LinkDelay != nil {
		base = s.cfg.LinkDelay(from, to)
	}
	d := base
	if t := s.cfg.Tail; t != nil && t.P > 0 && s.netRand.Float64() < t.P {
		d = t.Delay
	}
	at := s.now + d.Min
	if d.Max > d.Min {
		at += s.netRand.Int64N(d.Max - d.Min + 1)
	}
	var l link
	key := s.linkKey(from, to)
	// With a fixed delay and no link state, FIFO holds by construction and
	// the link table is not consulted: this is the hot path.
	useLink := s.linkSet || (!s.cfg.NonFIFO && (base.Max > base.Min || s.cfg.Tail != nil))
	if useLink {
		l = s.links[key]
		if !s.cfg.NonFIFO && at < l.lastAt {
			at = l.lastAt
		}
		l.lastAt = at
		s.links[key] = l
	}
	typ := s.metrics.typeIndex(m.Type)
	s.metrics.sent(from, typ)
	s.msgEvent(KindSend, int32(from), int32(to), id, &m, at)
	p := pending{kind: pendDeliver, node: int32(to), from: int32(from), typ: typ, at: at, msgID: id, sentAt: s.now}
	if l.down {
		s.drop(&p, m.Body, "link down")
		return
	}
	if s.bus != nil && !s.bus.linked(from, to) {
		s.drop(&p, m.Body, "no cable")
		return
	}
	loss := s.cfg.Loss
	if l.hasSet {
		loss = l.loss
	}
	if loss > 0 && s.netRand.Float64() < loss {
		s.drop(&p, m.Body, "lost")
		return
	}
	if s.causal != nil {
		s.causal.send(from, id)
	}
	s.order++
	p.order = s.order
	s.q.push(p, m.Body)
}

// timerIndex interns a timer's name.
func (s *Sim) timerIndex(name string) int32 {
	for i, t := range s.timerNames {
		if t == name {
			return int32(i)
		}
	}
	s.timerNames = append(s.timerNames, name)
	return int32(len(s.timerNames) - 1)
}

func (s *Sim) setTimer(node int, name string, after Time) {
	if after < 0 {
		after = 0
	}
	s.cancelTimer(node, name)
	s.order++
	slot := s.q.push(pending{kind: pendTimer, node: int32(node), from: None, typ: s.timerIndex(name), at: s.now + after, order: s.order}, nil)
	ts := s.timers.get(node)
	s.timers.set(node, &s.owner, append(ts[:len(ts):len(ts)], timerRef{name: name, slot: slot}))
}

func (s *Sim) cancelTimer(node int, name string) {
	ts := s.timers.get(node)
	for i, t := range ts {
		if t.name == name {
			s.q.kill(t.slot)
			s.timers.set(node, &s.owner, without(ts, i))
			return
		}
	}
}

func (s *Sim) forgetTimer(node int, name string) {
	ts := s.timers.get(node)
	for i, t := range ts {
		if t.name == name {
			s.timers.set(node, &s.owner, without(ts, i))
			return
		}
	}
}

// without is a process's timers without the i-th, in a new slice (copies of
// the Sim share the old one); none left is nil, no allocation.
func without(ts []timerRef, i int) []timerRef {
	if len(ts) == 1 {
		return nil
	}
	return slices.Delete(slices.Clone(ts), i, i+1)
}
