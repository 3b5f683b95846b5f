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

// sessionExperiments runs one session's experiments on goroutines of their
// own, sharing the server's experiment workers, and hands the reports to
// the session's goroutine through reports.
type sessionExperiments struct {
	s       *server
	log     *slog.Logger
	reports chan session.ExperimentReport
	done    <-chan struct{} // closed when the session ends
}

func (x *sessionExperiments) Start(id string, plan *experiment.Plan) (cancel func()) {
	ctx, cancel := context.WithCancel(x.s.hub.ctx) // a server shutdown stops it too
	go func() {
		defer cancel()
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
		start := time.Now()
		res, err := experiment.Run(ctx, plan, experiment.Options{Workers: x.s.cfg.ExperimentWorkers, Pool: x.s.pool, Progress: progress})
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
		select {
		case x.reports <- rep:
		case <-x.done:
		}
	}()
	return cancel
}
