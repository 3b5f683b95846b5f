// Package tokenringelection is the token ring with an election after the
// token is lost, ALGORITHMS.md 1.5.
//
// One TOKEN circulates in ring order, from each live position to the next
// (a crashed successor is skipped with the model's perfect failure
// detector, Env.Reachable, as in the ring with ID lists). A holder keeps the
// token for `hold` time units (its critical section), then passes it on.
// Every node runs a token-loss timer TVT, restarted whenever it passes the
// token on. When a TVT expires the node takes the token as lost, enters
// "election" and sends ELECTION with its own ID. A node receiving
// ELECTION(x) enters "election" too (its TVT stops) and runs Chang–Roberts
// with the participant rule: x larger than its own ID → forward it; x
// smaller → send ELECTION with its own ID instead if it has just entered the
// election, else discard x; x its own ID → it is elected, makes a new token
// and returns to normal. A node in "election" that receives a token returns
// to normal.
//
// Three choices the lecture leaves open, taken here:
//   - A TVT that expires while its node holds a token is ignored: the token
//     is not lost, it is here (the TVT restarts when the node passes it on).
//   - A node that enters the election while it holds a token (an ELECTION
//     overtook the token) returns to normal when it passes the token on: it
//     has had a token, as a node that receives one has.
//   - A node that holds several tokens (two tokens met, or it was elected
//     while it held one) passes them all on when its hold ends.
//
// Losing the token: the user drops it (drop) or crashes its holder (crash;
// a recovered node comes back without the token it held), or the parameter
// loseToken loses the original token the first time it is passed on at or
// after that time: its holder's note says it is lost on the way, and no
// TOKEN arrives. Delaying it: the action delay makes the holder keep the
// token for another TVT, so that to the others it looks lost.
//
// A real ring runs forever. To end a run the ring stops at `until`: a holder
// then keeps its token, a TVT that would expire at or after `until` is not
// started, and an ELECTION that arrives then is discarded.
package tokenringelection

import (
	"slices"
	"strconv"

	"distviz/engine"
)

const (
	msgToken    = "TOKEN"
	msgElection = "ELECTION"

	timerTVT  = "TVT"  // the token-loss timer
	timerHold = "hold" // the holder passes the token on when it expires

	actDelay = "delay"

	roleNormal   = "normal"
	roleToken    = "token"
	roleElection = "election"
	roleElected  = "elected"
	roleCrashed  = "crashed"
)

// token is a TOKEN's body. Gen is its generation: 1 is the original, and a
// node elected after seeing generation k makes generation k+1, so a
// duplicate shows as a second number. Maker is the position that made it
// (−1: the original); Hops counts its passes.
type token struct {
	Gen   int `json:"gen"`
	Maker int `json:"maker"`
	Hops  int `json:"hops"`
}

func (t *token) Label() string { return strconv.Itoa(t.Gen) }

// idBody is the ID an ELECTION carries; forwarding passes it on unchanged.
type idBody struct {
	ID int `json:"id"`
}

func (b *idBody) Label() string { return strconv.Itoa(b.ID) }

// config is what every node knows: the same for all, never changed.
type config struct {
	tvt    engine.Time // the token-loss timer's length
	hold   engine.Time // how long a holder keeps the token
	until  engine.Time // the ring stops
	loseAt engine.Time // the original token is lost at its first pass from then on; 0: never
}

type node struct {
	cfg      *config
	id       int
	electing bool     // in "election"
	held     []*token // the tokens in hand, oldest first
	elected  bool     // holds the token it made when it was elected
	gen      int      // the newest generation of token it has seen
	tvtAt    engine.Time

	// Bookkeeping for the global checks, never read by the algorithm.
	justMade bool        // made a token in its current step
	made     int         // tokens made
	lastMade int         // the generation of the last token made
	madeAt   engine.Time // when it first made one; −1: never
	wins     int         // elections won
	timeouts int         // TVTs that expired and started an election
	seenOrig engine.Time // the last time it held, passed or lost the original token; −1: never
}

func newNode(cfg *config, id int) *node {
	return &node{cfg: cfg, id: id, gen: 1, tvtAt: -1, madeAt: -1, seenOrig: -1}
}

// next is the next live position after this one (itself if it is alone),
// saying which crashed ones it skips.
func (c *node) next(env *engine.Env) int {
	n, self := env.N(), env.Self()
	to := self
	for k := 1; k < n; k++ {
		if p := (self + k) % n; env.Reachable(p) {
			to = p
			break
		}
	}
	switch skipped := (to - self - 1 + n) % n; {
	case to == self && n > 1:
		env.Note("note.alone")
	case skipped == 1:
		env.Note("note.skipsOne", engine.Pos((self+1)%n))
	case skipped > 1:
		env.Note("note.skipsMany", engine.Pos((self+1)%n), engine.Pos((to-1+n)%n))
	}
	return to
}

// startTVT (re)starts the token-loss timer, unless it would expire when
// the ring has stopped.
func (c *node) startTVT(env *engine.Env) bool {
	at := env.Now() + c.cfg.tvt
	if at >= c.cfg.until {
		c.stopTVT(env)
		return false
	}
	env.SetTimer(timerTVT, c.cfg.tvt)
	c.tvtAt = at
	return true
}

func (c *node) stopTVT(env *engine.Env) {
	env.CancelTimer(timerTVT)
	c.tvtAt = -1
}

func (c *node) Start(env *engine.Env) {
	c.justMade = false
	if env.Self() == 0 {
		c.held = append(c.held, &token{Gen: 1, Maker: -1})
		c.seenOrig = env.Now()
		if c.cfg.hold > 0 {
			env.Note("note.startsWithToken", engine.Dur(c.cfg.hold))
		} else {
			env.Note("note.startsWithTokenAtOnce")
		}
	}
	if c.startTVT(env) {
		env.Note("note.startsTVT", engine.Dur(c.cfg.tvt), engine.Dur(c.tvtAt))
	}
	if env.Self() == 0 {
		c.keep(env)
	}
}

// keep holds the tokens in hand for the hold time, then passes them on.
func (c *node) keep(env *engine.Env) {
	if c.cfg.hold == 0 {
		c.pass(env)
		return
	}
	if !env.TimerSet(timerHold) {
		env.SetTimer(timerHold, c.cfg.hold)
	}
}

// pass passes every token in hand on to the next live node and restarts
// the TVT; the original token is lost on the way from loseToken on.
func (c *node) pass(env *engine.Env) {
	now := env.Now()
	if now >= c.cfg.until {
		env.Note("note.ringStops", engine.Dur(c.cfg.until))
		return
	}
	if c.electing {
		c.electing = false
		env.Note("note.passesInElection")
	}
	if len(c.held) > 1 {
		env.Note("note.passesSeveral", engine.Num(len(c.held)))
	}
	to := c.next(env)
	for _, t := range c.held {
		if t.Gen == 1 && t.Maker < 0 {
			c.seenOrig = now
			if c.cfg.loseAt > 0 && now >= c.cfg.loseAt {
				env.Note("note.lost", engine.Num(t.Gen), engine.Pos(to), engine.Dur(c.cfg.loseAt))
				continue
			}
		}
		env.Send(to, engine.Message{Type: msgToken, Body: &token{Gen: t.Gen, Maker: t.Maker, Hops: t.Hops + 1}})
	}
	c.held = c.held[:0]
	c.elected = false
	if c.startTVT(env) {
		env.Note("note.restartsTVT", engine.Dur(c.tvtAt))
	} else {
		env.Note("note.noTVT", engine.Dur(c.cfg.until))
	}
}

func (c *node) Receive(env *engine.Env, _ int, m engine.Message) {
	c.justMade = false
	switch m.Type {
	case msgToken:
		c.receiveToken(env, m.Body.(*token))
	case msgElection:
		c.receiveElection(env, m)
	}
}

func (c *node) receiveToken(env *engine.Env, t *token) {
	c.gen = max(c.gen, t.Gen)
	if t.Gen == 1 && t.Maker < 0 {
		c.seenOrig = env.Now()
	}
	if c.electing {
		c.electing = false
		env.Note("note.tokenEndsElection")
	}
	c.held = append(c.held, t)
	if len(c.held) > 1 {
		env.Note("note.holdsSeveral", engine.Num(len(c.held)))
	}
	c.keep(env)
}

func (c *node) receiveElection(env *engine.Env, m engine.Message) {
	x := m.Body.(*idBody).ID
	if env.Now() >= c.cfg.until {
		env.Note("note.electionAfterStop", engine.Num(x), engine.Dur(c.cfg.until))
		return
	}
	entered := !c.electing
	if entered {
		c.electing = true
		c.stopTVT(env)
	}
	switch {
	case x > c.id && entered:
		env.Note("note.entersForwards", engine.Num(x), engine.Num(c.id))
		env.Send(c.next(env), m)
	case x > c.id:
		env.Note("note.forwards", engine.Num(x), engine.Num(c.id))
		env.Send(c.next(env), m)
	case x < c.id && entered:
		env.Note("note.entersReplaces", engine.Num(x), engine.Num(c.id))
		env.Send(c.next(env), engine.Message{Type: msgElection, Body: &idBody{ID: c.id}})
	case x < c.id:
		env.Note("note.discards", engine.Num(x), engine.Num(c.id))
	default:
		c.elect(env)
	}
}

// elect: its own ID came back round. It makes a new token, one generation
// newer than any it has seen, and returns to normal.
func (c *node) elect(env *engine.Env) {
	c.electing, c.elected = false, true
	c.wins++
	c.gen++
	t := &token{Gen: c.gen, Maker: env.Self()}
	c.held = append(c.held, t)
	c.made++
	c.lastMade = t.Gen
	if c.madeAt < 0 {
		c.madeAt = env.Now()
	}
	c.justMade = true
	env.Note("note.elected", engine.Num(c.id), engine.Num(t.Gen))
	if len(c.held) > 1 {
		env.Note("note.holdsSeveral", engine.Num(len(c.held)))
	}
	c.keep(env)
}

func (c *node) Timer(env *engine.Env, name string) {
	c.justMade = false
	switch name {
	case timerHold:
		c.pass(env)
	case timerTVT:
		c.tvtAt = -1
		switch {
		case len(c.held) > 0:
			env.Note("note.tvtWhileHolding")
		case c.electing:
			// cannot happen: entering the election stops the TVT
		default:
			c.electing = true
			c.timeouts++
			env.Note("note.timeout", engine.Dur(c.cfg.tvt), engine.Num(c.id))
			env.Send(c.next(env), engine.Message{Type: msgElection, Body: &idBody{ID: c.id}})
		}
	}
}

// Act delays the token: its holder keeps it for another TVT.
func (c *node) Act(env *engine.Env, action string) error {
	c.justMade = false
	if action != actDelay {
		return engine.Errorf("note.unknownAction", engine.Raw(action))
	}
	if len(c.held) == 0 || c.cfg.hold == 0 {
		return engine.Errorf("note.noTokenToDelay")
	}
	env.SetTimer(timerHold, c.cfg.tvt)
	env.Note("note.delays", engine.Dur(c.cfg.tvt), engine.Dur(env.Now()+c.cfg.tvt))
	return nil
}

// Recover: the node comes back normal, without the tokens it held (they
// were lost in the crash), and starts its TVT.
func (c *node) Recover(env *engine.Env) {
	c.justMade = false
	switch lost := len(c.held); {
	case lost == 1:
		env.Note("note.lostInCrash")
	case lost > 1:
		env.Note("note.lostInCrashMany", engine.Num(lost))
	}
	c.held = c.held[:0]
	c.electing, c.elected = false, false
	if c.startTVT(env) {
		env.Note("note.recovers", engine.Dur(c.tvtAt))
	} else {
		env.Note("note.recoversNoTVT", engine.Dur(c.cfg.until))
	}
}

func (c *node) View() engine.NodeView {
	role := roleNormal
	switch {
	case c.elected && len(c.held) > 0:
		role = roleElected
	case c.electing:
		role = roleElection
	case len(c.held) > 0:
		role = roleToken
	}
	var tvt any
	if c.tvtAt >= 0 {
		tvt = c.tvtAt
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "id", Value: c.id},
		{Name: "token", Value: len(c.held) > 0},
		{Name: "tokens", Value: len(c.held)},
		{Name: "tvt", Value: tvt},
		{Name: "newest", Value: c.gen},
	}}
}

func (c *node) Clone() engine.Process {
	d := *c
	d.held = slices.Clone(c.held) // the tokens themselves are never changed
	return &d
}
