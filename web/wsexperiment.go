package web

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"distviz/experiment"
	"distviz/session"
)

// progressEvery spaces a session's experimentProgress messages.
const progressEvery = 100 * time.Millisecond

// rowsChunk is about how much of the rows one experimentRows message
// carries: small enough to be written well within SessionWriteTimeout to a
// slow client, large enough to be few.
const rowsChunk = 256 << 10

// sessionExperiments runs one session's experiments on goroutines of their
// own, sharing the server's experiment workers, and hands the reports to
// the session's goroutine through reports.
type sessionExperiments struct {
	s       *server
	log     *slog.Logger
	reports chan session.ExperimentReport
	done    <-chan struct{} // closed when the session ends
}

func (x *sessionExperiments) Start(id string, plan *experiment.Plan) (cancel func(), err error) {
	// The rows go to the client as they are made, a chunk at a time: the
	// experiment holds its window of rows, charged to the memory budget.
	if err := x.s.mem.Charge(experiment.WindowBytes, "the experiment"); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(x.s.hub.ctx) // a server shutdown stops it too
	go func() {
		defer cancel()
		defer x.s.mem.Release(experiment.WindowBytes)
		x.run(ctx, id, plan)
	}()
	return cancel, nil
}

// send hands a report to the session, waiting while it is busy (so that a
// slow client holds the workers up rather than rows piling up); false if
// the session has ended.
func (x *sessionExperiments) send(r session.ExperimentReport) bool {
	select {
	case x.reports <- r:
		return true
	case <-x.done:
		return false
	}
}

func (x *sessionExperiments) run(ctx context.Context, id string, plan *experiment.Plan) {
	var last time.Time
	progress := func(done, total int) {
		if now := time.Now(); now.Sub(last) >= progressEvery {
			last = now
			select { // a progress the session has no time for is skipped
			case x.reports <- session.ExperimentReport{ID: id, Done: done, Total: total}:
			default:
			}
		}
	}
	var chunk []experiment.Row
	var size, from int
	flush := func() error {
		if len(chunk) == 0 {
			return nil
		}
		msg, err := session.RowsMessage(id, from, chunk)
		if err != nil {
			return err
		}
		from += len(chunk)
		chunk, size = chunk[:0], 0
		if !x.send(session.ExperimentReport{ID: id, Rows: msg}) {
			return context.Canceled
		}
		return nil
	}
	rows := func(rs []experiment.Row) error {
		for _, r := range rs {
			b, _ := r.MarshalJSON() // made by its worker: the size is known
			chunk, size = append(chunk, r), size+len(b)
			if size >= rowsChunk {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		return nil
	}
	start := time.Now()
	res, err := experiment.Run(ctx, plan, experiment.Options{Workers: x.s.cfg.ExperimentWorkers, Pool: x.s.pool,
		Progress: progress, Rows: rows})
	if err == nil {
		err = flush()
	}
	rep := session.ExperimentReport{ID: id, Total: plan.Runs(), Final: true, Done: res.Runs, Err: err}
	var cancelled *experiment.Cancelled
	var bug *experiment.Panic
	switch {
	case errors.As(err, &cancelled):
		rep.Done = cancelled.Done
	case errors.As(err, &bug):
		x.log.Error("panic in an experiment run", "run", bug.Run, "panic", bug.Value, "stack", string(bug.Stack))
	case err == nil:
		x.log.Info("experiment", "id", id, "algorithm", plan.Alg.ID, "runs", res.Runs, "truncated", res.Truncated,
			"duration", time.Since(start).Round(time.Millisecond))
		if rep.Result, rep.Err = session.ResultMessage(id, res); rep.Err != nil {
			x.log.Error("encoding an experiment's result", "id", id, "err", rep.Err)
		}
	}
	x.send(rep)
}
