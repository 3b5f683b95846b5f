package session

import (
	"strconv"

	"distviz/causal"
	"distviz/engine"
	"distviz/timeline"
)

// stamps keeps the Lamport and vector stamps of the events the client
// holds (package causal), so that each batch of events carries its own:
// the stamper goes on from the last batch, or starts over when the events
// before the batch are not the ones it stamped (a new run, a fork, a copy).
type stamps struct {
	of *timeline.Timeline
	st *causal.Stamper
}

// appendStamps writes the stamps of evs, the events from seq first on, as
// a JSON array (null for an event that is not a send, a receive or a
// local event).
func (x *stamps) appendStamps(b []byte, tl *timeline.Timeline, evs []engine.Event, first int64) []byte {
	at := func(seq int64) (engine.Event, bool) {
		if seq < 1 || seq > tl.Len() {
			return engine.Event{}, false
		}
		return tl.Event(seq), true
	}
	if x.of != tl || x.st == nil || x.st.Next() != first {
		x.of, x.st = tl, causal.New(tl.Head().N())
		for seq := int64(1); seq < first; seq++ {
			e, _ := at(seq)
			x.st.Stamp(e, at)
		}
	}
	b = append(b, '[')
	for i, e := range evs {
		if i > 0 {
			b = append(b, ',')
		}
		st, ok := x.st.Stamp(e, at)
		if !ok {
			b = append(b, "null"...)
			continue
		}
		b = appendStamp(b, st)
	}
	return append(b, ']')
}

// appendStamp writes a stamp as json.Marshal would, without reflection:
// a batch has thousands.
func appendStamp(b []byte, st causal.Stamp) []byte {
	b = append(b, `{"l":`...)
	b = strconv.AppendInt(b, st.L, 10)
	if len(st.V) > 0 {
		b = append(b, `,"v":[`...)
		for i, x := range st.V {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendUint(b, uint64(x), 10)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}
