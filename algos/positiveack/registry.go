package positiveack

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

// Algorithm is reliable multicast by positive ACKs' registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "positive-ack", Family: algo.FamilyGroup, View: algo.ViewGroup,
	Params:       group.Params(),
	MessageTypes: []string{group.MsgData, group.MsgAck},
	Looks:        group.Looks[:2],
	Roles:        group.Roles,
	Vars: group.Vars(
		algo.Var{Name: "awaited", Kind: "number"},
		algo.Var{Name: "acksSent", Kind: "number", Use: "controlSent"},
	),
	Outcome:    group.OutcomeVars,
	Invariants: group.Invariants,
	Theory: []algo.Bound{
		{ID: "data", Formula: "k(n−1)", Counts: group.MsgData, Measure: "messages.byType." + group.MsgData,
			Eval: perMulticast, Applies: lossless},
		{ID: "acks", Formula: "k(n−1)", Counts: group.MsgAck, Measure: "messages.byType." + group.MsgAck,
			Eval: perMulticast, Applies: lossless},
		{ID: "implosion", Formula: "n−1", Measure: "outcome.acksPerMulticast",
			Eval: func(v param.Values) float64 { return float64(v.Int("n") - 1) }, Applies: lossless},
	},
	Scenarios: []algo.Scenario{
		{ID: "no-loss", Params: map[string]any{"n": 5, "messages": 3}},
		{ID: "lossy", Params: map[string]any{"n": 5, "messages": 3, "loss": 0.2}, Seed: 3},
		{ID: "implosion", Params: map[string]any{"n": 16, "messages": 2}},
	},
	Experiments: []algo.Preset{
		{ID: "implosion",
			Vary:  map[string][]any{"n": {2, 4, 8, 16, 32, 64}},
			Seeds: algo.Seeds{From: 1, Count: 1},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "n", Y: "outcome.acksPerMulticast", Log: true}},
	},
	Make: build,
}, algo.Merge(kit.Texts, group.Texts, algo.MustTexts(files)))

// lossless: no link loses a message and no ACK comes too late, for the
// timeout is longer than the round trip.
func lossless(v param.Values) bool {
	return v.Float("loss") == 0 && v.Int("timeout") > 2*int(v.Range("delay").Max)
}

// perMulticast is n−1 copies for each of the k messages.
func perMulticast(v param.Values) float64 { return float64(v.Int("messages") * (v.Int("n") - 1)) }

func build(v param.Values) (engine.Config, []algo.Node, error) {
	n := v.Int("n")
	members := group.Members(n)
	procs := make([]engine.Process, n)
	for p := range procs {
		nd := &node{group: members, timeout: engine.Time(v.Int("timeout"))}
		if p == group.Sender {
			nd.Src = group.NewSource(v)
		}
		procs[p] = nd
	}
	return group.Config(v, procs), group.Nodes(n), nil
}
