// Package export writes a run in the formats other tools read: a ShiViz
// (GoVector) log with every event's vector clock, the topology and the
// parent links as Graphviz DOT, and the space-time diagram as a TikZ
// picture. Each format is a file of its own and one line of Formats; every
// writer streams to an io.Writer, reading the run a chunk at a time under
// its lock (as trace.WriteShared does) and writing without it.
package export

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"distviz/causal"
	"distviz/engine"
	"distviz/timeline"
)

// Source is the run to export.
type Source struct {
	TL *timeline.Timeline
	// Lock is held while TL is read (nil: nobody else uses TL).
	Lock sync.Locker
	// Last is the last event written (0: every event recorded so far). The
	// state DOT draws is TL's head: to draw an earlier step, export a
	// branch of the run (timeline.Branch).
	Last int64
}

// Format is one way to write a run.
type Format struct {
	Name        string // as ?format= names it
	Ext         string // the file name's extension
	ContentType string
	// Refuse says why a run cannot be written in the format (nil: it can);
	// call it under the run's lock.
	Refuse func(tl *timeline.Timeline) error
	// State says the format draws the run's state (DOT) rather than its
	// events: a step before the head needs a branch of the run.
	State bool
	Write func(w io.Writer, src Source) error
}

// Formats are the export formats, in the order the page offers them.
var Formats = []Format{
	{Name: "shiviz", Ext: "log", ContentType: "text/plain; charset=utf-8", Refuse: refuseShiViz, Write: WriteShiViz},
	{Name: "dot", Ext: "dot", ContentType: "text/vnd.graphviz; charset=utf-8", State: true, Write: WriteDOT},
	{Name: "tikz", Ext: "tex", ContentType: "application/x-tex; charset=utf-8", Write: WriteTikZ},
}

// Lookup finds a format by name.
func Lookup(name string) (Format, bool) {
	for _, f := range Formats {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}

// Names lists the formats' names: "shiviz, dot, tikz".
func Names() string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

type noLock struct{}

func (noLock) Lock()   {}
func (noLock) Unlock() {}

func (src Source) locker() sync.Locker {
	if src.Lock == nil {
		return noLock{}
	}
	return src.Lock
}

// item is an event with its Lamport and vector stamp (package causal).
type item struct {
	e       engine.Event
	st      causal.Stamp
	stamped bool // the event is one of Lamport's: a send, a receive or a local event
	// notes are what its process narrated in the step a stamped receive or
	// local event began.
	notes []engine.Text
}

// chunkEvents is how many events each reads under the lock at a time.
const chunkEvents = 2048

// errForked ends an export whose run was forked before its last event
// while it was being written.
var errForked = errors.New("the run was forked while it was being exported")

// each calls f with events 1..src.Last in order, stamped by package causal
// as the page stamps them. It reads a chunk of events under the lock and
// calls f without it.
func each(src Source, f func(it *item) error) error {
	lock := src.locker()
	lock.Lock()
	last, forks, n := src.Last, src.TL.Forks(), src.TL.Head().N()
	if last <= 0 || last > src.TL.Len() {
		last = src.TL.Len()
	}
	lock.Unlock()
	st := causal.New(n)
	buf := make([]item, 0, min(chunkEvents, last))
	for from := int64(1); from <= last; from += chunkEvents {
		to := min(last, from+chunkEvents-1)
		lock.Lock()
		var err error
		buf, err = readItems(buf[:0], src.TL, st, from, to, forks)
		lock.Unlock()
		if err != nil {
			return err
		}
		for i := range buf {
			if err := f(&buf[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// readItems appends events from..to with their stamps. Call it with the
// run's lock held.
func readItems(b []item, tl *timeline.Timeline, st *causal.Stamper, from, to int64, forks int) ([]item, error) {
	if kept, forked := tl.ForkedSince(forks); forked && kept < to {
		return b, fmt.Errorf("%w (at event %d)", errForked, kept)
	}
	at := func(seq int64) (engine.Event, bool) {
		if seq < 1 || seq > tl.Len() {
			return engine.Event{}, false
		}
		return tl.Event(seq), true
	}
	for seq := from; seq <= to; seq++ {
		it := item{e: tl.Event(seq)}
		it.st, it.stamped = st.Stamp(it.e, at)
		if it.stamped && it.e.Kind != engine.KindSend {
			it.notes = notesOf(owner(&it.e), seq, at)
		}
		b = append(b, it)
	}
	return b, nil
}

// notesOf collects the notes p wrote in the step that event seq began.
func notesOf(p int, seq int64, at causal.Event) []engine.Text {
	var out []engine.Text
	for s := seq + 1; ; s++ {
		e, ok := at(s)
		if !ok || causal.StartsStep(e.Kind) {
			return out
		}
		if e.Kind == engine.KindNote && int(e.Node) == p {
			out = append(out, e.Text)
		}
	}
}

// owner is the process a stamped event happens at.
func owner(e *engine.Event) int {
	switch e.Kind {
	case engine.KindSend:
		return int(e.From)
	case engine.KindDeliver:
		return int(e.To)
	case engine.KindAction:
		if e.Action != nil {
			return e.Action.Node
		}
	}
	return int(e.Node)
}
