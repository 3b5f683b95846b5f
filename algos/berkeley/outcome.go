package berkeley

import (
	"math"
	"slices"

	"distviz/algo"
	"distviz/algos/kit/clocks"
	"distviz/engine"
)

// Round is one round in the outcome: who was master, whose clocks were
// averaged, left out (beyond x) or ignored (RTT too long), the skew of the
// round's clocks when polled and once every correction is complete (null
// until then), and the bound the estimates allow: the two widest bands.
type Round struct {
	Round      int         `json:"round"`
	Master     int         `json:"master"`
	Event      int64       `json:"event"`
	Time       engine.Time `json:"time"`
	Used       []int       `json:"used"`
	Excluded   []int       `json:"excluded"`
	Ignored    []int       `json:"ignored"`
	SkewBefore float64     `json:"skewBefore"`
	SkewAfter  *float64    `json:"skewAfter"`
	Spread     float64     `json:"spread"`
	Complete   float64     `json:"complete"` // when the last correction was complete (0: not yet)
}

// Outcome is every round decided so far.
type Outcome struct {
	Rounds         []Round `json:"rounds"`
	MaxSkewAfter   float64 `json:"maxSkewAfter"`
	LastSkewAfter  float64 `json:"lastSkewAfter"`
	MaxOffsetAfter float64 `json:"maxOffsetAfter"` // of a sound clock from real time, after the last round
	Skew           float64 `json:"skew"`
	Masters        []int   `json:"masters"` // the live processes that consider themselves master
}

// OutcomeVars declare the outcome's fields.
var OutcomeVars = []algo.Var{
	{Name: "rounds", Kind: "records", Fields: []algo.Var{
		{Name: "round", Kind: "number"}, {Name: "master", Kind: "position"},
		{Name: "event", Kind: "number", Hidden: true, Use: "seekEvent"},
		{Name: "time", Kind: "duration", Use: "seekTime"},
		{Name: "used", Kind: "positions"}, {Name: "excluded", Kind: "positions"}, {Name: "ignored", Kind: "positions"},
		{Name: "skewBefore", Kind: "number", Use: "measure"}, {Name: "skewAfter", Kind: "number", Use: "measure"},
		{Name: "spread", Kind: "number"}, {Name: "complete", Kind: "duration", Hidden: true},
	}},
	{Name: "maxSkewAfter", Kind: "number"},
	{Name: "lastSkewAfter", Kind: "number"},
	{Name: "maxOffsetAfter", Kind: "number"},
	{Name: "skew", Kind: "number"},
	{Name: "masters", Kind: "positions"},
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run in its current state.
func Of(w engine.World) Outcome {
	o := Outcome{Rounds: []Round{}, Masters: []int{}, Skew: clocks.Round(clocks.Skew(w))}
	for p := range w.N() {
		b := w.Process(p).(*node)
		if b.elected && !w.Crashed(p) {
			o.Masters = append(o.Masters, p)
		}
		for _, d := range b.decisions {
			o.Rounds = append(o.Rounds, roundOf(w, p, d))
		}
	}
	slices.SortFunc(o.Rounds, func(a, b Round) int { return a.Round - b.Round })
	for _, r := range o.Rounds {
		if r.SkewAfter != nil {
			o.MaxSkewAfter = max(o.MaxSkewAfter, *r.SkewAfter)
			o.LastSkewAfter = *r.SkewAfter
			o.MaxOffsetAfter = clocks.Round(offsetAfter(w, r))
		}
	}
	return o
}

// roundOf measures a round: the skew of its clocks (the master's and those
// it adjusted) when it polled and when the last correction was complete.
func roundOf(w engine.World, master int, d decision) Round {
	r := Round{Round: d.round, Master: master, Event: d.decided.Seq(), Time: d.decided.Time(),
		Used: d.used, Excluded: d.excluded, Ignored: d.ignored}
	if r.Ignored == nil {
		r.Ignored = []int{}
	}
	if r.Excluded == nil {
		r.Excluded = []int{}
	}
	bands := slices.Clone(d.bands)
	slices.Sort(bands)
	for i := len(bands) - 1; i >= 0 && i >= len(bands)-2; i-- {
		r.Spread += bands[i]
	}
	r.Spread = clocks.Round(r.Spread)
	parts := append(slices.Clone(d.used), d.excluded...)
	done, complete := 0.0, true
	for _, p := range parts {
		a, ok := adjustedIn(w.Process(p).(*node), d.round)
		if !ok {
			complete = complete && w.Crashed(p)
			continue
		}
		done = max(done, a.done)
	}
	r.SkewBefore = clocks.Round(skewAt(w, parts, float64(d.polled.Time())))
	if complete && (done <= float64(w.Now()) || w.Ended()) { // at the end, the course ahead is known
		s := clocks.Round(skewAt(w, parts, done))
		r.SkewAfter, r.Complete = &s, done
	}
	return r
}

func adjustedIn(b *node, round int) (adjustment, bool) {
	for _, a := range b.adjustments {
		if a.round == round {
			return a, true
		}
	}
	return adjustment{}, false
}

// skewAt is the spread of the processes' clocks at real time t (crashed
// ones left out).
func skewAt(w engine.World, ps []int, t float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range ps {
		if w.Crashed(p) {
			continue
		}
		x := readingAt(w.Process(p).(*node), t)
		lo, hi = min(lo, x), max(hi, x)
	}
	if hi < lo {
		return 0
	}
	return hi - lo
}

// readingAt reads a clock at real time t from its course.
func readingAt(b *node, t float64) float64 { return b.clock.ReadingAt(t) }

// offsetAfter is the largest distance of a sound clock of the round from
// real time once the round's corrections are complete.
func offsetAfter(w engine.World, r Round) float64 {
	worst := 0.0
	for _, p := range append(slices.Clone(r.Used), r.Excluded...) {
		b := w.Process(p).(*node)
		if b.faulty || w.Crashed(p) {
			continue
		}
		if a, ok := adjustedIn(b, r.Round); ok {
			worst = max(worst, math.Abs(readingAt(b, a.done)-a.done))
		}
	}
	return worst
}

// oneMaster: when nothing is left to happen, at most one live process
// considers itself master.
func oneMaster(w engine.World, _ int) engine.Text {
	if ms := Of(w).Masters; len(ms) > 1 {
		return engine.T("violation.twoMasters", engine.Positions(ms))
	}
	return engine.Text{}
}
