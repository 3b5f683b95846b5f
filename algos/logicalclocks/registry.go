package logicalclocks

import (
	"cmp"
	"embed"
	"math/rand/v2"
	"slices"
	"strconv"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// MaxN keeps the vectors short enough to read (and stamped by package causal).
const MaxN = 32

// An event of the workload, as the events parameter holds it.
const (
	fieldNode = iota
	fieldAt
	fieldKind
	fieldTo
)

var kindWords = []string{kindLocal, kindSend}

// Algorithm is the logical clocks' registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "logical-clocks", Family: algo.FamilyTime, View: algo.ViewComplete,
	Params: []param.Spec{
		kit.N(2, 3, MaxN),
		{Name: "events", Type: param.Lists, Fields: []string{"node", "at", "kind", "to"}, Words: map[string][]string{"kind": kindWords},
			Optional: []string{"to"}, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(1e9)},
		{Name: "count", Type: param.Int, Default: 3, Min: param.Bound(0), Max: param.Bound(20)},
		{Name: "spread", Type: param.Int, Default: 20, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "sends", Type: param.Float, Default: 0.5, Min: param.Bound(0), Max: param.Bound(1)},
		kit.Delay(engine.Delay{Min: 1, Max: 5}),
		kit.FIFO(),
		kit.Loss(),
	},
	MessageTypes: []string{msgType},
	Looks:        algo.LooksInOrder(msgType),
	Roles: []algo.Role{
		{Name: "working", Tone: "active", Icon: "clock"},
		{Name: "idle", Tone: "idle"},
		{Name: "crashed", Tone: "crashed", Icon: "cross", Rare: true},
	},
	Vars: []algo.Var{
		{Name: "lamportClock", Kind: "number"},
		{Name: "vectorClock", Kind: "text"},
		{Name: "lastEvent", Kind: "text"},
		{Name: "eventCount", Kind: "number"},
	},
	Outcome:    outcomeVars,
	Invariants: []algo.Doc{{Name: "clockCondition"}, {Name: "vectorCausality"}},
	Theory: []algo.Bound{
		{ID: "messages", Formula: "sends", Measure: "messages.sent",
			Eval: func(v param.Values) float64 { return float64(countSends(v.IntLists("events"))) }},
	},
	Scenarios: []algo.Scenario{
		{ID: "lecture", Params: map[string]any{"n": 3, "delay": map[string]any{"min": 1, "max": 1}, "events": []map[string]any{
			{"node": 0, "at": 1, "kind": kindLocal},
			{"node": 0, "at": 2, "kind": kindSend, "to": 1},
			{"node": 1, "at": 4, "kind": kindSend, "to": 2},
			{"node": 2, "at": 1, "kind": kindLocal},
		}}},
		{ID: "random", Params: map[string]any{"n": 4, "count": 4, "spread": 30, "delay": map[string]any{"min": 1, "max": 8}}, Seed: 2},
	},
	Complete: complete,
	Make:     build,
}, algo.Merge(kit.Texts, algo.MustTexts(files)))

// countSends counts the send events of a workload.
func countSends(evs [][]int) int {
	n := 0
	for _, e := range evs {
		if e[fieldKind] == 1 {
			n++
		}
	}
	return n
}

func complete(v param.Values, rng *rand.Rand) error {
	n := v.Int("n")
	evs := v.IntLists("events")
	if len(evs) == 0 {
		v.SetIntLists("events", generate(n, v.Int("count"), v.Int("spread"), v.Float("sends"), rng))
		return nil
	}
	for i, e := range evs {
		switch {
		case e[fieldNode] >= n:
			return param.Errorf("events", "event %d: position %d is outside 0..%d", i, e[fieldNode], n-1)
		case e[fieldKind] == 1 && (e[fieldTo] < 0 || e[fieldTo] >= n):
			return param.Errorf("events", "event %d: a send needs a receiver \"to\" in 0..%d", i, n-1)
		case e[fieldKind] == 1 && e[fieldTo] == e[fieldNode]:
			return param.Errorf("events", "event %d: position %d would send to itself", i, e[fieldNode])
		case e[fieldKind] == 0 && e[fieldTo] >= 0:
			return param.Errorf("events", "event %d: a local event has no receiver; leave \"to\" out", i)
		}
	}
	return nil
}

// generate draws count events per process at times in [0, spread]; each is
// a send to another process with probability sends, else a local event.
func generate(n, count, spread int, sends float64, rng *rand.Rand) [][]int {
	var evs [][]int
	for p := range n {
		for range count {
			e := []int{p, rng.IntN(spread + 1), 0, -1}
			if n > 1 && rng.Float64() < sends {
				e[fieldKind], e[fieldTo] = 1, (p+1+rng.IntN(n-1))%n
			}
			evs = append(evs, e)
		}
	}
	slices.SortStableFunc(evs, byTimeThenNode)
	return evs
}

func byTimeThenNode(a, b []int) int {
	return cmp.Or(cmp.Compare(a[fieldAt], b[fieldAt]), cmp.Compare(a[fieldNode], b[fieldNode]))
}

// build gives every process its own events in time order, names the
// messages m1, m2, … in the order they are sent, and gives each process
// a block of event names as long as its events and the receives it will
// have (a, b on P1, c, d on P2, … as the lecture's diagram names them).
func build(v param.Values) (engine.Config, []algo.Node, error) {
	n := v.Int("n")
	evs := v.IntLists("events")
	slices.SortStableFunc(evs, byTimeThenNode)
	plans := make([][]planned, n)
	sizes := make([]int, n)
	sent := 0
	for _, e := range evs {
		p := e[fieldNode]
		pl := planned{at: engine.Time(e[fieldAt]), to: -1}
		if e[fieldKind] == 1 {
			sent++
			pl.to, pl.msg = e[fieldTo], "m"+strconv.Itoa(sent)
			sizes[pl.to]++
		}
		sizes[p]++
		plans[p] = append(plans[p], pl)
	}
	procs := make([]engine.Process, n)
	starts := make([]engine.StartAt, n)
	nodes := make([]algo.Node, n)
	first := 0
	for p := range n {
		procs[p] = &node{plan: plans[p], firstID: first, vector: make([]int64, n)} // VC1: all zero
		first += sizes[p]
		starts[p] = engine.StartAt{Node: p}
		nodes[p] = algo.Node{ID: p + 1, Label: "P" + strconv.Itoa(p+1)}
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Invariants: []engine.Invariant{clockCondition(), vectorCausality()},
		Outcome:    outcomeOf,
		Causality:  true, // the truth the checks compare the clocks with
	}
	kit.Network(&cfg, v)
	return cfg, nodes, nil
}
