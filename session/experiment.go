package session

import (
	"encoding/json"
	"errors"
	"fmt"

	"distviz/experiment"
)

// ExperimentRunner runs a session's experiments away from the session's
// goroutine, so that stepping stays responsive while they run.
type ExperimentRunner interface {
	// Start begins running plan as experiment id and returns at once, with
	// a function that cancels it, or an error that refuses it (the server's
	// memory is full). The runner reports through ExperimentReports that
	// the session's owner hands to Session.ExperimentReport: progress now
	// and then (at most about 10 a second) and the rows in order as they
	// are made (RowsMessage), then exactly one Final report.
	Start(id string, plan *experiment.Plan) (cancel func(), err error)
}

// ExperimentReport is what a runner tells its session about an experiment.
type ExperimentReport struct {
	ID          string
	Done, Total int // runs finished, runs planned
	// Rows, if set, is an experimentRows message (RowsMessage) to pass on.
	Rows []byte
	// Final: the experiment is over. Then Result is its experimentResult
	// message (made by ResultMessage), or Err says why not (a
	// *experiment.Cancelled when it was cancelled).
	Final  bool
	Result []byte
	Err    error
}

// ResultMessage encodes an experiment's result as the `experimentResult`
// message of docs/protocol.md: everything but its rows, which went before
// in experimentRows messages.
func ResultMessage(id string, res experiment.Result) ([]byte, error) {
	return json.Marshal(experimentResultMsg{Type: "experimentResult", ID: id, Algorithm: res.Algorithm,
		Varied: res.Varied, Runs: res.Runs, Planned: res.Planned, Truncated: res.Truncated})
}

// RowsMessage encodes rows from..from+len(rows)-1 (counted from 0) of an
// experiment as the `experimentRows` message of docs/protocol.md.
func RowsMessage(id string, from int, rows []experiment.Row) ([]byte, error) {
	return json.Marshal(experimentRowsMsg{Type: "experimentRows", ID: id, From: from, Rows: rows})
}

// runningExperiment is the session's experiment in progress.
type runningExperiment struct {
	id         string
	total      int
	cancel     func()
	cancelling bool
}

// startExperiment checks an experiment and hands it to the runner.
func (s *Session) startExperiment(req request) [][]byte {
	refuse := func(err error) [][]byte { return s.refuse(req.Type, err) }
	switch {
	case s.cfg.Experiments == nil:
		return refuse(errors.New("this server runs no experiments in sessions; use POST /api/experiments"))
	case s.exp != nil:
		return refuse(fmt.Errorf(`experiment %s is still running: wait for its result or send {"type": "experimentCancel"} first`, s.exp.id))
	case len(req.Experiment) == 0 || string(req.Experiment) == "null":
		return refuse(errors.New(`experiment needs "experiment", an object such as {"algorithm": "chang-roberts", "vary": {"n": [4, 8, 16]}, "seeds": {"from": 1, "count": 100}}`))
	}
	er, err := experiment.DecodeBytes(req.Experiment)
	if err != nil {
		return refuse(err)
	}
	plan, err := experiment.NewPlan(er, s.cfg.ExperimentLimits)
	if err != nil {
		return refuse(err)
	}
	s.experiments++
	id := fmt.Sprintf("x%d", s.experiments)
	cancel, err := s.cfg.Experiments.Start(id, plan)
	if err != nil {
		return refuse(err)
	}
	s.exp = &runningExperiment{id: id, total: plan.Runs(), cancel: cancel}
	return [][]byte{s.progressMsg(id, 0, plan.Runs())}
}

// cancelExperiment asks the runner to stop; experimentCancelled follows
// with its final report.
func (s *Session) cancelExperiment(req request) [][]byte {
	if s.exp == nil {
		return s.refuse(req.Type, errors.New("no experiment is running"))
	}
	if !s.exp.cancelling {
		s.exp.cancelling = true
		s.exp.cancel()
	}
	return nil
}

// ExperimentReport answers a runner's report with the messages to send: a
// progress, the result, an error, or experimentCancelled. Reports of an
// experiment the session no longer runs are ignored.
func (s *Session) ExperimentReport(r ExperimentReport) [][]byte {
	e := s.exp
	if e == nil || r.ID != e.id {
		return nil
	}
	if !r.Final {
		switch {
		case e.cancelling:
			return nil
		case r.Rows != nil:
			return [][]byte{r.Rows}
		}
		return [][]byte{s.progressMsg(e.id, r.Done, r.Total)}
	}
	s.exp = nil
	var c *experiment.Cancelled
	switch {
	case e.cancelling:
		done := r.Done
		if errors.As(r.Err, &c) {
			done = c.Done
		}
		return [][]byte{encode(s.cfg.Log, experimentCancelledMsg{Type: "experimentCancelled", ID: e.id, Done: done})}
	case errors.As(r.Err, &c):
		return s.refuse("experiment", fmt.Errorf("experiment %s stopped after %d of %d runs: the server is shutting down", e.id, c.Done, e.total))
	case r.Err != nil:
		return s.refuse("experiment", fmt.Errorf("experiment %s failed: %w", e.id, r.Err))
	}
	return [][]byte{r.Result}
}

// Close cancels the session's experiment, if one is running, and lets go
// of its run. Call it when the session ends.
func (s *Session) Close() {
	if s.exp != nil {
		s.exp.cancel()
		s.exp = nil
	}
	if s.has {
		s.cfg.Store.Release(s.run)
		s.has = false
	}
	s.dropSpare()
	s.dropEncoder()
}

func (s *Session) progressMsg(id string, done, total int) []byte {
	return encode(s.cfg.Log, experimentProgressMsg{Type: "experimentProgress", ID: id, Done: done, Total: total})
}

type experimentProgressMsg struct {
	Type  string `json:"type"` // "experimentProgress"
	ID    string `json:"id"`
	Done  int    `json:"done"`
	Total int    `json:"total"`
}

type experimentCancelledMsg struct {
	Type string `json:"type"` // "experimentCancelled"
	ID   string `json:"id"`
	Done int    `json:"done"`
}

type experimentResultMsg struct {
	Type      string   `json:"type"` // "experimentResult"
	ID        string   `json:"id"`
	Algorithm string   `json:"algorithm"`
	Varied    []string `json:"varied"`
	Runs      int      `json:"runs"`
	Planned   int      `json:"planned"`
	Truncated bool     `json:"truncated"`
}

type experimentRowsMsg struct {
	Type string           `json:"type"` // "experimentRows"
	ID   string           `json:"id"`
	From int              `json:"from"`
	Rows []experiment.Row `json:"rows"`
}
