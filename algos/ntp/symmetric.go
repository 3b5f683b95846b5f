package ntp

import (
	"strconv"

	"distviz/algos/kit/clocks"
	"distviz/engine"
)

// Symmetric mode: parent and child each send SYNC to the other on their own
// timers (every period, polls times). A SYNC carries org, the send time of
// the last SYNC the sender received from the receiver; rec, when it
// received that; xmt, when it sends this one. The receiver then holds T1 =
// org, T2 = rec, T3 = xmt and T4 = now; the child (the higher stratum)
// corrects its clock by the filter's θ, the parent only keeps the peer's
// timestamps. A timestamp taken before a correction is moved by it, so
// that all four are of the clock as it now runs.

// sentSync is a SYNC sent: its xmt and, for the checks only, the real time
// it left.
type sentSync struct {
	xmt stamped
	at  float64
}

// peer is what a process knows of one peer.
type peer struct {
	pos   int
	org   float64 // the peer's last xmt (on its clock)
	rec   stamped // when that SYNC came (on this clock)
	has   bool    // a SYNC has come
	sent  []sentSync
	count int // SYNCs sent to it
}

type syncBody struct {
	Org, Rec, Xmt float64
	Valid         bool    // org and rec are there
	Ref           float64 // the sender's reference timestamp
	Truth         truth   // the sender's offset (checks only)
}

func (b syncBody) Label() string { return r2(b.Xmt) }

func timerPeer(q int) string { return "sync P" + strconv.Itoa(q) }

// startPeers arms a timer for the parent and one for every child.
func (c *node) startPeers(env *engine.Env) {
	var ps []int
	if p := c.sys.parent(c.self); p >= 0 {
		ps = append(ps, p)
	}
	for _, q := range append(ps, c.sys.children(c.self)...) {
		c.peers = append(c.peers, peer{pos: q})
		env.SetTimer(timerPeer(q), env.Rand().Int64N(c.sys.period)+1)
	}
}

func (c *node) peerTimer(env *engine.Env, name string) {
	for i := range c.peers {
		pr := &c.peers[i]
		if timerPeer(pr.pos) != name || pr.count >= c.sys.polls {
			continue
		}
		pr.count++
		xmt := c.clock.Target(env)
		now := float64(env.Now())
		env.Send(pr.pos, engine.Message{Type: msgSync, Body: syncBody{Org: pr.org, Rec: c.now(pr.rec), Xmt: xmt, Valid: pr.has,
			Ref: c.ref, Truth: truth{Offset: xmt - now}}})
		k := len(pr.sent)
		pr.sent = append(pr.sent[max(0, k-3):k:k], sentSync{xmt: stamped{t: xmt, moved: c.moved}, at: now})
		if pr.count < c.sys.polls {
			env.SetTimer(name, c.sys.period)
		}
	}
}

// receiveSync keeps the peer's timestamps; from the parent, a SYNC that
// echoes one of ours completes an exchange.
func (c *node) receiveSync(env *engine.Env, from int, b syncBody) {
	now := c.clock.Target(env)
	for i := range c.peers {
		pr := &c.peers[i]
		if pr.pos != from {
			continue
		}
		pr.org, pr.rec, pr.has = b.Xmt, stamped{t: now, moved: c.moved}, true
		if from != c.sys.parent(c.self) {
			return
		}
		for _, s := range pr.sent {
			if b.Valid && s.xmt.t == b.Org {
				c.exchange(env, c.now(s.xmt), b.Rec, b.Xmt, now, b.Ref, truth{T1: s.at, Offset: b.Truth.Offset})
				return
			}
		}
		env.Note("note.noExchange", engine.Pos(from), clocks.R(b.Xmt))
		return
	}
}
