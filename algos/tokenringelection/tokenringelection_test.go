package tokenringelection_test

import (
	"slices"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/algos/algotest"
	"distviz/algos/tokenringelection"
)

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, tokenringelection.Algorithm) }

// The scenarios end as their descriptions say.
func TestScenarios(t *testing.T) {
	for _, c := range []struct {
		id                                  string
		tokens, regenerated, timeouts, lead int
		recovery                            int64 // −1: none
	}{
		{"circulates", 1, 0, 0, -1, -1},
		{"lost", 1, 1, 1, 4, 28},
		{"crashed-holder", 1, 1, 3, 4, 35},
		{"tvt-too-short", 3, 2, 2, 4, -1},
	} {
		sc, err := tokenringelection.Algorithm.Scenario(c.id)
		if err != nil {
			t.Fatal(err)
		}
		_, s := algotest.RunToEnd(t, tokenringelection.Algorithm, sc.Params, sc.Seed)
		o := outcomeOf(t, s)
		lead, rec := -1, int64(-1)
		if o.Leader != nil {
			lead = *o.Leader
		}
		if o.Recovery != nil {
			rec = *o.Recovery
		}
		if o.Tokens != c.tokens || o.Regenerated != c.regenerated || o.Timeouts != c.timeouts || lead != c.lead || rec != c.recovery {
			t.Errorf("%s: outcome %+v; want %d tokens, %d made, %d TVTs expired, first made by P%d, recovery %d",
				c.id, o, c.tokens, c.regenerated, c.timeouts, c.lead, c.recovery)
		}
	}
}

// The random scenario: the highest ID, wherever the seed puts it, makes the
// one new token.
func TestRandomScenario(t *testing.T) {
	sc, _ := tokenringelection.Algorithm.Scenario("random")
	tl, s := algotest.RunToEnd(t, tokenringelection.Algorithm, sc.Params, sc.Seed)
	o := outcomeOf(t, s)
	ids := tl.Params.Ints("ids")
	if top := slices.Index(ids, slices.Max(ids)); o.Regenerated != 1 || o.Tokens != 1 || o.Leader == nil || *o.Leader != top {
		t.Errorf("outcome %+v with IDs %v; want one token made, by P%d", o, ids, top)
	}
}

// Defaults: TVT is twice the longest round trip, and the ring runs long
// enough for the loss, its detection, the election and two rounds more.
func TestDefaults(t *testing.T) {
	v, err := tokenringelection.Algorithm.ResolveAny(map[string]any{"n": 6, "loseToken": 25}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if rt, tvt, until := tokenringelection.RoundTrip(v), tokenringelection.TVT(v), tokenringelection.Until(v); rt != 18 || tvt != 36 || until != 25+72+6+36 {
		t.Errorf("round trip %d, TVT %d, until %d; want 18, 36, 139", rt, tvt, until)
	}
	v, _ = tokenringelection.Algorithm.ResolveAny(map[string]any{"n": 6, "tvt": 10, "until": 50, "crashed": []int{1}, "crashAt": 30}, 1)
	if tvt, until := tokenringelection.TVT(v), tokenringelection.Until(v); tvt != 10 || until != 50 {
		t.Errorf("given: TVT %d, until %d", tvt, until)
	}
	// A ring in which no time passes is refused.
	_, err = tokenringelection.Algorithm.ResolveAny(map[string]any{"hold": 0, "delay": map[string]any{"min": 0, "max": 0}}, 1)
	if err == nil || !strings.Contains(err.Error(), "hold") {
		t.Errorf("hold 0 and delay 0: %v", err)
	}
	if _, err := tokenringelection.Algorithm.ResolveAny(map[string]any{"hold": 0}, 1); err != nil {
		t.Errorf("hold 0 with a delay: %v", err)
	}
}

// The recovery preset: every run regenerates the token once, without a
// second token, and its recovery lies between the two bounds the plot draws.
func TestRecoveryPreset(t *testing.T) {
	var pr algo.Preset
	for _, p := range tokenringelection.Algorithm.Experiments {
		if p.ID == "recovery" {
			pr = p
		}
	}
	for _, tvt := range pr.Vary["tvt"] {
		params := map[string]any{"tvt": tvt}
		for k, x := range pr.Params {
			params[k] = x
		}
		for seed := pr.Seeds.From; seed < pr.Seeds.From+int64(pr.Seeds.Count); seed++ {
			sim, v := algotest.Bare(t, tokenringelection.Algorithm, params, seed)
			o := sim.Outcome().(tokenringelection.Outcome)
			lo := algotest.Theory(t, tokenringelection.Algorithm, v, "shortest recovery")
			hi := algotest.Theory(t, tokenringelection.Algorithm, v, "longest recovery")
			if sim.Metrics().Violations != 0 || o.Regenerated != 1 || o.Recovery == nil || float64(*o.Recovery) < lo || float64(*o.Recovery) > hi {
				t.Fatalf("TVT %v seed %d: outcome %+v; want one token made, recovery in [%v, %v]", tvt, seed, o, lo, hi)
			}
		}
	}
}
