package cristian

import (
	"math"

	"distviz/algo"
	"distviz/algos/kit/clocks"
	"distviz/engine"
)

// Exchange is one synchronisation in the outcome: the client's error right
// after it set its clock (against the server's perfect clock) and whether
// the error lies within the band the client knows.
type Exchange struct {
	Node  int         `json:"node"`
	Round int         `json:"round"`
	Event int64       `json:"event"`
	Time  engine.Time `json:"time"`
	RTT   float64     `json:"rtt"`
	Band  float64     `json:"band"`
	Error float64     `json:"error"`
	// Within: |error| ≤ band (up to rounding)
	Within bool `json:"within"`
}

// Outcome is every exchange so far and the errors' summary.
type Outcome struct {
	Exchanges   []Exchange `json:"exchanges"`
	AllWithin   bool       `json:"allWithin"`
	MaxAbsError float64    `json:"maxAbsError"`
	MeanError   float64    `json:"meanError"`
	Skew        float64    `json:"skew"` // between the live clocks now
}

// OutcomeVars declare the outcome's fields.
var OutcomeVars = []algo.Var{
	{Name: "exchanges", Kind: "records", Fields: []algo.Var{
		{Name: "node", Kind: "position"}, {Name: "round", Kind: "number"},
		{Name: "event", Kind: "number", Hidden: true, Use: "seekEvent"},
		{Name: "time", Kind: "duration", Use: "seekTime"},
		{Name: "rtt", Kind: "number", Use: "measure"}, {Name: "band", Kind: "number", Use: "measure"},
		{Name: "error", Kind: "number", Use: "measure"}, {Name: "within", Kind: "flag"},
	}},
	{Name: "allWithin", Kind: "flag"},
	{Name: "maxAbsError", Kind: "number"},
	{Name: "meanError", Kind: "number"},
	{Name: "skew", Kind: "number"},
}

// tolerance absorbs the rounding of the clocks' arithmetic.
const tolerance = 1e-9

func errorOf(w engine.World, x exchange) float64 {
	ref := w.Process(server).(*node).clock.At(x.at.Time())
	return x.set - ref
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run in its current state.
func Of(w engine.World) Outcome {
	o := Outcome{Exchanges: []Exchange{}, AllWithin: true}
	sum := 0.0
	for p := range w.N() {
		for _, x := range w.Process(p).(*node).done {
			e := errorOf(w, x)
			in := math.Abs(e) <= x.band+tolerance
			o.Exchanges = append(o.Exchanges, Exchange{Node: p, Round: x.round, Event: x.at.Seq(), Time: x.at.Time(),
				RTT: clocks.Round(x.rtt), Band: clocks.Round(x.band), Error: clocks.Round(e), Within: in})
			o.AllWithin = o.AllWithin && in
			o.MaxAbsError = max(o.MaxAbsError, math.Abs(e))
			sum += e
		}
	}
	if k := len(o.Exchanges); k > 0 {
		o.MeanError = clocks.Round(sum / float64(k))
	}
	o.MaxAbsError = clocks.Round(o.MaxAbsError)
	o.Skew = clocks.Round(clocks.Skew(w))
	return o
}

// withinBand: a client that has just set its clock is within its band of
// the server's time.
func withinBand(w engine.World, p int) engine.Text {
	if p < 0 {
		return engine.Text{}
	}
	c := w.Process(p).(*node)
	if !c.justSet {
		return engine.Text{}
	}
	x := c.done[len(c.done)-1]
	if e := errorOf(w, x); math.Abs(e) > x.band+tolerance {
		return engine.T("violation.outsideBand", engine.Pos(p), clocks.R(e), clocks.R(x.band))
	}
	return engine.Text{}
}
