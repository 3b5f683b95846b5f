package bully_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/bully"
	"distviz/engine"
	"distviz/timeline"
)

// Crashes, recoveries and notices during a run, the properties over many
// random runs, and determinism.

// Crashes and recoveries during an election, applied as user actions.
func TestCrashRecoverDuringElection(t *testing.T) {
	t.Run("crash the winner while it waits", func(t *testing.T) {
		tl := algotest.NewRun(t, bully.Algorithm, algotest.ScenarioParams(t, bully.Algorithm, "lecture"), 0)
		// 6 has answered 4 and holds its own election: crash it.
		stepUntil(t, tl, delivery("ELECTION", 4, 6))
		apply(t, tl, engine.Action{Type: engine.ActCrash, Node: 6})
		s := finish(t, tl)
		wantLeader(t, s, 5) // 5 hears nothing from 6 or 7 within T
		wantNoViolations(t, s)

		// 6 recovers: not the highest, so it holds an election and wins after T.
		apply(t, tl, engine.Action{Type: engine.ActRecover, Node: 6})
		s = finish(t, tl)
		wantLeader(t, s, 6)
		wantNoViolations(t, s)

		// 7 recovers: the highest takes over at once (it bullies).
		before := tl.Seq()
		apply(t, tl, engine.Action{Type: engine.ActRecover, Node: 7})
		var to []int
		for seq := before + 1; seq <= tl.Seq(); seq++ {
			if e := tl.Event(seq); e.Kind == engine.KindSend {
				if e.From != 7 || e.Msg.Type != "COORDINATOR" {
					t.Fatalf("unexpected send %d→%d %s", e.From, e.To, e.Msg.Type)
				}
				to = append(to, int(e.To))
			}
		}
		if !slices.Equal(to, []int{0, 1, 2, 3, 4, 5, 6}) {
			t.Fatalf("recovering 7 announced to %v in its recovery step", to)
		}
		s = finish(t, tl)
		wantLeader(t, s, 7)
		wantNoViolations(t, s)
	})
	t.Run("crash the winner after it answered everyone: waiters start over", func(t *testing.T) {
		tl := algotest.NewRun(t, bully.Algorithm, algotest.ScenarioParams(t, bully.Algorithm, "lecture"), 0)
		stepUntil(t, tl, delivery("ANSWER", 6, 5)) // t=30: 4 and 5 both wait for 6
		apply(t, tl, engine.Action{Type: engine.ActCrash, Node: 6})
		s := finish(t, tl)
		wantLeader(t, s, 5)
		wantNoViolations(t, s)
		ns := notes(tl)
		if !slices.Contains(ns, "P4: no COORDINATOR within T′: starts the election over") ||
			!slices.Contains(ns, "P5: no COORDINATOR within T′: starts the election over") {
			t.Fatalf("4 and 5 must start over after T′: %v", ns)
		}
	})
	t.Run("notice by hand", func(t *testing.T) {
		tl := algotest.NewRun(t, bully.Algorithm, algotest.ScenarioParams(t, bully.Algorithm, "lecture"), 0)
		finish(t, tl)
		apply(t, tl, engine.Action{Type: engine.ActCrash, Node: 6})
		apply(t, tl, engine.Action{Type: engine.ActNode, Node: 2, Name: "notice"})
		s := finish(t, tl)
		wantLeader(t, s, 5)
		wantNoViolations(t, s)
		// The coordinator itself has nothing to notice; the action is refused in the narration.
		before := tl.Seq()
		apply(t, tl, engine.Action{Type: engine.ActNode, Node: 5, Name: "notice"})
		if e := tl.Event(tl.Seq()); tl.Seq() != before+2 || e.Kind != engine.KindNote || !strings.Contains(english(tl, e.Text), "coordinator itself") {
			t.Fatalf("notice on the coordinator: last event %+v", e)
		}
		before = tl.Seq()
		apply(t, tl, engine.Action{Type: engine.ActNode, Node: 1, Name: "shout"})
		if e := tl.Event(tl.Seq()); tl.Seq() != before+2 || e.Kind != engine.KindNote || !strings.Contains(english(tl, e.Text), `unknown action "shout"`) {
			t.Fatalf("unknown action: last event %+v", e)
		}
	})
	t.Run("false suspicion: the live coordinator answers and announces again", func(t *testing.T) {
		tl := algotest.NewRun(t, bully.Algorithm, algotest.ScenarioParams(t, bully.Algorithm, "lecture"), 0)
		finish(t, tl)
		apply(t, tl, engine.Action{Type: engine.ActNode, Node: 5, Name: "notice"})
		s := finish(t, tl)
		wantLeader(t, s, 6) // 5 still asks 6, which answers and announces again
		wantNoViolations(t, s)
	})
}

// Properties over many random runs (ALGORITHMS.md 1 and 1.1): with T above
// the round trip and no crash during the run, no process ever declares
// itself coordinator while a higher one is alive, the run terminates, and at
// its end every live process knows the highest live ID as coordinator.
// Crashes, recoveries and notices during the run must still terminate.
func TestProperties(t *testing.T) {
	seeds := 400
	if testing.Short() {
		seeds = 100
	}
	for seed := range int64(seeds) {
		rng := rand.New(rand.NewPCG(uint64(seed), 0xb0117))
		c := randomCase(rng)
		chaos := seed%3 == 2
		actions := 0
		if chaos {
			actions = 1 + rng.IntN(3)
		}
		tl, s, _ := runCase(t, c, seed, rng, actions)
		if !s.Terminated {
			t.Fatalf("seed %d %v: not terminated", seed, c.params)
		}
		if chaos {
			continue
		}
		if len(s.Violations) > 0 {
			t.Fatalf("seed %d %v: %+v", seed, c.params, s.Violations)
		}
		top := -1
		for p := range tl.Head().N() {
			if !slices.Contains(c.crashed, p) {
				top = p
			}
		}
		wantLeader(t, s, top)
	}
}

// The same parameters, seed and actions give the same events; a cloned
// simulation continues exactly as the original.
func TestDeterminism(t *testing.T) {
	eventsOf := func(tl *timeline.Timeline) [][]byte {
		var out [][]byte
		for seq := int64(1); seq <= tl.Len(); seq++ {
			e := tl.Event(seq)
			b, err := e.AppendJSON(nil)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
		return out
	}
	for seed := range int64(30) {
		rng := rand.New(rand.NewPCG(uint64(seed), 0xde7))
		c := randomCase(rng)
		tl1, _, acts := runCase(t, c, seed, rand.New(rand.NewPCG(uint64(seed), 1)), 3)
		tl2, _, acts2 := runCase(t, c, seed, rand.New(rand.NewPCG(uint64(seed), 1)), 3)
		if !slices.Equal(acts, acts2) {
			t.Fatalf("seed %d: actions differ", seed)
		}
		e1, e2 := eventsOf(tl1), eventsOf(tl2)
		if !slices.EqualFunc(e1, e2, func(a, b []byte) bool { return string(a) == string(b) }) {
			t.Fatalf("seed %d: the two runs differ", seed)
		}
	}
	// Clone halfway through a run with crashes and compare the continuations.
	a := bully.Algorithm
	raw := map[string]json.RawMessage{}
	for k, v := range algotest.ScenarioParams(t, bully.Algorithm, "several-notice") {
		raw[k], _ = json.Marshal(v)
	}
	raw["delay"] = json.RawMessage(`{"min":3,"max":12}`)
	v, err := a.Resolve(raw, 7)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := a.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := engine.New(cfg, 7)
	if err != nil {
		t.Fatal(err)
	}
	sim.Init()
	for range 20 {
		sim.Step()
	}
	if err := sim.Apply(engine.Action{Type: engine.ActCrash, Node: 6}); err != nil {
		t.Fatal(err)
	}
	clone := sim.Clone()
	state := func(s *engine.Sim) string {
		b, _ := json.Marshal(s.Outcome())
		out := fmt.Sprintf("seq %d t %d sent %d %s", s.Seq(), s.Now(), s.Metrics().Sent, b)
		for p := range s.N() {
			v, _ := json.Marshal(s.Process(p).View())
			out += fmt.Sprintf(" %v%s", s.Crashed(p), v)
		}
		return out
	}
	for steps := 0; ; steps++ {
		ok1, ok2 := sim.Step(), clone.Step()
		if s1, s2 := state(sim), state(clone); ok1 != ok2 || s1 != s2 {
			t.Fatalf("after %d steps the clone differs:\n%s\n%s", steps, s1, s2)
		}
		if !ok1 {
			if steps < 10 {
				t.Fatalf("only %d steps after the clone", steps)
			}
			break
		}
	}
}
