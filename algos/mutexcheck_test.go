package algos

import (
	"strings"
	"testing"

	"distviz/algos/kit/mutex"
	"distviz/engine"
)

// runCentral builds central-mutex from a scenario with the given labels
// and extra checks, and runs it to the end.
func runCentral(t *testing.T, scenario string, over map[string]any, label func(int) string, extra ...engine.Invariant) (*engine.Sim, *engine.Log) {
	t.Helper()
	a, err := Get("central-mutex")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := a.Scenario(scenario)
	if err != nil {
		t.Fatal(err)
	}
	params := map[string]any{}
	for k, v := range sc.Params {
		params[k] = v
	}
	for k, v := range over {
		params[k] = v
	}
	v, err := a.ResolveAny(params, sc.Seed)
	if err != nil {
		t.Fatal(err)
	}
	cfg := mutexBuildLabeled(v, label, func(p int, c mutexCore) engine.Process {
		return &centralNode{mutexCore: c, coord: v.Int("coordinator"), holder: -1, asked: make([]int64, v.Int("n"))}
	})
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
	var b strings.Builder
	for seq := int64(1); seq <= log.Len(); seq++ {
		b.WriteString(mutex.English(log.At(seq).Text, s.N(), label) + "\n")
	}
	return b.String()
}

// The family's texts name the processes by the algorithm's labels (Maekawa
// passes P1..Pn for positions 0..n−1): the notes and verdicts by their
// positions, the outcome's sentences by the label given to the build.
func TestMutexTextsUseLabels(t *testing.T) {
	plus1 := func(p int) string { return "P" + string(rune('1'+p)) }
	s, log := runCentral(t, "me3", nil, plus1)
	all := texts(s, log, plus1)
	if want := "ME3: the request of P2 happened before the request of P3, yet P3 enters first"; !strings.Contains(all, want) {
		t.Errorf("the run lacks %q:\n%s", want, all)
	}
	if !strings.Contains(all, "tells P3 that it has requested") || !strings.Contains(all, "hears from P2 and requests") {
		t.Errorf("the TELL notes do not use the labels:\n%s", all)
	}
	o := mutexOutcome(s, plus1)
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
func TestMutexOvertakeBoundCanFail(t *testing.T) {
	over := map[string]any{"n": 2, "requestNodes": []int{1, 0, 0, 0}, "requestTimes": []int{0, 1, 2, 3},
		"tellFrom": []int{}, "tellTo": []int{}, "delay": map[string]any{"min": 10, "max": 10}, "csTime": map[string]any{"min": 0, "max": 0}}
	s, log := runCentral(t, "me3", over, posLabel, mutexOvertakeBound())
	if o := mutexOutcome(s, posLabel); o.MaxOvertakes != 3 {
		t.Fatalf("max overtakes %d, want 3: %+v", o.MaxOvertakes, o.Entries)
	}
	if v := log.Violations(); len(v) != 1 || !strings.Contains(mutex.English(log.At(v[0]).Text, s.N(), posLabel), "the request of P1 made at time 0 was overtaken 3 times, more than n−1 = 1") {
		t.Errorf("violations %v: want the overtake bound broken:\n%s", v, texts(s, log, posLabel))
	}
}
