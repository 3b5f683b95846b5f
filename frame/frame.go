// Package frame renders the state at a timeline's cursor as the data the
// browser draws. Views are functions of this state: the browser holds no
// algorithm logic and draws exactly what a frame says.
package frame

import (
	"distviz/engine"
	"distviz/narrate"
	"distviz/timeline"
	"distviz/trace"
)

// Frame is one picture of a run.
type Frame struct {
	Type       string                `json:"type"` // "frame"
	Step       int                   `json:"step"`
	Steps      int                   `json:"steps"` // steps computed so far
	Seq        int64                 `json:"seq"`   // last event at the cursor
	Events     int64                 `json:"events"`
	Time       int64                 `json:"time"`
	Ended      bool                  `json:"ended"` // the run has ended (nothing left to happen)
	AtEnd      bool                  `json:"atEnd"` // the cursor is at the last computed step
	Nodes      []Node                `json:"nodes"`
	Flights    []engine.Flight       `json:"flights"`
	Timers     []engine.PendingTimer `json:"timers"`
	Messages   trace.Messages        `json:"messages"`
	Outcome    any                   `json:"outcome"`
	Violations []trace.Violation     `json:"violations"`
	Step1      []narrate.Line        `json:"narration"` // what the step at the cursor did
}

// Node is one process as drawn.
type Node struct {
	Pos     int          `json:"pos"`
	ID      int          `json:"id"`
	Label   string       `json:"label"`
	Role    string       `json:"role"`
	Crashed bool         `json:"crashed"`
	Vars    []engine.Var `json:"vars"`
}

// Build renders the state at the cursor, narrated in English.
func Build(tl *timeline.Timeline) Frame { return BuildIn(tl, narrate.English) }

// BuildIn renders the state at the cursor, narrated in a language.
func BuildIn(tl *timeline.Timeline, lang narrate.Lang) Frame {
	f := buildAround(tl, lang)
	s := tl.State()
	f.Nodes = make([]Node, s.N())
	for p := range f.Nodes {
		f.Nodes[p] = nodeAt(tl, s, p)
	}
	return f
}

// buildAround renders everything at the cursor but the nodes (nil), which
// Encoder keeps from frame to frame.
func buildAround(tl *timeline.Timeline, lang narrate.Lang) Frame {
	s := tl.State()
	m := s.Metrics()
	f := Frame{
		Type: "frame", Step: tl.Cursor(), Steps: tl.Steps(), Seq: tl.Seq(), Events: tl.Len(),
		Time: s.Now(), Ended: tl.Ended(), AtEnd: tl.AtEnd(),
		Flights: s.InFlight(), Timers: s.Timers(),
		Messages: trace.Messages{Sent: m.Sent, Delivered: m.Delivered, Dropped: m.Dropped,
			ByType: trace.TypeCounts{Types: m.Types}, ByProcess: m.ByProcess},
		Outcome:    s.Outcome(),
		Violations: []trace.Violation{},
	}
	for _, c := range m.ByType {
		f.Messages.ByType.Counts = append(f.Messages.ByType.Counts, c.Sent)
	}
	if f.Flights == nil {
		f.Flights = []engine.Flight{}
	}
	if f.Timers == nil {
		f.Timers = []engine.PendingTimer{}
	}
	f.Violations = ViolationsIn(tl, lang, f.Seq)
	f.Step1 = StepNarration(tl, lang, f.Step)
	return f
}

// nodeAt is the process at position p as drawn.
func nodeAt(tl *timeline.Timeline, s *engine.Sim, p int) Node {
	v := s.Process(p).View()
	nd := Node{Pos: p, ID: tl.Nodes[p].ID, Label: tl.Nodes[p].Label, Role: v.Role, Crashed: s.Crashed(p), Vars: v.Vars}
	if nd.Crashed {
		nd.Role = "crashed"
	}
	return nd
}

// ViolationsIn gives the violations of events up to seq, their texts in a
// language: the banner says what the narration says, in the reader's.
func ViolationsIn(tl *timeline.Timeline, lang narrate.Lang, seq int64) []trace.Violation {
	vs := trace.ViolationsUpTo(tl, seq)
	if lang != narrate.English {
		r := narrate.For(tl.Alg, tl.Nodes).In(lang)
		for i := range vs {
			vs[i].Text = r.Text(vs[i].Said)
		}
	}
	return vs
}

// StepNarration gives the narration of step k's events (a frame's
// narration at step k) in a language; empty, not nil, when it has none.
func StepNarration(tl *timeline.Timeline, lang narrate.Lang, k int) []narrate.Line {
	first := int64(1)
	if k > 0 {
		first = tl.StepEnd(k-1) + 1
	}
	lines := NarrateIn(tl, lang, first, tl.StepEnd(k))
	if lines == nil {
		lines = []narrate.Line{}
	}
	return lines
}

// Narrate gives the narration of events first..last in English.
func Narrate(tl *timeline.Timeline, first, last int64) []narrate.Line {
	return NarrateIn(tl, narrate.English, first, last)
}

// NarrateIn gives the narration of events first..last in a language.
func NarrateIn(tl *timeline.Timeline, lang narrate.Lang, first, last int64) []narrate.Line {
	if first > last {
		return nil
	}
	evs := make([]engine.Event, 0, last-first+1)
	for seq := first; seq <= last; seq++ {
		evs = append(evs, tl.Event(seq))
	}
	return narrate.For(tl.Alg, tl.Nodes).In(lang).Lines(evs)
}
