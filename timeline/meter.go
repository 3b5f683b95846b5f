package timeline

import (
	"distviz/internal/budget"
	"distviz/internal/memsize"
)

// A Meter accounts for the memory runs hold: *budget.Budget is one.
type Meter = budget.Charger

// Costs of the estimate between two measurements. An event costs about 40
// bytes of record, a message sent 16 more and its body; the figure is
// generous so that the estimate runs ahead of the truth rather than behind
// (BenchmarkMemory reports both for every algorithm).
const (
	eventBytes = 96
	stepBytes  = 8
	// minSlack is the least a run reserves beyond what it holds, so that a
	// small run is not measured at every step.
	minSlack = 1 << 20
)

// meter is a timeline's account with its Meter.
type meter struct {
	budget.Account // what the run has charged to its Meter
	// The last measurement: the log's size and the events it had, the
	// head's size, and what a new checkpoint adds (a copy of the head less
	// what it shares with the head: the history processes keep is shared).
	log, events int64
	sim, cp     int64
	cps         int64 // the checkpoints' charges, summed
}

// SetMeter charges what the run holds to m, and from now on whatever it
// grows by before it grows: a step, an action or a seek that m refuses
// fails with m's error and changes nothing. Call ReleaseMemory when the run
// is dropped. An error leaves the run without a meter.
func (t *Timeline) SetMeter(m Meter) error {
	t.ReleaseMemory()
	t.acct.Account = budget.NewAccount(m, "the run")
	if err := t.reserve(0); err != nil {
		t.acct = meter{}
		return err
	}
	return nil
}

// ReleaseMemory gives back everything the run has charged to its meter and
// forgets the meter.
func (t *Timeline) ReleaseMemory() {
	t.acct.Close()
	t.acct = meter{}
	for i := range t.cps {
		t.cps[i].bytes = 0
	}
}

// Held is the bytes the run has charged to its meter.
func (t *Timeline) Held() int64 { return t.acct.Held() }

// Bytes estimates the memory the run holds: its event log, its steps and
// its states (the head, the checkpoints and the view at the cursor),
// measured by memsize, which samples large states. Each checkpoint is
// charged what a copy of the head added when it was made.
func (t *Timeline) Bytes() int64 {
	if !t.acct.Charging() { // no charges to go by: measure them now
		a := t.acct
		t.measure()
		defer func() { t.acct = a }()
		return t.estimate() + int64(len(t.cps))*t.acct.cp
	}
	t.measure()
	return t.estimate()
}

// measure sizes the log, the head and what a checkpoint adds.
func (t *Timeline) measure() {
	a := &t.acct
	c := memsize.NewCounter()
	// The configuration is shared by every state of the run (and its
	// processes are the head's), so it is not charged to each; the log is
	// the run's, counted once, first: a state restored from a snapshot
	// reaches it through its queue (the bodies of messages in flight).
	a.log, a.events = c.Of(&t.log), t.Len()
	a.sim = c.Of(t.head, "cfg", "log")
	a.cp = a.sim
	if n := len(t.cps); n > 0 {
		a.cp = c.Of(t.cps[n-1].snap, "cfg", "log")
	}
}

// estimate is the last measurement plus what has grown since.
func (t *Timeline) estimate() int64 {
	a := &t.acct
	n := a.log + (t.Len()-a.events)*eventBytes + int64(t.steps.Len())*stepBytes + a.sim + a.cps
	if t.view != nil || t.spare != nil {
		n += a.sim // a view replayed from the start shares nothing
	}
	return n
}

// reserve makes sure the meter has been charged for what the run holds and
// for extra bytes more that it is about to take. The charge runs ahead by
// an eighth, so that a growing run is measured a few dozen times, not at
// every step.
func (t *Timeline) reserve(extra int64) error { return t.reserveKeeping(extra, 0) }

// reserveStep reserves what the next step may take (stepExtra). Near the
// limit it keeps room for a view as well, so that a run its meter stops
// can still be looked back at (where it stops must not decide that).
func (t *Timeline) reserveStep() error {
	if !t.acct.Charging() { // no meter: nothing to weigh (every step asks)
		return nil
	}
	var room int64
	if t.view == nil && t.spare == nil { // (estimate counts the one kept)
		room = t.acct.sim
	}
	return t.reserveKeeping(t.stepExtra(), room)
}

// reserveKeeping is reserve that holds keep bytes more as well, slack or not.
func (t *Timeline) reserveKeeping(extra, keep int64) error {
	a := &t.acct
	if !a.Charging() || t.estimate()+extra+keep <= a.Held() {
		return nil
	}
	t.measure()
	need := t.estimate() + extra
	want := need + keep + max(minSlack, need/8)
	if want <= a.Held() {
		return nil
	}
	err := a.Resize(want)
	if err != nil && need+keep > a.Held() {
		// Near the limit, ask for what is needed without the slack.
		err = a.Resize(need + keep)
	}
	return err
}

// checkpointed charges a new checkpoint (it is already paid for by
// reserve's extra). The measure of a checkpoint leaves out what it shares
// with the head, and so the lane segment it wrote: that is charged here,
// as the head lets go of it while the checkpoint keeps it.
func (t *Timeline) checkpointed(cp *checkpoint) {
	if t.acct.Charging() {
		cp.bytes = t.acct.cp + cp.snap.LaneBytes()
		t.acct.cps += cp.bytes
	}
}

// shrink gives back what the run no longer holds (after a fork dropped its
// future), keeping the usual slack.
func (t *Timeline) shrink() {
	a := &t.acct
	if !a.Charging() {
		return
	}
	a.cps = 0
	for _, cp := range t.cps {
		a.cps += cp.bytes
	}
	t.measure()
	total := t.estimate()
	if keep := total + max(minSlack, total/8); keep < a.Held() {
		_ = a.Resize(keep) // (giving back is never refused)
	}
}

// stepExtra is what the next step may take beyond its events: a checkpoint
// when one may be due (checkpoints are spaced by events; a step adds a few).
func (t *Timeline) stepExtra() int64 {
	if t.checkpointDue(64) {
		return t.acct.cp
	}
	return 0
}
