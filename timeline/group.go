package timeline

import (
	"errors"

	"distviz/engine"
)

// What the lecture's timeline needs beyond stepping: the run computed
// ahead of the cursor, idle steps grouped into one, and the steps' first
// events and user actions for clients that hold the events.

// UserStep reports whether step k was made by a user action (its first
// event is the action).
func (t *Timeline) UserStep(k int) bool { return k > 0 && k < t.steps.Len() && t.steps.User(k) }

// Ahead computes the run's future, without moving the cursor, until the
// run ends, its event limit is reached or maxEvents more events have been
// recorded: a scrubber can then span the whole run from the start. It
// reports whether the run now ends within the history.
func (t *Timeline) Ahead(maxEvents int64) (bool, error) {
	k := t.cursor
	if err := t.Seek(t.steps.Len() - 1); err != nil {
		return false, err
	}
	stop := t.head.Seq() + maxEvents
	for t.head.Seq() < stop {
		ok, err := t.Forward()
		if errors.Is(err, ErrTooLong) {
			break
		}
		if err != nil {
			return false, err
		}
		if !ok {
			break
		}
	}
	return t.head.Ended(), t.Seek(k)
}

// idle reports whether events first..last are a step in which nothing
// visible happens: a process starts (and narrates its decisions) but sends
// nothing, sets no timer off, breaks nothing.
func (t *Timeline) idle(first, last int64) bool {
	return last == t.log.Len() && t.log.QuietSince(first)
}

// groupIdle adds the idle steps that follow an idle step to it, so that
// a run whose processes start one by one before anything happens (Maekawa's
// "Pk starts") shows them as one step. It takes each next step on trial
// and undoes the first that is not idle: a step, once recorded, never
// grows, and the grouping depends on the run alone (replays and copies of
// the run group alike).
func (t *Timeline) groupIdle() {
	// One copy of the head before the first trial, not one a trial: the
	// undo goes back to it and takes the idle steps again (they are cheap:
	// a start that sends nothing), where a copy costs the whole queue and
	// every process's counters. A FireWire bus starts every device at once,
	// half of them idle.
	var before *engine.Sim
	var seq0, msgs0 int64
	idle := 0
	for t.maxEvents <= 0 || t.head.Seq() < t.maxEvents {
		if !t.head.NextMayStart() { // the next step is not idle: no trial
			return
		}
		if before == nil {
			before, seq0, msgs0 = t.head.Clone(), t.head.Seq(), t.head.LastMsgID()
		}
		seq := t.head.Seq()
		if t.head.Step() && t.idle(seq+1, t.head.Seq()) {
			idle++
			continue
		}
		t.log.Truncate(seq0, msgs0)
		t.head = before
		t.head.Record(&t.log)
		for range idle {
			t.head.Step()
		}
		return
	}
}

// StepStarts lists the first events of the steps (after step 0) that
// begin within events first..last: a client that holds events learns the
// steps from them rather than guessing.
func (t *Timeline) StepStarts(first, last int64) []int64 {
	var out []int64
	for k := max(1, t.StepOf(first)); k < t.steps.Len(); k++ {
		s := t.steps.End(k-1) + 1
		if s > last {
			break
		}
		if s >= first {
			out = append(out, s)
		}
	}
	return out
}
