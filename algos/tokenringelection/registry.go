package tokenringelection

import (
	"embed"
	"math/rand/v2"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Algorithm is the token ring with election's registry entry.
var Algorithm = algo.MustDefine(&algo.Algorithm{
	ID:     "token-ring-election",
	Family: algo.FamilyElection,
	View:   algo.ViewRing,
	Params: []param.Spec{
		kit.N(2, 6, 10000),
		kit.IDs(),
		kit.IDOrder(),
		{Name: "tvt", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e9)},
		{Name: "hold", Type: param.Int, Default: 2, Min: param.Bound(0), Max: param.Bound(1e6)},
		{Name: "loseToken", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e9)},
		kit.Positions("crashed"),
		{Name: "crashAt", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e9)},
		{Name: "until", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e9)},
		kit.Delay(engine.Delay{Min: 1, Max: 1}),
		kit.FIFO(),
		kit.Loss(),
	},
	MessageTypes: []string{msgToken, msgElection},
	Looks: []algo.MessageLook{
		{Type: msgToken, Color: 3, Glyph: "star"},
		{Type: msgElection, Color: 0, Glyph: "circle"},
	},
	Roles: []algo.Role{
		{Name: roleNormal, Tone: "idle"},
		{Name: roleToken, Tone: "token", Halo: "solid"},
		{Name: roleElection, Tone: "electing", Halo: "dashed"},
		{Name: roleElected, Tone: "leader", Icon: "crown", Rare: true},
		{Name: roleCrashed, Tone: "crashed", Icon: "cross", Rare: true},
	},
	Vars: []algo.Var{
		{Name: "id", Kind: "number"},
		{Name: "token", Kind: "flag", Use: "tokenHeld", Hidden: true},
		{Name: "tokens", Kind: "number"},
		{Name: "tvt", Kind: "duration"},
		{Name: "newest", Kind: "number"},
	},
	Outcome: []algo.Var{
		{Name: "tokens", Kind: "number"},
		{Name: "holders", Kind: "positions"},
		{Name: "regenerated", Kind: "number"},
		{Name: "elections", Kind: "number"},
		{Name: "timeouts", Kind: "number"},
		{Name: "duplicates", Kind: "number"},
		{Name: "duplicateRate", Kind: "number"},
		{Name: "leader", Kind: "position"},
		{Name: "regeneratedAt", Kind: "duration"},
		{Name: "lastSeen", Kind: "duration"},
		{Name: "recovery", Kind: "duration"},
	},
	Actions:    []algo.ActionSpec{{ID: actDelay}},
	Invariants: []algo.Doc{{Name: invTwoTokens}},
	Theory: []algo.Bound{
		{ID: "once", Formula: "1", Measure: "outcome.regenerated", Applies: lostOnceSlowly,
			Eval: func(param.Values) float64 { return 1 }},
		{ID: "longest-recovery", Formula: "TVT + n·δmax", Measure: "outcome.recovery", Applies: lostOnceSlowly,
			Eval: func(v param.Values) float64 { return float64(TVT(v) + int64(v.Int("n"))*v.Range("delay").Max) }},
		{ID: "shortest-recovery", Formula: "TVT − (n−1)·(δmax + hold) + n·δmin", Measure: "outcome.recovery", Applies: lostOnceSlowly,
			Eval: func(v param.Values) float64 {
				n, d := int64(v.Int("n")), v.Range("delay")
				return float64(TVT(v) - (n-1)*(d.Max+int64(v.Int("hold"))) + n*d.Min)
			}},
		{ID: "round-trip", Formula: "n·(δmax + hold)", Reference: true,
			Eval: func(v param.Values) float64 { return float64(RoundTrip(v)) }},
	},
	Scenarios: []algo.Scenario{
		{ID: "lost", Params: map[string]any{"n": 6, "ids": lectureIDs, "loseToken": 25}},
		{ID: "tvt-too-short", Params: map[string]any{"n": 6, "ids": lectureIDs, "tvt": 12}, Violates: []string{invTwoTokens}},
		{ID: "crashed-holder", Params: map[string]any{"n": 6, "ids": lectureIDs, "crashed": []int{2}, "crashAt": 7}},
		{ID: "circulates", Params: map[string]any{"n": 6, "ids": lectureIDs}},
		{ID: "random", Params: map[string]any{"n": 8, "loseToken": 30, "delay": map[string]any{"min": 1, "max": 4}}, Seed: 1},
	},
	Experiments: []algo.Preset{
		{ID: "recovery", Params: presetParams,
			Vary:  map[string][]any{"tvt": {34, 40, 48, 64, 96, 128, 192, 256}},
			Seeds: algo.Seeds{From: 1, Count: 50},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "tvt", Y: "outcome.recovery"}},
		{ID: "duplicates", Params: presetParams,
			Vary:  map[string][]any{"tvt": {8, 12, 16, 20, 24, 28, 32, 40}},
			Seeds: algo.Seeds{From: 1, Count: 50},
			Plot:  algo.Plot{Kind: algo.PlotLine, X: "tvt", Y: "outcome.duplicateRate"}, Violates: []string{invTwoTokens}},
	},
	Complete: complete,
	Make:     build,
}, algo.Merge(kit.Texts, algo.MustTexts(files)))

// lectureIDs are the worked examples' IDs clockwise from P0: the largest,
// 5, sits at P4, so that the election has something to compare.
var lectureIDs = []int{2, 0, 4, 1, 5, 3}

// The preset's ring: eight nodes, delays 1 to 3, a hold of 1: a round trip
// takes 16 to 32. The token is lost at time 40.
var presetParams = map[string]any{"n": 8, "delay": map[string]any{"min": 1, "max": 3}, "hold": 1, "loseToken": 40}

// RoundTrip is the longest time the token takes to go once round the ring:
// n hops of at most δmax, n holds.
func RoundTrip(v param.Values) int64 {
	return int64(v.Int("n")) * (v.Range("delay").Max + int64(v.Int("hold")))
}

// TVT is the token-loss timer's length: the parameter, or (0) twice the
// longest round trip.
func TVT(v param.Values) int64 {
	if t := v.Int("tvt"); t > 0 {
		return int64(t)
	}
	return max(1, 2*RoundTrip(v))
}

// Until is when the ring stops: the parameter, or (0) long enough for the
// loss, its detection, the election and two rounds of the new token, with
// a TVT to spare for a loss by hand.
func Until(v param.Values) int64 {
	if u := v.Int("until"); u > 0 {
		return int64(u)
	}
	lost := int64(v.Int("loseToken"))
	if len(v.Ints("crashed")) > 0 {
		lost = max(lost, int64(v.Int("crashAt")))
	}
	return lost + 2*TVT(v) + int64(v.Int("n"))*v.Range("delay").Max + 2*RoundTrip(v)
}

// lostOnceSlowly: the original token is lost (loseToken) and TVT exceeds
// the longest round trip, so it is regenerated exactly once.
func lostOnceSlowly(v param.Values) bool {
	return v.Int("loseToken") > 0 && len(v.Ints("crashed")) == 0 && TVT(v) > RoundTrip(v) && v.Bool("fifo") && v.Float("loss") == 0
}

func complete(v param.Values, rng *rand.Rand) error {
	if err := kit.CompleteIDs(v, rng); err != nil {
		return err
	}
	if _, err := kit.CheckPositions(v, "crashed"); err != nil {
		return err
	}
	if v.Int("hold") == 0 && v.Range("delay").Max == 0 {
		return param.Errorf("hold", "is 0 and so is the delay: the token would go round forever without time passing; give hold or delay.max at least 1")
	}
	return nil
}

func build(v param.Values) (engine.Config, []algo.Node, error) {
	ids := v.Ints("ids")
	cfg := &config{
		tvt:    TVT(v),
		hold:   int64(v.Int("hold")),
		until:  Until(v),
		loseAt: int64(v.Int("loseToken")),
	}
	procs := make([]engine.Process, len(ids))
	starts := make([]engine.StartAt, len(ids))
	for p, id := range ids {
		procs[p] = newNode(cfg, id)
		starts[p] = engine.StartAt{Node: p}
	}
	c := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Invariants: []engine.Invariant{twoTokens()},
		Outcome:    outcomeOf,
	}
	if at := v.Int("crashAt"); at == 0 {
		c.Crashed = v.Ints("crashed")
	} else {
		for _, p := range v.Ints("crashed") {
			c.Schedule = append(c.Schedule, engine.Scheduled{At: engine.Time(at), Action: engine.Action{Type: engine.ActCrash, Node: p}})
		}
	}
	kit.Network(&c, v)
	return c, kit.PositionLabels(ids), nil
}
