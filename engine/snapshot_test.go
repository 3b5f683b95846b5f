package engine_test

import (
	"encoding/json"
	"testing"

	"distviz/engine"
)

// state is everything a view shows of a Sim, the per-process counters included.
func state(t *testing.T, s *engine.Sim) string {
	t.Helper()
	views := make([]engine.NodeView, s.N())
	for p := range views {
		views[p] = s.Process(p).View()
	}
	m := s.Metrics()
	b, err := json.Marshal(map[string]any{"seq": s.Seq(), "now": s.Now(), "views": views, "flight": s.InFlight(),
		"timers": s.Timers(), "types": m.ByType, "procs": m.ByProcess, "sent": m.Sent, "events": m.Events,
		"violations": m.Violations, "ended": s.Ended()})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A Sim restored from a snapshot goes through the states the run went
// through from there, whether or not it checks the invariants where they
// found nothing, and so does a clone of it; its per-process counters,
// counted from the log, are the ones the run kept.
func TestSnapshotRestoresTheRun(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		ref := gossipSim(t, seed)
		ref.Init()
		var want []string
		for len(want) < 2500 {
			want = append(want, state(t, ref))
			if !ref.Step() {
				break
			}
		}
		s := gossipSim(t, seed)
		var log engine.Log
		s.Record(&log)
		s.Init()
		type snap struct {
			step int
			sn   *engine.Snapshot
		}
		var snaps []snap
		for step := 0; step+1 < len(want); step++ {
			if step%211 == 0 {
				snaps = append(snaps, snap{step, s.Snapshot()})
			}
			s.Step()
		}
		for i, sn := range snaps {
			r := sn.sn.Restore(&log, nil)
			var c *engine.Sim
			for step := sn.step; step < min(len(want), sn.step+700); step++ {
				look := step < sn.step+100 || step%20 == 0
				if look && state(t, r) != want[step] {
					got := state(t, r)
					t.Fatalf("seed %d: restored at step %d, at step %d:\n%s\nwant\n%s", seed, sn.step, step, got, want[step])
				}
				if step == sn.step+50 {
					c = r.Clone()
				}
				if c != nil {
					if look && state(t, c) != want[step] {
						t.Fatalf("seed %d: a clone of the restored Sim differs at step %d", seed, step)
					}
					c.Step()
				}
				if i%2 == 0 && step+1 < len(want) && !violationNext(want, step) {
					r.StepUnchecked()
				} else {
					r.Step()
				}
			}
		}
	}
}

// violationNext reports whether the step after step records a violation.
func violationNext(want []string, step int) bool {
	var a, b struct{ Violations int64 }
	json.Unmarshal([]byte(want[step]), &a)
	json.Unmarshal([]byte(want[step+1]), &b)
	return a.Violations != b.Violations
}
