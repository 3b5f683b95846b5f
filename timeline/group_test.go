package timeline_test

import (
	"reflect"
	"testing"

	"distviz/algo"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
)

// quietProc starts in a way its position chooses, to put each case of
// grouping idle starts to the probe (engine.Sim.PeekStart): timers set and
// cancelled, draws from the random stream, sends outside the run, a quiet
// start that breaks a rule, one behind a cancelled timer, one that takes a
// stamp, one of a process that received a message before.
type quietProc struct {
	self int
	bad  bool // the rule "nobody is bad" breaks when it is set
	got  int  // messages received (before its start, for 5)
}

func (q *quietProc) Start(env *engine.Env) {
	switch q.self {
	case 0: // quiet: timers make no events; b cancels a, leaving a dead item
		env.SetTimer("a", 5)
		env.SetTimer("b", 1)
	case 1: // loud, to 5 before 5 starts
		env.Send(5, engine.Message{Type: "M"})
	case 8: // loud
		env.Send(0, engine.Message{Type: "M"})
	case 3: // quiet, but breaks the rule: the step is not idle
		q.bad = true
	case 5: // quiet, as long as the probe draws what the step draws
		env.Note("note.x", engine.Num(env.Rand().IntN(100)))
		env.SetTimer("d", 1) // draws again: the stream must go on from here
	case 6: // quiet, as long as the probe sees its own timer
		env.SetTimer("c", 1)
		if !env.TimerSet("c") {
			env.Send(0, engine.Message{Type: "M"})
		}
		env.CancelTimer("c")
		if env.TimerSet("c") {
			env.Send(0, engine.Message{Type: "M"})
		}
	case 7: // a send outside the run is a note: quiet
		env.Send(-1, engine.Message{Type: "M"})
	case 9: // a stamp names the event it follows: the probe cannot take it
		env.Note("note.x", engine.Num(int(env.Stamp().Seq())))
	default:
		env.Note("note.x")
	}
}

func (q *quietProc) Receive(*engine.Env, int, engine.Message) { q.got++ }

func (q *quietProc) Timer(env *engine.Env, name string) {
	switch name {
	case "b":
		env.CancelTimer("a")
	case "d":
		env.Note("note.x", engine.Num(env.Rand().IntN(1000)))
	}
}

func (q *quietProc) View() engine.NodeView { return engine.NodeView{} }

func (q *quietProc) Clone() engine.Process { c := *q; return &c }

var quietStarts = &algo.Algorithm{ID: "quiet-starts", Make: func(param.Values) (engine.Config, []algo.Node, error) {
	var cfg engine.Config
	at := []engine.Time{0, 10, 3, 20, 20, 30, 30, 30, 30, 30, 20}
	order := []int{0, 1, 2, 4, 3, 10, 9, 5, 6, 7, 8}
	for p := range at {
		cfg.Procs = append(cfg.Procs, &quietProc{self: p})
	}
	for _, p := range order {
		cfg.Starts = append(cfg.Starts, engine.StartAt{Node: p, At: at[p]})
	}
	cfg.Delay = engine.Delay{Min: 1, Max: 1}
	cfg.Invariants = []engine.Invariant{{Name: "nobody bad", Check: func(w engine.World, node int) engine.Text {
		if node >= 0 && w.Process(node).(*quietProc).bad {
			return engine.T("violation.bad")
		}
		return engine.Text{}
	}}}
	return cfg, nil, nil
}}

// groupedEnds takes a run step by step on a bare Sim and groups its idle
// steps as the timeline's rule says: a step after an idle one joins it
// while it is idle too. It returns the events and the steps' last events.
func groupedEnds(t *testing.T, a *algo.Algorithm, v param.Values, seed int64) ([]engine.Event, []int64) {
	t.Helper()
	cfg, _, err := a.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := engine.New(cfg, uint64(seed))
	if err != nil {
		t.Fatal(err)
	}
	var log engine.Log
	sim.Record(&log)
	sim.Init()
	ends := []int64{sim.Seq()}
	grouping := false
	for {
		first := sim.Seq() + 1
		if !sim.Step() {
			break
		}
		idle := log.QuietSince(first) && log.Len() == sim.Seq()
		if grouping && idle {
			ends[len(ends)-1] = sim.Seq()
			continue
		}
		ends = append(ends, sim.Seq())
		grouping = idle
	}
	events := make([]engine.Event, log.Len())
	for i := range events {
		events[i] = log.At(int64(i + 1))
	}
	return events, ends
}

// The timeline groups idle starts as the rule says and records what a bare
// run records, whichever way it learns whether a start is idle: the probe,
// a rebuild after a quiet start that breaks a rule, a trial behind a
// cancelled item. Stepping back over the steps replays them alike.
func TestIdleGroupingAsTheRuleSays(t *testing.T) {
	for _, c := range []struct {
		alg    *algo.Algorithm
		id     string
		params map[string]any
	}{
		{alg: quietStarts},
		{id: "firewire", params: map[string]any{"n": 63, "spares": 0}},
		{id: "maekawa"},
		{id: "token-ring-election", params: map[string]any{"n": 6}},
	} {
		a, v := c.alg, param.Values{}
		if a == nil {
			a, v = resolve(t, c.id, c.params, 3)
		}
		events, ends := groupedEnds(t, a, v, 3)
		tl, err := timeline.New(a, v, 3, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := tl.Run(0); err != nil {
			t.Fatal(err)
		}
		got := make([]int64, tl.Steps())
		for k := range got {
			got[k] = tl.StepEnd(k)
		}
		if !reflect.DeepEqual(got, ends) {
			t.Errorf("%s: steps end at %v, want %v", a.ID, got, ends)
		}
		if tl.Len() != int64(len(events)) {
			t.Fatalf("%s: %d events, want %d", a.ID, tl.Len(), len(events))
		}
		for i, e := range events {
			if g := tl.Event(int64(i + 1)); !sameEvent(g, e) {
				t.Fatalf("%s: event %d is %+v, want %+v", a.ID, i+1, g, e)
			}
		}
		for k := tl.Steps() - 1; k >= 0; k-- {
			if err := tl.Seek(k); err != nil || tl.Seq() != ends[k] {
				t.Fatalf("%s: seek to step %d: at event %d, %v", a.ID, k, tl.Seq(), err)
			}
		}
	}
}

// sameEvent compares two events, their texts by value (their lists are
// pointers).
func sameEvent(a, b engine.Event) bool {
	ta, tb := a.Text, b.Text
	a.Text, b.Text = engine.Text{}, engine.Text{}
	return reflect.DeepEqual(a, b) && ta.Equal(tb)
}
