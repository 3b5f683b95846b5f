package dfstraversal

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

// Algorithm is the depth-first traversal's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID: "dfs-traversal", Family: algo.FamilyElection, View: algo.ViewGraph, Bus: true,
	Params: append(append([]param.Spec{
		kit.N(2, 8, 1000),
		{Name: "variant", Type: param.Enum, Default: "path", Options: []string{"path", "edge-colouring"}},
	}, graph.Params()...),
		kit.IDs(),
		kit.IDOrder(),
		kit.Delay(engine.Delay{Min: 1, Max: 1}),
		kit.FIFO(),
	),
	MessageTypes: []string{msgToken},
	Looks:        []algo.MessageLook{{Type: msgToken, Color: 0, Glyph: "star", Short: "T"}},
	Actions:      []algo.ActionSpec{},
	Invariants:   []algo.Doc{{Name: "uniqueness"}, {Name: "each direction once"}, {Name: "termination"}},
	Roles: []algo.Role{
		{Name: "leader", Tone: "leader", Icon: "crown", Rare: true},
		{Name: "initiator", Tone: "initiator", Icon: "star"},
		{Name: "defeated", Tone: "relay", Icon: "cross"},
		{Name: "visited", Tone: "echoed", Icon: "check"},
		{Name: "idle", Tone: "idle"},
	},
	Vars: []algo.Var{
		{Name: "token", Kind: "number", Use: "wave"},
		{Name: "parent", Kind: "position", Use: "uplink"},
		{Name: "neighbours", Kind: "positions", Use: "adjacent"},
		{Name: "used", Kind: "positions", Use: "edgesDone"},
		{Name: "swallowed", Kind: "positions", Use: "swallowedFrom"},
		{Name: "visit", Kind: "number"},
		{Name: "initiator", Kind: "flag"},
	},
	Outcome: append(slices.Clone(election.OutcomeVars),
		algo.Var{Name: "initiators", Kind: "positions", Use: "waveStarters"},
		algo.Var{Name: "order", Kind: "positions"},
		algo.Var{Name: "parents", Kind: "value"},
		algo.Var{Name: "edges", Kind: "value", Hidden: true, Use: "links"},
	),
	Theory: []algo.Bound{
		{ID: "path", Formula: "2(n−1)", Measure: "messages.sent",
			Eval:    func(v param.Values) float64 { return float64(2 * (v.Int("n") - 1)) },
			Applies: func(v param.Values) bool { return oneInitiator(v) && v.String("variant") == "path" }},
		{ID: "edges", Formula: "2|E|", Measure: "messages.sent",
			Eval:    func(v param.Values) float64 { return float64(2 * len(v.IntLists("edges"))) },
			Applies: func(v param.Values) bool { return oneInitiator(v) && v.String("variant") == "edge-colouring" }},
	},
	Scenarios:   scenarios,
	Experiments: experiments,
	Complete:    complete,
	Make:        build,
}, algo.Merge(kit.Texts, election.Texts, graph.Texts, algo.MustTexts(files)))

func oneInitiator(v param.Values) bool { return len(v.Ints("initiators")) == 1 }

func complete(v param.Values, rng *rand.Rand) error {
	if err := graph.Complete(v, rng); err != nil {
		return err
	}
	return kit.CompleteIDs(v, rng)
}

// build gives each process its neighbours in the order the edges name them
// (the order in which it passes the token on); the initiators start at once.
func build(v param.Values) (engine.Config, []algo.Node, error) {
	ids := v.Ints("ids")
	initiators := v.Ints("initiators")
	links := graph.Links(v)
	nb := graph.Neighbours(len(ids), links)
	procs := make([]engine.Process, len(ids))
	for p, id := range ids {
		procs[p] = &node{pos: p, id: id, seen: -1, parent: -1, visit: -1, neighbours: nb[p],
			initiator: slices.Contains(initiators, p), path: v.String("variant") == "path"}
	}
	var starts []engine.StartAt
	largest := -1
	for _, p := range initiators {
		starts = append(starts, engine.StartAt{Node: p})
		largest = max(largest, ids[p])
	}
	d := v.Range("delay")
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Delay:      engine.Delay{Min: d.Min, Max: d.Max},
		NonFIFO:    !v.Bool("fifo"),
		Topology:   graph.Topology(len(ids), links),
		Invariants: []engine.Invariant{winnerIsLargest(ids, largest), eachDirectionOnce()},
		Final:      []engine.Invariant{oneWinner()},
		Outcome:    outcomeOf,
	}
	return cfg, kit.PositionLabels(ids), nil
}
