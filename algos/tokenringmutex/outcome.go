package tokenringmutex

import (
	"slices"

	"distviz/algos/kit/mutex"
	"distviz/engine"
)

// Outcome is the family's outcome with the token ring's charging. The token
// circulates whether or not anyone waits, so an entry is charged only the
// TOKEN passes made after its request and after the entry before it: what it
// took to bring the token to a process that waited for it. The passes made
// while nobody waited are idle and counted apart, so that the messages per
// entry (charged passes / entries) keep the lecture's bounds, 1 when
// everyone waits and n when one process waits alone.
type Outcome struct {
	mutex.Outcome
	IdlePasses int64 `json:"idlePasses"`
}

func outcomeOf(w engine.World) any {
	o := mutex.OutcomeOf(w, mutex.PosLabel)
	var passes []int64 // the events at which the token was passed, in order
	for p := range w.N() {
		passes = w.Process(p).(*node).passed.AppendTo(passes)
	}
	slices.Sort(passes)
	var charged, prevEnter int64
	for i := range o.Entries {
		e := &o.Entries[i]
		from := max(e.Requested, prevEnter)
		lo, _ := slices.BinarySearch(passes, from+1)
		hi, _ := slices.BinarySearch(passes, e.Enter)
		e.Messages = int64(max(0, hi-lo))
		charged += e.Messages
		prevEnter = e.Enter
	}
	if len(o.Entries) > 0 {
		x := float64(charged) / float64(len(o.Entries))
		o.MessagesPerEntry = &x
	}
	return Outcome{Outcome: o, IdlePasses: int64(len(passes)) - charged}
}
