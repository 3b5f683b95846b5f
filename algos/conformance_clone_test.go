package algos_test

import (
	"encoding/json"
	"testing"

	"distviz/algos"
	"distviz/algos/algotest"
	"distviz/engine"
)

// Rewinding restores checkpoints made by Sim.Clone, which clones every
// process. For every algorithm and scenario: a clone taken at a step and the
// original, stepped in turns, go through exactly the states a run that was
// never cloned goes through. A process whose Clone shares a slice or map
// with its original fails here.
func TestClonesAreIndependent(t *testing.T) {
	const maxSteps = 3000
	for _, a := range algos.All() {
		for _, sc := range a.Scenarios {
			t.Run(a.ID+"/"+sc.ID, func(t *testing.T) {
				fresh := func() *engine.Sim {
					v, err := a.ResolveAny(algotest.ScenarioParams(t, a, sc.ID), sc.Seed)
					if err != nil {
						t.Fatal(err)
					}
					cfg, _, err := a.Build(v)
					if err != nil {
						t.Fatal(err)
					}
					sim, err := engine.New(cfg, uint64(sc.Seed))
					if err != nil {
						t.Fatal(err)
					}
					sim.Init()
					return sim
				}
				var want []string // the states of a run that is never cloned
				ref := fresh()
				for len(want) < maxSteps {
					want = append(want, fingerprint(t, ref))
					if !ref.Step() {
						break
					}
				}
				for _, k := range []int{0, len(want) / 3, 2 * len(want) / 3} {
					orig := fresh()
					for range k {
						orig.Step()
					}
					clone := orig.Clone()
					for i := k; i < len(want); i++ {
						for _, s := range []*engine.Sim{clone, orig} {
							if got := fingerprint(t, s); got != want[i] {
								which := "the original"
								if s == clone {
									which = "the clone"
								}
								t.Fatalf("cloned at step %d: at step %d %s is\n%s\nwant\n%s", k, i, which, got, want[i])
							}
						}
						clone.Step()
						orig.Step()
					}
				}
			})
		}
	}
}

// fingerprint is what a run's state shows: time, events so far, every
// process's view, the outcome and the messages in flight.
func fingerprint(t *testing.T, s *engine.Sim) string {
	views := make([]engine.NodeView, s.N())
	for p := range views {
		views[p] = s.Process(p).View()
	}
	b, err := json.Marshal(struct {
		Now, Seq int64
		Views    []engine.NodeView
		Outcome  any
		Flights  []engine.Flight
		Crashed  []bool
	}{s.Now(), s.Seq(), views, s.Outcome(), s.InFlight(), crashedOf(s)})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func crashedOf(s *engine.Sim) []bool {
	out := make([]bool, s.N())
	for p := range out {
		out[p] = s.Crashed(p)
	}
	return out
}
