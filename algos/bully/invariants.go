package bully

import "distviz/engine"

// uniqueness is the safety check: a process that has just declared itself
// coordinator must have no live process with a higher ID.
func uniqueness(sys *system) engine.Invariant {
	return engine.Invariant{
		Name: "uniqueness",
		Check: func(w engine.World, p int) engine.Text {
			if p < 0 || w.Crashed(p) {
				return engine.Text{}
			}
			b, ok := w.Process(p).(*node)
			if !ok || !b.justDeclared || !b.elected {
				return engine.Text{}
			}
			var alive []int
			for _, q := range sys.byID[sys.rank[p]+1:] {
				if !w.Crashed(q) {
					alive = append(alive, q)
				}
			}
			switch len(alive) {
			case 0:
				return engine.Text{}
			case 1:
				return engine.T("violation.twoCoordinators", engine.Pos(p), engine.Pos(alive[0]))
			}
			return engine.T("violation.twoCoordinatorsMany", engine.Pos(p), engine.Positions(alive))
		},
	}
}

// agreement is the final check: every live process believes in the same
// coordinator, and it is the highest live ID. The verdict names the first
// process (by ID) that is wrong and how many others are.
func agreement(sys *system) engine.Invariant {
	return engine.Invariant{
		Name: "agreement",
		Check: func(w engine.World, _ int) engine.Text {
			top := -1
			for r := len(sys.byID) - 1; r >= 0; r-- {
				if p := sys.byID[r]; !w.Crashed(p) {
					top = p
					break
				}
			}
			if top < 0 {
				return engine.Text{}
			}
			var first engine.Text
			wrong := 0
			for _, p := range sys.byID {
				if w.Crashed(p) {
					continue
				}
				b := w.Process(p).(*node)
				if b.knows && b.coord == top {
					continue
				}
				wrong++
				switch {
				case wrong > 1:
				case b.knows:
					first = engine.T("violation.believes", engine.Pos(p), engine.Pos(b.coord))
				default:
					first = engine.T("violation.knowsNone", engine.Pos(p))
				}
			}
			switch {
			case wrong == 0:
				return engine.Text{}
			case wrong == 2:
				first = engine.T("violation.oneOtherWrong", engine.Sub(first))
			case wrong > 2:
				first = engine.T("violation.othersWrong", engine.Sub(first), engine.Num(wrong-1))
			}
			return engine.T("violation.disagree", engine.Sub(first), engine.Pos(top))
		},
	}
}
