package timeline

import (
	"errors"
	"fmt"

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
// "Pk starts") shows them as one step. A step, once recorded, never grows,
// and the grouping depends on the run alone (replays and copies of the run
// group alike). The engine's probe (Sim.PeekStart) tells a start that
// sends from one that does not without taking it; a start it calls quiet
// is taken and kept if it is idle. The checks after it may still break a
// rule: then the head is built again (rebuildHead), which is rare. Only
// where the probe cannot see the next item (a cancelled one comes first)
// is the step taken on trial, with a copy of the head to go back to.
func (t *Timeline) groupIdle() error {
	var before *engine.Sim // a copy of the head at event seq0
	var seq0, msgs0 int64
	since := 0 // idle steps taken after the copy
	for t.maxEvents <= 0 || t.head.Seq() < t.maxEvents {
		switch t.head.PeekStart() {
		case engine.NoStart, engine.LoudStart:
			return nil
		case engine.MaybeStart:
			if before == nil {
				// one copy for all trials: the undo takes the idle steps
				// again (they are cheap: a start that sends nothing)
				before, seq0, msgs0, since = t.head.Clone(), t.head.Seq(), t.head.LastMsgID(), 0
			}
		}
		seq := t.head.Seq()
		if t.head.Step() && t.idle(seq+1, t.head.Seq()) {
			since++
			continue
		}
		if t.head.Seq() == seq {
			return nil // nothing was left to take
		}
		if before == nil {
			return t.rebuildHead(seq)
		}
		t.log.Truncate(seq0, msgs0)
		t.head = before
		t.head.Record(&t.log)
		for range since {
			t.head.Step()
		}
		return nil
	}
	return nil
}

// rebuildHead puts the head back at event seq, before a step taken as
// idle that was not: from the last checkpoint it replays the recorded
// steps, then takes again the steps since the last one (the step being
// grouped), recording them anew.
func (t *Timeline) rebuildHead(seq int64) error {
	cp := &t.cps[len(t.cps)-1]
	sim := cp.snap.Restore(&t.log, nil)
	last := t.steps.Len() - 1
	for s := cp.step + 1; s <= last; s++ {
		if err := t.replayOne(sim, s); err != nil {
			return err
		}
	}
	t.log.Truncate(t.steps.End(last), sim.LastMsgID())
	sim.Record(&t.log)
	for sim.Seq() < seq && sim.Step() {
	}
	if sim.Seq() != seq {
		return fmt.Errorf("grouping idle steps: rebuilt the run to event %d, had %d (the simulation is not deterministic)", sim.Seq(), seq)
	}
	t.head = sim
	return nil
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
