package algos

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"distviz/engine"
	"distviz/param"
)

// Election on a tree by explosion, echo and information waves, ALGORITHMS.md
// 1.6. The starters send EXPLOSION to all their neighbours; a process reached
// by its first EXPLOSION passes it on over its other edges. A process that is
// exploded and has ECHOes from all neighbours but one sends ECHO with the
// largest ID it knows over the remaining edge (a leaf at once, with its own
// ID). A process that receives an ECHO after it sent its own knows the
// maximum: this happens at exactly two adjacent processes, over the one edge
// that carries an ECHO both ways. Both tell everyone else with INFO.

const (
	msgExplosion = "EXPLOSION"
	msgEcho      = "ECHO"
	msgInfo      = "INFO"
)

type teNode struct {
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

func (t *teNode) Start(env *engine.Env) {
	if t.awake {
		env.Note("already exploded: does not start another explosion")
		return
	}
	env.Note("starts the explosion")
	t.explode(env, -1)
}

// explode wakes the process: EXPLOSION to every neighbour but the one it came from.
func (t *teNode) explode(env *engine.Env, from int) {
	t.awake, t.parent = true, from
	for _, q := range t.neighbours {
		if q != from {
			env.Send(q, engine.Message{Type: msgExplosion})
		}
	}
	t.tryEcho(env)
}

// tryEcho sends the ECHO once all neighbours but one have echoed.
func (t *teNode) tryEcho(env *engine.Env) {
	if !t.awake || t.sentEcho || len(t.echoed) != len(t.neighbours)-1 {
		return
	}
	for _, q := range t.neighbours {
		if !slices.Contains(t.echoed, q) {
			t.sentEcho = true
			if len(t.neighbours) == 1 {
				env.Note("a leaf: echoes its own ID")
			} else {
				env.Notef("has ECHOes from all neighbours but %s: echoes the maximum %d to it", "P"+strconv.Itoa(q), t.max)
			}
			env.Send(q, engine.Message{Type: msgEcho, Body: treeMsg{ID: t.max}})
			return
		}
	}
}

func (t *teNode) Receive(env *engine.Env, from int, m engine.Message) {
	switch m.Type {
	case msgExplosion:
		if !t.awake {
			t.explode(env, from)
		}
	case msgEcho:
		if !t.awake { // only without FIFO: an ECHO overtook the EXPLOSION
			t.explode(env, from)
		}
		t.max = max(t.max, m.Body.(treeMsg).ID)
		t.echoed = append(t.echoed, from)
		if !t.sentEcho {
			t.tryEcho(env)
			return
		}
		t.knows, t.firstKnow = true, true
		env.Notef("receives an ECHO after sending its own: knows the maximum %d and informs the others", t.max)
		t.inform(env, from)
	case msgInfo:
		t.max, t.knows = m.Body.(treeMsg).ID, true
		t.inform(env, from)
	}
}

func (t *teNode) inform(env *engine.Env, except int) {
	for _, q := range t.neighbours {
		if q != except {
			env.Send(q, engine.Message{Type: msgInfo, Body: treeMsg{ID: t.max}})
		}
	}
}

func (t *teNode) Timer(*engine.Env, string) {}

func (t *teNode) Leader() (int, bool) { return t.max, t.knows }
func (t *teNode) Elected() bool       { return t.knows && t.max == t.id }

func (t *teNode) View() engine.NodeView {
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

func (t *teNode) Clone() engine.Process {
	c := *t
	c.echoed = slices.Clone(t.echoed)
	return &c // neighbours never change after start: shared
}

// TreeEchoOutcome is the election's outcome with the tree and the two
// processes that learnt the maximum first.
type TreeEchoOutcome struct {
	ElectionOutcome
	Edges       [][2]int `json:"edges"`
	Attached    []bool   `json:"attached"`
	FirstToKnow []int    `json:"firstToKnow"` // positions, ascending; null until someone knows
}

func treeEchoOutcome(w engine.World) any {
	o := TreeEchoOutcome{ElectionOutcome: electionOutcome(w).(ElectionOutcome), Edges: w.Edges(), Attached: attachedList(w)}
	for p := range w.N() {
		if w.Process(p).(*teNode).firstKnow {
			o.FirstToKnow = append(o.FirstToKnow, p)
		}
	}
	return o
}

// teFirstTwo: at most two processes learn the maximum from the double echo,
// and they are neighbours.
func teFirstTwo() engine.Invariant {
	return engine.Invariant{Name: "first two", Description: "At most two processes learn the maximum first, from an ECHO after their own, and they are neighbours.",
		Legacy: func(w engine.World, node int) string {
			if node < 0 || !w.Process(node).(*teNode).firstKnow {
				return ""
			}
			first := treeEchoOutcome(w).(TreeEchoOutcome).FirstToKnow
			switch {
			case len(first) > 2:
				return strconv.Itoa(len(first)) + " processes learnt the maximum first"
			case len(first) == 2 && !w.Linked(first[0], first[1]):
				return "P" + strconv.Itoa(first[0]) + " and P" + strconv.Itoa(first[1]) + " learnt the maximum first but are not neighbours"
			}
			return ""
		}}
}

func oneStarter(v param.Values) bool { return len(v.Ints("starters")) <= 1 }

func init() {
	register(&Algorithm{
		ID:     "tree-echo",
		Name:   "Election on a tree (echo)",
		Family: FamilyElection,
		View:   ViewTree,
		Bus:    true,
		Summary: "Election on a tree by waves. The starters send EXPLOSION to their neighbours, and every process reached passes it " +
			"on to the leaves. A leaf answers with ECHO and its ID; a process with ECHOes from all neighbours but one sends ECHO with " +
			"the largest ID it knows over the remaining edge. A process that receives an ECHO after sending its own knows the maximum: " +
			"this happens at exactly two neighbours. They tell everyone else with INFO.",
		Params: []param.Spec{
			nParam(2, 8, 10000, "Number of processes in the tree."),
			edgesParam(),
			portsParam(),
			positionsParam("starters", "The positions that start the explosion (empty: position 0)."),
			idsParam("distinct, laid out by idOrder"),
			idOrderParam(),
			delayParam(engine.Delay{Min: 1, Max: 1}),
		},
		MessageTypes: []string{msgExplosion, msgEcho, msgInfo},
		Actions:      []ActionSpec{},
		Invariants: []Doc{
			{Name: "uniqueness", Doc: "At most one process is elected, and it has the highest ID."},
			{Name: "agreement", Doc: "A process that knows a leader knows the highest ID."},
			{Name: "first two", Doc: "At most two processes learn the maximum first, from an ECHO after their own, and they are neighbours."},
			{Name: "termination", Doc: "When nothing is left to happen, every live process knows the same leader."},
		},
		Theory: []Bound{
			{Name: "explosion", Formula: "n−1", Counts: msgExplosion, When: "one starter",
				Eval: func(v param.Values) float64 { return float64(v.Int("n") - 1) }, Applies: oneStarter},
			{Name: "echo", Formula: "n", Counts: msgEcho, When: "every process echoes once",
				Eval: func(v param.Values) float64 { return float64(v.Int("n")) }},
			{Name: "information", Formula: "n−2", Counts: msgInfo, When: "every edge but the one that echoed both ways",
				Eval: func(v param.Values) float64 { return float64(v.Int("n") - 2) }},
			{Name: "total", Formula: "3n−3", Counts: "all messages", When: "one starter",
				Eval: func(v param.Values) float64 { return float64(3*v.Int("n") - 3) }, Applies: oneStarter},
		},
		Scenarios: []Scenario{
			{ID: "one-starter", Name: "One starter",
				Doc:    "Position 0 starts the explosion on a tree of 8 processes; the echoes carry the maximum back, and two neighbours learn it first.",
				Params: map[string]any{"n": 8, "edges": [][]int{{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {5, 6}, {5, 7}}, "starters": []int{0}}, Seed: 1},
			{ID: "several-starters", Name: "Several starters",
				Doc:    "Positions 3 and 6 start at once; the explosions meet, and the echoes still single out two neighbours.",
				Params: map[string]any{"n": 8, "edges": [][]int{{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}, {5, 6}, {5, 7}}, "starters": []int{3, 6}}, Seed: 1},
			{ID: "random-tree", Name: "A random tree",
				Doc:    "A random tree of 15 processes drawn from the seed, with random delays.",
				Params: map[string]any{"n": 15, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 2},
		},
		Complete: func(v param.Values, rng *rand.Rand) error {
			if err := completeTree(v, rng); err != nil {
				return err
			}
			if err := completeIDs(v, rng); err != nil {
				return err
			}
			_, err := checkPositions(v, "starters")
			return err
		},
		Make: func(v param.Values) (engine.Config, []Node, error) {
			ids := v.Ints("ids")
			starters := v.Ints("starters")
			if len(starters) == 0 {
				starters = []int{0}
			}
			nb := make([][]int, len(ids))
			for _, e := range v.IntLists("edges") {
				nb[e[0]] = append(nb[e[0]], e[1])
				nb[e[1]] = append(nb[e[1]], e[0])
			}
			procs := make([]engine.Process, len(ids))
			for p, id := range ids {
				procs[p] = &teNode{id: id, max: id, parent: -1, starter: slices.Contains(starters, p), neighbours: nb[p]}
			}
			var starts []engine.StartAt
			for _, p := range starters {
				starts = append(starts, engine.StartAt{Node: p})
			}
			cfg := engine.Config{
				Procs:      procs,
				Starts:     starts,
				Topology:   &engine.Topology{Edges: treeEdges(v), Ports: v.Int("ports")},
				Invariants: []engine.Invariant{uniqueMax(ids), knowsMax(ids), teFirstTwo()},
				Final:      []engine.Invariant{everyoneKnows()},
				Outcome:    treeEchoOutcome,
			}
			d := v.Range("delay")
			cfg.Delay = engine.Delay{Min: d.Min, Max: d.Max}
			return cfg, positionLabels(ids), nil
		},
	})
}
