package ringlist_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/kit/election"
	"distviz/algos/ringlist"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
	"distviz/trace"
)

// The tests' helpers: the message events with their lists decoded, runs
// of the lecture with an action in between, and the checks every election's
// tests use.

// msgEvent is a message event with its list decoded.
type msgEvent struct {
	seq      int64
	kind     engine.Kind
	typ      string
	from, to int
	list     []int // newest first, as the JSON form
	label    string
}

// messageEvents lists the send and deliver events of a run, with their lists
// read from the JSON form.
func messageEvents(t testing.TB, tl *timeline.Timeline) []msgEvent {
	return filter(t, tl, 0, "")
}

// filter lists the message events of a kind and type (0, "": all).
func filter(t testing.TB, tl *timeline.Timeline, kind engine.Kind, typ string) []msgEvent {
	t.Helper()
	var out []msgEvent
	for seq := int64(1); seq <= tl.Len(); seq++ {
		e := tl.Event(seq)
		if e.Kind != engine.KindSend && e.Kind != engine.KindDeliver ||
			kind != 0 && e.Kind != kind || typ != "" && e.Msg.Type != typ {
			continue
		}
		b, err := json.Marshal(e.Msg.Body)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, msgEvent{seq, e.Kind, e.Msg.Type, int(e.From), int(e.To), parseList(t, b), e.Msg.Label()})
	}
	return out
}

// parseList reads a JSON array of whole numbers (faster than encoding/json,
// which matters for the property test under the race detector).
func parseList(t testing.TB, b []byte) []int {
	t.Helper()
	s, ok := bytes.CutPrefix(b, []byte("["))
	if s, ok = bytes.CutSuffix(s, []byte("]")); !ok || len(s) == 0 {
		t.Fatalf("the body %s is not a non-empty JSON array", b)
	}
	var out []int
	for f := range bytes.SplitSeq(s, []byte(",")) {
		x, err := strconv.Atoi(string(f))
		if err != nil {
			t.Fatalf("the body %s is not a JSON array of IDs: %v", b, err)
		}
		out = append(out, x)
	}
	return out
}

// coordinators is every process's "coordinator" variable (nil: unknown).
func coordinators(tl *timeline.Timeline) []any {
	h := tl.Head()
	out := make([]any, h.N())
	for p := range out {
		for _, v := range h.Process(p).View().Vars {
			if v.Name == "coordinator" {
				out[p] = v.Value
			}
		}
	}
	return out
}

// returns are the deliveries of an ELECTION whose list already holds the
// receiver's ID: the moments a list has gone round.
func returns(t testing.TB, tl *timeline.Timeline) []msgEvent {
	ids := tl.Params.Ints("ids")
	var out []msgEvent
	for _, m := range filter(t, tl, engine.KindDeliver, "ELECTION") {
		if slices.Contains(m.list, ids[m.to]) {
			out = append(out, m)
		}
	}
	return out
}

// runLecture steps a lecture run until a send matches, applies an action (given
// the message's ID), and runs to the end.
func runLecture(t *testing.T, match func(e engine.Event) bool, act func(msg int64) engine.Action) (*timeline.Timeline, trace.Summary) {
	t.Helper()
	tl := algotest.NewRun(t, ringlist.Algorithm, algotest.ScenarioParams(t, ringlist.Algorithm, "lecture"), 0)
	msg := algotest.StepToSend(t, tl, match)
	if err := tl.Apply(act(msg)); err != nil {
		t.Fatal(err)
	}
	return finish(t, tl)
}

// finish runs to the end, failing fast if a message circles for ever.
func finish(t *testing.T, tl *timeline.Timeline) (*timeline.Timeline, trace.Summary) {
	t.Helper()
	if err := tl.Run(10_000); err != nil {
		t.Fatal(err)
	}
	if !tl.Ended() {
		t.Fatal("no end after 10,000 steps: a message circles for ever")
	}
	s := trace.Summarize(tl)
	algotest.CheckCounters(t, tl, s)
	return tl, s
}

func crash(p int) func(int64) engine.Action {
	return func(int64) engine.Action { return engine.Action{Type: engine.ActCrash, Node: p} }
}

// bare runs on the bare engine, without recording events: for the tests
// that only need the counters (a large n).
func bare(t testing.TB, params map[string]any, seed int64) (*engine.Sim, param.Values) {
	return algotest.Bare(t, ringlist.Algorithm, params, seed)
}

func outcomeOf(t testing.TB, o any) election.Outcome {
	return algotest.OutcomeOf[election.Outcome](t, o)
}

// theory is the registry's bound of the given name for a run's parameters.
func theory(t testing.TB, v param.Values, name string) float64 {
	return algotest.Theory(t, ringlist.Algorithm, v, name)
}

// encode is the run's whole trace of events, encoded.
func encode(t testing.TB, tl *timeline.Timeline) []byte { return algotest.Encode(t, tl) }

// violations renders a summary's violations, for failure messages.
func violations(s trace.Summary) string { return algotest.Violations(s) }
