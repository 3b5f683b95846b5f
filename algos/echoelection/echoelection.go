// Package echoelection is the election by echo waves on an arbitrary
// connected graph, ALGORITHMS.md 1.8 (Echo/Election, parallel). Every
// initiator i starts a wave: explorers ε(i) over all its edges, its own tree
// edge a virtual one. The rules, numbered as the slides number them:
//
//	(1)  an initiator i sends ε(i) over all its edges;
//	(2a) a free node reached by ε(i) takes i, makes that edge its tree edge
//	     and forwards ε(i) over all its other edges;
//	(2b) … or, with no other edge (degree 1), echoes χ(i) back at once;
//	(3)  an explorer ε(j) at a node marked i: (3a) j < i is swallowed;
//	     (3b) j = i counts that (non-tree) edge as done; (3c) j > i conquers
//	     the node, which now belongs to j's wave (a conquered initiator loses
//	     its virtual edge) and forwards ε(j) as in (2);
//	(4)  an echo χ(j) at a node marked i: (4a) j = i counts the edge as done;
//	     (4b) j < i is ignored;
//	(5)  when all edges but the tree edge are done, the node echoes χ(i)
//	     over its tree edge; the initiator whose echo would go over its
//	     virtual edge has won.
//
// The winner may then tell everyone along the tree (INFO, option inform).
package echoelection

import (
	"slices"

	"distviz/algos/kit/tree"
	"distviz/engine"
)

const (
	msgExplorer = "EXPLORER"
	msgEcho     = "ECHO"
	msgInfo     = "INFO"
)

// Every message carries the ID of the wave's initiator: EXPLORER(7) is the
// lecture's ε(7), ECHO(7) its χ(7).
func explorer(id int) engine.Message {
	return engine.Message{Type: msgExplorer, Body: tree.Msg{ID: id}}
}
func echo(id int) engine.Message { return engine.Message{Type: msgEcho, Body: tree.Msg{ID: id}} }
func info(id int) engine.Message { return engine.Message{Type: msgInfo, Body: tree.Msg{ID: id}} }

type node struct {
	id         int
	initiator  bool
	inform     bool
	neighbours []int // in the order the edges name them; never changes: shared by clones

	mark      int   // the wave the node belongs to (an initiator's ID); −1: free
	parent    int   // the tree edge's other end; −1: none (free, or an initiator's virtual edge)
	done      []int // neighbours whose edge is done in the current wave
	children  []int // neighbours that echoed to this node in the current wave
	swallowed []int // neighbours whose explorers this node has swallowed (3a)
	echoed    bool  // has echoed in the current wave (5)
	conquered bool  // an initiator that lost its virtual edge (3c)
	won       bool
	leader    int // the leader's ID once known; −1 before
}

func (p *node) Start(env *engine.Env) {
	if p.mark >= 0 { // only when a start comes after the node was reached
		env.Note("note.alreadyInWave", engine.Num(p.mark))
		return
	}
	p.mark, p.parent = p.id, -1
	env.Note("note.r1", engine.Num(p.id), engine.Num(len(p.neighbours)))
	p.sendAll(env, explorer(p.id), -1)
	p.complete(env)
}

func (p *node) Receive(env *engine.Env, from int, m engine.Message) {
	j := m.Body.(tree.Msg).ID
	switch m.Type {
	case msgExplorer:
		p.explorerFrom(env, from, j)
	case msgEcho:
		if j != p.mark { // j > mark cannot happen: the echo answers this node's own explorer
			env.Note("note.r4b", engine.Num(j), engine.Pos(from), engine.Num(p.mark))
			return
		}
		p.children = append(p.children, from)
		p.markDone(from)
		env.Note("note.r4a", engine.Num(j), engine.Pos(from), engine.Num(len(p.done)), engine.Num(p.edgesToDo()))
		p.complete(env)
	case msgInfo:
		p.leader = j
		env.Note("note.learns", engine.Num(j))
		p.sendAll(env, info(j), from)
	}
}

func (p *node) explorerFrom(env *engine.Env, from, j int) {
	switch {
	case p.mark < 0:
		p.join(j, from)
		if len(p.neighbours) == 1 {
			env.Note("note.r2b", engine.Num(j), engine.Pos(from))
			p.echoed = true
			env.Send(from, echo(j))
			return
		}
		env.Note("note.r2a", engine.Num(j), engine.Pos(from))
	case j < p.mark:
		if !slices.Contains(p.swallowed, from) {
			p.swallowed = append(p.swallowed, from)
		}
		env.Note("note.r3a", engine.Num(j), engine.Pos(from), engine.Num(p.mark))
		return
	case j == p.mark:
		p.markDone(from)
		env.Note("note.r3b", engine.Num(j), engine.Pos(from), engine.Num(len(p.done)), engine.Num(p.edgesToDo()))
		p.complete(env)
		return
	default:
		old, lost := p.mark, p.parent < 0 // a marked node without a tree edge is an initiator on its virtual edge
		p.join(j, from)
		if lost {
			p.conquered = true
			env.Note("note.r3cInitiator", engine.Num(j), engine.Pos(from), engine.Num(old))
		} else {
			env.Note("note.r3c", engine.Num(j), engine.Pos(from), engine.Num(old))
		}
	}
	p.sendAll(env, explorer(j), from)
	p.complete(env)
}

// join makes the node part of wave j with its tree edge to from: whatever
// it counted for an earlier wave is forgotten.
func (p *node) join(j, from int) {
	p.mark, p.parent = j, from
	p.done, p.children, p.echoed = p.done[:0:0], p.children[:0:0], false
}

func (p *node) markDone(q int) {
	if !slices.Contains(p.done, q) {
		p.done = append(p.done, q)
	}
}

// edgesToDo is how many edges must be done before the node echoes: all
// but the tree edge (all of an initiator's, whose tree edge is virtual).
func (p *node) edgesToDo() int {
	if p.parent < 0 {
		return len(p.neighbours)
	}
	return len(p.neighbours) - 1
}

// complete is rule (5): once every edge but the tree edge is done, echo over
// the tree edge, or win if it is the virtual one.
func (p *node) complete(env *engine.Env) {
	if p.echoed || len(p.done) < p.edgesToDo() {
		return
	}
	p.echoed = true
	if p.parent >= 0 {
		env.Note("note.r5", engine.Num(p.mark), engine.Pos(p.parent))
		env.Send(p.parent, echo(p.mark))
		return
	}
	p.won, p.leader = true, p.id
	env.Note("note.r5wins", engine.Num(p.id))
	if p.inform {
		env.Note("note.informs", engine.Positions(p.children))
		p.sendAll(env, info(p.id), -1)
	}
}

// sendAll sends m over every edge but the one to except; INFO goes only to
// the children (the tree's edges away from the root).
func (p *node) sendAll(env *engine.Env, m engine.Message, except int) {
	to := p.neighbours
	if m.Type == msgInfo {
		to = p.children
	}
	for _, q := range to {
		if q != except {
			env.Send(q, m)
		}
	}
}

func (p *node) Timer(*engine.Env, string) {}

func (p *node) Leader() (int, bool) { return p.leader, p.leader >= 0 }
func (p *node) Elected() bool       { return p.won }

func (p *node) View() engine.NodeView {
	role := "idle"
	switch {
	case p.won:
		role = "leader"
	case p.leader >= 0:
		role = "informed"
	case p.echoed:
		role = "echoed"
	case p.conquered:
		role = "conquered"
	case p.mark >= 0 && p.parent < 0:
		role = "initiator"
	case p.mark >= 0:
		role = "explorer"
	}
	var mark, parent, leader any
	if p.mark >= 0 {
		mark, parent = p.mark, p.parent // −1: the virtual edge
	}
	if p.leader >= 0 {
		leader = p.leader
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "mark", Value: mark},
		{Name: "parent", Value: parent},
		{Name: "neighbours", Value: p.neighbours},
		{Name: "done", Value: orEmpty(p.done)},
		{Name: "echoed", Value: orEmpty(p.children)},
		{Name: "swallowed", Value: orEmpty(p.swallowed)},
		{Name: "initiator", Value: p.initiator},
		{Name: "leader", Value: leader},
	}}
}

func orEmpty(ps []int) []int {
	if ps == nil {
		return []int{}
	}
	return ps
}

func (p *node) Clone() engine.Process {
	c := *p
	c.done, c.children, c.swallowed = slices.Clone(p.done), slices.Clone(p.children), slices.Clone(p.swallowed)
	return &c
}
