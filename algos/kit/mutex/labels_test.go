package mutex_test

import (
	"maps"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/algos/centralmutex"
	"distviz/algos/kit/mutex"
	"distviz/engine"
	"distviz/narrate"
)

// runCentral runs central-mutex from a scenario, its parameters overridden
// by over, with the outcome naming the processes label(p) and extra final
// checks, to the end.
func runCentral(t *testing.T, scenario string, over map[string]any, label func(int) string, extra ...engine.Invariant) (*engine.Sim, *engine.Log) {
	t.Helper()
	a := centralmutex.Algorithm
	sc, err := a.Scenario(scenario)
	if err != nil {
		t.Fatal(err)
	}
	params := maps.Clone(sc.Params)
	maps.Copy(params, over)
	v, err := a.ResolveAny(params, sc.Seed)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := a.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Outcome = func(w engine.World) any { return mutex.OutcomeOf(w, label) }
	cfg.Final = append(cfg.Final, extra...)
	s, err := engine.New(cfg, uint64(sc.Seed))
	if err != nil {
		t.Fatal(err)
	}
	var log engine.Log
	s.Record(&log)
	s.Init()
	for s.Step() {
	}
	return s, &log
}

// texts renders the run's notes and verdicts in English, naming position p
// label(p).
func texts(s *engine.Sim, log *engine.Log, label func(int) string) string {
	nodes := make([]algo.Node, s.N())
	for p := range nodes {
		nodes[p] = algo.Node{ID: p, Label: label(p)}
	}
	say := narrate.For(centralmutex.Algorithm, nodes).In(narrate.English)
	var b strings.Builder
	for seq := int64(1); seq <= log.Len(); seq++ {
		if e := log.At(seq); !e.Text.IsZero() {
			b.WriteString(say.Text(e.Text) + "\n")
		}
	}
	return b.String()
}

// The family's texts name the processes by the algorithm's labels (Maekawa
// numbers them P1..Pn for positions 0..n−1): the notes and verdicts by
// their positions, the outcome's sentences by the label given to the build.
func TestTextsUseLabels(t *testing.T) {
	plus1 := func(p int) string { return "P" + string(rune('1'+p)) }
	s, log := runCentral(t, "me3", nil, plus1)
	all := texts(s, log, plus1)
	if want := "ME3: the request of P2 happened before the request of P3, yet P3 enters first"; !strings.Contains(all, want) {
		t.Errorf("the run lacks %q:\n%s", want, all)
	}
	if !strings.Contains(all, "tells P3 that it has requested") || !strings.Contains(all, "hears from P2 and requests") {
		t.Errorf("the TELL notes do not use the labels:\n%s", all)
	}
	o := s.Outcome().(mutex.Outcome)
	if len(o.ME3) != 1 || !strings.HasPrefix(o.ME3[0].Text, "the request of P2 at time 0 happened before the request of P3") {
		t.Errorf("outcome ME3 %+v: want the labels P2, P3", o.ME3)
	}
	s, log = runCentral(t, "coordinator-crash", nil, plus1)
	if all := texts(s, log, plus1); !strings.Contains(all, "but P3, P4 still wait for the critical section") {
		t.Errorf("the deadlock does not use the labels:\n%s", all)
	}
}

// The ME2 overtake bound can fail: the coordinator's own requests are
// granted locally, so with a slow link it enters again and again while P1's
// REQUEST travels, overtaking it more than n−1 times. (The central
// coordinator does not promise the bound, and does not carry the check.)
func TestOvertakeBoundCanFail(t *testing.T) {
	over := map[string]any{"n": 2, "requestNodes": []int{1, 0, 0, 0}, "requestTimes": []int{0, 1, 2, 3},
		"tellFrom": []int{}, "tellTo": []int{}, "delay": map[string]any{"min": 10, "max": 10}, "csTime": map[string]any{"min": 0, "max": 0}}
	s, log := runCentral(t, "me3", over, mutex.PosLabel, mutex.OvertakeBound())
	if o := s.Outcome().(mutex.Outcome); o.MaxOvertakes != 3 {
		t.Fatalf("max overtakes %d, want 3: %+v", o.MaxOvertakes, o.Entries)
	}
	if v := log.Violations(); len(v) != 1 || !strings.Contains(mutex.English(log.At(v[0]).Text, s.N(), mutex.PosLabel), "the request of P1 made at time 0 was overtaken 3 times, more than n−1 = 1") {
		t.Errorf("violations %v: want the overtake bound broken:\n%s", v, texts(s, log, mutex.PosLabel))
	}
}
