package srm

import (
	"slices"

	"distviz/algo"
	"distviz/algos/kit/group"
	"distviz/engine"
)

// Loss is one lost message's row: how many members missed it, and the
// NACKs and REPAIRs that its repair cost.
type Loss struct {
	Msg     int `json:"msg"`
	Missed  int `json:"missed"`
	Nacks   int `json:"nacks"`
	Repairs int `json:"repairs"`
}

// Outcome is a run's result: NACKs and repairs per loss; per receiver what
// it delivered.
type Outcome struct {
	Losses         []Loss           `json:"losses"`
	Delivery       []group.Delivery `json:"delivered"`
	Missing        []int            `json:"missing"`
	NacksPerLoss   float64          `json:"nacksPerLoss"`
	RepairsPerLoss float64          `json:"repairsPerLoss"`
	Links          [][2]int         `json:"treeLinks"` // the tree's links, for the view
}

var outcomeVars = []algo.Var{
	{Name: "losses", Kind: "records", Fields: []algo.Var{
		{Name: "msg", Kind: "number"}, {Name: "missed", Kind: "number", Use: "measure"},
		{Name: "nacks", Kind: "number", Use: "measure"}, {Name: "repairs", Kind: "number", Use: "measure"},
	}},
	{Name: "delivered", Kind: "records", Fields: []algo.Var{
		{Name: "node", Kind: "position"}, {Name: "delivered", Kind: "value"}, {Name: "crashed", Kind: "flag", Hidden: true},
	}, Format: "{node}: {delivered}"},
	{Name: "missing", Kind: "positions"},
	{Name: "nacksPerLoss", Kind: "number", Mean: "losses.nacks"},
	{Name: "repairsPerLoss", Kind: "number", Mean: "losses.repairs"},
	{Name: "treeLinks", Kind: "value", Hidden: true, Use: "links"},
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run's current state.
func Of(w engine.World) Outcome {
	g := group.Of(w)
	o := Outcome{Losses: []Loss{}, Delivery: g.Delivered, Missing: g.Missing, Links: [][2]int{}}
	for p := range w.N() {
		nd := w.Process(p).(*node)
		for _, q := range nd.nb {
			if q > p {
				o.Links = append(o.Links, [2]int{p, q})
			}
		}
		for i := range nd.nacks {
			for len(o.Losses) <= i {
				o.Losses = append(o.Losses, Loss{Msg: len(o.Losses) + 1})
			}
			l := &o.Losses[i]
			l.Nacks += nd.nacks[i]
			l.Repairs += nd.repairs[i]
			if nd.missed[i] {
				l.Missed++
			}
		}
	}
	o.Losses = slices.DeleteFunc(o.Losses, func(l Loss) bool { return l.Missed == 0 })
	if k := float64(len(o.Losses)); k > 0 {
		for _, l := range o.Losses {
			o.NacksPerLoss += float64(l.Nacks) / k
			o.RepairsPerLoss += float64(l.Repairs) / k
		}
	}
	return o
}
