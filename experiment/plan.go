package experiment

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"distviz/algo"
	"distviz/algos"
	"distviz/param"
)

// Limits bound one experiment's work. A zero field takes its default.
type Limits struct {
	// MaxRuns caps combinations × seeds. Default 10,000.
	MaxRuns int
	// DefaultMaxEvents is each run's event limit when the request names
	// none. Default 100,000 (as POST /api/simulate).
	DefaultMaxEvents int64
	// MaxEvents is the largest event limit a request may ask for. Default
	// 1,000,000.
	MaxEvents int64
	// MaxTotalEvents bounds the events of all runs together: the rows end
	// before the first run that would exceed it (truncated). Default
	// 50,000,000, several seconds of one core.
	MaxTotalEvents int64
	// MaxResultBytes bounds the rows' JSON together (a row holds its
	// resolved parameters and outcome, which can grow with n): the rows
	// end before the first that would exceed it (truncated). Default
	// 64 MiB.
	MaxResultBytes int64
}

// The defaults of Limits' fields.
const (
	DefaultMaxRuns        = 10_000
	DefaultRunEvents      = 100_000
	DefaultMaxRunEvents   = 1_000_000
	DefaultMaxTotalEvents = 50_000_000
	DefaultMaxResultBytes = 64 << 20
)

// WithDefaults fills the zero (or negative) fields.
func (l Limits) WithDefaults() Limits {
	if l.MaxRuns <= 0 {
		l.MaxRuns = DefaultMaxRuns
	}
	if l.MaxEvents <= 0 {
		l.MaxEvents = DefaultMaxRunEvents
	}
	if l.DefaultMaxEvents <= 0 {
		l.DefaultMaxEvents = DefaultRunEvents
	}
	l.DefaultMaxEvents = min(l.DefaultMaxEvents, l.MaxEvents)
	if l.MaxTotalEvents <= 0 {
		l.MaxTotalEvents = DefaultMaxTotalEvents
	}
	if l.MaxResultBytes <= 0 {
		l.MaxResultBytes = DefaultMaxResultBytes
	}
	return l
}

// Plan is a checked experiment, ready to run: its combinations of
// parameters (each checked against the algorithm) and its seeds.
type Plan struct {
	Alg *algo.Algorithm
	// Varied are the parameters that vary and those the cases set, in the
	// algorithm's order: the rows' distinguishing columns.
	Varied    []string
	combos    []map[string]json.RawMessage
	bases     []param.Values // each combination resolved (param.Resolve), before its seeds
	from      int64
	seeds     int
	maxEvents int64
	budget    int64 // events of all runs
	maxBytes  int64 // JSON of all rows
}

// Runs is the number of runs: combinations × seeds.
func (p *Plan) Runs() int { return len(p.combos) * p.seeds }

// Seeds are the plan's first seed and how many seeds each combination runs with.
func (p *Plan) Seeds() (from int64, count int) { return p.from, p.seeds }

// MaxEvents is each run's event limit.
func (p *Plan) MaxEvents() int64 { return p.maxEvents }

// NewPlan checks a request against the registry and the limits: the
// algorithm, the seeds, every varied parameter and every combination's
// values. Its errors are the client's and name what is wrong.
func NewPlan(req Request, lim Limits) (*Plan, error) {
	lim = lim.WithDefaults()
	alg, err := algos.Get(req.Algorithm)
	if err != nil {
		return nil, err
	}
	p := &Plan{Alg: alg, from: 1, seeds: 1, maxEvents: lim.DefaultMaxEvents, budget: lim.MaxTotalEvents, maxBytes: lim.MaxResultBytes}
	if err := p.setSeeds(req.Seeds, lim); err != nil {
		return nil, err
	}
	if req.MaxEvents != nil {
		if m := *req.MaxEvents; m < 1 || m > lim.MaxEvents {
			return nil, fmt.Errorf(`"maxEvents" is %d; ask for 1 to %d events per run (left out, it is %d)`, m, lim.MaxEvents, lim.DefaultMaxEvents)
		}
		p.maxEvents = *req.MaxEvents
	}
	known := func(field, name string) error {
		if !slices.ContainsFunc(alg.Params, func(s param.Spec) bool { return s.Name == name }) {
			return fmt.Errorf("%s: %s has no parameter %q; it takes %s", field, alg.ID, name, paramNames(alg))
		}
		return nil
	}
	for name := range req.Params {
		if err := known("params", name); err != nil {
			return nil, err
		}
	}
	varied := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(req.Vary)) {
		if err := known("vary", name); err != nil {
			return nil, err
		}
		if len(req.Vary[name]) == 0 {
			return nil, fmt.Errorf("vary: %s has no values; give a list such as [4, 8, 16], or leave it out", name)
		}
		varied[name] = true
	}
	for i, c := range req.Cases {
		for _, name := range slices.Sorted(maps.Keys(c)) {
			if err := known(fmt.Sprintf("cases[%d]", i), name); err != nil {
				return nil, err
			}
			if _, ok := req.Vary[name]; ok {
				return nil, fmt.Errorf("cases[%d] sets %s, which vary varies too; give it in one of them", i, name)
			}
		}
		for name := range c {
			varied[name] = true
		}
	}
	for _, s := range alg.Params {
		if varied[s.Name] {
			p.Varied = append(p.Varied, s.Name)
		}
	}
	if err := p.expand(req, lim); err != nil {
		return nil, err
	}
	// Every combination is checked now, with the first seed, so that a bad
	// value is refused before anything runs.
	for _, c := range p.combos {
		base, err := param.Resolve(alg.Params, c)
		if err == nil {
			_, err = alg.Seeded(base, p.from)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.describe(c), err)
		}
		p.bases = append(p.bases, base)
	}
	return p, nil
}

func (p *Plan) setSeeds(s *Seeds, lim Limits) error {
	if s == nil {
		return nil
	}
	if s.From != nil {
		p.from = *s.From
	}
	if s.Count != nil {
		p.seeds = *s.Count
	}
	if p.from < 0 || p.from > algo.MaxSeed {
		return fmt.Errorf("seeds.from is %d; the first seed must be in 0..%d", p.from, int64(algo.MaxSeed))
	}
	if p.seeds < 1 || p.seeds > lim.MaxRuns {
		return fmt.Errorf("seeds.count is %d; run each combination with 1 to %d seeds", p.seeds, lim.MaxRuns)
	}
	if last := p.from + int64(p.seeds) - 1; last > algo.MaxSeed {
		return fmt.Errorf("seeds.from %d with seeds.count %d goes past the largest seed %d", p.from, p.seeds, int64(algo.MaxSeed))
	}
	return nil
}

// expand makes the combinations: each case (or none) with every
// combination of the varied values, the first varied parameter slowest.
func (p *Plan) expand(req Request, lim Limits) error {
	cases := req.Cases
	if len(cases) == 0 {
		cases = []map[string]json.RawMessage{{}}
	}
	n := len(cases)
	var names []string
	for _, name := range p.Varied {
		if vals, ok := req.Vary[name]; ok {
			names = append(names, name)
			n *= len(vals)
			if n*p.seeds > lim.MaxRuns {
				break
			}
		}
	}
	if runs := n * p.seeds; runs > lim.MaxRuns {
		return fmt.Errorf("the experiment asks for too much work: %s × %d seeds is more than %d runs; vary fewer values or run fewer seeds",
			p.countText(req), p.seeds, lim.MaxRuns)
	}
	for _, c := range cases {
		combo := map[string]json.RawMessage{}
		maps.Copy(combo, req.Params)
		maps.Copy(combo, c)
		p.product(req.Vary, names, combo)
	}
	return nil
}

// product appends every combination of names' values on top of base.
func (p *Plan) product(vary map[string][]json.RawMessage, names []string, base map[string]json.RawMessage) {
	if len(names) == 0 {
		p.combos = append(p.combos, base)
		return
	}
	for _, v := range vary[names[0]] {
		c := maps.Clone(base)
		c[names[0]] = v
		p.product(vary, names[1:], c)
	}
}

// countText says how many combinations a request makes, for the refusal.
func (p *Plan) countText(req Request) string {
	var parts []string
	if len(req.Cases) > 0 {
		parts = append(parts, fmt.Sprintf("%d cases", len(req.Cases)))
	}
	for _, name := range p.Varied {
		if vals, ok := req.Vary[name]; ok {
			parts = append(parts, fmt.Sprintf("%d values of %s", len(vals), name))
		}
	}
	if len(parts) == 0 {
		return "1 combination"
	}
	return strings.Join(parts, " × ")
}

// describe names a combination by its varied values, for errors.
func (p *Plan) describe(c map[string]json.RawMessage) string {
	if len(p.Varied) == 0 {
		return "params"
	}
	parts := make([]string, len(p.Varied))
	for i, name := range p.Varied {
		v, ok := c[name]
		if !ok {
			parts[i] = name + " (default)"
			continue
		}
		parts[i] = name + "=" + compact(v)
	}
	return "the combination " + strings.Join(parts, ", ")
}

// compact writes a JSON value without its white space.
func compact(r json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, r) != nil {
		return string(r)
	}
	return b.String()
}

func paramNames(a *algo.Algorithm) string {
	names := make([]string, len(a.Params))
	for i, s := range a.Params {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}
