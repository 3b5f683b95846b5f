// Package session is one lecture-UI session of docs/protocol.md without the
// network: a Session owns a run and turns each client message into the
// messages to send back, pushes the events the client lacks in batches, and
// plays the run on. It does no I/O, starts no goroutines and reads no clock:
// the caller passes the time to Tick, so autoplay is tested step by step.
package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"distviz/algos"
	"distviz/engine"
	"distviz/experiment"
	"distviz/frame"
	"distviz/internal/budget"
	"distviz/launch"
	"distviz/narrate"
	"distviz/timeline"
)

// Limits of the protocol.
const (
	// MaxBatch is the most events one `events` message carries.
	MaxBatch = 5000
	// MinSpeed and MaxSpeed bound autoplay, in steps per second.
	MinSpeed float64 = 0.25
	MaxSpeed float64 = 2000
	// FrameInterval is the autoplay frame period: at most 30 frames a
	// second, several steps a frame at high speeds. Call Tick this often.
	FrameInterval = time.Second / 30
	// frameJitter is how early a tick may come and still make its frame:
	// frames keep to slots FrameInterval apart, whoever calls Tick how often.
	frameJitter = 5 * time.Millisecond
	// maxTickGap caps the time one Tick makes up for: a session that fell
	// behind (a slow client) plays slower rather than in bursts.
	maxTickGap = 100 * time.Millisecond
)

// Run is a run a session drives, as the store holds it.
type Run struct {
	ID string
	TL *timeline.Timeline
	// Lock guards TL. A session holds it for every use of TL, and so must
	// everyone else who reaches the run (the HTTP API's trace export, other
	// sessions attached to it).
	Lock sync.Locker
	// Ref is the store's own reference to the run.
	Ref any
}

// Store keeps runs; the web server's run store is one. A run a session
// holds is never forgotten; the others may be, to make room.
type Store interface {
	// Add stores a new run, held by the caller. It charges the run's memory
	// to the server's budget, now and as the run grows, and fails when the
	// budget cannot hold it.
	Add(tl *timeline.Timeline) (Run, error)
	// Hold finds a stored run by id and holds it.
	Hold(id string) (Run, bool)
	// Release lets go of a run held before.
	Release(run Run)
}

// Config is what a session needs from its server.
type Config struct {
	// Store keeps the runs that open creates and finds the ones attach takes.
	Store Store
	// MaxEvents is the event limit of the runs open creates (≤ 0: none).
	MaxEvents int64
	// Log receives failures that are the server's, not the client's.
	// Nil discards them.
	Log *slog.Logger
	// Experiments runs the session's experiments; nil: the session refuses
	// them.
	Experiments ExperimentRunner
	// ExperimentLimits bound each experiment.
	ExperimentLimits experiment.Limits
}

// Session is one client's view of one run. Not safe for concurrent use: one
// goroutine owns it (it locks the run itself).
type Session struct {
	cfg  Config
	run  Run
	has  bool // a run is open
	lang narrate.Lang

	// The events the client holds are 1..sent, copied when the run had been
	// forked `forks` times. dirty: events may be due; drop: the client must
	// drop its events after sent even if none follow.
	sent  int64
	forks int
	dirty bool
	drop  bool

	frameCap int // room for the next frame

	playing   bool
	speed     float64
	credit    float64   // steps due, fractions carried over
	last      time.Time // the last Tick that counted
	nextFrame time.Time // the slot of Tick's next frame

	exp         *runningExperiment // nil: none running
	experiments int                // started so far, for their ids
}

// New starts a session with no run, narrating in English.
func New(cfg Config) *Session {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	return &Session{cfg: cfg, lang: narrate.English, speed: 1}
}

// Playing reports whether autoplay is on: the caller should Tick every
// FrameInterval.
func (s *Session) Playing() bool { return s.playing }

// Pending reports whether Events may have a batch to send.
func (s *Session) Pending() bool { return s.dirty && s.has }

// RunID is the store id of the session's run ("" before open or attach).
func (s *Session) RunID() string { return s.run.ID }

// Handle answers one client message with the messages to send, in order,
// each a JSON object. A message it cannot follow is answered with an
// `error`; the session goes on. Events the client lacks are not among the
// answers: take them from Events.
func (s *Session) Handle(msg []byte) [][]byte {
	req, err := decode(msg)
	if err != nil {
		return s.refuse(req.Type, err)
	}
	switch req.Type {
	case "open":
		return s.open(req)
	case "attach":
		return s.attach(req)
	case "lang":
		l, err := narrate.ParseLang(req.Lang)
		if err != nil {
			return s.refuse(req.Type, fmt.Errorf(`lang needs "lang": %w`, err))
		}
		s.lang = l
		if !s.has {
			return nil
		}
		// The client's events were narrated in the old language: send them
		// all again.
		s.sent, s.drop, s.dirty = 0, true, true
		return s.withRun(req.Type, nil)
	case "play":
		return s.play(req)
	case "pause":
		s.playing = false
		return [][]byte{s.playingMsg()}
	case "experiment":
		return s.startExperiment(req)
	case "experimentCancel":
		return s.cancelExperiment(req)
	}
	if !slices.Contains(types, req.Type) {
		return s.refuse(req.Type, fmt.Errorf("unknown message type %q; send one of %s", req.Type, strings.Join(types, ", ")))
	}
	// The rest move in the run or change it.
	var move func(tl *timeline.Timeline) error
	switch req.Type {
	case "step":
		move = func(tl *timeline.Timeline) error { _, err := tl.Forward(); return err }
	case "back":
		move = func(tl *timeline.Timeline) error { return tl.Back() }
	case "first":
		move = func(tl *timeline.Timeline) error { return tl.Seek(0) }
	case "last":
		move = func(tl *timeline.Timeline) error { return tl.Run(0) }
	case "seek":
		if req.Step == nil {
			return s.refuse(req.Type, errors.New(`seek needs "step", the step to move to (0 is the start)`))
		}
		k := *req.Step
		move = func(tl *timeline.Timeline) error { return tl.Seek(k) }
	case "seekSeq":
		if req.Seq == nil {
			return s.refuse(req.Type, errors.New(`seekSeq needs "seq", the sequence number of an event (1 is the first)`))
		}
		seq := *req.Seq
		move = func(tl *timeline.Timeline) error { return tl.SeekSeq(seq) }
	case "action":
		if len(req.Action) == 0 || string(req.Action) == "null" {
			return s.refuse(req.Type, errors.New(`action needs "action", an object such as {"type": "crash", "node": 3}`))
		}
		var a engine.Action
		if err := json.Unmarshal(req.Action, &a); err != nil {
			return s.refuse(req.Type, fmt.Errorf("the action is refused: %w", err))
		}
		move = func(tl *timeline.Timeline) error {
			if err := tl.Apply(a); err != nil && !errors.Is(err, timeline.ErrTooLong) {
				return clientError{fmt.Errorf("the action is refused: %w", err)}
			}
			return err
		}
	}
	return s.withRun(req.Type, move)
}

// clientError marks a failure that is the client's to fix, not a bug.
type clientError struct{ error }

func (e clientError) Unwrap() error { return e.error }

// withRun does f on the run under its lock and answers with a frame, and an
// error if f failed.
func (s *Session) withRun(typ string, f func(tl *timeline.Timeline) error) [][]byte {
	if !s.has {
		return s.refuse(typ, fmt.Errorf(`there is no run yet: send {"type": "open", "algorithm": …} or {"type": "attach", "id": …} first`))
	}
	var out [][]byte
	var failed error
	s.locked(func(tl *timeline.Timeline) {
		if f != nil {
			failed = f(tl)
			s.dirty = true
		}
		out = append(out, s.frameMsg(tl))
	})
	if failed != nil {
		out = append(out, s.refuse(typ, s.failure(typ, failed))...)
	}
	return out
}

// locked runs f on the timeline under the run's lock (released on a panic too).
func (s *Session) locked(f func(tl *timeline.Timeline)) {
	s.run.Lock.Lock()
	defer s.run.Lock.Unlock()
	f(s.run.TL)
}

// failure words an error of the timeline for the client; the server's own
// failures are logged.
func (s *Session) failure(typ string, err error) error {
	var ce clientError
	var full *budget.Error
	switch {
	case errors.Is(err, timeline.ErrTooLong):
		return errors.New("the run has reached its event limit and stops here; step back, or act in the past to try another branch")
	case errors.As(err, &ce):
		return ce.error
	case errors.As(err, &full):
		return err
	}
	s.cfg.Log.Error("a session failed on its run", "run", s.run.ID, "message", typ, "err", err)
	return fmt.Errorf("internal error: %v (it is logged; please report it)", err)
}

func (s *Session) refuse(typ string, err error) [][]byte {
	return [][]byte{encode(s.cfg.Log, errorMsg{Type: "error", Error: err.Error(), For: typ})}
}

func (s *Session) frameMsg(tl *timeline.Timeline) []byte {
	f := frame.BuildIn(tl, s.lang)
	// Frames of a run are about the same size: no regrowing for the next.
	b, err := f.AppendJSON(make([]byte, 0, max(s.frameCap, 512+256*len(f.Nodes))))
	if err != nil {
		return s.refuse("frame", s.failure("frame", err))[0]
	}
	s.frameCap = len(b) + len(b)/4
	return b
}

func (s *Session) playingMsg() []byte {
	return encode(s.cfg.Log, playingMsg{Type: "playing", Playing: s.playing, Speed: s.speed})
}

// encode marshals an outgoing message. It cannot fail for the messages this
// package makes; if it does, the client gets an error instead.
func encode(log *slog.Logger, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		log.Error("encoding a session message", "err", err)
		b, _ = json.Marshal(errorMsg{Type: "error", Error: "internal error: a message could not be encoded (it is logged)"})
	}
	return b
}

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
	var seedText string
	takeQuery("algorithm", &req.Algorithm)
	takeQuery("scenario", &req.Scenario)
	takeQuery("seed", &seedText)
	if req.Algorithm == "" {
		return refuse(fmt.Errorf(`open needs "algorithm": one of %s`, algorithmIDs()))
	}
	alg, err := algos.Get(req.Algorithm)
	if err != nil {
		return refuse(err)
	}

	lreq := launch.Request{Scenario: req.Scenario, Params: req.Params, Query: query, Seed: req.Seed}
	if req.Seed == nil && seedText != "" {
		seed, err := strconv.ParseInt(strings.TrimSpace(seedText), 10, 64)
		if err != nil {
			return refuse(fmt.Errorf("seed %q is not a whole number in 0..%d", seedText, int64(algos.MaxSeed)))
		}
		lreq.Seed = &seed
	}
	tl, r, err := launch.Open(alg, lreq, s.cfg.MaxEvents)
	if err != nil {
		return refuse(err)
	}
	run, err := s.cfg.Store.Add(tl)
	if err != nil {
		return refuse(err)
	}
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
	return s.take(run, shown)
}

// attach takes over a stored run.
func (s *Session) attach(req request) [][]byte {
	if req.ID == "" {
		return s.refuse(req.Type, errors.New(`attach needs "id", the id of a stored run (POST /api/runs or POST /api/traces answer it)`))
	}
	run, ok := s.cfg.Store.Hold(req.ID)
	if !ok {
		return s.refuse(req.Type, fmt.Errorf("no run %q: it never existed or was forgotten (runs live in memory; the least recently used are evicted, and all on a restart)", req.ID))
	}
	return s.take(run, nil)
}

// take makes run the session's run and answers run and frame. query nil:
// the run's parameters that were given, as the address bar shows them.
func (s *Session) take(run Run, query map[string]string) [][]byte {
	var out [][]byte
	if s.playing {
		s.playing = false
		out = append(out, s.playingMsg())
	}
	if s.has {
		s.cfg.Store.Release(s.run)
	}
	s.run, s.has = run, true
	s.locked(func(tl *timeline.Timeline) {
		if query == nil {
			query = map[string]string{"algorithm": tl.Alg.ID, "seed": strconv.FormatInt(tl.Seed, 10)}
			for k, text := range tl.Params.Query() {
				if tl.Params.Has(k) {
					query[k] = text
				}
			}
		}
		out = append(out, encode(s.cfg.Log, runMsg{Type: "run", ID: run.ID, Algorithm: tl.Alg, Params: tl.Params,
			Query: query, Seed: tl.Seed, Nodes: tl.Nodes, Theory: tl.Alg.Evaluate(tl.Params)}))
		out = append(out, s.frameMsg(tl))
		// The client starts from nothing on `run`.
		s.sent, s.forks, s.dirty, s.drop = 0, tl.Forks(), true, false
	})
	return out
}

func (s *Session) play(req request) [][]byte {
	if req.Speed == nil {
		return s.refuse(req.Type, fmt.Errorf(`play needs "speed", in steps per second (%g to %g)`, MinSpeed, MaxSpeed))
	}
	sp := *req.Speed
	if math.IsNaN(sp) || sp < MinSpeed || sp > MaxSpeed {
		return s.refuse(req.Type, fmt.Errorf("speed %g is outside %g to %g steps per second", sp, MinSpeed, MaxSpeed))
	}
	if !s.has {
		return s.refuse(req.Type, errors.New(`there is no run to play: send {"type": "open", "algorithm": …} first`))
	}
	s.speed = sp
	if !s.playing {
		// The first tick takes a step at once.
		s.playing, s.credit, s.last, s.nextFrame = true, 1, time.Time{}, time.Time{}
		s.locked(func(tl *timeline.Timeline) {
			if tl.AtEnd() && tl.Ended() {
				s.playing = false // nothing is left to play
			}
		})
	}
	return [][]byte{s.playingMsg()}
}

// Tick plays the run on at time now: it takes the steps due at the speed
// (every step when fast, a step every few ticks when slow) and answers with
// one frame, or nothing if no step is due. At the end of the run, or at its
// event limit, it stops and answers `playing` false too. Call it every
// FrameInterval while Playing; time only needs to be monotonic.
func (s *Session) Tick(now time.Time) [][]byte {
	if !s.playing || !s.has {
		return nil
	}
	if s.last.IsZero() {
		s.last = now
	}
	if !s.nextFrame.IsZero() && now.Before(s.nextFrame.Add(-frameJitter)) {
		return nil // too soon for a frame; the time counts next time
	}
	dt := min(max(now.Sub(s.last), 0), maxTickGap)
	s.last = now
	s.credit += dt.Seconds() * s.speed
	due := int(s.credit)
	if due == 0 {
		return nil
	}
	s.credit -= float64(due)
	var out [][]byte
	var failed error
	s.locked(func(tl *timeline.Timeline) {
		for range due {
			ok, err := tl.Forward()
			if err != nil {
				failed = err
				break
			}
			if !ok {
				break
			}
		}
		if failed != nil || (tl.AtEnd() && tl.Ended()) {
			s.playing = false
		}
		s.dirty = true
		out = append(out, s.frameMsg(tl))
	})
	s.nextFrame = s.nextFrame.Add(FrameInterval)
	if s.nextFrame.Before(now) { // the first frame, or far behind
		s.nextFrame = now.Add(FrameInterval)
	}
	if failed != nil {
		out = append(out, s.refuse("play", s.failure("play", failed))...)
	}
	if !s.playing {
		out = append(out, s.playingMsg())
	}
	return out
}

// Events gives the next `events` message the client lacks, or nil once it
// has every event. After each Handle or Tick, call it until it returns nil;
// the batches may be interleaved with the client's next messages. After a
// fork (here or by another session on the same run) it starts again from
// the first event that changed.
func (s *Session) Events() []byte {
	if !s.dirty || !s.has {
		return nil
	}
	var out []byte
	s.locked(func(tl *timeline.Timeline) {
		if kept, forked := tl.ForkedSince(s.forks); forked && kept < s.sent {
			s.sent, s.drop = kept, true
		}
		s.forks = tl.Forks()
		if n := tl.Len(); s.sent > n {
			s.sent, s.drop = n, true
		}
		if s.sent == tl.Len() && !s.drop {
			s.dirty = false
			return
		}
		first, last := s.sent+1, min(tl.Len(), s.sent+MaxBatch)
		out = s.eventsMsg(tl, first, last)
		s.sent, s.drop = last, false
	})
	return out
}

// eventsMsg encodes events first..last and their narration.
func (s *Session) eventsMsg(tl *timeline.Timeline, first, last int64) []byte {
	b := make([]byte, 0, 256*(last-first+1)+64)
	b = append(b, `{"type":"events","from":`...)
	b = strconv.AppendInt(b, first, 10)
	b = append(b, `,"events":[`...)
	evs := make([]engine.Event, 0, max(last-first+1, 0))
	for seq := first; seq <= last; seq++ {
		e := tl.Event(seq)
		evs = append(evs, e)
		if seq > first {
			b = append(b, ',')
		}
		var err error
		if b, err = e.AppendJSON(b); err != nil {
			return s.refuse("events", s.failure("events", err))[0]
		}
	}
	lines := narrate.For(tl.Alg, tl.Nodes).In(s.lang).Lines(evs)
	if lines == nil {
		lines = []narrate.Line{}
	}
	lb, err := json.Marshal(lines)
	if err != nil {
		return s.refuse("events", s.failure("events", err))[0]
	}
	b = append(b, `],"lines":`...)
	b = append(b, lb...)
	return append(b, '}')
}

func algorithmIDs() string {
	var ids []string
	for _, a := range algos.All() {
		ids = append(ids, a.ID)
	}
	return strings.Join(ids, ", ")
}
