// Package berkeley is the Berkeley algorithm (Gusella and Zatti, 1989),
// ALGORITHMS.md 3: a master polls the others for their clocks, estimates
// each from the round trip (ignoring answers whose RTT exceeds a maximum),
// averages the clocks that lie within x of each other (a faulty clock far
// off is left out) and sends each process its adjustment, not an absolute
// time. If the master fails, the others elect a new one by the bully
// algorithm's rules (election.go).
package berkeley

import (
	"cmp"
	"fmt"
	"slices"

	"distviz/algos/kit/clocks"
	"distviz/engine"
)

const (
	msgPoll   = "POLL"
	msgClock  = "CLOCK"
	msgAdjust = "ADJUST"

	timerRound   = "round"   // the master's next round is due
	timerCollect = "collect" // the master stops waiting for answers
	timerWatch   = "watch"   // a slave has heard no POLL for too long
)

// system is what every process knows, shared and never changed.
type system struct {
	n       int
	rounds  int         // rounds in all (a new master goes on counting)
	period  engine.Time // between rounds
	maxRTT  float64     // answers with a longer round trip are ignored
	x       float64     // clocks within x of each other are averaged
	min     float64     // the least delay
	rho     float64
	collect engine.Time // how long the master waits for answers
	watch   engine.Time // how long a slave waits for a POLL before it suspects the master
	answerT engine.Time // bully: T, waiting for an ANSWER
	coordT  engine.Time // bully: T′, waiting for COORDINATOR
	fix     clocks.Corrector
}

// pollBody, clockBody, adjustBody: a round's number and what it carries.
type pollBody struct{ Round int }

type clockBody struct {
	Round int
	C     float64
}

type adjustBody struct {
	Round int
	By    float64
	Band  float64
}

func (b pollBody) Label() string  { return fmt.Sprint(b.Round) }
func (b clockBody) Label() string { return fmt.Sprint(clocks.Round(b.C)) }
func (b adjustBody) Label() string {
	return fmt.Sprintf("%+g", clocks.Round(b.By))
}

// estimate is the master's estimate of a slave's clock: its offset d from
// the master's clock, and how far off the estimate may be (band).
type estimate struct {
	pos  int
	d    float64
	rtt  float64
	band float64
}

// decision is a round as the master decided it, for the outcome.
type decision struct {
	round    int
	polled   engine.Stamp
	decided  engine.Stamp
	avg      float64
	used     []int
	excluded []int
	ignored  []int
	bands    []float64 // of the used and excluded answers
}

// adjustment is a correction a process applied, for the outcome.
type adjustment struct {
	round int
	at    engine.Time
	done  float64 // when the correction is complete (a slew's end)
}

type node struct {
	sys    *system
	self   int
	faulty bool // its hardware clock is far off (for the views)
	clock  engine.Clock
	master int // whom it believes to be the master
	last   int // the last round it knows of

	// the master's round
	polling bool
	pollH   float64 // its hardware clock when it polled
	polled  engine.Stamp
	answers []estimate
	ignored []int

	electing, awaiting bool // the bully election (election.go)
	elected            bool // considers itself master

	decisions   []decision   // never changed in place: Clone shares them
	adjustments []adjustment // never changed in place
}

func (b *node) SoftClock() *engine.Clock { return &b.clock }

func (b *node) Start(env *engine.Env) {
	b.clock.Start(env)
	if b.elected {
		env.SetTimer(timerRound, 0)
		return
	}
	env.SetTimer(timerWatch, b.sys.watch)
}

func (b *node) Timer(env *engine.Env, name string) {
	switch name {
	case timerRound:
		b.poll(env)
	case timerCollect:
		b.decide(env)
	case timerWatch:
		env.Note("note.noPoll", engine.Pos(b.master))
		b.holdElection(env)
	default:
		b.electionTimer(env, name)
	}
}

func (b *node) Receive(env *engine.Env, from int, m engine.Message) {
	switch body := m.Body.(type) {
	case pollBody:
		b.master, b.last = from, body.Round
		c := b.clock.Target(env)
		env.Note("note.answersPoll", clocks.R(c))
		env.Send(from, engine.Message{Type: msgClock, Body: clockBody{Round: body.Round, C: c}})
		b.watchMaster(env)
	case clockBody:
		b.estimate(env, from, body)
	case adjustBody:
		b.sys.fix.Correct(env, &b.clock, body.By, body.Band)
		b.adjusted(env, body.Round)
	default:
		b.receiveElection(env, from, m)
	}
}

// watchMaster waits for the next POLL while rounds remain.
func (b *node) watchMaster(env *engine.Env) {
	if b.last < b.sys.rounds {
		env.SetTimer(timerWatch, b.sys.watch)
	} else {
		env.CancelTimer(timerWatch)
	}
}

// poll starts the next round: POLL to every other process.
func (b *node) poll(env *engine.Env) {
	if !b.elected || b.last >= b.sys.rounds {
		return
	}
	b.last++
	b.polling, b.answers, b.ignored = true, nil, nil
	b.pollH = env.HardwareNow()
	env.Note("note.polls", engine.Num(b.last), clocks.R(b.clock.Target(env)))
	b.polled = env.Stamp()
	for q := range b.sys.n {
		if q != b.self {
			env.Send(q, engine.Message{Type: msgPoll, Body: pollBody{Round: b.last}})
		}
	}
	env.SetTimer(timerCollect, b.sys.collect)
}

// estimate takes an answer: the slave's clock now is about C + RTT/2.
func (b *node) estimate(env *engine.Env, from int, body clockBody) {
	if body.Round != b.last {
		return
	}
	rtt := env.HardwareNow() - b.pollH
	if !b.polling { // after the round was decided: its RTT exceeds maxRTT
		env.Note("note.ignores", engine.Pos(from), clocks.R(rtt), clocks.R(b.sys.maxRTT))
		b.ignoredLate(from)
		return
	}
	if rtt > b.sys.maxRTT {
		env.Note("note.ignores", engine.Pos(from), clocks.R(rtt), clocks.R(b.sys.maxRTT))
		b.ignored = append(b.ignored, from)
		return
	}
	est := body.C + rtt/2
	d := est - b.clock.Target(env)
	band := rtt/2 - b.sys.min + b.sys.rho*(2*rtt/(1-b.sys.rho)+b.sys.min)
	env.Note("note.estimates", engine.Pos(from), clocks.R(rtt), clocks.R(est), clocks.R(d))
	b.answers = append(b.answers, estimate{pos: from, d: d, rtt: rtt, band: band})
}

// decide averages the clocks within x of each other (the master's own
// offset is 0) and sends everybody who answered its adjustment.
func (b *node) decide(env *engine.Env) {
	if !b.polling {
		return
	}
	b.polling = false
	all := append([]estimate{{pos: b.self}}, b.answers...)
	used, avg := agreeing(all, b.sys.x, b.self)
	var in, out []int
	var bands []float64
	for _, e := range all {
		if slices.Contains(used, e.pos) {
			in = append(in, e.pos)
		} else {
			out = append(out, e.pos)
		}
		if e.pos != b.self {
			bands = append(bands, e.band)
		}
	}
	slices.Sort(in)
	slices.Sort(out)
	env.Note("note.averages", engine.Positions(in), clocks.R(b.sys.x), clocks.R(avg))
	if len(out) > 0 {
		env.Note("note.leavesOut", engine.Positions(out))
	}
	for _, e := range b.answers {
		env.Send(e.pos, engine.Message{Type: msgAdjust, Body: adjustBody{Round: b.last, By: avg - e.d, Band: e.band}})
	}
	b.sys.fix.Correct(env, &b.clock, avg, 0)
	b.decisions = append(b.decisions[:len(b.decisions):len(b.decisions)], decision{round: b.last, polled: b.polled,
		decided: env.Stamp(), avg: avg, used: in, excluded: out, ignored: slices.Clone(b.ignored), bands: bands})
	b.adjusted(env, b.last)
	if b.last < b.sys.rounds {
		env.SetTimer(timerRound, b.sys.period)
	}
}

// ignoredLate adds a late answer to the decided round's ignored ones.
func (b *node) ignoredLate(from int) {
	k := len(b.decisions)
	if k == 0 {
		return
	}
	ds := slices.Clone(b.decisions) // shared with copies: changed on a copy
	ds[k-1].ignored = append(slices.Clone(ds[k-1].ignored), from)
	b.decisions = ds
}

// adjusted records a correction applied in a round.
func (b *node) adjusted(env *engine.Env, round int) {
	marks := b.clock.Marks()
	b.adjustments = append(b.adjustments[:len(b.adjustments):len(b.adjustments)],
		adjustment{round: round, at: env.Now(), done: marks[len(marks)-1].T})
}

// agreeing is the largest set of offsets within x of each other (of two
// alike, the one with the master's own offset, else the lower) and their
// mean.
func agreeing(all []estimate, x float64, master int) ([]int, float64) {
	s := slices.Clone(all)
	slices.SortStableFunc(s, func(a, c estimate) int { return cmp.Compare(a.d, c.d) })
	best, bestLen, hasMaster := 0, 0, false
	for i := range s {
		j, withMaster := i, false
		for j < len(s) && s[j].d-s[i].d <= x {
			withMaster = withMaster || s[j].pos == master
			j++
		}
		if j-i > bestLen || j-i == bestLen && withMaster && !hasMaster {
			best, bestLen, hasMaster = i, j-i, withMaster
		}
	}
	var used []int
	sum := 0.0
	for _, e := range s[best : best+bestLen] {
		used = append(used, e.pos)
		sum += e.d
	}
	return used, sum / float64(bestLen)
}

func (b *node) View() engine.NodeView {
	role := "slave"
	switch {
	case b.elected:
		role = "master"
	case b.electing:
		role = "electing"
	case b.awaiting:
		role = "waiting"
	}
	var adj any
	if k := len(b.adjustments); k > 0 {
		adj = b.adjustments[k-1].round
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "clock", Value: b.clock.Marks()},
		{Name: "master", Value: b.master},
		{Name: "lastRound", Value: b.last},
		{Name: "adjustedIn", Value: adj},
		{Name: "faulty", Value: b.faulty},
	}}
}

func (b *node) Clone() engine.Process {
	c := *b
	c.answers = slices.Clone(b.answers)
	c.ignored = slices.Clone(b.ignored)
	return &c
}
