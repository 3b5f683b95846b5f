package maekawa

import (
	"embed"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/mutex"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// texts are the algorithm's words over the family's and the kit's; the
// outcome renders its English sentences from them (deadlock.go).
var texts = algo.Merge(kit.Texts, mutex.Texts, algo.MustTexts(files))

// everyone is a workload in which each of n processes requests once at time 0.
func everyone(n int) (nodes, times []int) {
	for p := range n {
		nodes, times = append(nodes, p), append(times, 0)
	}
	return nodes, times
}

var all13, zeros13 = everyone(13)

// Algorithm is Maekawa's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "maekawa", Family: algo.FamilyMutex, View: algo.ViewGrid,
	Params:       params(),
	MessageTypes: mutex.Types(msgRequest, msgLocked, msgRelease, msgFailed, msgInquire, msgRelinquish),
	// The usual glyphs happen to fit the types: FAILED a cross, RELINQUISH
	// the INQUIRE's triangle turned round.
	Looks: mutex.Looks(algo.LooksInOrder(msgRequest, msgLocked, msgRelease, msgFailed, msgInquire, msgRelinquish)...),
	Roles: mutex.Roles(),
	Vars: mutex.Vars(
		// what the grid view's cards show
		algo.Var{Name: "quorum", Kind: "positions", Use: "members"},
		algo.Var{Name: "clock", Kind: "number"},
		algo.Var{Name: "request", Kind: "stamp", Use: "ownRequest"},
		algo.Var{Name: "lock", Kind: "record", Fields: lockFields, Use: "lockedFor"},
		algo.Var{Name: "queue", Kind: "records", Fields: lockFields, Use: "waitQueue"},
		algo.Var{Name: "granted", Kind: "positions", Use: "grants"},
		algo.Var{Name: "inquired", Kind: "positions", Use: "storedFlags", Message: msgInquire},
		algo.Var{Name: "failed", Kind: "positions", Use: "storedFlags", Message: msgFailed},
	),
	Outcome: append(append([]algo.Var{}, mutex.OutcomeVars...),
		algo.Var{Name: "quorums", Kind: "partition", Hidden: true, Use: "memberTable"}, // the grid view draws them
		algo.Var{Name: "deadlock", Kind: "record", Use: "waitCycle", Format: "{cycle}", Fields: []algo.Var{
			{Name: "cycle", Kind: "cycle"}, {Name: "text", Kind: "text", Hidden: true},
		}},
	),
	Actions:    mutex.Actions,
	Invariants: mutex.Invariants(), // invariant.deadlock is Maekawa's own: it explains the cycle of waits
	Theory: []algo.Bound{
		{ID: "uncontended", Formula: "3(|S|−1)", Measure: "outcome.messagesPerEntry",
			Eval: func(v param.Values) float64 { return float64(3 * (largestQuorum(v) - 1)) }},
		{ID: "favourable", Formula: "4(|S|−1)", Measure: "outcome.messagesPerEntry",
			Eval: func(v param.Values) float64 { return float64(4 * (largestQuorum(v) - 1)) }},
		{ID: "worst", Formula: "5(|S|−1)", Measure: "outcome.messagesPerEntry",
			Eval: func(v param.Values) float64 { return float64(5 * (largestQuorum(v) - 1)) }},
	},
	Scenarios: []algo.Scenario{
		{ID: "lecture", Params: map[string]any{"n": 13, "requestNodes": []int{0}, "requestTimes": []int{0}}},
		{ID: "inquire", Params: map[string]any{"n": 13, "requestNodes": []int{2, 8, 1}, "requestTimes": []int{0, 0, 1}}},
		{ID: "no-inquire", Params: map[string]any{"n": 13, "inquire": false, "spread": 30, "delay": map[string]any{"min": 1, "max": 10}}, Seed: 1, Violates: []string{"deadlock"}},
		{ID: "lecture-deadlock", Params: map[string]any{"n": 13, "variant": lecture, "requestNodes": all13, "requestTimes": zeros13,
			"delay": map[string]any{"min": 1, "max": 10}}, Seed: 29, Violates: []string{"deadlock"}},
		{ID: "corrected", Params: map[string]any{"n": 13, "requestNodes": all13, "requestTimes": zeros13,
			"delay": map[string]any{"min": 1, "max": 10}}, Seed: 29},
		{ID: "grid", Params: map[string]any{"n": 9, "quorums": "grid", "count": 2, "spread": 40, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 1},
		{ID: "majority", Params: map[string]any{"n": 5, "quorums": "majority", "delay": map[string]any{"min": 1, "max": 4}}, Seed: 1},
	},
	Experiments: []algo.Preset{
		{ID: "contention",
			Params: map[string]any{"quorums": "projective", "count": 1, "delay": map[string]any{"min": 1, "max": 10}},
			Vary:   map[string][]any{"n": {7, 13, 21, 31, 57, 73, 91}, "spread": {0, 1000000}},
			Seeds:  algo.Seeds{From: 1, Count: 10},
			Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "outcome.messagesPerEntry", Series: "spread"}},
		{ID: "grid",
			Params: map[string]any{"quorums": "grid", "count": 1, "spread": 0, "delay": map[string]any{"min": 1, "max": 10}},
			Vary:   map[string][]any{"n": {4, 9, 16, 25, 36, 49, 64, 81}},
			Seeds:  algo.Seeds{From: 1, Count: 10},
			Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "outcome.messagesPerEntry"}},
	},
	Complete: complete,
	Make:     build,
}, texts)

// lockFields declare a lock's or a queued request's fields: {node, ts}.
var lockFields = []algo.Var{{Name: "node", Kind: "position"}, {Name: "ts", Kind: "stamp"}}

// params are the family's, with Maekawa's own after n, and positions up to
// the largest plane's.
func params() []param.Spec {
	ps := mutex.Params(13,
		param.Spec{Name: "quorums", Type: param.Enum, Default: "projective", Options: []string{"projective", "grid", "majority", "explicit"}},
		param.Spec{Name: "quorumList", Type: param.Lists, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(maxN - 1)},
		param.Spec{Name: "inquire", Type: param.Bool, Default: true},
		param.Spec{Name: "variant", Type: param.Enum, Default: corrected, Options: []string{corrected, lecture}},
	)
	for i := range ps {
		switch ps[i].Name {
		case "n":
			ps[i].Max = param.Bound(maxN)
		case "requestNodes", "tellFrom", "tellTo":
			ps[i].Max = param.Bound(maxN - 1)
		}
	}
	return ps
}

// complete insists on FIFO channels, reads a quorum list alone as explicit
// quorums, checks the quorums and fills the workload.
func complete(v param.Values, rng *rand.Rand) error {
	if !v.Bool("fifo") {
		return param.Errorf("fifo", "must be on: Maekawa's algorithm assumes FIFO channels (an INQUIRE must not overtake its LOCKED)")
	}
	// a quorum list means explicit quorums, unless another kind was asked for
	if len(v.IntLists("quorumList")) > 0 && v.String("quorums") != "explicit" {
		if v.Has("quorums") {
			return param.Errorf("quorumList", "is given, but quorums is %s: set quorums to explicit to use the list", v.String("quorums"))
		}
		v.SetString("quorums", "explicit")
	}
	if _, err := quorumsOf(v); err != nil {
		return err
	}
	return mutex.CompleteWorkload(v, rng)
}

// build makes the processes on the family's core, with Maekawa's deadlock
// check and outcome; processes are P1..Pn with IDs 1..n.
func build(v param.Values) (engine.Config, []algo.Node, error) {
	qs, err := quorumsOf(v)
	if err != nil {
		return engine.Config{}, nil, err
	}
	lect, inquire := v.String("variant") == lecture, v.Bool("inquire")
	cfg := mutex.BuildLabeled(v, label, func(p int, c mutex.Core) engine.Process {
		return &node{Core: c, quorum: qs[p], lecture: lect, inquire: inquire}
	})
	for i, f := range cfg.Final {
		if f.Name == "deadlock" {
			cfg.Final[i] = deadlock(lect, inquire)
		}
	}
	cfg.Outcome = func(w engine.World) any { return outcomeOf(w, qs, lect, inquire) }
	nodes := make([]algo.Node, len(qs))
	for p := range nodes {
		nodes[p] = algo.Node{ID: p + 1, Label: label(p)}
	}
	return cfg, nodes, nil
}
