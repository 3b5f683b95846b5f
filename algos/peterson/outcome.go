package peterson

import (
	"distviz/algos/kit/election"
	"distviz/engine"
)

// Outcome is Peterson's result so far: who is elected, the phases and their
// messages, and (live, for the panel) the current phase and how many
// processes are still active.
type Outcome struct {
	Leader *int `json:"leader"` // position of the elected process; null until one is
	Winner *int `json:"winner"` // the value it holds: the highest ID
	Agree  bool `json:"agree"`  // every live process knows the same leader
	// Elected, Knowing and Live are the election kit's.
	Elected []int `json:"elected"`
	Knowing int   `json:"knowing"`
	Live    int   `json:"live"`
	// Phase is the highest phase a process has entered; Active counts the
	// live processes still active (the elected one included).
	Phase  int `json:"phase"`
	Active int `json:"active"`
	// Phases is the number of phases the election took, once a process is
	// elected (null before).
	Phases *int `json:"phases"`
	// ActivePerPhase[k−1] is the number of processes that entered phase k;
	// MessagesPerPhase[k−1] the ELECTION messages of phase k (relayed hops
	// included).
	ActivePerPhase   []int   `json:"activePerPhase"`
	MessagesPerPhase []int64 `json:"messagesPerPhase"`
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run's current state.
func Of(w engine.World) Outcome {
	e := election.Of(w)
	o := Outcome{Agree: e.Agree, Elected: e.Elected, Knowing: e.Knowing, Live: e.Live}
	for p := range w.N() {
		c := w.Process(p).(*node)
		o.Phase = max(o.Phase, c.phase)
		if !w.Crashed(p) && c.state != relay {
			o.Active++
		}
		if c.state == elected && o.Leader == nil {
			pos, s, k := p, c.support, c.phase
			o.Leader, o.Winner, o.Phases = &pos, &s, &k
		}
	}
	o.ActivePerPhase = entered(w, o.Phase)
	o.MessagesPerPhase = make([]int64, o.Phase)
	for k := range o.Phase {
		o.MessagesPerPhase[k] = w.Charged(phaseAccount(k + 1))
	}
	return o
}

// entered counts, for k = 1..upTo, the processes that entered phase k: a
// process in phase j (active, elected, or a relay since phase j) entered
// phases 1..j. Others may be further on than upTo.
func entered(w engine.World, upTo int) []int {
	out := make([]int, upTo)
	for p := range w.N() {
		for k := range min(w.Process(p).(*node).phase, upTo) {
			out[k]++
		}
	}
	return out
}

// elect is the uniqueness invariant: at most one process is elected, and
// the value it holds is the highest ID. (The elected process is rarely the
// one whose own ID is the highest: it holds that ID as its support.)
func elect(maxID int) engine.Invariant {
	return engine.Invariant{
		Name: "uniqueness",
		Check: func(w engine.World, at int) engine.Text {
			if at < 0 {
				return engine.Text{}
			}
			c := w.Process(at).(*node)
			if c.state != elected {
				return engine.Text{}
			}
			if c.support != maxID {
				return engine.T("violation.electedNotMax", engine.Pos(at), engine.Num(c.support), engine.Num(maxID))
			}
			for p := range w.N() {
				if p != at && w.Process(p).(*node).state == elected {
					return engine.T("violation.twoElected", engine.Pos(p), engine.Pos(at))
				}
			}
			return engine.Text{}
		},
	}
}

// halving: at most half of the processes that entered a phase enter the
// next. A process stays active only if the value of its direct active
// predecessor beat that predecessor's own predecessor's, so the predecessor
// (which entered the phase) does not stay active: every process that enters
// phase k+1 has a distinct one of phase k that does not. This holds at every
// moment, not only when the phase is over.
func halving() engine.Invariant {
	return engine.Invariant{
		Name: "halving",
		Check: func(w engine.World, at int) engine.Text {
			if at < 0 {
				return engine.Text{}
			}
			c := w.Process(at).(*node)
			k := c.phase
			// Only a step that lets a process enter a phase can break it:
			// such a process is active and has no value of the phase yet.
			if c.state != active || c.hasFirst || k < 2 {
				return engine.Text{}
			}
			now, before := 0, 0 // processes that entered phase k, and k−1
			for p := range w.N() {
				switch j := w.Process(p).(*node).phase; {
				case j >= k:
					now++
					before++
				case j == k-1:
					before++
				}
			}
			if 2*now > before {
				return engine.T("violation.notHalved", engine.Num(now), engine.Num(k), engine.Num(before), engine.Num(k-1))
			}
			return engine.Text{}
		},
	}
}

// terminates is the final check: when nothing is left to happen, a process
// is elected, and with the announcement every live process knows the
// highest ID.
func terminates(announce bool) engine.Invariant {
	everyone := election.EveryoneKnows()
	return engine.Invariant{
		Name: "termination",
		Check: func(w engine.World, at int) engine.Text {
			o := Of(w)
			if o.Live == 0 {
				return engine.Text{}
			}
			if o.Leader == nil || w.Crashed(*o.Leader) {
				return engine.T("violation.noneElected", engine.Num(o.Active), engine.Num(o.Live))
			}
			if announce {
				return everyone.Check(w, at)
			}
			return engine.Text{}
		},
	}
}
