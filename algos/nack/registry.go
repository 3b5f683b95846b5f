package nack

import (
	"embed"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/group"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is reliable multicast by NACKs' registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "nack", Family: algo.FamilyGroup, View: algo.ViewGroup,
	Params: group.Params(
		param.Spec{Name: "stops", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(100)},
	),
	MessageTypes: []string{group.MsgData, group.MsgNack, group.MsgRepair, group.MsgStop},
	Looks:        []algo.MessageLook{group.Looks[0], group.Looks[2], group.Looks[3], group.Looks[4]},
	Roles:        group.Roles,
	Vars: group.Vars(
		algo.Var{Name: "stopsSent", Kind: "number"},
		algo.Var{Name: "nacksSent", Kind: "number", Use: "controlSent"},
	),
	Outcome:    group.OutcomeVars,
	Invariants: group.Invariants,
	Theory: []algo.Bound{
		{ID: "data", Formula: "k(n−1)", Counts: group.MsgData, Measure: "messages.byType." + group.MsgData,
			Eval: func(v param.Values) float64 { return float64(v.Int("messages") * (v.Int("n") - 1)) }},
		{ID: "silence", Formula: "0", Counts: group.MsgNack, Measure: "messages.byType." + group.MsgNack,
			Eval: func(param.Values) float64 { return 0 }, Applies: lossless},
		{ID: "total", Formula: "k(n−1)", Measure: "messages.sent",
			Eval:    func(v param.Values) float64 { return float64(v.Int("messages") * (v.Int("n") - 1)) },
			Applies: func(v param.Values) bool { return lossless(v) && v.Int("stops") == 0 }},
	},
	Scenarios: []algo.Scenario{
		{ID: "no-loss", Params: map[string]any{"n": 5, "messages": 3}},
		{ID: "gap", Params: map[string]any{"n": 4, "messages": 3, "loss": 0.1}, Seed: gapSeed},
		{ID: "last-lost", Params: map[string]any{"n": 4, "messages": 3, "loss": 0.1}, Seed: lastLostSeed,
			Violates: []string{"delivered"}},
		{ID: "stop-signal", Params: map[string]any{"n": 4, "messages": 3, "loss": 0.1, "stops": 3}, Seed: lastLostSeed},
	},
	Experiments: []algo.Preset{
		{ID: "control",
			Params: map[string]any{"messages": 10, "stops": 3, "n": 8},
			Vary:   map[string][]any{"loss": {0.0, 0.05, 0.1, 0.2, 0.3}},
			Seeds:  algo.Seeds{From: 1, Count: 20},
			Plot:   algo.Plot{Kind: algo.PlotLine, X: "loss", Y: "messages.byType." + group.MsgNack}},
	},
	Make: build,
}, algo.Merge(kit.Texts, group.Texts, algo.MustTexts(files)))

// The scenarios' seeds: with loss 0.1 the network loses a message in the
// middle (gapSeed), or the last message's copy to a receiver (lastLostSeed).
const (
	gapSeed      = 4
	lastLostSeed = 7
)

// lossless: no link loses a message nor lets a later one overtake it, so
// no receiver ever sees a gap.
func lossless(v param.Values) bool { return v.Float("loss") == 0 && v.Bool("fifo") }

func build(v param.Values) (engine.Config, []algo.Node, error) {
	n := v.Int("n")
	members := group.Members(n)
	procs := make([]engine.Process, n)
	for p := range procs {
		nd := &node{group: members, timeout: engine.Time(v.Int("timeout"))}
		if p == group.Sender {
			nd.Src, nd.stops = group.NewSource(v), v.Int("stops")
		}
		procs[p] = nd
	}
	return group.Config(v, procs), group.Nodes(n), nil
}
