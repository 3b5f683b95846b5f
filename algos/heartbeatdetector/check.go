package heartbeatdetector

import (
	"distviz/algo"
	"distviz/engine"
)

// The global check and the outcome: they know which processes have
// crashed, which no process does.

// seqer is the run's latest event number, which engine.Sim gives.
type seqer interface{ Seq() int64 }

// reliable: no process suspects a live one. In a synchronous system (D
// the real maximum delay) a false suspicion breaks it; in an asynchronous
// one it is reported as information, not as a violation. Checked when a
// suspicion begins: its note and stamp end the step.
func reliable(synchronous bool) engine.Invariant {
	return engine.Invariant{Name: "reliable", Info: !synchronous, Check: func(w engine.World, q int) engine.Text {
		if q == engine.None {
			return engine.Text{}
		}
		c, ok := w.Process(q).(*node)
		s, hasSeq := w.(seqer)
		if !ok || !hasSeq || len(c.spans) == 0 {
			return engine.Text{}
		}
		last := c.spans[len(c.spans)-1]
		if last.until >= 0 || last.from.Seq() != s.Seq() || w.Crashed(last.suspect) {
			return engine.Text{}
		}
		if !synchronous { // narrated as a note of q
			return engine.T("note.falseSuspicion", engine.Pos(last.suspect))
		}
		return engine.T("violation.falseSuspicion", engine.Pos(q), engine.Pos(last.suspect))
	}}
}

// Outcome is what the detectors did: every suspicion, the false ones, and
// how long each crash took to be detected.
type Outcome struct {
	Suspicions      []Suspicion `json:"suspicions"`
	FalseSuspicions int         `json:"falseSuspicions"`
	// FalseRate is the false suspicions per monitored pair and period.
	FalseRate float64 `json:"falseRate"`
	// Detections counts the pairs (q, crashed p) where q suspects p for
	// good, Undetected those where q should have by now and does not.
	Detections    int      `json:"detections"`
	Undetected    int      `json:"undetected"`
	MeanDetection *float64 `json:"meanDetection"`
	MaxDetection  *int64   `json:"maxDetection"`
	// Bound is T + D: a crash is detected within it when D bounds the delays.
	Bound int64 `json:"bound"`
}

// Suspicion is one time a process suspected another.
type Suspicion struct {
	Observer int    `json:"observer"`
	Suspect  int    `json:"suspect"`
	Time     int64  `json:"time"`
	Seq      int64  `json:"seq"`
	Until    *int64 `json:"until"` // when a heartbeat ended it; null: it lasts
	False    bool   `json:"false"` // the suspect was alive
	// Detection is, for the suspicion that detects a crash, how long
	// after the crash it began (0 if it began before).
	Detection *int64 `json:"detection"`
}

var outcomeVars = []algo.Var{
	{Name: "suspicions", Kind: "records", Fields: []algo.Var{
		{Name: "observer", Kind: "position"}, {Name: "suspect", Kind: "position"},
		{Name: "time", Kind: "duration", Use: "seekTime"}, {Name: "seq", Kind: "number", Hidden: true, Use: "seekEvent"},
		{Name: "until", Kind: "duration"}, {Name: "false", Kind: "flag"},
		{Name: "detection", Kind: "duration", Use: "measure"},
	}},
	{Name: "falseSuspicions", Kind: "number"},
	{Name: "falseRate", Kind: "number"},
	{Name: "detections", Kind: "number"},
	{Name: "undetected", Kind: "number"},
	{Name: "meanDetection", Kind: "duration", Mean: "suspicions.detection"},
	{Name: "maxDetection", Kind: "duration"},
	{Name: "bound", Kind: "duration"},
}

func outcomeOf(w engine.World, set settings, crashAt []engine.Time) any {
	n := w.N()
	o := Outcome{Suspicions: []Suspicion{}, Bound: set.period + set.margin}
	sum := int64(0)
	for q := range n {
		c, ok := w.Process(q).(*node)
		if !ok {
			continue
		}
		final := map[int]int{} // suspect → index in o.Suspicions of a lasting suspicion
		for _, s := range c.spans {
			r := Suspicion{Observer: q, Suspect: s.suspect, Time: s.from.Time(), Seq: s.from.Seq(), False: crashAt[s.suspect] < 0 || crashAt[s.suspect] > s.from.Time()}
			if s.until >= 0 {
				u := s.until
				r.Until = &u
			} else {
				final[s.suspect] = len(o.Suspicions)
			}
			if crashAt[s.suspect] < 0 && w.Crashed(s.suspect) {
				r.False = false // crashed by hand: when is not known
			}
			if r.False {
				o.FalseSuspicions++
			}
			o.Suspicions = append(o.Suspicions, r)
		}
		for p, at := range crashAt {
			if at < 0 || p == q || at+set.period > set.duration || at > w.Now() {
				continue // no heartbeat was due after the crash
			}
			i, ok := final[p]
			if !ok {
				if w.Now() >= at+set.period+set.margin && !w.Crashed(q) { // a crashed observer detects nothing
					o.Undetected++
				}
				continue
			}
			d := max(0, o.Suspicions[i].Time-at)
			o.Suspicions[i].Detection = &d
			o.Detections++
			sum += d
			if o.MaxDetection == nil || d > *o.MaxDetection {
				o.MaxDetection = &d
			}
		}
	}
	if periods := set.duration/set.period + 1; n > 1 {
		o.FalseRate = float64(o.FalseSuspicions) / float64(int64(n*(n-1))*periods)
	}
	if o.Detections > 0 {
		m := float64(sum) / float64(o.Detections)
		o.MeanDetection = &m
	}
	return o
}
