package launch_test

import (
	"bytes"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/launch"
)

// Every action type goes through a link's text and back unchanged.
func TestActsTextRoundTrip(t *testing.T) {
	acts := []launch.Acted{
		{Step: 19, Action: engine.Action{Type: engine.ActCrash, Node: 5}},
		{Step: 20, Action: engine.Action{Type: engine.ActRecover, Node: 5}},
		{Step: 23, Action: engine.Action{Type: engine.ActDeliver, Msg: 12}},
		{Step: 24, Action: engine.Action{Type: engine.ActDrop, Msg: 13}},
		{Step: 30, Action: engine.Action{Type: engine.ActNode, Node: 4, Name: "notice"}},
		{Step: 31, Action: engine.Action{Type: engine.ActFire, Node: 2, Timer: "answer"}},
		{Step: 40, Action: engine.Action{Type: engine.ActCut, From: 1, To: 2}},
		{Step: 41, Action: engine.Action{Type: engine.ActRestore, From: 1, To: 2}},
		{Step: 42, Action: engine.Action{Type: engine.ActLoss, From: 1, To: 2, P: 0.25}},
		{Step: 50, Action: engine.Action{Type: engine.ActPlug, Node: 2}},
		{Step: 51, Action: engine.Action{Type: engine.ActUnplug, Node: 3}},
	}
	text := launch.FormatActs(acts)
	const want = "19.crash.5,20.recover.5,23.deliver.12,24.drop.13,30.act.4.notice,31.fire.2.answer,40.cut.1.2,41.restore.1.2,42.loss.1.2.0.25,50.plug.2,51.unplug.3"
	if text != want {
		t.Fatalf("text %q, want %q", text, want)
	}
	back, err := launch.ParseActs(text)
	if err != nil {
		t.Fatal(err)
	}
	if launch.FormatActs(back) != text || len(back) != len(acts) {
		t.Fatalf("round trip %v", back)
	}
	for i := range acts {
		if back[i] != acts[i] {
			t.Errorf("item %d: %+v, want %+v", i, back[i], acts[i])
		}
	}
	for _, bad := range []string{"x.crash.1", "3", "3.jump.1", "3.crash", "3.cut.1", "3.crash.a", "-1.crash.1"} {
		if _, err := launch.ParseActs(bad); err == nil || !strings.Contains(err.Error(), "acts: item 1") {
			t.Errorf("%q: error %v", bad, err)
		}
	}
}

// The actions a run lists, opened again, give the same run event for
// event, forks included.
func TestActsOfReproduceTheRun(t *testing.T) {
	alg, err := algos.Get("bully")
	if err != nil {
		t.Fatal(err)
	}
	run, _, err := launch.Open(alg, launch.Request{Scenario: "lecture"}, 100000)
	if err != nil {
		t.Fatal(err)
	}
	if err := run.Run(8); err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(run.Apply(engine.Action{Type: engine.ActCrash, Node: 6}))
	must(run.Run(3))
	must(run.Seek(4)) // in the past: forks, the crash of P6 is gone
	must(run.Apply(engine.Action{Type: engine.ActCrash, Node: 5}))
	must(run.Apply(engine.Action{Type: engine.ActRecover, Node: 7}))
	must(run.Run(0))
	text := launch.FormatActs(launch.ActsOf(run))
	if text != "4.crash.5,5.recover.7" {
		t.Fatalf("acts %q", text)
	}
	acts, err := launch.ParseActs(text)
	must(err)
	again, _, err := launch.Open(alg, launch.Request{Scenario: "lecture", Actions: acts}, 100000)
	must(err)
	must(again.Run(0))
	if !bytes.Equal(encode(t, run), encode(t, again)) {
		t.Fatal("the run opened from its acts differs")
	}
}
