// Package launch turns what a client asks for — an algorithm, a scenario,
// parameters as JSON values or as a link's texts, a seed — into a run. The
// WebSocket session, the HTTP API, experiments and the tests all start runs
// here, so a run means the same wherever it is asked for.
package launch

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"distviz/algo"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
)

// Request is what a client asks for. Params and Query may both be given:
// the link's texts override the JSON values, which override the scenario's.
type Request struct {
	Scenario string                     // a scenario's id: its parameters and seed are the base
	Params   map[string]json.RawMessage // parameters as JSON values
	Query    map[string]string          // parameters as a link's texts, checked as texts
	Seed     *int64                     // nil: the scenario's seed, or 1
	// Actions are what the user did, in order, each at the step it was
	// applied at: replaying them reproduces the run exactly.
	Actions []Acted
}

// Acted is a user action and the step (the cursor) it was applied at.
type Acted struct {
	Step   int           `json:"step"`
	Action engine.Action `json:"action"`
}

// Resolved is a request checked against its algorithm: every parameter
// resolved (defaults and seed-computed values filled), the seed, and the
// names of the parameters the client gave (a link shows those).
type Resolved struct {
	Alg    *algo.Algorithm
	Values param.Values
	Seed   int64
	Given  []string
}

// Resolve checks a request against alg. Its errors are the client's and
// name what is wrong.
func Resolve(alg *algo.Algorithm, req Request) (Resolved, error) {
	seed := int64(1)
	raw := map[string]json.RawMessage{}
	if req.Scenario != "" {
		sc, err := alg.Scenario(req.Scenario)
		if err != nil {
			return Resolved{}, fmt.Errorf("%v; choose one of %s", err, scenarioIDs(alg))
		}
		for k, v := range sc.Params {
			b, err := json.Marshal(v)
			if err != nil {
				return Resolved{}, fmt.Errorf("scenario %s: parameter %s: %v", sc.ID, k, err)
			}
			raw[k] = b
		}
		seed = sc.Seed
	}
	if req.Seed != nil {
		seed = *req.Seed
	}
	given := maps.Clone(req.Params)
	if given == nil {
		given = map[string]json.RawMessage{}
	}
	if len(req.Query) > 0 {
		if err := queryInto(alg, req.Query, given); err != nil {
			return Resolved{}, err
		}
	}
	maps.Copy(raw, given)
	v, err := alg.Resolve(raw, seed)
	if err != nil {
		return Resolved{}, err
	}
	return Resolved{Alg: alg, Values: v, Seed: seed, Given: slices.Sorted(maps.Keys(given))}, nil
}

// queryInto checks a link's texts (refusals in the link's terms) and adds
// them to given as JSON values.
func queryInto(alg *algo.Algorithm, query map[string]string, given map[string]json.RawMessage) error {
	if _, err := param.ResolveStrings(alg.Params, query); err != nil {
		return err
	}
	for k, text := range query {
		i := slices.IndexFunc(alg.Params, func(p param.Spec) bool { return p.Name == k })
		val, err := param.ParseText(alg.Params[i], text)
		if err != nil {
			return err
		}
		b, err := json.Marshal(val)
		if err != nil {
			return fmt.Errorf("parameter %s: %v", k, err)
		}
		given[k] = b
	}
	return nil
}

// Open resolves a request and starts its run at step 0, recording at most
// maxEvents events.
func Open(alg *algo.Algorithm, req Request, maxEvents int64) (*timeline.Timeline, Resolved, error) {
	r, err := Resolve(alg, req)
	if err != nil {
		return nil, r, err
	}
	tl, err := timeline.New(alg, r.Values, r.Seed, maxEvents)
	if err != nil {
		return nil, r, err
	}
	for i, a := range req.Actions {
		if err := replay(tl, a); err != nil {
			return nil, r, fmt.Errorf("action %d (%s at step %d): %w", i+1, a.Action.Type, a.Step, err)
		}
	}
	return tl, r, nil
}

// replay moves the cursor to the action's step, computing steps as needed,
// and applies it there (forking the run if it lies in the past).
func replay(tl *timeline.Timeline, a Acted) error {
	if a.Step < 0 {
		return fmt.Errorf("the step must be 0 or more")
	}
	if err := tl.Seek(tl.Steps() - 1); err != nil {
		return err
	}
	for tl.Steps() <= a.Step {
		ok, err := tl.Forward()
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("the run ends at step %d", tl.Steps()-1)
		}
	}
	if err := tl.Seek(a.Step); err != nil {
		return err
	}
	return tl.Apply(a.Action)
}

func scenarioIDs(a *algo.Algorithm) string {
	var ids []string
	for _, sc := range a.Scenarios {
		ids = append(ids, sc.ID)
	}
	if len(ids) == 0 {
		return "none (it has no scenarios)"
	}
	return strings.Join(ids, ", ")
}
