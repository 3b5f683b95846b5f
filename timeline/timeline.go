// Package timeline is a run you can travel in: it records every event of a
// simulation, keeps checkpoints, seeks to any step by restoring the nearest
// checkpoint and replaying, and forks the run when the user acts in the past.
package timeline

import (
	"errors"
	"fmt"
	"sort"

	"distviz/algo"
	"distviz/engine"
	"distviz/param"
)

// ErrTooLong is returned when a run would exceed its event limit.
var ErrTooLong = errors.New("the run has reached its event limit")

type checkpoint struct {
	step   int
	seq    int64 // the snapshot's Seq, at hand (every step asks for it)
	snap   *engine.Snapshot
	bytes  int64 // charged to the run's meter
	copied int64 // the head's Copied when it was taken
	cloned int64 // and its Cloned
}

// newCheckpoint takes a checkpoint of sim at step.
func newCheckpoint(step int, sim *engine.Sim) checkpoint {
	return checkpoint{step: step, seq: sim.Seq(), snap: sim.Snapshot(), copied: sim.Copied(), cloned: sim.Cloned()}
}

// Checkpoints are spaced by the work a seek replays and by what they hold.
// A seek restores the last checkpoint before its target and replays from
// there, so the events between two checkpoints bound its time (16,384 of
// Chang–Roberts take 1–2 ms); a checkpoint holds the messages in flight
// (engine.Snapshot.Bytes: runs of a steady stream take a few bytes) and
// what the run copies because of it (engine.Sim.Copied: directories, and
// chunks of processes it would have changed in place). The next checkpoint
// is due once the run has recorded an event for every byte the one before
// holds and for every 4 items in its queue (a snapshot encodes the items
// queued since the one before, about 10 ns each, and now and then all of
// them (engine/lanecode.go): at most 40 ns an event recorded; and each
// checkpoint makes the head copy what it changes next), but not before
// cpMinEvents nor after cpMaxEvents events: where the state changes little they come every
// 16,384 events, where a wave of changes sweeps every process (the first
// rounds of an election of 100,000) further apart. The first after step 0 comes within half of cpMaxEvents:
// then every process changes, which says little of the rest of the run.
// A process the engine clones (Process.Clone: it is not a flat struct) may
// hold anything (a history): after a clone, the next one waits for
// cpMaxEvents as before.
// Beyond n = 131,072 (past every algorithm's largest n) one every 4n
// events keeps their directories of n/64 entries below a byte an event.
const (
	cpMinEvents = 1 << 14
	cpMaxEvents = 1 << 16
)

// checkpointDue reports whether a checkpoint is due once the head has
// recorded ahead more events.
func (t *Timeline) checkpointDue(ahead int64) bool {
	last := &t.cps[len(t.cps)-1]
	since := t.head.Seq() + ahead - last.seq
	if since < cpMinEvents { // the fewest of every rule below
		return false
	}
	if n := int64(len(t.Nodes)); n > 1<<17 {
		return since >= 4*n
	}
	if t.head.Cloned() > last.cloned {
		// processes cloned since hold what the engine cannot weigh
		// (histories): as far apart as ever
		return since >= cpMaxEvents
	}
	most := int64(cpMaxEvents)
	if len(t.cps) == 1 {
		most /= 2
	}
	held := last.snap.Bytes() + t.head.Copied() - last.copied
	return since >= most || since >= held && 4*since >= int64(last.snap.Queued()) // (since ≥ cpMinEvents: above)
}

// Timeline is one run with its whole history. Not safe for concurrent use.
type Timeline struct {
	Alg    *algo.Algorithm
	Params param.Values
	Seed   int64
	Nodes  []algo.Node
	// Link is the query of the link that opened the run (its scenario
	// among it), for whoever attaches to it later; nil if none did.
	Link map[string]string

	maxEvents int64
	head      *engine.Sim
	log       engine.Log
	steps     stepList
	cps       []checkpoint
	cursor    int
	view      *engine.Sim // the state at cursor when cursor < last step; nil otherwise
	spare     *engine.Sim // the last view, at step spareAt, when the cursor went to the end
	spareAt   int
	forks     []int64 // the events each fork kept, in order
	acct      meter   // the run's memory account (SetMeter)
	narrates  bool    // a failed check writes a note (engine.Sim.ChecksNarrate)
}

// New starts a run at step 0 (the initial state). maxEvents ≤ 0 means no limit.
func New(alg *algo.Algorithm, v param.Values, seed int64, maxEvents int64) (*Timeline, error) {
	sim, nodes, err := initial(alg, v, seed)
	if err != nil {
		return nil, err
	}
	t := &Timeline{Alg: alg, Params: v, Seed: seed, Nodes: nodes, maxEvents: maxEvents, head: sim, narrates: sim.ChecksNarrate()}
	sim.Record(&t.log)
	sim.Init()
	t.steps.Add(sim.Seq(), false)
	t.cps = []checkpoint{newCheckpoint(0, sim)}
	return t, nil
}

// initial builds the state at step 0 (before Init's events are recorded).
func initial(alg *algo.Algorithm, v param.Values, seed int64) (*engine.Sim, []algo.Node, error) {
	cfg, nodes, err := alg.Build(v)
	if err != nil {
		return nil, nil, err
	}
	sim, err := engine.New(cfg, uint64(seed))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", alg.ID, err)
	}
	return sim, nodes, nil
}

// Steps is the number of steps computed so far, the initial one included.
func (t *Timeline) Steps() int { return t.steps.Len() }

// Cursor is the step the view is at.
func (t *Timeline) Cursor() int { return t.cursor }

// Seq is the sequence number of the last event at the cursor (0 at the start).
func (t *Timeline) Seq() int64 { return t.steps.End(t.cursor) }

// StepEnd is the sequence number of step k's last event.
func (t *Timeline) StepEnd(k int) int64 { return t.steps.End(k) }

// Len is the number of events recorded.
func (t *Timeline) Len() int64 { return t.log.Len() }

// Event returns the event with the given sequence number (1..Len).
func (t *Timeline) Event(seq int64) engine.Event { return t.log.At(seq) }

// TraceBytes is the memory the recorded run takes: its events (engine.Log)
// and its steps, without the states (the head, the checkpoints).
func (t *Timeline) TraceBytes() int64 { return t.log.Bytes() + t.steps.bytes() }

// Violations lists the sequence numbers of the violation events so far.
func (t *Timeline) Violations() []int64 { return t.log.Violations() }

// Forks is how many times the run has been forked by an action in the past.
func (t *Timeline) Forks() int { return len(t.forks) }

// ForkedSince reports whether the run was forked after the first `since`
// forks, and the fewest events those forks kept: whoever copied events when
// Forks() was `since` must drop its copies after `kept`.
func (t *Timeline) ForkedSince(since int) (kept int64, forked bool) {
	if since < 0 || since >= len(t.forks) {
		return t.Len(), false
	}
	kept = t.forks[since]
	for _, k := range t.forks[since+1:] {
		kept = min(kept, k)
	}
	return kept, true
}

// Head is the state after the last computed step (read only).
func (t *Timeline) Head() *engine.Sim { return t.head }

// State is the state at the cursor (read only).
func (t *Timeline) State() *engine.Sim {
	if t.view != nil {
		return t.view
	}
	return t.head
}

// Ended reports whether the last computed step ended the run.
func (t *Timeline) Ended() bool { return t.head.Ended() }

// AtEnd reports whether the cursor is at the last computed step.
func (t *Timeline) AtEnd() bool { return t.cursor == t.steps.Len()-1 }

// Forward moves the cursor one step, computing a new step at the end of the
// history. It reports false when the run has ended and nothing is left.
func (t *Timeline) Forward() (bool, error) {
	if !t.AtEnd() {
		if err := t.replayOne(t.view, t.cursor+1); err != nil {
			return false, err
		}
		t.cursor++
		if t.AtEnd() {
			t.park()
		}
		return true, nil
	}
	if t.maxEvents > 0 && t.head.Seq() >= t.maxEvents {
		return false, ErrTooLong
	}
	if err := t.reserveStep(); err != nil {
		return false, err
	}
	first := t.head.Seq() + 1
	if !t.head.Step() {
		return false, nil
	}
	if t.idle(first, t.head.Seq()) {
		if err := t.groupIdle(); err != nil {
			return false, err
		}
	}
	t.commit(false)
	return true, nil
}

// commit records the step the head has just taken.
func (t *Timeline) commit(user bool) {
	t.steps.Add(t.head.Seq(), user)
	t.cursor = t.steps.Len() - 1
	if t.checkpointDue(0) {
		t.cps = append(t.cps, newCheckpoint(t.cursor, t.head))
		t.checkpointed(&t.cps[len(t.cps)-1])
	}
}

// Run computes steps until the run ends or maxSteps more have been taken
// (maxSteps ≤ 0: no step limit), leaving the cursor at the end.
func (t *Timeline) Run(maxSteps int) error {
	if err := t.Seek(t.steps.Len() - 1); err != nil {
		return err
	}
	for i := 0; maxSteps <= 0 || i < maxSteps; i++ {
		ok, err := t.Forward()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
	}
	return nil
}

// Back moves the cursor one step back; at step 0 it stays.
func (t *Timeline) Back() error {
	if t.cursor == 0 {
		return nil
	}
	return t.Seek(t.cursor - 1)
}

// Seek moves the cursor to step k (clamped to the computed history).
func (t *Timeline) Seek(k int) error {
	k = min(max(k, 0), t.steps.Len()-1)
	if k == t.steps.Len()-1 {
		t.park()
		t.cursor = k
		return nil
	}
	if t.view == nil && t.spare == nil { // a new state for the view
		if err := t.reserve(t.acct.sim); err != nil {
			return err
		}
	}
	// Replay from the nearest checkpoint (step 0 has one), or from the
	// current view (or the spare) when it is closer and not past the target.
	cp := t.cps[sort.Search(len(t.cps), func(i int) bool { return t.cps[i].step > k })-1]
	sim, from := t.view, t.cursor
	if sim == nil {
		sim, from, t.spare = t.spare, t.spareAt, nil
	}
	if sim == nil || from > k || from < cp.step {
		// the view is replaced: the new one takes over its memory
		sim, from = cp.snap.Restore(&t.log, sim), cp.step
	}
	for s := from + 1; s <= k; s++ {
		if err := t.replayOne(sim, s); err != nil {
			return err
		}
	}
	t.view, t.cursor = sim, k
	return nil
}

// park keeps the view, if any, as the spare when the cursor goes to the
// end (the head): a step back from there may find it at the very step, or
// at least take over its memory.
func (t *Timeline) park() {
	if t.view != nil {
		t.spare, t.spareAt, t.view = t.view, t.cursor, nil
	}
}

// violated reports whether a violation is among events first..last.
func (t *Timeline) violated(first, last int64) bool {
	v := t.log.Violations()
	i := sort.Search(len(v), func(i int) bool { return v[i] >= first })
	return i < len(v) && v[i] <= last
}

// SeekSeq moves the cursor to the step that contains event seq.
func (t *Timeline) SeekSeq(seq int64) error { return t.Seek(t.StepOf(seq)) }

// StepOf is the step that contains event seq.
func (t *Timeline) StepOf(seq int64) int {
	return sort.Search(t.steps.Len(), func(i int) bool { return t.steps.End(i) >= seq })
}

// SeekCost is how many steps Seek(k) would replay from where the cursor is:
// from the nearest checkpoint (step 0 has one), or from the cursor when it
// is closer.
func (t *Timeline) SeekCost(k int) int {
	k = min(max(k, 0), t.steps.Len()-1)
	if k == t.steps.Len()-1 {
		return 0
	}
	from := t.cps[sort.Search(len(t.cps), func(i int) bool { return t.cps[i].step > k })-1].step
	if t.view != nil && t.cursor <= k && t.cursor >= from {
		from = t.cursor
	} else if t.view == nil && t.spare != nil && t.spareAt <= k && t.spareAt >= from {
		from = t.spareAt
	}
	return k - from
}

// replayOne re-takes step s on sim, which must be at step s-1.
func (t *Timeline) replayOne(sim *engine.Sim, s int) error {
	start := t.steps.End(s-1) + 1
	switch {
	case t.steps.User(s):
		if err := sim.Apply(*t.log.ActionAt(start)); err != nil {
			return fmt.Errorf("replaying step %d: %w", s, err)
		}
	default:
		// the checks found nothing the first time: they need not look again
		unchecked := !t.narrates && !t.violated(start, t.steps.End(s))
		// a step may group several idle ones (groupIdle)
		for sim.Seq() < t.steps.End(s) {
			if unchecked && !sim.StepUnchecked() || !unchecked && !sim.Step() {
				return fmt.Errorf("replaying step %d: the run ended early", s)
			}
		}
	}
	if end := t.steps.End(s); sim.Seq() != end {
		return fmt.Errorf("replaying step %d: reached event %d, recorded %d (the simulation is not deterministic)", s, sim.Seq(), end)
	}
	return nil
}

// Apply performs a user action at the cursor. In the past, it forks the run:
// the future after the cursor is discarded. An invalid action changes nothing.
func (t *Timeline) Apply(a engine.Action) error {
	if t.maxEvents > 0 && t.head.Seq() >= t.maxEvents && t.AtEnd() {
		return ErrTooLong
	}
	if t.AtEnd() {
		if err := t.reserveStep(); err != nil {
			return err
		}
		if err := t.head.Apply(a); err != nil {
			return err
		}
		t.commit(true)
		return nil
	}
	fork := t.view
	if err := fork.Validate(a); err != nil {
		return err
	}
	// Keep the history up to the cursor; drop the future.
	kept := t.steps.End(t.cursor)
	t.forks = append(t.forks, kept)
	t.steps.Truncate(t.cursor + 1)
	t.log.Truncate(kept, fork.LastMsgID())
	i := sort.Search(len(t.cps), func(i int) bool { return t.cps[i].step > t.cursor })
	clear(t.cps[i:])
	t.cps = t.cps[:i]
	fork.Record(&t.log)
	if err := fork.Apply(a); err != nil {
		return fmt.Errorf("applying a validated action: %w", err)
	}
	t.head, t.view, t.spare = fork, nil, nil
	t.commit(true)
	t.shrink()
	return nil
}
