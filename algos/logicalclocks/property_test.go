package logicalclocks

import (
	"testing"

	"distviz/engine"
)

// run runs to the end on the bare engine, checking the invariants at every
// step (algotest imports the catalog, which imports this package).
func run(t *testing.T, params map[string]any, seed int64) *engine.Sim {
	t.Helper()
	v, err := Algorithm.ResolveAny(params, seed)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := Algorithm.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := engine.New(cfg, uint64(seed))
	if err != nil {
		t.Fatal(err)
	}
	sim.Init()
	for sim.Step() {
	}
	return sim
}

// The lecture's two statements about the clocks, over hundreds of random
// runs (FIFO and not, lossy links, up to 8 processes), checked against the
// engine's own record of happened-before (engine.Stamp.Before): e → e′
// implies L(e) < L(e′) and V(e) < V(e′); V(e) < V(e′) implies e → e′. The
// invariants check the same at every step; this test looks at every pair
// at the end, and that the converse of the clock condition fails somewhere.
func TestClocksAgainstHappenedBefore(t *testing.T) {
	misleads := 0
	for seed := int64(1); seed <= 300; seed++ {
		params := map[string]any{"n": 2 + int(seed)%7, "count": 1 + int(seed)%6, "spread": 40, "sends": 0.6,
			"delay": map[string]any{"min": 1, "max": 1 + seed%12}, "fifo": seed%2 == 0, "loss": float64(seed%4) * 0.05}
		sim := run(t, params, seed)
		if v := sim.Metrics().Violations; v > 0 {
			t.Fatalf("seed %d %v: %d violations", seed, params, v)
		}
		all := events(sim)
		for _, e := range all {
			for _, f := range all {
				before := e.truth.Before(f.truth)
				if before && (e.lamport >= f.lamport || !vectorLess(e.vector, f.vector)) {
					t.Fatalf("seed %d: %s → %s but L %d, %d and V %v, %v", seed, e.name, f.name, e.lamport, f.lamport, e.vector, f.vector)
				}
				if vectorLess(e.vector, f.vector) && !before {
					t.Fatalf("seed %d: V(%s) = %v < V(%s) = %v but not %s → %s", seed, e.name, e.vector, f.name, f.vector, e.name, f.name)
				}
				if !before && !f.truth.Before(e.truth) && e.lamport < f.lamport {
					misleads++
				}
			}
		}
	}
	if misleads == 0 {
		t.Error("no concurrent pair with L(e) < L(e′) in 300 runs: the converse of the clock condition never failed")
	}
}

// The checks catch clocks that break the rules: a receive that forgot LC2
// (no maximum: L = 0 + 1) breaks the clock condition, one that forgot VC4
// (no merge: V = (0,1,0)) the vectors' characterisation.
func TestChecksCatchBrokenRules(t *testing.T) {
	sim := run(t, map[string]any{"n": 3, "events": []map[string]any{
		{"node": 0, "at": 1, "kind": "local"}, {"node": 0, "at": 2, "kind": "send", "to": 1}}}, 0)
	for _, c := range []struct {
		inv    engine.Invariant
		broken func(e *event)
	}{
		{clockCondition(), func(e *event) { e.lamport = 1 }},
		{vectorCausality(), func(e *event) { e.vector = []int64{0, 1, 0} }},
	} {
		if got := c.inv.Check(sim, 1); got.Key != "" {
			t.Fatalf("%s: the correct run fails: %v", c.inv.Name, got)
		}
		q := sim.Process(1).Clone().(*node)
		c.broken(&q.events[len(q.events)-1])
		if got := c.inv.Check(world{sim, q}, 1); got.Key == "" {
			t.Errorf("%s: a broken rule went unnoticed", c.inv.Name)
		}
	}
}

// world is a run's state with P2 replaced.
type world struct {
	*engine.Sim
	p1 *node
}

func (w world) Process(p int) engine.Process {
	if p == 1 {
		return w.p1
	}
	return w.Sim.Process(p)
}
