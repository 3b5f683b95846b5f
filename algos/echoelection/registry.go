package echoelection

import (
	"embed"
	"math/rand/v2"
	"slices"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/algos/kit/election"
	"distviz/algos/kit/graph"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is the echo election's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "echo-election", Family: algo.FamilyElection, View: algo.ViewGraph, Bus: true,
	Params: append(append([]param.Spec{kit.N(2, 8, 1000)}, graph.Params()...),
		kit.IDs(),
		kit.IDOrder(),
		kit.Delay(engine.Delay{Min: 1, Max: 1}),
		kit.FIFO(),
		param.Spec{Name: "inform", Type: param.Bool, Default: true},
	),
	MessageTypes: []string{msgExplorer, msgEcho, msgInfo},
	Looks: []algo.MessageLook{
		{Type: msgExplorer, Color: 0, Glyph: "circle", Short: "ε"},
		{Type: msgEcho, Color: 1, Glyph: "square", Short: "χ"},
		{Type: msgInfo, Color: 2, Glyph: "diamond", Short: "INFO"},
	},
	Actions: []algo.ActionSpec{},
	Invariants: []algo.Doc{
		{Name: "uniqueness"}, {Name: "agreement"}, {Name: "termination"},
	},
	Roles: []algo.Role{
		{Name: "leader", Tone: "leader", Icon: "crown", Rare: true},
		{Name: "informed", Tone: "informed", Icon: "check"},
		{Name: "echoed", Tone: "echoed", Icon: "echo"},
		{Name: "initiator", Tone: "initiator", Icon: "star"},
		{Name: "conquered", Tone: "relay", Icon: "cross"},
		{Name: "explorer", Tone: "explorer", Icon: "hourglass"},
		{Name: "idle", Tone: "idle"},
	},
	Vars: []algo.Var{
		{Name: "mark", Kind: "number", Use: "wave"},
		{Name: "parent", Kind: "position", Use: "uplink"},
		{Name: "neighbours", Kind: "positions", Use: "adjacent"},
		{Name: "done", Kind: "positions", Use: "edgesDone"},
		{Name: "echoed", Kind: "positions", Use: "echoesFrom"},
		{Name: "swallowed", Kind: "positions", Use: "swallowedFrom"},
		{Name: "initiator", Kind: "flag"},
		{Name: "leader", Kind: "number"},
	},
	Outcome: append(slices.Clone(election.OutcomeVars),
		algo.Var{Name: "initiators", Kind: "positions", Use: "waveStarters"},
		algo.Var{Name: "parents", Kind: "value"},
		algo.Var{Name: "edges", Kind: "value", Hidden: true, Use: "links"},
	),
	Theory: []algo.Bound{
		{ID: "waves", Formula: "2|E|", Measure: "messages.sent", Eval: twiceE,
			Applies: func(v param.Values) bool { return oneInitiator(v) && !v.Bool("inform") }},
		{ID: "explorers", Formula: "2|E|−n+1", Counts: msgExplorer, Measure: "messages.byType." + msgExplorer,
			Eval: func(v param.Values) float64 { return twiceE(v) - float64(v.Int("n")-1) }, Applies: oneInitiator},
		{ID: "echoes", Formula: "n−1", Counts: msgEcho, Measure: "messages.byType." + msgEcho,
			Eval: nMinus1, Applies: oneInitiator},
		{ID: "information", Formula: "n−1", Counts: msgInfo, Measure: "messages.byType." + msgInfo,
			Eval: nMinus1, Applies: func(v param.Values) bool { return v.Bool("inform") }},
	},
	Scenarios:   scenarios,
	Experiments: experiments,
	Complete:    complete,
	Make:        build,
}, algo.Merge(kit.Texts, election.Texts, graph.Texts, algo.MustTexts(files)))

func oneInitiator(v param.Values) bool { return len(v.Ints("initiators")) == 1 }
func twiceE(v param.Values) float64    { return float64(2 * len(v.IntLists("edges"))) }
func nMinus1(v param.Values) float64   { return float64(v.Int("n") - 1) }

func complete(v param.Values, rng *rand.Rand) error {
	if err := graph.Complete(v, rng); err != nil {
		return err
	}
	return kit.CompleteIDs(v, rng)
}

// build gives each process its neighbours in the order the edges name them;
// the initiators start at once.
func build(v param.Values) (engine.Config, []algo.Node, error) {
	ids := v.Ints("ids")
	initiators := v.Ints("initiators")
	links := graph.Links(v)
	nb := graph.Neighbours(len(ids), links)
	procs := make([]engine.Process, len(ids))
	for p, id := range ids {
		procs[p] = &node{id: id, mark: -1, parent: -1, leader: -1, neighbours: nb[p],
			initiator: slices.Contains(initiators, p), inform: v.Bool("inform")}
	}
	var starts []engine.StartAt
	for _, p := range initiators {
		starts = append(starts, engine.StartAt{Node: p})
	}
	largest := -1
	for _, p := range initiators {
		largest = max(largest, ids[p])
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Topology:   graph.Topology(len(ids), links),
		Invariants: []engine.Invariant{winnerIsLargest(ids, largest), knowsLargest(largest)},
		Final:      []engine.Invariant{terminates(v.Bool("inform"))},
		Outcome:    outcomeOf,
	}
	d := v.Range("delay")
	cfg.Delay, cfg.NonFIFO = engine.Delay{Min: d.Min, Max: d.Max}, !v.Bool("fifo")
	return cfg, kit.PositionLabels(ids), nil
}
