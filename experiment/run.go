package experiment

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"

	"distviz/algo"
	"distviz/engine"
	"distviz/narrate"
	"distviz/param"
	"distviz/trace"
)

// Row is one run's result: the fields of a trace's summary (trace.Summary)
// without the per-process counts, with the run's parameters and seed.
type Row struct {
	Params     param.Values      `json:"params"` // resolved, the varied ones included
	Seed       int64             `json:"seed"`
	Messages   Messages          `json:"messages"`
	Events     int64             `json:"events"`
	Time       int64             `json:"time"`
	Outcome    any               `json:"outcome"`
	Violations []trace.Violation `json:"violations"` // the first MaxRowViolations
	// ViolationCount counts every violation, also those beyond the list.
	ViolationCount int64            `json:"violationCount"`
	Terminated     bool             `json:"terminated"` // false: the run reached its event limit
	Theory         []algo.Evaluated `json:"theory"`     // the bounds that apply to Params

	encoded []byte // the row's JSON, made by the worker that ran it
}

// MarshalJSON writes the row; its JSON was made beforehand, on the worker
// that ran it.
func (r Row) MarshalJSON() ([]byte, error) {
	if r.encoded != nil {
		return r.encoded, nil
	}
	return json.Marshal(plainRow(r))
}

// plainRow is Row without its MarshalJSON.
type plainRow Row

// Messages counts a run's messages in total and the sent ones by type, in
// the algorithm's declaration order.
type Messages struct {
	Sent      int64            `json:"sent"`
	Delivered int64            `json:"delivered"`
	Dropped   int64            `json:"dropped"`
	ByType    trace.TypeCounts `json:"byType"`
}

// MaxRowViolations is how many violations a row lists.
const MaxRowViolations = 20

// Result is an experiment's rows, in the plan's order: combination by
// combination (see Plan), seed by seed within each.
type Result struct {
	Algorithm string   `json:"algorithm"`
	Varied    []string `json:"varied"`
	Rows      []Row    `json:"rows"`
	Runs      int      `json:"runs"`    // len(Rows)
	Planned   int      `json:"planned"` // the runs the plan asked for
	// Truncated: the runs together would have exceeded the experiment's
	// budget of events or of bytes; the rows stop before the first run
	// that did.
	Truncated bool `json:"truncated"`
	// Charged is what the rows are charged to Options.Meter.
	Charged int64 `json:"-"`
}

// Pool bounds the runs in progress across every experiment of a server,
// so that experiments together leave room for the interactive sessions.
type Pool struct{ slots chan struct{} }

// NewPool lets n runs proceed at once (at least 1).
func NewPool(n int) *Pool { return &Pool{slots: make(chan struct{}, max(1, n))} }

func (p *Pool) acquire(ctx context.Context) error {
	if p == nil {
		return ctx.Err()
	}
	select {
	case p.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (p *Pool) release() {
	if p != nil {
		<-p.slots
	}
}

// DefaultWorkers is the workers of one experiment unless told otherwise:
// every core. The runs yield the processor every checkEvery steps, so the
// sessions are never starved: on this 2-core machine, with both cores busy
// with an experiment, a lecture step's round trip stays at p50 31 µs and p99
// 2–6 ms (0.55 ms with one worker, which gives about 20 % fewer runs per
// second; BenchmarkStepRoundTripDuringExperiment in web/).
func DefaultWorkers() int { return max(1, runtime.GOMAXPROCS(0)) }

// Options say how to run a plan.
type Options struct {
	// Workers is how many runs of this experiment proceed at once; ≤ 0:
	// DefaultWorkers.
	Workers int
	// Pool, if set, bounds the runs of all experiments sharing it.
	Pool *Pool
	// Progress, if set, is told after each run how many runs are done of
	// how many. Calls never overlap, and done only grows.
	Progress func(done, total int)
	// Rows, if set, is handed the rows in the plan's order as they are
	// ready, a few at a time, and the Result holds none: the experiment
	// then holds no more than a window of rows however many it makes (the
	// workers wait while Rows does). An error from Rows ends the experiment
	// with that error. Calls never overlap one another, but may overlap
	// Progress's.
	Rows func(rows []Row) error
	// Meter, if set and Rows is not, is charged for the rows the Result
	// holds as they are made (Result.Charged says how much; release it when
	// done with them); a refusal ends the experiment with its error.
	Meter Meter
}

// A Meter accounts for memory: *budget.Budget is one.
type Meter interface {
	Charge(n int64, what string) error
	Release(n int64)
}

// Cancelled is Run's error when its context ended first.
type Cancelled struct {
	Done  int // runs finished
	Cause error
}

func (c *Cancelled) Error() string {
	return fmt.Sprintf("the experiment was cancelled after %d runs: %v", c.Done, c.Cause)
}
func (c *Cancelled) Unwrap() error { return c.Cause }

// checkEvery is how many steps a run takes between looks at its context and
// yields of the processor (a few hundred microseconds of work).
const checkEvery = 4096

// Panic is the error of a run that panicked: a bug, not the client's fault.
type Panic struct {
	Run   string // which run
	Value any
	Stack []byte
}

func (e *Panic) Error() string { return fmt.Sprintf("internal error in %s: %v", e.Run, e.Value) }

// run makes the i-th run of the plan and describes it as a row. It runs on
// a worker goroutine, where a panic would end the program: it becomes a
// *Panic instead.
func (p *Plan) run(ctx context.Context, i int) (row Row, err error) {
	combo, base := p.combos[i/p.seeds], p.bases[i/p.seeds]
	seed := p.from + int64(i%p.seeds)
	defer func() {
		if v := recover(); v != nil {
			err = &Panic{Run: fmt.Sprintf("%s, seed %d", p.describe(combo), seed), Value: v, Stack: debug.Stack()}
		}
	}()
	// as launch.Resolve would, with the seed-independent part done once
	v, err := p.Alg.Seeded(base, seed)
	if err != nil {
		return Row{}, fmt.Errorf("%s, seed %d: %w", p.describe(combo), seed, err)
	}
	cfg, nodes, err := p.Alg.Build(v)
	if err != nil {
		return Row{}, fmt.Errorf("%s, seed %d: %w", p.describe(combo), seed, err)
	}
	row = Row{Params: v, Seed: seed, Violations: []trace.Violation{}}
	// Without a log the violations are caught where they are found: their
	// event is the last the Sim numbered.
	var sim *engine.Sim
	cfg.Violated = func(inv *engine.Invariant, node int, msg engine.Text) {
		if len(row.Violations) >= MaxRowViolations {
			return
		}
		viol := trace.Violation{Seq: sim.Seq(), Time: sim.Now(), Invariant: inv.Name, Said: msg,
			Text: narrate.For(p.Alg, nodes).In(narrate.English).Text(msg)}
		if node != engine.None {
			viol.Node = &node
		}
		row.Violations = append(row.Violations, viol)
	}
	sim, err = engine.New(cfg, uint64(seed))
	if err != nil {
		return Row{}, fmt.Errorf("%s, seed %d: %s: %w", p.describe(combo), seed, p.Alg.ID, err)
	}
	sim.Init()
	// The same loop as a recorded run's (timeline.Run): step while under
	// the event limit.
	for steps := 1; sim.Seq() < p.maxEvents && sim.Step(); steps++ {
		if steps%checkEvery == 0 {
			if ctx.Err() != nil {
				return Row{}, context.Cause(ctx)
			}
			// let waiting goroutines (a session's step) have the processor
			runtime.Gosched()
		}
	}
	m := sim.Metrics()
	row.Messages = Messages{Sent: m.Sent, Delivered: m.Delivered, Dropped: m.Dropped,
		ByType: trace.TypeCounts{Types: append([]string(nil), m.Types...), Counts: make([]int64, len(m.ByType))}}
	for k, c := range m.ByType {
		row.Messages.ByType.Counts[k] = c.Sent
	}
	row.Events, row.Time, row.Terminated = m.Events, sim.Now(), sim.Ended()
	row.ViolationCount = m.Violations
	row.Outcome = sim.Outcome()
	row.Theory = p.Alg.Evaluate(v)
	if row.encoded, err = appendRow(nil, &row); err != nil {
		return Row{}, fmt.Errorf("%s, seed %d: encoding the row: %w", p.describe(combo), seed, err)
	}
	return row, nil
}
