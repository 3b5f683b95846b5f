// Package dfstraversal is the election by a sequential depth-first
// traversal, ALGORITHMS.md 1.8 (Sequential traversal). Every initiator
// sends a token T(i) of its own; a node that has seen a larger token
// swallows a smaller one. A node passes the token to a neighbour that has
// not had it, else back over the edge it first came in by; the initiator
// whose token comes back with nothing left to visit has won (the largest
// initiator: its token visited every node, so no larger one exists). How
// a node knows which neighbours have had the token is the variant:
//
//	path:           the token carries its path (every node visited, in
//	                order) and each node knows its neighbours: the token goes
//	                only to nodes not on it, 2(n−1) moves for one initiator;
//	edge-colouring: no path; each node marks the edges it has used, and a
//	                node that already had the token sends it straight back
//	                over a non-tree edge: every edge is used once in each
//	                direction, 2|E| moves for one initiator.
package dfstraversal

import (
	"slices"
	"strconv"

	"distviz/engine"
)

const msgToken = "TOKEN"

// token is the token's body: its initiator's ID, how many moves it has
// made (so that the outcome can order the visits) and, in the path
// variant, the nodes it has visited, in order.
type token struct {
	ID    int   `json:"id"`
	Moves int   `json:"moves"`
	Path  []int `json:"path,omitempty"`
}

func (t token) Label() string { return strconv.Itoa(t.ID) }

type node struct {
	pos        int
	id         int
	initiator  bool
	path       bool  // the variant: path, else edge-colouring
	neighbours []int // in the order the edges name them; never changes: shared by clones

	seen      int   // the largest token seen; −1: none
	parent    int   // where the token seen first came in; −1: none (an initiator, or no token yet)
	used      []int // edge-colouring: neighbours this node has sent the seen token to
	swallowed []int // neighbours whose smaller tokens it swallowed
	visit     int   // the seen token's moves when it first arrived (the visit's rank); −1: none
	won       bool
}

func (p *node) Start(env *engine.Env) {
	if p.seen >= 0 {
		env.Note("note.alreadySeen", engine.Num(p.seen))
		return
	}
	p.take(p.id, -1, 0)
	env.Note("note.starts", engine.Num(p.id))
	p.pass(env, token{ID: p.id, Path: p.visited(nil)})
}

func (p *node) Receive(env *engine.Env, from int, m engine.Message) {
	t := m.Body.(token)
	switch {
	case t.ID < p.seen:
		if !slices.Contains(p.swallowed, from) {
			p.swallowed = append(p.swallowed, from)
		}
		env.Note("note.swallows", engine.Num(t.ID), engine.Num(p.seen))
		return
	case t.ID > p.seen:
		p.take(t.ID, from, t.Moves)
		t.Path = p.visited(t.Path)
		env.Note("note.firstVisit", engine.Num(t.ID), engine.Pos(from))
	case !p.path && !slices.Contains(p.used, from) && from != p.parent:
		p.used = append(p.used, from) // a non-tree edge: the sender did not know this node had it
		env.Note("note.bounces", engine.Num(t.ID), engine.Pos(from))
		p.send(env, from, t)
		return
	default:
		env.Note("note.returns", engine.Num(t.ID), engine.Pos(from))
	}
	p.pass(env, t)
}

// take makes t the token the node follows: what it knew of a smaller one is forgotten.
func (p *node) take(id, from, moves int) {
	p.seen, p.parent, p.visit = id, from, moves
	p.used = p.used[:0:0]
}

// visited is the token's path with this node added (path variant only).
func (p *node) visited(path []int) []int {
	if !p.path {
		return nil
	}
	return append(slices.Clone(path), p.pos)
}

// pass sends the token to a neighbour that has not had it, else back to
// the parent; an initiator with nowhere left to send it has won.
func (p *node) pass(env *engine.Env, t token) {
	for _, q := range p.neighbours {
		if q == p.parent {
			continue
		}
		if p.path && !slices.Contains(t.Path, q) {
			p.used = append(p.used, q)
			env.Note("note.forwardPath", engine.Num(t.ID), engine.Pos(q))
			p.send(env, q, t)
			return
		}
		if !p.path && !slices.Contains(p.used, q) {
			p.used = append(p.used, q)
			env.Note("note.forwardEdge", engine.Num(t.ID), engine.Pos(q))
			p.send(env, q, t)
			return
		}
	}
	if p.parent >= 0 {
		p.used = append(p.used, p.parent)
		if p.path {
			env.Note("note.back", engine.Num(t.ID), engine.Pos(p.parent))
		} else {
			env.Note("note.backEdges", engine.Num(t.ID), engine.Pos(p.parent))
		}
		p.send(env, p.parent, t)
		return
	}
	p.won = true
	if p.path {
		env.Note("note.winsPath", engine.Num(t.ID), engine.Positions(t.Path))
	} else {
		env.Note("note.winsEdges", engine.Num(t.ID))
	}
}

func (p *node) send(env *engine.Env, q int, t token) {
	t.Moves++
	t.Path = slices.Clone(t.Path) // the message keeps its own copy
	env.Send(q, engine.Message{Type: msgToken, Body: t})
}

func (p *node) Timer(*engine.Env, string) {}

func (p *node) Leader() (int, bool) { return p.id, p.won }
func (p *node) Elected() bool       { return p.won }

func (p *node) View() engine.NodeView {
	role := "idle"
	switch {
	case p.won:
		role = "leader"
	case p.seen >= 0 && p.seen == p.id, p.initiator && p.seen < 0: // (not started yet: not defeated either)
		role = "initiator"
	case p.initiator:
		role = "defeated"
	case p.seen >= 0:
		role = "visited"
	}
	var seen, parent, visit any
	if p.seen >= 0 {
		seen, parent, visit = p.seen, p.parent, p.visit
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "token", Value: seen},
		{Name: "parent", Value: parent},
		{Name: "neighbours", Value: p.neighbours},
		{Name: "used", Value: orEmpty(p.used)},
		{Name: "swallowed", Value: orEmpty(p.swallowed)},
		{Name: "visit", Value: visit},
		{Name: "initiator", Value: p.initiator},
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
	c.used, c.swallowed = slices.Clone(p.used), slices.Clone(p.swallowed)
	return &c
}
