package frame

import (
	"bytes"
	"math"

	"distviz/engine"
	"distviz/narrate"
	"distviz/timeline"
)

// Encoder writes one client's frames: the whole frame first, then deltas,
// each only what changed since the frame the client holds (nodes whose
// role, crashed state or variables changed, messages in flight added and
// removed, the timers, counters and outcome fields that changed, and the
// step's narration). Applying a delta to the frame before it gives exactly
// the whole frame (docs/protocol.md says how; the browser's
// static/js/app/model.js does it).
//
// It asks a process for its view only when the engine says the process may
// have changed since (engine.Sim.Touched), so a step costs what the step
// changed, not what the run holds: an unchanged node costs a
// comparison of two numbers and no allocation.
//
// The zero Encoder writes a whole frame first. Not safe for concurrent use.
type Encoder struct {
	has   bool               // the client holds the frame described below
	tl    *timeline.Timeline // the run it is of
	forks int                // tl.Forks() then
	lang  narrate.Lang

	stamps     []int64               // per process: engine.Sim.Touched then
	nodes      [][]byte              // per process: its JSON as sent
	flights    []flightKey           // the messages in flight, in their frame order
	timers     []byte                // JSON as sent
	byType     []byte                // JSON as sent
	byProcess  []engine.ProcessCount // as sent
	outcome    []byte                // JSON as sent
	fields     []field               // the outcome's fields when it is an object, else nil
	violations []byte                // JSON as sent
	nviol      int                   // violations up to the frame's event
	nodeBytes  int64                 // the capacity of nodes' JSON, summed

	// scratch space, kept between frames
	flightBuf engine.FlightBuf
	node      []byte
	added     []int // indexes into the current flights
	removed   []int64
	changed   []int // positions whose node changed
}

// flightKey is what identifies a message in flight and the one thing about
// it that changes while it flies (whether it may be delivered next).
type flightKey struct {
	arrive int64
	id     int64
	next   bool
}

// Reset makes the next frame whole (the client has dropped its frame: a new
// run, or a new connection).
func (e *Encoder) Reset() { e.has = false }

// Append writes the state at tl's cursor, narrated in lang, after b: a
// whole frame (`"type":"frame"`) when the client holds none of this run or
// a delta would say about as much, else a delta (`"type":"delta"`).
func (e *Encoder) Append(b []byte, tl *timeline.Timeline, lang narrate.Lang) ([]byte, error) {
	if !e.has || e.tl != tl || tl.State().N() != len(e.stamps) {
		return e.whole(b, tl, lang)
	}
	s := tl.State()
	// Two states of one history agree on a process whose stamps agree; after
	// a fork, only on what both histories kept.
	kept := e.kept(tl)
	n := s.N()
	candidates := 0
	for p := range n {
		if !e.fresh(s.Touched(p), p, kept) {
			candidates++
		}
	}
	flights := s.FlightsInto(&e.flightBuf)
	e.diffFlights(flights)
	// A far seek changes most of the picture: the whole frame is no bigger.
	if candidates > 8 && 2*candidates > n || len(e.added)+len(e.removed) > max(8, len(flights)) {
		return e.whole(b, tl, lang)
	}
	return e.delta(b, tl, lang, kept, flights)
}

// Whole writes the whole frame at tl's cursor, narrated in lang, after b,
// as Frame.AppendJSON does, for a client that takes no deltas: the nodes
// are written from their JSON kept since the frame before, asking the
// processes that may have changed since for their views, so a step's frame
// costs what the step changed and the copying of the rest. (What a delta
// compares with is not kept: this client takes none.)
func (e *Encoder) Whole(b []byte, tl *timeline.Timeline, lang narrate.Lang) ([]byte, error) {
	e.has = false
	b, _, err := e.writeWhole(b, tl, lang)
	return b, err
}

// writeWhole writes the whole frame; f is the frame around the nodes.
func (e *Encoder) writeWhole(b []byte, tl *timeline.Timeline, lang narrate.Lang) ([]byte, Frame, error) {
	if err := e.refresh(tl); err != nil {
		return b, Frame{}, err
	}
	f := buildAround(tl, lang)
	b = f.appendHead(b)
	b = append(b, `,"nodes":[`...)
	for p, nd := range e.nodes {
		if p > 0 {
			b = append(b, ',')
		}
		b = append(b, nd...)
	}
	b = append(b, ']')
	b, err := f.appendTail(b)
	return b, f, err
}

// whole writes the whole frame and remembers it as the client's.
func (e *Encoder) whole(b []byte, tl *timeline.Timeline, lang narrate.Lang) ([]byte, error) {
	e.has = false
	b, f, err := e.writeWhole(b, tl, lang)
	if err != nil {
		return b, err
	}
	e.lang = lang
	e.byProcess = append(e.byProcess[:0], f.Messages.ByProcess...)
	e.flights = e.flights[:0]
	for _, m := range f.Flights {
		e.flights = append(e.flights, flightKey{arrive: m.Arrive, id: m.ID, next: m.Next})
	}
	e.timers, _ = appendValue(e.timers[:0], f.Timers)
	e.byType, _ = appendValue(e.byType[:0], f.Messages.ByType)
	e.outcome, _ = appendValue(e.outcome[:0], f.Outcome)
	e.fields = fieldsOf(e.outcome, e.fields[:0])
	e.violations, _ = appendValue(e.violations[:0], f.Violations)
	e.nviol = len(f.Violations)
	e.has = true
	return b, nil
}

// refresh brings the nodes' JSON (nodes) to the state at tl's cursor and
// lists in changed the positions whose JSON changed. It asks for a view
// only of the processes whose stamps say they may have changed since (every
// process when the nodes kept are of another run, or of none).
func (e *Encoder) refresh(tl *timeline.Timeline) error {
	s := tl.State()
	n := s.N()
	all := e.tl != tl || len(e.stamps) != n || len(e.nodes) != n
	kept := e.kept(tl)
	if all {
		e.stamps = resize(e.stamps, n)
		if len(e.nodes) != n {
			e.nodes, e.nodeBytes = make([][]byte, n), 0
		}
	}
	e.changed = e.changed[:0]
	for p := range n {
		st := s.Touched(p)
		if !all && e.fresh(st, p, kept) {
			continue
		}
		nd := nodeAt(tl, s, p)
		var err error
		if e.node, err = appendNode(e.node[:0], &nd); err != nil {
			e.tl = nil // the nodes kept are not all of this state
			return err
		}
		e.stamps[p] = st
		if !all && bytes.Equal(e.node, e.nodes[p]) {
			continue
		}
		c := cap(e.nodes[p])
		e.nodes[p] = append(e.nodes[p][:0], e.node...)
		e.nodeBytes += int64(cap(e.nodes[p]) - c)
		e.changed = append(e.changed, p)
	}
	e.tl, e.forks = tl, tl.Forks()
	return nil
}

// Held is about the memory the encoder keeps between frames: the JSON of
// every node as sent (at 10,000 processes some megabytes a client), the
// lists and scratch space.
func (e *Encoder) Held() int64 {
	const word = 8
	n := e.nodeBytes + int64(cap(e.nodes))*3*word + int64(cap(e.stamps)+cap(e.changed)+cap(e.added)+cap(e.removed))*word
	n += int64(cap(e.flights))*3*word + int64(cap(e.byProcess))*3*word
	return n + int64(cap(e.node)+cap(e.timers)+cap(e.byType)+cap(e.outcome)+cap(e.violations))
}

// Drop lets go of all the encoder keeps; the next frame is whole.
func (e *Encoder) Drop() { *e = Encoder{} }

// fresh reports whether the node at p as sent is that of the state whose
// stamp for p is st: the stamps agree, on what both histories kept.
func (e *Encoder) fresh(st int64, p int, kept int64) bool {
	return st >= 0 && st == e.stamps[p] && st <= kept
}

// kept is the last event that the state the nodes were kept at shares with
// tl's history (all of them unless tl was forked since).
func (e *Encoder) kept(tl *timeline.Timeline) int64 {
	if e.tl != tl || tl.Forks() == e.forks {
		return math.MaxInt64
	}
	kept, _ := tl.ForkedSince(e.forks)
	return kept
}

// diffFlights finds the messages added (or whose deliverability changed)
// and removed since the client's frame; both lists are in (arrival, id)
// order, the order of a frame's flights.
func (e *Encoder) diffFlights(cur []engine.Flight) {
	e.added, e.removed = e.added[:0], e.removed[:0]
	i, j := 0, 0
	for i < len(e.flights) || j < len(cur) {
		var c int
		switch {
		case i == len(e.flights):
			c = 1
		case j == len(cur):
			c = -1
		default:
			o := e.flights[i]
			c = cmpFlight(o.arrive, o.id, cur[j].Arrive, cur[j].ID)
		}
		switch {
		case c < 0: // gone
			e.removed = append(e.removed, e.flights[i].id)
			i++
		case c > 0: // new
			e.added = append(e.added, j)
			j++
		default:
			if e.flights[i].next != cur[j].Next {
				e.added = append(e.added, j)
			}
			i++
			j++
		}
	}
}

func cmpFlight(at1, id1, at2, id2 int64) int {
	switch {
	case at1 < at2 || at1 == at2 && id1 < id2:
		return -1
	case at1 == at2 && id1 == id2:
		return 0
	}
	return 1
}

// delta writes what changed since the client's frame and makes the state
// at the cursor the client's.
func (e *Encoder) delta(b []byte, tl *timeline.Timeline, lang narrate.Lang, kept int64, flights []engine.Flight) ([]byte, error) {
	var err error
	s := tl.State()
	seq := tl.Seq()
	head := Frame{Type: "delta", Step: tl.Cursor(), Steps: tl.Steps(), Seq: seq, Events: tl.Len(), Time: s.Now(), Ended: tl.Ended(), AtEnd: tl.AtEnd()}
	b = head.appendHead(b)

	// The nodes that changed.
	if err := e.refresh(tl); err != nil {
		e.has = false
		return b, err
	}
	b = append(b, `,"nodes":[`...)
	for k, p := range e.changed {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, e.nodes[p]...)
	}
	b = append(b, ']')

	// The messages in flight that came and went.
	if len(e.added) > 0 {
		b = append(b, `,"flightsAdded":[`...)
		for k, j := range e.added {
			if k > 0 {
				b = append(b, ',')
			}
			m := &flights[j]
			s.Label(m)
			if b, err = appendFlight(b, m); err != nil {
				e.has = false
				return b, err
			}
		}
		b = append(b, ']')
	}
	if len(e.removed) > 0 {
		b = append(b, `,"flightsRemoved":[`...)
		for k, id := range e.removed {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv64(b, id)
		}
		b = append(b, ']')
	}
	e.flights = e.flights[:0]
	for _, m := range flights {
		e.flights = append(e.flights, flightKey{arrive: m.Arrive, id: m.ID, next: m.Next})
	}

	// The timers, whole when they changed (a run has few).
	timers := s.Timers()
	if timers == nil {
		timers = []engine.PendingTimer{}
	}
	if e.node, err = appendValue(e.node[:0], timers); err != nil {
		e.has = false
		return b, err
	}
	if !bytes.Equal(e.node, e.timers) {
		e.timers = append(e.timers[:0], e.node...)
		b = append(b, `,"timers":`...)
		b = append(b, e.node...)
	}

	// The counters: totals always, by type when changed, by process those
	// that changed.
	m := s.Metrics()
	b = appendInt(b, `,"messages":{"sent":`, m.Sent)
	b = appendInt(b, `,"delivered":`, m.Delivered)
	b = appendInt(b, `,"dropped":`, m.Dropped)
	e.node = e.appendByType(e.node[:0], m)
	if !bytes.Equal(e.node, e.byType) {
		e.byType = append(e.byType[:0], e.node...)
		b = append(b, `,"byType":`...)
		b = append(b, e.node...)
	}
	first := true
	for p, c := range m.ByProcess {
		if c == e.byProcess[p] {
			continue
		}
		e.byProcess[p] = c
		if first {
			b = append(b, `,"byProcess":[`...)
			first = false
		} else {
			b = append(b, ',')
		}
		b = appendCount(appendInt(b, `{"pos":`, int64(p)), ",", c)
	}
	if !first {
		b = append(b, ']')
	}
	b = append(b, '}')

	// The outcome: the fields that changed when it is an object and stays one.
	if e.node, err = appendValue(e.node[:0], s.Outcome()); err != nil {
		e.has = false
		return b, err
	}
	if !bytes.Equal(e.node, e.outcome) {
		// (the old fields point into e.outcome: compare before overwriting it)
		if fields := fieldsOf(e.node, nil); fields == nil || e.fields == nil {
			b = append(b, `,"outcome":`...)
			b = append(b, e.node...)
		} else {
			b = appendFieldDiff(b, e.fields, fields)
		}
		e.outcome = append(e.outcome[:0], e.node...)
		e.fields = fieldsOf(e.outcome, e.fields[:0])
	}

	// The violations, whole when they changed (they only grow along a history).
	nviol := violationsUpTo(tl, seq)
	if nviol != e.nviol || lang != e.lang || kept != math.MaxInt64 {
		vs := ViolationsIn(tl, lang, seq)
		if e.node, err = appendValue(e.node[:0], vs); err != nil {
			e.has = false
			return b, err
		}
		if !bytes.Equal(e.node, e.violations) {
			e.violations = append(e.violations[:0], e.node...)
			b = append(b, `,"violations":`...)
			b = append(b, e.node...)
		}
		e.nviol = nviol
	}

	// What the step at the cursor did: always.
	b = append(b, `,"narration":`...)
	if b, err = appendValue(b, StepNarration(tl, lang, tl.Cursor())); err != nil {
		e.has = false
		return b, err
	}
	e.forks, e.lang = tl.Forks(), lang
	return append(b, '}'), nil
}
