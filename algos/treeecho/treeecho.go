// Package treeecho is the election on a tree by explosion, echo and
// information waves, ALGORITHMS.md 1.6. The starters send EXPLOSION to all
// their neighbours; a process reached by its first EXPLOSION passes it on
// over its other edges. A process that is exploded and has ECHOes from all
// neighbours but one sends ECHO with the largest ID it knows over the
// remaining edge (a leaf at once, with its own ID). A process that receives
// an ECHO after it sent its own knows the maximum: this happens at exactly
// two adjacent processes, over the one edge that carries an ECHO both ways.
// Both tell everyone else with INFO.
package treeecho

import (
	"slices"

	"distviz/algos/kit/election"
	"distviz/algos/kit/tree"
	"distviz/engine"
)

const (
	msgExplosion = "EXPLOSION"
	msgEcho      = "ECHO"
	msgInfo      = "INFO"
	// actStart is the user's action: this process starts an election, as a
	// starter does.
	actStart = "startElection"
)

type node struct {
	id         int
	starter    bool
	neighbours []int // in port order: the cables in the order edges lists them

	awake     bool // reached by the explosion (or a starter)
	parent    int  // where the explosion came from; −1 for a starter or before
	echoed    []int
	sentEcho  bool
	max       int
	knows     bool
	firstKnow bool // learnt the maximum from the double echo
}

func (t *node) Start(env *engine.Env) {
	if t.awake {
		env.Note("note.alreadyExploded")
		return
	}
	env.Note("note.startsExplosion")
	t.explode(env, -1)
}

// Act makes this process a starter now: it starts the explosion, unless
// an explosion has reached it already (it is part of that election).
func (t *node) Act(env *engine.Env, action string) error {
	switch {
	case action != actStart:
		return engine.Errorf("note.unknownAction", engine.Raw(action), engine.Raw(actStart))
	case t.awake:
		return engine.Errorf("note.alreadyExploded")
	}
	t.starter = true
	t.Start(env)
	return nil
}

// explode wakes the process: EXPLOSION to every neighbour but the one it came from.
func (t *node) explode(env *engine.Env, from int) {
	t.awake, t.parent = true, from
	for _, q := range t.neighbours {
		if q != from {
			env.Send(q, engine.Message{Type: msgExplosion})
		}
	}
	t.tryEcho(env)
}

// tryEcho sends the ECHO once all neighbours but one have echoed.
func (t *node) tryEcho(env *engine.Env) {
	if !t.awake || t.sentEcho || len(t.echoed) != len(t.neighbours)-1 {
		return
	}
	for _, q := range t.neighbours {
		if !slices.Contains(t.echoed, q) {
			t.sentEcho = true
			if len(t.neighbours) == 1 {
				env.Note("note.leafEchoes")
			} else {
				env.Note("note.echoesMax", engine.Pos(q), engine.Num(t.max))
			}
			env.Send(q, engine.Message{Type: msgEcho, Body: tree.Msg{ID: t.max}})
			return
		}
	}
}

func (t *node) Receive(env *engine.Env, from int, m engine.Message) {
	switch m.Type {
	case msgExplosion:
		if !t.awake {
			t.explode(env, from)
		}
	case msgEcho:
		if !t.awake { // only without FIFO: an ECHO overtook the EXPLOSION
			t.explode(env, from)
		}
		t.max = max(t.max, m.Body.(tree.Msg).ID)
		t.echoed = append(t.echoed, from)
		if !t.sentEcho {
			t.tryEcho(env)
			return
		}
		t.knows, t.firstKnow = true, true
		env.Note("note.knowsMax", engine.Num(t.max))
		t.inform(env, from)
	case msgInfo:
		t.max, t.knows = m.Body.(tree.Msg).ID, true
		t.inform(env, from)
	}
}

func (t *node) inform(env *engine.Env, except int) {
	for _, q := range t.neighbours {
		if q != except {
			env.Send(q, engine.Message{Type: msgInfo, Body: tree.Msg{ID: t.max}})
		}
	}
}

func (t *node) Timer(*engine.Env, string) {}

func (t *node) Leader() (int, bool) { return t.max, t.knows }
func (t *node) Elected() bool       { return t.knows && t.max == t.id }

func (t *node) View() engine.NodeView {
	role := "idle"
	switch {
	case t.Elected():
		role = "leader"
	case t.knows:
		role = "informed"
	case t.sentEcho:
		role = "echoed"
	case t.awake && t.starter:
		role = "initiator"
	case t.awake:
		role = "explorer"
	}
	var parent any
	if t.parent >= 0 {
		parent = t.parent
	}
	nb, echoed := t.neighbours, t.echoed
	if nb == nil {
		nb = []int{}
	}
	if echoed == nil {
		echoed = []int{}
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "neighbours", Value: nb},
		{Name: "max", Value: t.max},
		{Name: "echoed", Value: echoed},
		{Name: "parent", Value: parent},
		{Name: "knows", Value: t.knows},
		{Name: "firstToKnow", Value: t.firstKnow},
	}}
}

func (t *node) Clone() engine.Process {
	c := *t
	c.echoed = slices.Clone(t.echoed)
	return &c // neighbours never change after start: shared
}

// Outcome is the election's outcome with the tree and the two processes
// that learnt the maximum first.
type Outcome struct {
	election.Outcome
	Edges       [][2]int `json:"edges"`
	Attached    []bool   `json:"attached"`
	FirstToKnow []int    `json:"firstToKnow"` // positions, ascending; null until someone knows
}

func outcomeOf(w engine.World) any { return Of(w) }

// Of is the outcome of a run's current state.
func Of(w engine.World) Outcome {
	o := Outcome{Outcome: election.Of(w), Edges: w.Edges(), Attached: tree.Attached(w)}
	for p := range w.N() {
		if w.Process(p).(*node).firstKnow {
			o.FirstToKnow = append(o.FirstToKnow, p)
		}
	}
	return o
}

// firstTwo: at most two processes learn the maximum from the double echo,
// and they are neighbours.
func firstTwo() engine.Invariant {
	return engine.Invariant{Name: "first two", Check: func(w engine.World, at int) engine.Text {
		if at < 0 || !w.Process(at).(*node).firstKnow {
			return engine.Text{}
		}
		first := Of(w).FirstToKnow
		switch {
		case len(first) > 2:
			return engine.T("violation.tooManyFirst", engine.Num(len(first)))
		case len(first) == 2 && !w.Linked(first[0], first[1]):
			return engine.T("violation.firstNotNeighbours", engine.Pos(first[0]), engine.Pos(first[1]))
		}
		return engine.Text{}
	}}
}
