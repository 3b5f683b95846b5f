package mutex

import (
	"cmp"
	"slices"

	"distviz/algo"
	"distviz/engine"
	"distviz/narrate"
)

// The family's outcome (ALGORITHMS.md 2): every entry with its moments as
// event numbers and virtual times, the messages attributed to it, its client
// and synchronisation delay and how often it was overtaken; the means and
// maxima; and the pairs of requests whose entries broke ME3.

// Entry is one stay in the critical section. Requested, Enter and Exit are
// the trace's event numbers (seq) of the notes "wants the critical section",
// "enters the critical section" and "leaves the critical section"; the
// *Time fields are the same moments in virtual time. Exit and ExitTime are
// null while the process is inside.
type Entry struct {
	Node          int          `json:"node"`
	RequestedAt   engine.Time  `json:"requestedAt"` // = requestedTime, kept for compatibility
	Requested     int64        `json:"requested"`
	Enter         int64        `json:"enter"`
	Exit          *int64       `json:"exit"`
	RequestedTime engine.Time  `json:"requestedTime"`
	EnterTime     engine.Time  `json:"enterTime"`
	ExitTime      *engine.Time `json:"exitTime"`
	// Messages attributed to the entry: those the algorithm sent for this
	// request, whenever they were sent: the requester's own (REQUEST,
	// RELEASE) and those that answer it (REPLY, GRANT, …). The token ring
	// charges TOKEN passes its own way (tokenringmutex.Outcome). So far,
	// while the process is inside.
	Messages    int64       `json:"messages"`
	ClientDelay engine.Time `json:"clientDelay"` // enterTime − requestedTime
	// SyncDelay is enterTime − the previous entry's exitTime, when this
	// request was already made at that exit; else null.
	SyncDelay *engine.Time `json:"syncDelay"`
	// Overtakes counts the entries that overtook this one: their requests
	// began to be served after this one's, yet they entered first.
	Overtakes int `json:"overtakes"`
}

// RequestRef names a request in an ME3 report: its process, the moment the
// algorithm started to serve it (event number and virtual time), and its
// entry's event number (null while it waits).
type RequestRef struct {
	Node          int         `json:"node"`
	Requested     int64       `json:"requested"`
	RequestedTime engine.Time `json:"requestedTime"`
	Enter         *int64      `json:"enter"`
}

// ME3Pair is a pair of requests whose entries break ME3: Earlier happened
// before Later, yet Later entered first. Information for the lecture, not a
// violation: only some algorithms promise ME3. Text explains it in English
// (the API documents it), from the family's text note.me3Pair.
type ME3Pair struct {
	Earlier RequestRef `json:"earlier"`
	Later   RequestRef `json:"later"`
	Text    string     `json:"text"`
}

// maxME3Listed bounds the ME3 list a frame carries; ME3Count counts them all.
const maxME3Listed = 50

// Outcome is a mutual-exclusion run's result.
type Outcome struct {
	Entries          []Entry      `json:"entries"`          // in order of entry
	Pending          int          `json:"pending"`          // requests of live processes made and not yet served
	Messages         int64        `json:"messages"`         // messages the algorithm sent, in all
	MessagesPerEntry *float64     `json:"messagesPerEntry"` // messages / entries; null before the first entry
	MeanClientDelay  *float64     `json:"meanClientDelay"`  // null before the first entry
	MaxClientDelay   *engine.Time `json:"maxClientDelay"`
	MeanSyncDelay    *float64     `json:"meanSyncDelay"` // over the entries with a syncDelay; null if none
	MaxSyncDelay     *engine.Time `json:"maxSyncDelay"`
	// MaxOvertakes is the largest Overtakes of an entry or of a request
	// still waiting (counted so far).
	MaxOvertakes int       `json:"maxOvertakes"`
	ME3          []ME3Pair `json:"me3"`      // the first maxME3Listed pairs, by the later request's entry
	ME3Count     int       `json:"me3Count"` // all pairs
}

// Family is the family's part of an outcome: an algorithm that extends the
// Outcome by embedding it (the token ring's idle passes) still offers it.
func (o Outcome) Family() Outcome { return o }

// entryRec is an entry with its process, for sorting.
type entryRec struct {
	node int
	e    *entry
}

// OutcomeOf gathers the outcome from every process's records; label names
// the processes in the ME3 texts.
func OutcomeOf(w engine.World, label func(int) string) Outcome {
	o := Outcome{Entries: []Entry{}, ME3: []ME3Pair{}}
	var recs []entryRec
	var waiting []entryRec // requests being served that have not entered yet
	for p := range w.N() {
		c := coreOf(w, p)
		if !w.Crashed(p) { // a crashed process's requests are moot, as the deadlock check says
			o.Pending += len(c.pending)
		}
		o.Messages += c.sent
		all := c.entries.AppendTo(nil)
		for i := range all {
			recs = append(recs, entryRec{p, &all[i]})
		}
		if r := waitingRequest(c); r != nil {
			waiting = append(waiting, entryRec{p, &entry{req: *r}})
		}
	}
	slices.SortFunc(recs, func(a, b entryRec) int { return cmp.Compare(a.e.enter.Seq(), b.e.enter.Seq()) })
	enters := make([]int64, len(recs))
	for i, r := range recs {
		enters[i] = r.e.enter.Seq()
	}
	// overtakes counts the entries among the first limit whose request began
	// after begun yet entered after it too: they overtook it.
	overtakes := func(begun int64, limit int) int {
		k, _ := slices.BinarySearch(enters[:limit], begun+1)
		n := 0
		for _, r := range recs[k:limit] {
			if r.e.req.begun.Seq() > begun {
				n++
			}
		}
		return n
	}
	var clientSum, syncSum float64
	syncs := 0
	for i, r := range recs {
		me := entryOut(w, r.node, r.e)
		me.Overtakes = overtakes(r.e.req.begun.Seq(), i)
		if i > 0 {
			if prev := recs[i-1].e; !prev.inside && r.e.req.made.Seq() < prev.exit.Seq() {
				d := r.e.enter.Time() - prev.exit.Time()
				me.SyncDelay = &d
				syncSum += float64(d)
				syncs++
				if o.MaxSyncDelay == nil || d > *o.MaxSyncDelay {
					o.MaxSyncDelay = &d
				}
			}
		}
		clientSum += float64(me.ClientDelay)
		if o.MaxClientDelay == nil || me.ClientDelay > *o.MaxClientDelay {
			d := me.ClientDelay
			o.MaxClientDelay = &d
		}
		o.MaxOvertakes = max(o.MaxOvertakes, me.Overtakes)
		o.Entries = append(o.Entries, me)
	}
	for _, r := range waiting {
		o.MaxOvertakes = max(o.MaxOvertakes, overtakes(r.e.req.begun.Seq(), len(recs)))
	}
	if len(recs) > 0 {
		x := float64(o.Messages) / float64(len(recs))
		o.MessagesPerEntry = &x
		m := clientSum / float64(len(recs))
		o.MeanClientDelay = &m
	}
	if syncs > 0 {
		m := syncSum / float64(syncs)
		o.MeanSyncDelay = &m
	}
	o.ME3, o.ME3Count = me3Pairs(recs, waiting, w.N(), label)
	return o
}

func entryOut(w engine.World, p int, e *entry) Entry {
	me := Entry{Node: p, RequestedAt: e.req.made.Time(), Requested: e.req.made.Seq(),
		Enter: e.enter.Seq(), RequestedTime: e.req.made.Time(), EnterTime: e.enter.Time(),
		ClientDelay: e.enter.Time() - e.req.made.Time(),
		Messages:    w.Charged(engine.Account{Node: p, Tag: e.req.tag})}
	if !e.inside {
		x, t := e.exit.Seq(), e.exit.Time()
		me.Exit, me.ExitTime = &x, &t
	}
	return me
}

// me3Pairs finds the requests that happened before a request that entered
// ahead of them (recs in order of entry, then the waiting ones).
func me3Pairs(recs, waiting []entryRec, n int, label func(int) string) ([]ME3Pair, int) {
	out := []ME3Pair{}
	count := 0
	var say narrate.Narrator // made for the first pair
	all := append(slices.Clip(recs), waiting...)
	for j, later := range recs {
		for i := j + 1; i < len(all); i++ {
			earlier := all[i]
			if !earlier.e.req.begun.Before(later.e.req.begun) {
				continue
			}
			count++
			if len(out) >= maxME3Listed {
				continue
			}
			a, b := me3Ref(earlier, i < len(recs)), me3Ref(later, true)
			why := engine.T("note.me3Pair", engine.Pos(a.Node), engine.Dur(a.RequestedTime), engine.Pos(b.Node), engine.Dur(b.RequestedTime))
			if len(out) == 0 {
				say = english(n, label)
			}
			out = append(out, ME3Pair{Earlier: a, Later: b, Text: say.Text(why)})
		}
	}
	return out, count
}

func me3Ref(r entryRec, entered bool) RequestRef {
	ref := RequestRef{Node: r.node, Requested: r.e.req.begun.Seq(), RequestedTime: r.e.req.begun.Time()}
	if entered {
		x := r.e.enter.Seq()
		ref.Enter = &x
	}
	return ref
}

// family narrates the family's own texts, for English renders outside a
// run's narration.
var family = &algo.Algorithm{Text: Texts}

// English renders one of the family's texts in English, naming position p
// (of n) label(p): the outcome's sentences, which the API documents in
// English, come from the same keyed templates as the narration.
func English(t engine.Text, n int, label func(int) string) string { return english(n, label).Text(t) }

func english(n int, label func(int) string) narrate.Narrator {
	nodes := make([]algo.Node, n)
	for p := range nodes {
		nodes[p] = algo.Node{ID: p, Label: label(p)}
	}
	return narrate.For(family, nodes).In(narrate.English)
}
