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
	"slices"
	"strings"
	"sync"
	"time"

	"distviz/engine"
	"distviz/experiment"
	"distviz/frame"
	"distviz/internal/budget"
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
	// FrameInterval is the autoplay frame period: at most 60 frames a
	// second (a display's refresh rate, so a page that keeps up draws a
	// new picture every refresh), several steps a frame at high speeds.
	// Call Tick this often.
	FrameInterval = time.Second / 60
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
	// to the server's budget, now and as the run grows (unless the run is
	// charged already), and fails when the budget cannot hold it.
	Add(tl *timeline.Timeline) (Run, error)
	// Hold finds a stored run by id and holds it.
	Hold(id string) (Run, bool)
	// Release lets go of a run held before.
	Release(run Run)
	// Holders is how many hold a run now: sessions looking at it and
	// downloads of it under way.
	Holders(run Run) int
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
	// Meter, if set, is charged for the copies of shared runs the session
	// makes (the memory budget, which Store charges for the rest).
	Meter timeline.Meter
	// Gate, if set, gives the session's expensive work (open, last, a far
	// seek, play, copying a shared run) its turn among the server's other
	// CPU-heavy requests.
	Gate Gate
	// MaxNodes, if positive, refuses runs of more processes than a frame
	// should carry.
	MaxNodes int
	// Ahead, if positive, is how many events a run is computed ahead of
	// the cursor when it opens and after each action (up to its end or
	// event limit): the client's timeline then spans the whole run from
	// the start, not only what was played. Zero: runs grow as they are
	// stepped.
	Ahead int64
}

// Session is one client's view of one run. Not safe for concurrent use: one
// goroutine owns it (it locks the run itself).
type Session struct {
	cfg  Config
	run  Run
	has  bool // a run is open
	lang narrate.Lang

	// The session's own step in the run: others attached to the same run
	// have theirs.
	cursor int

	// The events the client holds are 1..sent, copied when the run had been
	// forked `forks` times. dirty: events may be due; drop: the client must
	// drop its events after sent even if none follow.
	sent  int64
	forks int
	dirty bool
	drop  bool

	stamps stamps // the Lamport and vector stamps of the events sent

	frameCap int // room for the next frame
	// deltas: the client applies deltas (open or attach asked for them);
	// frames writes them.
	deltas bool
	frames frame.Encoder
	enc    budget.Account // what the encoder's memory is charged to the budget
	spare  spare          // the memory of whole frames, reused

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
	return &Session{cfg: cfg, lang: narrate.English, speed: 1,
		enc:   budget.NewAccount(cfg.Meter, "a session's frame encoder"),
		spare: spare{acct: budget.NewAccount(cfg.Meter, "a session's frame memory")},
	}
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
	// The rest move in the run or change it; heavy says whether a move may
	// take long (it then waits its turn for a worker).
	var move func(tl *timeline.Timeline) error
	var heavy func(tl *timeline.Timeline) bool
	far := func(k func(tl *timeline.Timeline) int) func(tl *timeline.Timeline) bool {
		return func(tl *timeline.Timeline) bool { return tl.SeekCost(s.cursor)+tl.SeekCost(k(tl)) > heavySteps }
	}
	switch req.Type {
	case "step":
		move = func(tl *timeline.Timeline) error { _, err := tl.Forward(); return err }
	case "back":
		move = func(tl *timeline.Timeline) error { return tl.Back() }
		heavy = far(func(*timeline.Timeline) int { return s.cursor - 1 })
	case "first":
		move = func(tl *timeline.Timeline) error { return tl.Seek(0) }
		heavy = far(func(*timeline.Timeline) int { return 0 })
	case "last":
		move = func(tl *timeline.Timeline) error { return tl.Run(0) }
		heavy = func(*timeline.Timeline) bool { return true }
	case "seek":
		if req.Step == nil {
			return s.refuse(req.Type, errors.New(`seek needs "step", the step to move to (0 is the start)`))
		}
		k := *req.Step
		move = func(tl *timeline.Timeline) error { return tl.Seek(k) }
		heavy = far(func(*timeline.Timeline) int { return k })
	case "seekSeq":
		if req.Seq == nil {
			return s.refuse(req.Type, errors.New(`seekSeq needs "seq", the sequence number of an event (1 is the first)`))
		}
		seq := *req.Seq
		move = func(tl *timeline.Timeline) error { return tl.SeekSeq(seq) }
		heavy = far(func(tl *timeline.Timeline) int { return tl.StepOf(seq) })
	case "action":
		if len(req.Action) == 0 || string(req.Action) == "null" {
			return s.refuse(req.Type, errors.New(`action needs "action", an object such as {"type": "crash", "node": 3}`))
		}
		a, err := decodeAction(req.Action)
		if err != nil {
			return s.refuse(req.Type, err)
		}
		return s.act(a)
	}
	return s.move(req.Type, heavy, move)
}

// heavySteps is how many steps a seek may replay before it counts as heavy
// work: about a millisecond's.
const heavySteps = 1024

// isFull reports whether err is the memory budget's refusal.
func isFull(err error) bool {
	var full *budget.Error
	return errors.As(err, &full)
}

// clientError marks a failure that is the client's to fix, not a bug.
type clientError struct{ error }

func (e clientError) Unwrap() error { return e.error }

// noRun refuses a message that needs a run before there is one.
func (s *Session) noRun(typ string) [][]byte {
	return s.refuse(typ, fmt.Errorf(`there is no run yet: send {"type": "open", "algorithm": …} or {"type": "attach", "id": …} first`))
}

// withRun does f on the run at the session's cursor, under the run's lock,
// and answers with a frame, and an error if f failed.
func (s *Session) withRun(typ string, f func(tl *timeline.Timeline) error) [][]byte {
	if !s.has {
		return s.noRun(typ)
	}
	var out [][]byte
	var failed error
	err := s.atCursor(func(tl *timeline.Timeline) {
		if f != nil {
			failed = f(tl)
			s.dirty = true
		}
		out = append(out, s.frameMsg(tl))
	})
	if err != nil {
		failed = err
	}
	if failed != nil {
		out = append(out, s.refuse(typ, s.failure(typ, failed))...)
	}
	return out
}

// failure words an error of the timeline for the client; the server's own
// failures are logged.
func (s *Session) failure(typ string, err error) error {
	var ce clientError
	var full *budget.Error
	var refused *engine.TextError
	switch {
	case errors.As(err, &refused) && s.has:
		// the engine's refusal of an action, in the session's language
		return errors.New(narrate.For(s.run.TL.Alg, s.run.TL.Nodes).In(s.lang).Text(engine.T("engine.refused", engine.Sub(refused.Text))))
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
	b := s.buildFrame(tl)
	if err := s.chargeEncoder(); err != nil {
		return s.refuse("frame", err)[0]
	}
	return s.lend(b)
}

func (s *Session) buildFrame(tl *timeline.Timeline) []byte {
	if s.deltas {
		// A delta is small; a whole frame takes the room it needs.
		b, err := s.frames.Append(s.room(1024), tl, s.lang)
		if err != nil {
			s.frames.Reset()
			return s.refuse("frame", s.failure("frame", err))[0]
		}
		return b
	}
	// A whole frame, its nodes written from those of the frame before but
	// what the step changed (at 10,000 processes a step's frame is a
	// megabyte: making it anew each time was most of the server's work).
	// Frames of a run are about the same size: no regrowing for the next.
	b, err := s.frames.Whole(s.room(max(s.frameCap, 512+256*len(tl.Nodes))), tl, s.lang)
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
