package launch_test

import (
	"bytes"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/launch"
	"distviz/timeline"
)

func encode(t *testing.T, tl *timeline.Timeline) []byte {
	t.Helper()
	var b []byte
	for seq := int64(1); seq <= tl.Len(); seq++ {
		var err error
		if b, err = tl.Event(seq).AppendJSON(b); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// A link's texts, JSON values and a scenario resolve to the same run, and
// replaying the user's actions at their steps gives the run the user made.
func TestOpenReplaysActions(t *testing.T) {
	alg, err := algos.Get("bully")
	if err != nil {
		t.Fatal(err)
	}
	// By hand: 5 steps, crash P6, back to step 3, crash P5 (a fork), run on.
	byHand, _, err := launch.Open(alg, launch.Request{Scenario: "lecture"}, 100000)
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if _, err := byHand.Forward(); err != nil {
			t.Fatal(err)
		}
	}
	crash := func(p int) engine.Action { return engine.Action{Type: engine.ActCrash, Node: p} }
	if err := byHand.Apply(crash(6)); err != nil {
		t.Fatal(err)
	}
	if err := byHand.Seek(3); err != nil {
		t.Fatal(err)
	}
	if err := byHand.Apply(crash(5)); err != nil {
		t.Fatal(err)
	}
	if err := byHand.Run(0); err != nil {
		t.Fatal(err)
	}

	seed := int64(0)
	replayed, r, err := launch.Open(alg, launch.Request{
		Query:    map[string]string{"n": "8"},
		Seed:     &seed,
		Scenario: "lecture",
		Actions:  []launch.Acted{{Step: 5, Action: crash(6)}, {Step: 3, Action: crash(5)}},
	}, 100000)
	if err != nil {
		t.Fatal(err)
	}
	if err := replayed.Run(0); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(encode(t, byHand), encode(t, replayed)) {
		t.Fatalf("replaying the actions gives another run")
	}
	if strings.Join(r.Given, ",") != "n" {
		t.Errorf("given %v, want [n]", r.Given)
	}

	// An action the run refuses names itself.
	_, _, err = launch.Open(alg, launch.Request{Scenario: "lecture", Actions: []launch.Acted{{Step: 1, Action: crash(99)}}}, 100000)
	if err == nil || !strings.Contains(err.Error(), "action 1 (crash at step 1)") {
		t.Errorf("refusal %v", err)
	}
}
