package engine

// Stepping: taking the next scheduled occurrence, handing it to its process,
// recording the events and checking the invariants.

// event numbers and times an event and hands it to the recorder. It takes a
// pointer that it never keeps, so callers' events stay on the stack.
func (s *Sim) msgEvent(kind Kind, from, to int32, id int64, m *Message, arrive Time) {
	s.seq++
	s.metrics.Events++
	if s.log != nil {
		s.log.addMsg(kind, s.now, from, to, id, m, arrive)
	}
}

// note records a process's note; it keeps neither args nor their memory.
func (s *Sim) note(node int32, key string, args []Arg) {
	s.seq++
	s.metrics.Events++
	if s.log != nil {
		s.log.addNote(s.now, node, key, args)
	}
}

func (s *Sim) event(e *Event) {
	s.seq++
	s.metrics.Events++
	if e.Kind == KindViolation {
		s.metrics.Violations++
	}
	if s.log != nil {
		e.Seq, e.Time = s.seq, s.now
		s.log.add(e)
	}
}

// Step handles the next event in (time, order) and reports whether there was
// anything to do. When the queue first runs dry it records an end event and
// the final checks; after that Step returns false until an action revives the run.
func (s *Sim) Step() bool {
	p, body, ok := s.q.pop()
	if !ok {
		if s.ended {
			return false
		}
		s.ended = true
		s.q = queue{log: s.q.log} // empty: its arrays go (an action may fill it again)
		s.event(&Event{Kind: KindEnd, Node: None, From: None, To: None})
		s.check(s.cfg.Final, None)
		return true
	}
	if p.at > s.now {
		s.now = p.at
	}
	s.prefetchAhead()
	s.handle(&p, body)
	if s.log != nil && s.seq >= s.log.nextBase {
		s.log.saveCounts(s.seq, s.metrics.ByProcess)
	}
	return true
}

// message is the message of a queued delivery.
func (s *Sim) message(p *pending, body any) Message {
	return Message{Type: s.metrics.Types[p.typ], Body: body}
}

// StepUnchecked is Step without checking the invariants. Replaying a step
// whose recorded events hold no verdict of a check (ChecksNarrate is false
// and none is a violation) gives the same events faster: the checks only
// read the state.
func (s *Sim) StepUnchecked() bool {
	s.unchecked = true
	defer func() { s.unchecked = false }()
	return s.Step()
}

// ChecksNarrate reports whether a check that fails writes a note rather
// than a violation (Invariant.Info).
func (s *Sim) ChecksNarrate() bool {
	for _, inv := range s.cfg.Invariants {
		if inv.Info {
			return true
		}
	}
	for _, inv := range s.cfg.Final {
		if inv.Info {
			return true
		}
	}
	return false
}

// handle runs a popped or user-chosen pending item at the current time.
func (s *Sim) handle(p *pending, body any) {
	node := int(p.node)
	switch p.kind {
	case pendStart:
		s.stepNode = node
		if s.Crashed(node) {
			s.event(&Event{Kind: KindStart, Node: p.node, From: None, To: None, Text: T("engine.crashedNoStart")})
			break
		}
		s.event(&Event{Kind: KindStart, Node: p.node, From: None, To: None})
		proc, keep := s.acquire(node)
		proc.Start(s.envFor(node))
		if keep {
			s.settle(node, proc)
		}
	case pendDeliver:
		// A lost message changes no process: per-process checks skip it.
		s.stepNode = None
		if s.Crashed(node) {
			s.drop(p, body, "crashed")
			break
		}
		if s.linkSet && s.links[s.linkKey(int(p.from), node)].down {
			s.drop(p, body, "link down")
			break
		}
		if s.bus != nil && !s.bus.linked(int(p.from), node) {
			s.drop(p, body, "no cable")
			break
		}
		s.stepNode = node
		s.metrics.delivered(node, p.typ)
		m := s.message(p, body)
		s.msgEvent(KindDeliver, p.from, p.node, p.msgID, &m, 0)
		if s.causal != nil {
			s.causal.deliver(node, p.msgID)
		}
		proc, keep := s.acquire(node)
		proc.Receive(s.envFor(node), int(p.from), m)
		if keep {
			s.settle(node, proc)
		}
	case pendTimer:
		s.stepNode = node
		name := s.timerNames[p.typ]
		s.forgetTimer(node, name)
		s.event(&Event{Kind: KindTimer, Node: p.node, From: None, To: None, Name: name})
		proc, keep := s.acquire(node)
		proc.Timer(s.envFor(node), name)
		if keep {
			s.settle(node, proc)
		}
	case pendAction:
		a := s.cfg.Schedule[p.msgID].Action
		if err := s.validate(&a); err != nil {
			s.stepNode = None
			s.event(&Event{Kind: KindNote, Node: None, From: None, To: None, Text: T("engine.actionSkipped", Sub(TextOf(err)))})
			break
		}
		s.perform(a, true)
		return
	}
	s.check(s.cfg.Invariants, s.stepNode)
}

func (s *Sim) drop(p *pending, body any, reason string) {
	if s.causal != nil {
		s.causal.forget(p.msgID)
	}
	s.metrics.dropped(int(p.node), p.typ)
	s.event(&Event{Kind: KindDrop, Node: None, From: p.from, To: p.node, MsgID: p.msgID, Msg: s.message(p, body), Name: reason})
}

func (s *Sim) check(invs []Invariant, node int) {
	if s.unchecked {
		return
	}
	for i := range invs {
		inv := &invs[i]
		msg := inv.Check(s, node)
		switch {
		case msg.Key == "":
		case inv.Info:
			s.event(&Event{Kind: KindNote, Node: int32(node), From: None, To: None, Text: msg})
		default:
			s.event(&Event{Kind: KindViolation, Node: int32(node), From: None, To: None, Name: inv.Name, Text: msg})
			if s.cfg.Violated != nil {
				s.cfg.Violated(inv, node, msg)
			}
		}
	}
}
