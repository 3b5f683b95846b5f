package tokenringelection

import "distviz/engine"

// The global checks read the tokens in the nodes' hands and the TOKEN
// messages in flight. engine.World names neither the messages in flight
// nor the counters; the World a run's checks get is its *engine.Sim, which
// has both (the views read them there), so the checks ask for them by these
// interfaces. A World without them (a test's) has no tokens in flight and
// no violations counted.
type inFlight interface{ InFlight() []engine.Flight }
type counted interface{ Metrics() *engine.Metrics }

// invTwoTokens is the invariant's name, as scenarios and summaries print it.
const invTwoTokens = "two tokens"

// where is one token that exists: in a live node's hand, or on its way.
type where struct {
	gen, maker int
	holder     int // −1: in flight
	from, to   int
}

// tokens lists the tokens that exist now: held by live nodes in position
// order, then those in flight in the order they arrive.
func tokens(w engine.World) []where {
	var out []where
	for p := range w.N() {
		if w.Crashed(p) {
			continue
		}
		for _, t := range w.Process(p).(*node).held {
			out = append(out, where{gen: t.Gen, maker: t.Maker, holder: p})
		}
	}
	if s, ok := w.(inFlight); ok {
		for _, f := range s.InFlight() {
			if t, ok := f.Body.(*token); ok && f.Type == msgToken {
				out = append(out, where{gen: t.Gen, maker: t.Maker, holder: -1, from: f.From, to: f.To})
			}
		}
	}
	return out
}

// twoTokens is the safety check a too-short TVT breaks: a node makes a new
// token while another still exists. Only making a token adds one, so the
// check looks at the step in which a node made one, and names the moment,
// the maker and where the other token is.
func twoTokens() engine.Invariant {
	return engine.Invariant{
		Name: invTwoTokens,
		Check: func(w engine.World, p int) engine.Text {
			if p < 0 || w.Crashed(p) {
				return engine.Text{}
			}
			c := w.Process(p).(*node)
			if !c.justMade {
				return engine.Text{}
			}
			all := tokens(w)
			if len(all) < 2 {
				return engine.Text{}
			}
			if len(all) > 2 {
				return engine.T("violation.moreTokens", engine.Dur(w.Now()), engine.Num(len(all)), engine.Pos(p))
			}
			// the other one: not the token p has just made
			other := all[0]
			if other.maker == p && other.gen == c.lastMade {
				other = all[1]
			}
			at := engine.T("violation.heldBy", engine.Num(other.gen), engine.Pos(other.holder))
			if other.holder < 0 {
				at = engine.T("violation.onItsWay", engine.Num(other.gen), engine.Pos(other.from), engine.Pos(other.to))
			}
			return engine.T("violation.twoTokens", engine.Dur(w.Now()), engine.Pos(p), engine.Num(c.lastMade), engine.Sub(at))
		},
	}
}

// Outcome is the ring's state and history: how many tokens exist, how
// often one was made and elections were held, and how long the ring went
// without a token.
type Outcome struct {
	Tokens  int   `json:"tokens"`  // tokens that exist now: in live nodes' hands and in flight
	Holders []int `json:"holders"` // the live nodes that hold one now (twice if one holds two)
	// Regenerated counts the tokens made by elected nodes; Elections the
	// elections won (a node's own ID came back); Timeouts the TVTs that
	// expired and started an election.
	Regenerated int `json:"regenerated"`
	Elections   int `json:"elections"`
	Timeouts    int `json:"timeouts"`
	// Duplicates counts the moments a token was made while another existed
	// (the violations of "two tokens"); DuplicateRate is their share of the
	// tokens made (null before any is made).
	Duplicates    int64    `json:"duplicates"`
	DuplicateRate *float64 `json:"duplicateRate"`
	// Leader made the first new token, at RegeneratedAt.
	Leader        *int         `json:"leader"`
	RegeneratedAt *engine.Time `json:"regeneratedAt"`
	// LastSeen is when the original token was last passed on, received or
	// lost, if that was before the first new token was made (it was lost);
	// Recovery is the time from then to the new token.
	LastSeen *engine.Time `json:"lastSeen"`
	Recovery *engine.Time `json:"recovery"`
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run's current state.
func Of(w engine.World) Outcome {
	all := tokens(w)
	o := Outcome{Tokens: len(all), Holders: []int{}}
	for _, t := range all {
		if t.holder >= 0 {
			o.Holders = append(o.Holders, t.holder)
		}
	}
	var first, seen engine.Time = -1, -1
	leader := -1
	for p := range w.N() {
		c := w.Process(p).(*node)
		o.Regenerated += c.made
		o.Elections += c.wins
		o.Timeouts += c.timeouts
		if c.madeAt >= 0 && (first < 0 || c.madeAt < first) {
			first, leader = c.madeAt, p
		}
		seen = max(seen, c.seenOrig)
	}
	if s, ok := w.(counted); ok {
		o.Duplicates = s.Metrics().Violations
	}
	if o.Regenerated > 0 {
		r := float64(o.Duplicates) / float64(o.Regenerated)
		o.DuplicateRate = &r
	}
	if first >= 0 {
		o.Leader, o.RegeneratedAt = &leader, &first
		if seen >= 0 && seen < first {
			rec := first - seen
			o.LastSeen, o.Recovery = &seen, &rec
		}
	}
	return o
}
