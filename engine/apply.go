package engine

import (
	"cmp"
	"slices"
)

// Apply performs a user action as one step: an action event followed by its
// effects and the invariant checks. An invalid action is refused with an
// error and changes nothing.
func (s *Sim) Apply(a Action) error {
	if err := s.validate(&a); err != nil {
		return err
	}
	s.perform(a, false)
	return nil
}

// perform carries out a valid action; scheduled ones come from the configuration.
func (s *Sim) perform(a Action, scheduled bool) {
	s.ended = false
	s.stepNode = None
	act := a
	node := None
	if a.Type == ActCrash || a.Type == ActRecover || a.Type == ActFire || a.Type == ActNode || a.Type == ActPlug || a.Type == ActUnplug {
		node = a.Node
	}
	ev := &Event{Kind: KindAction, Node: int32(node), From: None, To: None, Action: &act}
	if scheduled {
		ev.Name = "scheduled"
	}
	s.event(ev)
	switch a.Type {
	case ActCrash:
		s.stepNode = a.Node
		s.setCrashed(a.Node, true)
		for _, t := range s.timers.get(a.Node) {
			s.q.kill(t.slot)
		}
		s.timers.set(a.Node, &s.owner, nil)
		s.event(&Event{Kind: KindCrash, Node: int32(a.Node), From: None, To: None})
	case ActRecover:
		s.stepNode = a.Node
		s.setCrashed(a.Node, false)
		s.event(&Event{Kind: KindRecover, Node: int32(a.Node), From: None, To: None})
		if _, ok := s.procs.get(a.Node).(Recoverer); ok {
			proc, keep := s.acquire(a.Node)
			proc.(Recoverer).Recover(s.envFor(a.Node))
			if keep {
				s.settle(a.Node, proc)
			}
		}
	case ActDrop:
		slot, _ := s.findMsg(a.Msg)
		p, body := s.q.slab[slot], s.q.body(slot)
		s.q.kill(slot)
		s.drop(&p, body, "user") // changes no process: stepNode stays None
	case ActDeliver:
		slot, _ := s.findMsg(a.Msg)
		p, body := s.q.slab[slot], s.q.body(slot)
		s.q.kill(slot)
		s.handle(&p, body) // at the current time: the user overtakes the schedule
		return
	case ActFire:
		slot, _ := s.findTimer(a.Node, a.Timer)
		p := s.q.slab[slot]
		s.q.kill(slot)
		s.handle(&p, nil)
		return
	case ActCut, ActRestore, ActLoss:
		s.linkSet = true
		for _, k := range []int64{s.linkKey(a.From, a.To), s.linkKey(a.To, a.From)} {
			l := s.links[k]
			switch a.Type {
			case ActCut:
				l.down = true
			case ActRestore:
				l.down = false
			case ActLoss:
				l.loss, l.hasSet = a.P, true
			}
			s.links[k] = l
		}
	case ActPlug, ActUnplug:
		s.performBus(a) // the whole bus changes: stepNode stays None
	case ActNode:
		s.stepNode = a.Node
		proc, keep := s.acquire(a.Node)
		err := proc.(Actor).Act(s.envFor(a.Node), a.Name)
		if keep {
			s.settle(a.Node, proc)
		}
		if err != nil {
			s.event(&Event{Kind: KindNote, Node: int32(a.Node), From: None, To: None, Text: TextOf(err)})
		}
	}
	s.check(s.cfg.Invariants, s.stepNode)
}

// Validate says whether an action could be applied now, without applying it.
func (s *Sim) Validate(a Action) error { return s.validate(&a) }

func (s *Sim) validate(a *Action) error {
	n := s.n
	inRange := func(field string, p int) error {
		if p < 0 || p >= n {
			return Errorf("engine.refused.position", Raw(a.Type), Raw(field), Num(p), Num(n-1))
		}
		return nil
	}
	switch a.Type {
	case ActCrash:
		if err := inRange("node", a.Node); err != nil {
			return err
		}
		if s.Crashed(a.Node) {
			return Errorf("engine.refused.crashedAlready", Pos(a.Node))
		}
		if s.bus != nil {
			// a device that fails on a real bus drops off it: its neighbours see
			// the port go quiet and reset the bus, which is what unplug does
			return Errorf("engine.refused.crashOnBus", Pos(a.Node))
		}
	case ActRecover:
		if err := inRange("node", a.Node); err != nil {
			return err
		}
		if !s.Crashed(a.Node) {
			return Errorf("engine.refused.notCrashed", Pos(a.Node))
		}
	case ActDrop, ActDeliver:
		slot, ok := s.findMsg(a.Msg)
		if !ok {
			return Errorf("engine.refused.noMessage", Raw(a.Type), Num(int(a.Msg)))
		}
		if a.Type == ActDeliver && !s.cfg.NonFIFO {
			p := s.q.slab[slot]
			if first, _ := s.findOnLink(int(p.from), int(p.node)); first != slot {
				f := s.q.slab[first]
				return Errorf("engine.refused.fifo", Pos(int(p.from)), Pos(int(p.node)), Raw(s.metrics.Types[f.typ]), Num(int(f.msgID)), Num(int(p.msgID)))
			}
		}
	case ActFire:
		if err := inRange("node", a.Node); err != nil {
			return err
		}
		if _, ok := s.findTimer(a.Node, a.Timer); !ok {
			return Errorf("engine.refused.noTimer", Pos(a.Node), Raw(a.Timer))
		}
	case ActCut, ActRestore, ActLoss:
		if err := inRange("from", a.From); err != nil {
			return err
		}
		if err := inRange("to", a.To); err != nil {
			return err
		}
		if a.From == a.To {
			return Errorf("engine.refused.selfLink", Raw(a.Type), Pos(a.From))
		}
		if a.Type == ActLoss && !(a.P >= 0 && a.P <= 1) {
			return Errorf("engine.refused.probability", Float(a.P))
		}
	case ActNode:
		if err := inRange("node", a.Node); err != nil {
			return err
		}
		if s.Crashed(a.Node) {
			return Errorf("engine.refused.actCrashed", Raw(a.Name), Pos(a.Node))
		}
		if _, ok := s.procs.get(a.Node).(Actor); !ok {
			return Errorf("engine.refused.noActions", Raw(a.Name))
		}
	case ActPlug, ActUnplug:
		return s.validateBus(a)
	default:
		return Errorf("engine.refused.unknownType", Raw(a.Type))
	}
	return nil
}

func (s *Sim) findMsg(id int64) (int32, bool) {
	return s.q.find(func(p *pending) bool { return p.kind == pendDeliver && p.msgID == id })
}

func (s *Sim) findOnLink(from, to int) (int32, bool) {
	return s.q.find(func(p *pending) bool {
		return p.kind == pendDeliver && int(p.from) == from && int(p.node) == to
	})
}

func (s *Sim) findTimer(node int, name string) (int32, bool) {
	return s.q.find(func(p *pending) bool {
		return p.kind == pendTimer && int(p.node) == node && s.timerNames[p.typ] == name
	})
}

// Flight is a message in flight, for the views.
type Flight struct {
	ID     int64  `json:"id"`
	From   int    `json:"from"`
	To     int    `json:"to"`
	Type   string `json:"type"`
	Label  string `json:"label"`
	Body   any    `json:"body,omitempty"`
	SentAt Time   `json:"sentAt"`
	Arrive Time   `json:"arrive"`
	Next   bool   `json:"deliverable"` // may be delivered next under the channel discipline
	slot   int32  // where it is queued (FlightsInto, Label)
}

// PendingTimer is an armed timer, for the views.
type PendingTimer struct {
	Node int    `json:"node"`
	Name string `json:"name"`
	At   Time   `json:"at"`
}

// InFlight lists the messages in flight in the order they will arrive.
func (s *Sim) InFlight() []Flight {
	var buf FlightBuf
	out := s.FlightsInto(&buf)
	for i := range out {
		s.Label(&out[i])
	}
	return out
}

// FlightBuf is room for the list of messages in flight, reused by every
// call of Sim.FlightsInto that is given it.
type FlightBuf struct {
	keys    []heapKey
	flights []Flight
	// The heads of FIFO links: a sender's first link in firstTo (valid
	// where sender[from] == gen), its other links in others.
	gen     uint32
	sender  []uint32
	firstTo []int32
	others  map[int64]struct{}
}

// FlightsInto lists the messages in flight as InFlight does, in buf's room
// (valid until buf is used again or the Sim changes), but without their
// bodies and labels: a view that shows only some of them asks Label for
// those, so that listing costs no allocation once buf has grown.
//
// A frame lists them at every step: the queue's lane holds most of them
// in order already, so only the heap's few are sorted, and the two merge.
func (s *Sim) FlightsInto(buf *FlightBuf) []Flight {
	q := &s.q
	q.materialize()
	keys := buf.keys[:0]
	for _, k := range q.heap {
		if p := &q.slab[k.slot]; p.kind == pendDeliver && !p.dead {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, compareKeys)
	inHeap := len(keys)
	for i := range q.laneLen {
		k := q.lane[(q.laneHead+i)&(len(q.lane)-1)]
		if p := &q.slab[k.slot]; p.kind == pendDeliver && !p.dead {
			keys = append(keys, k)
		}
	}
	buf.keys = keys
	heap, lane := keys[:inHeap], keys[inHeap:]
	out := buf.flights[:0]
	for len(heap) > 0 || len(lane) > 0 {
		var k heapKey
		if len(lane) == 0 || len(heap) > 0 && heap[0].less(lane[0]) {
			k, heap = heap[0], heap[1:]
		} else {
			k, lane = lane[0], lane[1:]
		}
		p := &q.slab[k.slot]
		out = append(out, Flight{ID: p.msgID, From: int(p.from), To: int(p.node), Type: s.metrics.Types[p.typ],
			SentAt: p.sentAt, Arrive: p.at, Next: true, slot: k.slot})
	}
	buf.flights = out
	if !s.cfg.NonFIFO {
		s.markHeads(buf, out)
	}
	return out
}

// markHeads clears Next of every message but the first of its link (in
// arrival order): under FIFO only that one may be delivered next.
func (s *Sim) markHeads(buf *FlightBuf, out []Flight) {
	if len(buf.sender) != s.n {
		buf.sender, buf.firstTo, buf.gen = make([]uint32, s.n), make([]int32, s.n), 0
	}
	buf.gen++
	if buf.gen == 0 { // wrapped: stamps of long ago would pass for new
		clear(buf.sender)
		buf.gen = 1
	}
	if len(buf.others) > 0 {
		clear(buf.others)
	}
	for i := range out {
		from, to := out[i].From, int32(out[i].To)
		switch {
		case buf.sender[from] != buf.gen:
			buf.sender[from], buf.firstTo[from] = buf.gen, to
		case buf.firstTo[from] == to:
			out[i].Next = false
		default: // another link of the same sender
			if buf.others == nil {
				buf.others = map[int64]struct{}{}
			}
			link := s.linkKey(from, int(to))
			if _, seen := buf.others[link]; seen {
				out[i].Next = false
			} else {
				buf.others[link] = struct{}{}
			}
		}
	}
}

// Label fills in the body and label of a flight FlightsInto listed (before
// the Sim changes).
func (s *Sim) Label(f *Flight) {
	m := s.message(&s.q.slab[f.slot], s.q.body(f.slot))
	f.Body, f.Label = m.Body, m.Label()
}

// Timers lists the armed timers in the order they will fire.
func (s *Sim) Timers() []PendingTimer {
	if s.q.liveTimers() == 0 {
		return []PendingTimer{}
	}
	var out []PendingTimer
	var orders []uint64
	for i := range s.q.slab {
		if p := &s.q.slab[i]; p.kind == pendTimer && !p.dead {
			out = append(out, PendingTimer{Node: int(p.node), Name: s.timerNames[p.typ], At: p.at})
			orders = append(orders, p.order)
		}
	}
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		return cmp.Or(cmp.Compare(out[a].At, out[b].At), cmp.Compare(orders[a], orders[b]))
	})
	sorted := make([]PendingTimer, len(out))
	for i, j := range idx {
		sorted[i] = out[j]
	}
	return sorted
}

// LinkDown reports whether the link from→to has been cut.
func (s *Sim) LinkDown(from, to int) bool { return s.linkSet && s.links[s.linkKey(from, to)].down }
