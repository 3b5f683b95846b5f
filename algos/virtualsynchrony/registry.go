package virtualsynchrony

import (
	"embed"
	"math/rand/v2"
	"slices"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/group"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is virtual synchrony's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "virtual-synchrony", Family: algo.FamilyGroup, View: algo.ViewGroup,
	Params: []param.Spec{
		kit.N(2, 5, 32),
		{Name: "count", Type: param.Int, Default: 2, Min: param.Bound(0), Max: param.Bound(100)},
		{Name: "spread", Type: param.Int, Default: 20, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "sends", Type: param.Lists, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "crashes", Type: param.Lists, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "joins", Type: param.Lists, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "detect", Type: param.Int, Default: 3, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "spacing", Type: param.Int, Default: 1, Min: param.Bound(0), Max: param.Bound(1e6)},
		kit.Delay(engine.Delay{Min: 2, Max: 2}),
	},
	MessageTypes: []string{msgData, msgOrder, msgJoin, msgFlushReq, msgFlush, msgNewView},
	Looks: []algo.MessageLook{
		{Type: msgData, Color: 0, Glyph: "circle"},
		{Type: msgOrder, Color: 1, Glyph: "square", Short: "ORD"},
		{Type: msgJoin, Color: 5, Glyph: "up"},
		{Type: msgFlushReq, Color: 3, Glyph: "cross", Short: "FREQ"},
		{Type: msgFlush, Color: 2, Glyph: "diamond", Short: "FL"},
		{Type: msgNewView, Color: 4, Glyph: "star", Short: "NV"},
	},
	Actions: []algo.ActionSpec{{ID: actMulticast}, {ID: actSuspect}, {ID: actJoin}},
	Roles: []algo.Role{
		{Name: "sequencer", Tone: "leader", Icon: "crown", Rare: true},
		{Name: "member", Tone: "informed", Icon: "check"},
		{Name: "flushing", Tone: "waiting", Icon: "hourglass"},
		{Name: "outside", Tone: "idle"},
		{Name: "crashed", Tone: "crashed", Icon: "cross"},
	},
	Vars: []algo.Var{
		{Name: "viewID", Kind: "number"},
		{Name: "viewMembers", Kind: "positions"},
		{Name: "delivered", Kind: "value", Use: "deliveredSeqs"},
		{Name: "held", Kind: "value", Use: "heldBack"},
		{Name: "gaps", Kind: "value", Use: "missingSeqs"},
		{Name: "messagesInView", Kind: "text"},
		{Name: "pending", Kind: "number"},
	},
	Outcome:    outcomeVars,
	Invariants: []algo.Doc{{Name: "total order"}, {Name: "virtual synchrony"}, {Name: "atomic"}},
	Theory: []algo.Bound{
		{ID: "orders", Formula: "m(n−1)", Counts: msgOrder, Measure: "messages.byType." + msgOrder,
			Eval:    func(v param.Values) float64 { return float64(len(v.IntLists("sends")) * (v.Int("n") - 1)) },
			Applies: func(v param.Values) bool { return len(v.IntLists("crashes")) == 0 && len(v.IntLists("joins")) == 0 }},
	},
	Scenarios: []algo.Scenario{
		{ID: "crash-mid-multicast", Params: map[string]any{"n": 5, "sends": [][]int{{1, 0}, {2, 10}}, "crashes": [][]int{{0, 14}}}},
		{ID: "join", Params: map[string]any{"n": 5, "sends": [][]int{{1, 0}, {2, 0}, {3, 20}, {4, 22}}, "joins": [][]int{{4, 5}}}},
		{ID: "no-change", Params: map[string]any{"n": 4}, Seed: 1},
		{ID: "crashes-and-joins", Params: map[string]any{"n": 8, "count": 3, "spread": 40, "crashes": [][]int{{0, 12}, {5, 25}},
			"joins": [][]int{{7, 8}}, "delay": map[string]any{"min": 1, "max": 4}}, Seed: 2},
	},
	Complete: complete,
	Make:     build,
}, algo.Merge(kit.Texts, group.Texts, algo.MustTexts(files)))

// complete draws the workload when none is given (count messages per
// initial member at times in [0, spread]) and checks the lists.
func complete(v param.Values, rng *rand.Rand) error {
	n := v.Int("n")
	for _, name := range []string{"sends", "crashes", "joins"} {
		for _, e := range v.IntLists(name) {
			if len(e) != 2 || e[0] >= n {
				return param.Errorf(name, "entry %v: give [position, time] with a position 0..%d", e, n-1)
			}
		}
	}
	joiners := positions(v.IntLists("joins"))
	if len(joiners) >= n {
		return param.Errorf("joins", "every process would start outside the group")
	}
	if v.Has("sends") {
		return nil
	}
	var sends [][]int
	for p := range n {
		if slices.Contains(joiners, p) {
			continue
		}
		for range v.Int("count") {
			sends = append(sends, []int{p, rng.IntN(v.Int("spread") + 1)})
		}
	}
	slices.SortStableFunc(sends, func(a, b []int) int { return a[1] - b[1] })
	v.SetIntLists("sends", sends)
	return nil
}

func positions(entries [][]int) []int {
	var out []int
	for _, e := range entries {
		out = append(out, e[0])
	}
	return out
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	n := v.Int("n")
	joiners := positions(v.IntLists("joins"))
	var initial []int
	for p := range n {
		if !slices.Contains(joiners, p) {
			initial = append(initial, p)
		}
	}
	v0 := View{ID: 0, Members: initial, Sequencer: initial[0]}
	procs := make([]engine.Process, n)
	for p := range procs {
		m := &member{self: p, n: n, spacing: engine.Time(v.Int("spacing"))}
		if slices.Contains(initial, p) {
			m.inGroup, m.view, m.views, m.at, m.got, m.nextG = true, v0, []View{v0}, []engine.Time{0}, [][]MsgID{nil}, 1
		}
		procs[p] = m
	}
	d := v.Range("delay")
	cfg := engine.Config{
		Procs:      procs,
		Delay:      engine.Delay{Min: d.Min, Max: d.Max},
		Schedule:   schedule(v),
		Invariants: []engine.Invariant{totalOrder(), synchrony()},
		Final:      []engine.Invariant{atomic()},
		Outcome:    outcomeOf,
	}
	return cfg, group.Nodes(n), nil
}

// schedule turns the workload into the scenario's actions: the multicasts,
// the crashes (each noticed by every other process detect later) and the
// requests to join.
func schedule(v param.Values) []engine.Scheduled {
	var out []engine.Scheduled
	act := func(at, p int, name string) {
		out = append(out, engine.Scheduled{At: engine.Time(at), Action: engine.Action{Type: engine.ActNode, Node: p, Name: name}})
	}
	for _, s := range v.IntLists("sends") {
		act(s[1], s[0], actMulticast)
	}
	for _, j := range v.IntLists("joins") {
		act(j[1], j[0], actJoin)
	}
	crashes := v.IntLists("crashes")
	for _, c := range crashes {
		out = append(out, engine.Scheduled{At: engine.Time(c[1]), Action: engine.Action{Type: engine.ActCrash, Node: c[0]}})
	}
	for _, c := range crashes {
		at := c[1] + v.Int("detect")
		for p := range v.Int("n") {
			if !slices.ContainsFunc(crashes, func(d []int) bool { return d[0] == p && d[1] <= at }) {
				act(at, p, actSuspect)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b engine.Scheduled) int { return int(a.At - b.At) })
	return out
}
