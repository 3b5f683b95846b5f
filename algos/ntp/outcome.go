package ntp

import (
	"math"

	"distviz/algo"
	"distviz/algos/kit/clocks"
	"distviz/engine"
)

// Correction is one correction in the outcome: θ and δ of the pair the
// filter trusted, and the client's offset from the reference right after
// (on the course its clock is heading for).
type Correction struct {
	Node        int         `json:"node"`
	Stratum     int         `json:"stratum"`
	Event       int64       `json:"event"`
	Time        engine.Time `json:"time"`
	Theta       float64     `json:"theta"`
	Delay       float64     `json:"delay"`
	OffsetAfter float64     `json:"offsetAfter"`
}

// NodeOffset is a process's offset from the reference now.
type NodeOffset struct {
	Node    int     `json:"node"`
	Stratum int     `json:"stratum"`
	Offset  float64 `json:"offset"`
}

// Outcome: every correction, every process's offset now, the largest
// offset by stratum and at the deepest one.
type Outcome struct {
	Corrections   []Correction `json:"corrections"`
	Nodes         []NodeOffset `json:"nodes"`
	ByStratum     []float64    `json:"byStratum"` // the largest |offset| now, stratum 1 first
	DeepestOffset float64      `json:"deepestOffset"`
}

// OutcomeVars declare the outcome's fields.
var OutcomeVars = []algo.Var{
	{Name: "corrections", Kind: "records", Fields: []algo.Var{
		{Name: "node", Kind: "position"}, {Name: "stratum", Kind: "number"},
		{Name: "event", Kind: "number", Hidden: true, Use: "seekEvent"},
		{Name: "time", Kind: "duration", Use: "seekTime"},
		{Name: "theta", Kind: "number"}, {Name: "delay", Kind: "number"},
		{Name: "offsetAfter", Kind: "number", Use: "measure"},
	}},
	{Name: "nodes", Kind: "records", Fields: []algo.Var{
		{Name: "node", Kind: "position"}, {Name: "stratum", Kind: "number"}, {Name: "offset", Kind: "number", Use: "measure"},
	}},
	{Name: "byStratum", Kind: "value"},
	{Name: "deepestOffset", Kind: "number"},
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run in its current state.
func Of(w engine.World) Outcome {
	o := Outcome{Corrections: []Correction{}, Nodes: []NodeOffset{}, ByStratum: []float64{}}
	deepest := 0
	for p := range w.N() {
		c := w.Process(p).(*node)
		st := c.sys.stratum(p)
		for _, f := range c.fixes {
			o.Corrections = append(o.Corrections, Correction{Node: p, Stratum: st, Event: f.at.Seq(), Time: f.at.Time(),
				Theta: clocks.Round(f.theta), Delay: clocks.Round(f.delta), OffsetAfter: clocks.Round(offsetAfter(f))})
		}
		off := c.clock.TargetAt(w.Now()) - float64(w.Now())
		o.Nodes = append(o.Nodes, NodeOffset{Node: p, Stratum: st, Offset: clocks.Round(off)})
		for len(o.ByStratum) < st {
			o.ByStratum = append(o.ByStratum, 0)
		}
		o.ByStratum[st-1] = max(o.ByStratum[st-1], clocks.Round(math.Abs(off)))
		deepest = max(deepest, st)
	}
	o.DeepestOffset = o.ByStratum[deepest-1]
	return o
}

// offsetAfter is the client's offset right after a correction (on the
// course its clock heads for).
func offsetAfter(f correction) float64 { return f.target - float64(f.at.Time()) }

// withinBound: right after a correction the client's offset from the
// reference is within the server's offset (when it sent) ± δ/2, plus what
// the clocks may drift since the exchange began.
func (s *system) withinBound(rho float64) func(w engine.World, p int) engine.Text {
	return func(w engine.World, p int) engine.Text {
		if p < 0 {
			return engine.Text{}
		}
		c := w.Process(p).(*node)
		if !c.justFix {
			return engine.Text{}
		}
		f := c.fixes[len(c.fixes)-1]
		now := float64(f.at.Time())
		off := offsetAfter(f)
		bound := math.Abs(f.truth.Offset) + f.delta/2 + 2*rho*(now-f.truth.T1+f.delta) + 1e-6
		if math.Abs(off) > bound {
			return engine.T("violation.outsideBound", engine.Pos(p), clocks.R(off), clocks.R(bound))
		}
		return engine.Text{}
	}
}
