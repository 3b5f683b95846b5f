package frame_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/frame"
	"distviz/narrate"
	"distviz/timeline"
)

func decodeJSON(t testing.TB, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	return m
}

// randomAction picks an action that may apply at the cursor: crash or
// recover a process, deliver or drop a message, fire a timer, one of the
// algorithm's own actions, plug or unplug a device, cut or restore a link.
func randomAction(r *rand.Rand, tl *timeline.Timeline) engine.Action {
	s := tl.State()
	n := s.N()
	switch r.IntN(7) {
	case 0:
		if fl := s.InFlight(); len(fl) > 0 {
			return engine.Action{Type: engine.ActDeliver, Msg: fl[r.IntN(len(fl))].ID}
		}
	case 1:
		if fl := s.InFlight(); len(fl) > 0 {
			return engine.Action{Type: engine.ActDrop, Msg: fl[r.IntN(len(fl))].ID}
		}
	case 2:
		if ts := s.Timers(); len(ts) > 0 {
			tm := ts[r.IntN(len(ts))]
			return engine.Action{Type: engine.ActFire, Node: tm.Node, Timer: tm.Name}
		}
	case 3:
		if acts := tl.Alg.Actions; len(acts) > 0 {
			return engine.Action{Type: engine.ActNode, Node: r.IntN(n), Name: acts[r.IntN(len(acts))].ID}
		}
	case 4:
		if tl.Alg.Bus {
			return engine.Action{Type: []string{engine.ActPlug, engine.ActUnplug}[r.IntN(2)], Node: r.IntN(n)}
		}
	case 5:
		from := r.IntN(n)
		return engine.Action{Type: []string{engine.ActCut, engine.ActRestore}[r.IntN(2)], From: from, To: (from + 1) % n}
	}
	return engine.Action{Type: []string{engine.ActCrash, engine.ActRecover}[r.IntN(2)], Node: r.IntN(n)}
}

// Applying the deltas of any sequence of steps, seeks, forks and actions to
// the first frame gives exactly the whole frame at that point, for every
// algorithm and scenario, in every language.
func TestDeltasGiveTheWholeFrame(t *testing.T) {
	ops := 300
	if testing.Short() {
		ops = 120
	}
	total := map[string]int{}
	for _, a := range algos.All() {
		for si, sc := range a.Scenarios {
			t.Run(a.ID+"/"+sc.ID, func(t *testing.T) {
				t.Parallel()
				r := rand.New(rand.NewPCG(uint64(si)+1, 7))
				tl := open(t, a.ID, sc.Params, sc.Seed)
				var enc frame.Encoder
				lang := narrate.English
				var model map[string]any
				counts := map[string]int{}
				for i := 0; i <= ops; i++ {
					what := "open"
					if i > 0 {
						what = move(r, tl, &lang)
					}
					b, err := enc.Append(nil, tl, lang)
					if err != nil {
						t.Fatalf("after %s: %v", what, err)
					}
					got := decodeJSON(t, b)
					typ := got["type"].(string)
					counts[typ]++
					switch typ {
					case "frame":
						model = got
					case "delta":
						if model == nil {
							t.Fatal("a delta before any frame")
						}
						if err := frame.ApplyDelta(model, got); err != nil {
							t.Fatalf("op %d (%s): %v", i, what, err)
						}
					default:
						t.Fatalf("a %q", typ)
					}
					fb, err := json.Marshal(frame.BuildIn(tl, lang))
					if err != nil {
						t.Fatal(err)
					}
					want := decodeJSON(t, fb)
					if !reflect.DeepEqual(model, want) {
						t.Fatalf("op %d (%s, step %d of %d): the deltas give\n%s\nthe whole frame is\n%s\nlast message %s", i, what, tl.Cursor(), tl.Steps(), js(model), fb, b)
					}
				}
				if counts["delta"] < ops/3 {
					t.Errorf("only %d deltas among %v", counts["delta"], counts)
				}
				t.Logf("%v", counts)
			})
			total[a.ID]++
		}
	}
	if len(total) < len(algos.All()) {
		t.Errorf("scenarios of %d of %d algorithms", len(total), len(algos.All()))
	}
}

// An encoder's whole frame, written from the nodes it keeps, is byte for
// byte the frame BuildIn gives, after any sequence of steps, seeks, forks,
// actions and languages, whether the client before took deltas or not.
func TestWholeIsTheFrame(t *testing.T) {
	ops := 120
	if testing.Short() {
		ops = 60
	}
	for _, a := range algos.All() {
		for si, sc := range a.Scenarios {
			t.Run(a.ID+"/"+sc.ID, func(t *testing.T) {
				t.Parallel()
				r := rand.New(rand.NewPCG(uint64(si)+1, 11))
				tl := open(t, a.ID, sc.Params, sc.Seed)
				var enc frame.Encoder
				lang := narrate.English
				for i := range ops {
					what := "open"
					if i > 0 {
						what = move(r, tl, &lang)
					}
					if r.IntN(4) == 0 { // the nodes kept move on with a delta
						if _, err := enc.Append(nil, tl, lang); err != nil {
							t.Fatal(err)
						}
						continue
					}
					got, err := enc.Whole(nil, tl, lang)
					if err != nil {
						t.Fatalf("after %s: %v", what, err)
					}
					f := frame.BuildIn(tl, lang)
					want, err := f.AppendJSON(nil)
					if err != nil {
						t.Fatal(err)
					}
					if string(got) != string(want) {
						t.Fatalf("op %d (%s, step %d): the encoder's whole frame\n%s\nBuildIn's\n%s", i, what, tl.Cursor(), got, want)
					}
				}
			})
		}
	}
}

// move does one random thing to the run, as a client can: step, back, seek,
// first, last, act (forking in the past) or change the language.
func move(r *rand.Rand, tl *timeline.Timeline, lang *narrate.Lang) string {
	switch k := r.IntN(20); {
	case k < 9:
		tl.Forward()
		return "step"
	case k < 11:
		tl.Back()
		return "back"
	case k < 13:
		to := r.IntN(tl.Steps())
		tl.Seek(to)
		return fmt.Sprintf("seek %d", to)
	case k == 13:
		tl.Seek(0)
		return "first"
	case k == 14:
		tl.Run(200)
		return "last"
	case k == 15:
		*lang = narrate.Langs()[r.IntN(len(narrate.Langs()))]
		return "lang " + string(*lang)
	}
	a := randomAction(r, tl)
	at := tl.Cursor()
	if err := tl.Apply(a); err != nil {
		return fmt.Sprintf("refused %s at step %d", a.Type, at)
	}
	return fmt.Sprintf("%s at step %d", a.Type, at)
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// A step's delta costs what the step changed: the allocations of an
// encoder's delta do not grow with the number of processes.
func TestDeltaCostsWhatChanged(t *testing.T) {
	allocs := func(n int) (float64, int) {
		tl := open(t, "chang-roberts", map[string]any{"n": n, "idOrder": "random"}, 1)
		var enc frame.Encoder
		b, _ := enc.Append(nil, tl, narrate.English)
		for range 50 {
			tl.Forward()
			b, _ = enc.Append(b[:0], tl, narrate.English)
		}
		var m0, m1 runtime.MemStats
		steps, size := 200, 0
		var total uint64
		for range steps {
			tl.Forward()
			runtime.ReadMemStats(&m0)
			b, _ = enc.Append(b[:0], tl, narrate.English)
			runtime.ReadMemStats(&m1)
			total += m1.Mallocs - m0.Mallocs
			size += len(b)
		}
		return float64(total) / float64(steps), size / steps
	}
	small, smallBytes := allocs(50)
	large, largeBytes := allocs(2000)
	t.Logf("allocations per step: %.1f at n = 50, %.1f at n = 2000; bytes %d and %d", small, large, smallBytes, largeBytes)
	if large > small+20 {
		t.Errorf("a step's delta allocates %.1f times at n = 2000 and %.1f at n = 50", large, small)
	}
}

var update = flag.Bool("update", false, "rewrite static/js/test/deltafixture.js")

// fixturePath is the browser's copy of some runs' deltas with the whole
// frames they must give: static/js/test/model.test.js applies them with
// static/js/app/model.js, so that the browser keeps to frame.ApplyDelta's rule.
const fixturePath = "../static/js/test/deltafixture.js"

// The browser's fixture is what the encoder writes today.
func TestDeltaFixture(t *testing.T) {
	type step struct {
		Op   string          `json:"op"`
		Msg  json.RawMessage `json:"msg"`
		Want json.RawMessage `json:"want,omitempty"` // every third step and the last
	}
	type fixture struct {
		Name  string          `json:"name"`
		Run   json.RawMessage `json:"run"` // the run message (what the views are given)
		Steps []step          `json:"steps"`
	}
	var all []fixture
	for _, c := range []struct {
		alg, scenario string
		ops           []string
	}{
		{"bully", "lecture", []string{"step", "step", "step", "step", "lang de", "step", "back", "seek 9", "crash 2", "step", "seek 4", "crash 5", "step", "first", "step", "last", "seek 12", "step"}},
		{"tree-echo", "", []string{"step", "step", "step", "step", "step", "step", "back", "last", "seek 3", "step"}},
	} {
		a, err := algos.Get(c.alg)
		if err != nil {
			t.Fatal(err)
		}
		params, seed := map[string]any{}, int64(1)
		if c.scenario != "" {
			sc, err := a.Scenario(c.scenario)
			if err != nil {
				t.Fatal(err)
			}
			params, seed = sc.Params, sc.Seed
		}
		tl := open(t, c.alg, params, seed)
		var enc frame.Encoder
		lang := narrate.English
		fx := fixture{Name: c.alg + " " + c.scenario}
		run, err := json.Marshal(map[string]any{"type": "run", "id": "fixture", "algorithm": tl.Alg, "params": tl.Params,
			"query": map[string]string{}, "seed": tl.Seed, "nodes": tl.Nodes, "theory": tl.Alg.Evaluate(tl.Params)})
		if err != nil {
			t.Fatal(err)
		}
		fx.Run = run
		ops := append([]string{"open"}, c.ops...)
		for i, op := range ops {
			var k int
			switch {
			case op == "step":
				tl.Forward()
			case op == "back":
				tl.Back()
			case op == "first":
				tl.Seek(0)
			case op == "last":
				tl.Run(0)
			case strings.HasPrefix(op, "lang "):
				lang = narrate.Lang(op[5:])
			case strings.HasPrefix(op, "seek "):
				fmt.Sscan(op[5:], &k)
				tl.Seek(k)
			case strings.HasPrefix(op, "crash "):
				fmt.Sscan(op[6:], &k)
				if err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: k}); err != nil {
					t.Fatal(err)
				}
			}
			msg, err := enc.Append(nil, tl, lang)
			if err != nil {
				t.Fatal(err)
			}
			st := step{Op: op, Msg: msg}
			if i%3 == 0 || i == len(ops)-1 {
				if st.Want, err = json.Marshal(frame.BuildIn(tl, lang)); err != nil {
					t.Fatal(err)
				}
			}
			fx.Steps = append(fx.Steps, st)
		}
		all = append(all, fx)
	}
	body, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	src := "// Generated by `go test ./frame -run DeltaFixture -update`: runs' frames and\n" +
		"// deltas as the server sends them, each with the whole frame it must give\n" +
		"// (model.test.js checks static/js/app/model.js against them). Do not edit.\n" +
		"export const CASES = " + string(body) + ";\n"
	if *update {
		if err := os.WriteFile(fixturePath, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(fixturePath)
	if err != nil || string(have) != src {
		t.Fatalf("%s is not what the encoder writes today (%v): run go test ./frame -run DeltaFixture -update", fixturePath, err)
	}
}
