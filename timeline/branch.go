package timeline

import "fmt"

// Branch returns a new run holding this run's first k steps (clamped to
// the history), its cursor at step k: for whoever would act in the past of
// a run that others are using, and must not drop the future they see. The
// copy is made by replaying the steps, user actions included, and charged
// to m (if not nil) as it grows; this run is only read.
func (t *Timeline) Branch(k int, m Meter) (*Timeline, error) {
	k = min(max(k, 0), t.steps.Len()-1)
	b, err := New(t.Alg, t.Params, t.Seed, t.maxEvents)
	if err != nil {
		return nil, err
	}
	if m != nil {
		if err := b.SetMeter(m); err != nil {
			return nil, err
		}
	}
	for s := 1; s <= k; s++ {
		if err := b.replayStep(t, s); err != nil {
			b.ReleaseMemory()
			return nil, err
		}
	}
	return b, nil
}

// replayStep takes step s of run t at the end of b, which holds t's steps
// before it.
func (b *Timeline) replayStep(t *Timeline, s int) error {
	end := t.steps.End(s)
	if t.steps.User(s) {
		a := t.log.ActionAt(t.steps.End(s-1) + 1)
		if err := b.Apply(*a); err != nil {
			return err
		}
	} else if ok, err := b.Forward(); err != nil {
		return err
	} else if !ok {
		return fmt.Errorf("copying step %d: the run ended early", s)
	}
	if b.head.Seq() != end {
		return fmt.Errorf("copying step %d: reached event %d, recorded %d (the simulation is not deterministic)", s, b.head.Seq(), end)
	}
	return nil
}
