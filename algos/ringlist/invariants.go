package ringlist

import "distviz/engine"

// system is what the global checks know: IDs by position and back.
type system struct {
	ids []int
	pos map[int]int // ID → position; lookup only
}

func newSystem(ids []int) *system {
	s := &system{ids: ids, pos: make(map[int]int, len(ids))}
	for p, id := range ids {
		s.pos[id] = p
	}
	return s
}

// topLive is the position of the live process with the highest ID (-1: none).
func (s *system) topLive(w engine.World) int {
	top := -1
	for p, id := range s.ids {
		if !w.Crashed(p) && (top < 0 || id > s.ids[top]) {
			top = p
		}
	}
	return top
}

// agreement checks the step in which a process takes a coordinator: it is
// the maximum of the list the process received, and it is up now. A list
// can hold a process that has crashed since it added its ID.
func agreement(s *system) engine.Invariant {
	return engine.Invariant{
		Name: "agreement",
		Check: func(w engine.World, p int) engine.Text {
			if p < 0 || w.Crashed(p) {
				return engine.Text{}
			}
			r := w.Process(p).(*node)
			if !r.fresh {
				return engine.Text{}
			}
			if r.from != nil && r.coordinator != r.from.max {
				return engine.T("violation.notMax", engine.Pos(p), engine.Num(r.coordinator), engine.Num(r.from.max))
			}
			q, ok := s.pos[r.coordinator]
			if !ok {
				return engine.T("violation.noSuchID", engine.Pos(p), engine.Num(r.coordinator))
			}
			if w.Crashed(q) {
				return engine.T("violation.deadMax", engine.Pos(p), engine.Num(r.coordinator), engine.Pos(q))
			}
			return engine.Text{}
		},
	}
}

// uniqueness checks the step in which a process takes itself as
// coordinator: it has the highest live ID. It looks at every process, but
// only in such a step (once per list that reaches the winner).
func uniqueness(s *system) engine.Invariant {
	return engine.Invariant{
		Name: "uniqueness",
		Check: func(w engine.World, p int) engine.Text {
			if p < 0 || w.Crashed(p) {
				return engine.Text{}
			}
			if r := w.Process(p).(*node); !r.fresh || !r.Elected() {
				return engine.Text{}
			}
			if top := s.topLive(w); top != p {
				return engine.T("violation.higherLive", engine.Pos(p), engine.Num(s.ids[p]), engine.Pos(top), engine.Num(s.ids[top]))
			}
			return engine.Text{}
		},
	}
}

// highestLive is the final check beside election.EveryoneKnows: the
// coordinator the live processes know is the highest live ID.
func highestLive(s *system) engine.Invariant {
	return engine.Invariant{
		Name: "agreement",
		Check: func(w engine.World, _ int) engine.Text {
			top := s.topLive(w)
			if top < 0 {
				return engine.Text{}
			}
			wrong, first := 0, -1
			for p := range s.ids {
				if w.Crashed(p) {
					continue
				}
				if id, ok := w.Process(p).(*node).Leader(); ok && id != s.ids[top] {
					if wrong == 0 {
						first = p
					}
					wrong++
				}
			}
			if wrong == 0 {
				return engine.Text{}
			}
			c, _ := w.Process(first).(*node).Leader()
			if wrong > 1 {
				return engine.T("violation.wrongCoordinators", engine.Pos(first), engine.Num(c), engine.Num(wrong-1), engine.Num(s.ids[top]), engine.Pos(top))
			}
			return engine.T("violation.wrongCoordinator", engine.Pos(first), engine.Num(c), engine.Num(s.ids[top]), engine.Pos(top))
		},
	}
}
