package experiment

import (
	"context"
	"errors"
	"sync"
)

// The window of runs taken ahead of the first row not yet handed on: so
// many runs, or so many bytes of rows waiting for their turn, whichever
// comes first. A slow consumer of rows thus holds up the workers instead of
// piling rows up.
const (
	aheadRuns  = 256
	aheadBytes = 8 << 20
)

// WindowBytes bounds what an experiment with Options.Rows holds at once:
// the rows waiting for their turn, and one more for each worker.
const WindowBytes = 2 * aheadBytes

// errCut stops the workers when the rows reach a budget.
var errCut = errors.New("the experiment's budget is reached")

// Run runs every run of the plan on its workers. The rows do not depend on
// the number of workers or their scheduling: they come in the plan's order,
// and the budgets of events and bytes cut them at the same row. A run that
// cannot be built is the experiment's error; a cancelled context gives a
// *Cancelled.
func Run(ctx context.Context, p *Plan, opt Options) (Result, error) {
	total := p.Runs()
	res := Result{Algorithm: p.Alg.ID, Varied: p.Varied, Planned: total}
	if res.Varied == nil {
		res.Varied = []string{}
	}
	parent := ctx
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	o := &orderer{p: p, opt: opt, total: total, stop: stop, ready: map[int]Row{}}
	o.cond = sync.NewCond(&o.mu)
	defer context.AfterFunc(ctx, o.wake)()

	workers := opt.Workers
	if workers <= 0 {
		workers = DefaultWorkers()
	}
	var wg sync.WaitGroup
	for range min(workers, total) {
		wg.Go(func() { o.work(ctx) })
	}
	wg.Wait()

	res.Rows, res.Runs, res.Truncated, res.Charged = o.rows, o.emitted, o.cut, o.charged
	if parent.Err() != nil {
		o.release()
		return Result{}, &Cancelled{Done: o.done, Cause: context.Cause(parent)}
	}
	if err := context.Cause(ctx); err != nil && !errors.Is(err, errCut) {
		o.release()
		return Result{}, err // a run failed, or the rows could not be handed on
	}
	return res, nil
}

// orderer hands the rows on in the plan's order while the workers make them
// in any order.
type orderer struct {
	p     *Plan
	opt   Options
	total int
	stop  context.CancelCauseFunc

	mu       sync.Mutex
	cond     *sync.Cond
	next     int         // the next run to take
	emitted  int         // rows handed on
	ready    map[int]Row // rows made, waiting for their turn
	pending  int64       // their bytes
	emitting bool        // a worker is handing rows on
	events   int64       // the handed-on rows' events and bytes, for the cut
	bytes    int64
	cut      bool
	done     int   // runs finished
	rows     []Row // without opt.Rows: every row
	charged  int64
}

func (o *orderer) wake() {
	o.mu.Lock()
	o.cond.Broadcast()
	o.mu.Unlock()
}

// release gives back what the rows were charged when they are dropped.
func (o *orderer) release() {
	if o.opt.Meter != nil {
		o.opt.Meter.Release(o.charged)
	}
	o.rows, o.charged = nil, 0
}

// take gives the next run to make, waiting while the window is full; false
// when there is none or the experiment is over.
func (o *orderer) take(ctx context.Context) (int, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for ctx.Err() == nil && !o.cut && o.next < o.total &&
		(o.next >= o.emitted+aheadRuns || o.pending >= aheadBytes) {
		o.cond.Wait()
	}
	if ctx.Err() != nil || o.cut || o.next >= o.total {
		return 0, false
	}
	o.next++
	return o.next - 1, true
}

func (o *orderer) work(ctx context.Context) {
	for {
		i, ok := o.take(ctx)
		if !ok || o.opt.Pool.acquire(ctx) != nil {
			return
		}
		row, err := o.p.run(ctx, i)
		o.opt.Pool.release()
		if err == nil {
			err = o.finish(i, row)
		}
		if err != nil {
			o.stop(err)
			o.wake()
			return
		}
	}
}

// finish files a row and, unless another worker is at it, hands on every
// row whose turn has come.
func (o *orderer) finish(i int, row Row) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.done++
	if o.opt.Progress != nil {
		o.opt.Progress(o.done, o.total)
	}
	o.ready[i] = row
	o.pending += int64(len(row.encoded))
	if o.emitting {
		return nil
	}
	o.emitting = true
	defer func() { o.emitting = false }()
	for {
		batch := o.collect()
		if len(batch) == 0 {
			return nil
		}
		o.mu.Unlock()
		err := o.hand(batch)
		o.mu.Lock()
		o.emitted += len(batch)
		for _, r := range batch {
			o.pending -= int64(len(r.encoded))
		}
		o.cond.Broadcast()
		if err != nil {
			return err
		}
	}
}

// collect takes the rows whose turn has come, up to the first that would
// exceed a budget (which cuts the experiment there).
func (o *orderer) collect() []Row {
	var batch []Row
	for i := o.emitted; !o.cut; i++ {
		row, ok := o.ready[i]
		if !ok {
			break
		}
		delete(o.ready, i)
		o.events += row.Events
		o.bytes += int64(len(row.encoded))
		if o.events > o.p.budget || o.bytes > o.p.maxBytes {
			o.cut = true
			o.pending -= int64(len(row.encoded))
			clear(o.ready)
			o.stop(errCut)
			break
		}
		batch = append(batch, row)
	}
	return batch
}

// hand passes rows on: to opt.Rows, or into the result (charged).
func (o *orderer) hand(batch []Row) error {
	if o.opt.Rows != nil {
		return o.opt.Rows(batch)
	}
	if o.opt.Meter != nil {
		var n int64
		for _, r := range batch {
			n += rowBytes(r)
		}
		if err := o.opt.Meter.Charge(n, "the experiment's rows"); err != nil {
			return err
		}
		o.charged += n
	}
	o.rows = append(o.rows, batch...)
	return nil
}

// rowBytes is what a row held in memory takes: its JSON, and its values
// (parameters, outcome) about as much again.
func rowBytes(r Row) int64 { return 2*int64(len(r.encoded)) + 256 }
