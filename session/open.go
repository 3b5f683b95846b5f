package session

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"distviz/algo"
	"distviz/algos"
	"distviz/launch"
	"distviz/timeline"
)

// open starts a new run.
func (s *Session) open(req request) [][]byte {
	refuse := func(err error) [][]byte { return s.refuse(req.Type, err) }
	if req.Params != nil && req.Query != nil {
		return refuse(errors.New(`open takes "params" (JSON values) or "query" (texts, as in a link), not both`))
	}
	// The address bar's query may come back whole: it names the algorithm,
	// seed and scenario too.
	query := map[string]string{}
	for k, v := range req.Query {
		query[k] = v
	}
	takeQuery := func(key string, into *string) {
		if v, ok := query[key]; ok {
			if *into == "" {
				*into = v
			}
			delete(query, key)
		}
	}
	var seedText, actsText string
	takeQuery("algorithm", &req.Algorithm)
	takeQuery("scenario", &req.Scenario)
	takeQuery("seed", &seedText)
	takeQuery(launch.ActsKey, &actsText)
	if req.Algorithm == "" {
		return refuse(fmt.Errorf(`open needs "algorithm": one of %s`, algorithmIDs()))
	}
	alg, err := algos.Get(req.Algorithm)
	if err != nil {
		return refuse(err)
	}

	acts, err := launch.ParseActs(actsText)
	if err != nil {
		return refuse(err)
	}
	lreq := launch.Request{Scenario: req.Scenario, Params: req.Params, Query: query, Seed: req.Seed, Actions: acts}
	if req.Seed == nil && seedText != "" {
		seed, err := strconv.ParseInt(strings.TrimSpace(seedText), 10, 64)
		if err != nil {
			return refuse(fmt.Errorf("seed %q is not a whole number in 0..%d", seedText, int64(algo.MaxSeed)))
		}
		lreq.Seed = &seed
	}
	// Building a run's start costs in proportion to its processes: a
	// heavy request, which waits its turn. A deep link's step is computed
	// once the run is in the store, which charges it to the memory budget
	// as it grows (as `last` is).
	var run Run
	var r launch.Resolved
	err = s.heavy(func() error {
		tl, res, err := launch.Open(alg, lreq, s.cfg.MaxEvents)
		if err != nil {
			return err
		}
		if n := len(tl.Nodes); s.cfg.MaxNodes > 0 && n > s.cfg.MaxNodes {
			return tooLarge(n, s.cfg.MaxNodes)
		}
		if err := s.ahead(tl); err != nil {
			return err
		}
		if run, err = s.cfg.Store.Add(tl); err != nil {
			return err
		}
		r = res
		if req.Step == nil {
			return nil
		}
		run.Lock.Lock()
		err = openAt(tl, *req.Step)
		run.Lock.Unlock()
		if err != nil {
			s.cfg.Store.Release(run)
		}
		return err
	})
	if err != nil {
		return refuse(err)
	}
	s.deltas = req.Deltas
	v, seed := r.Values, r.Seed

	shown := map[string]string{"algorithm": alg.ID, "seed": strconv.FormatInt(seed, 10)}
	if req.Scenario != "" {
		shown["scenario"] = req.Scenario
	}
	all := v.Query()
	for _, k := range r.Given {
		if text, ok := all[k]; ok {
			shown[k] = text
		}
	}
	run.TL.Link = shown // (nobody else holds the new run yet)
	return s.take(run, shown)
}

// openAt moves a new run's cursor to step k, as a deep link asks: within
// the history a seek; past it the run goes on until it has step k, ends or
// reaches its event limit (as `last` would), and the cursor stays at its end.
// One message then brings a link's picture, not an open, a last and a seek.
func openAt(tl *timeline.Timeline, k int) error {
	if more := k - (tl.Steps() - 1); more > 0 {
		if err := tl.Run(more); err != nil && !errors.Is(err, timeline.ErrTooLong) {
			return err
		}
	}
	return tl.Seek(k)
}

// attach takes over a stored run.
func (s *Session) attach(req request) [][]byte {
	if req.ID == "" {
		return s.refuse(req.Type, errors.New(`attach needs "id", the id of a stored run (POST /api/runs or POST /api/traces answer it)`))
	}
	run, ok := s.cfg.Store.Hold(req.ID)
	if !ok {
		return s.refuse(req.Type, fmt.Errorf("no run %q: it never existed or was forgotten (runs live in memory; the least recently used that nobody is looking at are forgotten to make room, and all on a restart)", req.ID))
	}
	if n := len(run.TL.Nodes); s.cfg.MaxNodes > 0 && n > s.cfg.MaxNodes {
		s.cfg.Store.Release(run)
		return s.refuse(req.Type, tooLarge(n, s.cfg.MaxNodes))
	}
	s.deltas = req.Deltas
	return s.take(run, nil)
}

// tooLarge refuses a run with more processes than a frame can carry.
func tooLarge(n, max int) error {
	return fmt.Errorf("a run of %d processes is too large to draw: its every frame would be megabytes (the lecture view draws up to %d processes); "+
		"for more, measure with an experiment (the Experiment tab, or POST /api/experiments) or download the whole run from POST /api/simulate", n, max)
}

// take makes run the session's run and answers run and frame. query nil:
// the run's parameters that were given, as the address bar shows them.
func (s *Session) take(run Run, query map[string]string) [][]byte {
	return s.takeFork(run, query, "")
}

// takeFork is take for a copy of the run forkOf.
func (s *Session) takeFork(run Run, query map[string]string, forkOf string) [][]byte {
	var out [][]byte
	if s.playing {
		s.playing = false
		out = append(out, s.playingMsg())
	}
	if s.has {
		s.cfg.Store.Release(s.run)
	}
	s.run, s.has = run, true
	s.frames.Reset() // the client drops its frame on `run`
	s.locked(func(tl *timeline.Timeline) {
		if query == nil {
			query = tl.Link
		}
		if query == nil {
			query = map[string]string{"algorithm": tl.Alg.ID, "seed": strconv.FormatInt(tl.Seed, 10)}
			for k, text := range tl.Params.Query() {
				if tl.Params.Has(k) {
					query[k] = text
				}
			}
		}
		out = append(out, encode(s.cfg.Log, runMsg{Type: "run", ID: run.ID, Algorithm: tl.Alg, Params: tl.Params,
			Query: query, Seed: tl.Seed, Nodes: tl.Nodes, Theory: tl.Alg.Evaluate(tl.Params), ForkOf: forkOf}))
		// The session's cursor starts where the run's is.
		s.cursor = tl.Cursor()
		out = append(out, s.frameMsg(tl))
		if acts := launch.ActsOf(tl); len(acts) > 0 {
			out = append(out, s.actsMsg(acts))
		}
		// The client starts from nothing on `run`.
		s.sent, s.forks, s.dirty, s.drop = 0, tl.Forks(), true, false
	})
	return out
}

// ahead computes the run's future as far as Config.Ahead allows.
func (s *Session) ahead(tl *timeline.Timeline) error {
	if s.cfg.Ahead <= 0 {
		return nil
	}
	_, err := tl.Ahead(s.cfg.Ahead)
	return err
}

// actsMsg tells the client the user's actions that make the run as it is
// now, as a link's `acts` text: its address bar then reproduces the run.
// The client clears its list on `run`: this comes after an action, and
// after `run` when the run holds actions.
func (s *Session) actsMsg(acts []launch.Acted) []byte {
	return encode(s.cfg.Log, actsMsg{Type: "actions", Acts: launch.FormatActs(acts), Count: len(acts)})
}

func algorithmIDs() string {
	var ids []string
	for _, a := range algos.All() {
		ids = append(ids, a.ID)
	}
	return strings.Join(ids, ", ")
}
