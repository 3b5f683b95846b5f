package algos

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"distviz/engine"
	"distviz/param"
)

// Lamport's mutual exclusion (1978), ALGORITHMS.md 2.4: every process keeps
// a queue of requests ordered by (Lamport time, ID). A process that wants the
// critical section multicasts REQUEST with its (time, ID) and queues it
// itself; a receiver queues the request and answers REPLY. A process enters
// when its own request heads its queue and it has received a message stamped
// later than its request from every other process (the REPLY suffices). On
// exit it removes its request and multicasts RELEASE; a receiver removes the
// sender's request. 3(n−1) messages per entry.
//
// Lamport clocks: LC1 ticks before a REQUEST or RELEASE is multicast, LC2
// (max(own, received) + 1) when any message arrives; a REPLY is sent in the
// same step as the REQUEST's arrival and carries that time. The algorithm
// assumes FIFO channels (a RELEASE must not overtake its REQUEST), so the
// parameter fifo must stay on.

const (
	msgLMRequest = "REQUEST"
	msgLMReply   = "REPLY"
	msgLMRelease = "RELEASE"
)

type lamportNode struct {
	mutexCore
	clock  int
	req    raStamp   // the current request's stamp, while WANTED or HELD
	queue  []raStamp // known requests, ordered by (time, ID)
	latest []int     // the latest time received from each process; -1: none
}

func (l *lamportNode) Start(env *engine.Env)               { l.StartWorkload(env) }
func (l *lamportNode) Timer(env *engine.Env, name string)  { l.OnTimer(env, name, l) }
func (l *lamportNode) Act(env *engine.Env, a string) error { return l.OnAct(env, a, l) }
func (l *lamportNode) Recover(env *engine.Env)             { l.OnRecover(env) }

func (l *lamportNode) enqueue(s raStamp) {
	i, _ := slices.BinarySearchFunc(l.queue, s, raStamp.Compare)
	l.queue = slices.Insert(l.queue, i, s)
}

func (l *lamportNode) dequeue(id int) {
	l.queue = slices.DeleteFunc(l.queue, func(s raStamp) bool { return s.ID == id })
}

func (l *lamportNode) multicast(env *engine.Env, m engine.Message) {
	for q := range env.N() {
		if q != l.Self() {
			l.Send(env, q, m)
		}
	}
}

func (l *lamportNode) Acquire(env *engine.Env) {
	l.clock++ // LC1
	l.req = raStamp{T: l.clock, ID: l.Self()}
	l.OrderBy(l.req.T, l.req.ID)
	l.enqueue(l.req)
	env.Note("multicasts REQUEST(" + l.req.Label() + ") and puts it in its own queue")
	l.multicast(env, engine.Message{Type: msgLMRequest, Body: &raStamp{T: l.req.T, ID: l.req.ID}})
	l.tryEnter(env)
}

func (l *lamportNode) Release(env *engine.Env) {
	l.dequeue(l.Self())
	l.clock++ // LC1
	env.Note("removes its request from its queue and multicasts RELEASE(" + strconv.Itoa(l.clock) + ")")
	l.multicast(env, engine.Message{Type: msgLMRelease, Body: &lmTime{T: l.clock}})
}

// heardLater tells whether q has sent a message stamped later than the
// current request (equal times are ordered by ID).
func (l *lamportNode) heardLater(q int) bool {
	return l.latest[q] >= 0 && l.req.Less(raStamp{T: l.latest[q], ID: q})
}

// awaiting are the processes not yet heard from after the current request.
func (l *lamportNode) awaiting() []int {
	var out []int
	if l.State() != stWanted {
		return out
	}
	for q := range len(l.latest) {
		if q != l.Self() && !l.heardLater(q) {
			out = append(out, q)
		}
	}
	return out
}

func (l *lamportNode) tryEnter(env *engine.Env) {
	if l.State() != stWanted || len(l.queue) == 0 || l.queue[0] != l.req || len(l.awaiting()) > 0 {
		return
	}
	env.Note("its request (" + l.req.Label() + ") heads its queue and every other process has sent a later message")
	l.Enter(env)
}

func (l *lamportNode) Receive(env *engine.Env, from int, m engine.Message) {
	l.Step()
	var t int
	switch b := m.Body.(type) {
	case *raStamp:
		t = b.T
	case *lmTime:
		t = b.T
	}
	l.clock = max(l.clock, t) + 1 // LC2
	l.latest[from] = max(l.latest[from], t)
	switch m.Type {
	case msgTell:
		l.Told(env, from, l)
	case msgLMRequest:
		l.enqueue(*m.Body.(*raStamp))
		l.SendFor(env, from, engine.Message{Type: msgLMReply, Body: &lmTime{T: l.clock}}, from, int64(m.Body.(*raStamp).T))
	case msgLMRelease:
		l.dequeue(from)
		env.Note("removes the request of " + posLabel(from) + " from its queue")
	}
	l.tryEnter(env)
}

func (l *lamportNode) TellBody() any { return &lmTime{T: l.clock} }

func (l *lamportNode) View() engine.NodeView {
	vars := l.Vars()
	var req any
	if l.State() != stReleased {
		req = "(" + l.req.Label() + ")"
	}
	queue := make([]string, len(l.queue))
	for i, s := range l.queue {
		queue[i] = "(" + s.Label() + ")"
	}
	vars = append(vars,
		engine.Var{Name: "clock", Value: l.clock},
		engine.Var{Name: "request", Value: req},
		engine.Var{Name: "queue", Value: queue},
		engine.Var{Name: "awaiting", Value: posLabels(l.awaiting())})
	return engine.NodeView{Role: l.State(), Vars: vars}
}

func (l *lamportNode) Clone() engine.Process {
	d := *l
	d.mutexCore = l.Copy()
	d.queue = slices.Clone(l.queue)
	d.latest = slices.Clone(l.latest)
	return &d
}

func init() {
	register(&Algorithm{
		ID:     "lamport-mutex",
		Name:   "Lamport's mutual exclusion",
		Family: FamilyMutex,
		View:   ViewComplete,
		Summary: "Mutual exclusion with a request queue at every process, ordered by (Lamport time, ID). A process that " +
			"wants the critical section multicasts REQUEST with its (time, ID) and queues it itself; a receiver queues the " +
			"request and answers REPLY. A process enters when its own request heads its queue and it has received a " +
			"later-stamped message from every other process. On exit it removes its request and multicasts RELEASE; " +
			"the receivers remove it too. Needs FIFO channels. 3(n−1) messages per entry.",
		Params: mutexParams(3,
			param.Spec{Name: "clocks", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(1e9),
				Doc: "Initial Lamport clock by position; empty: all 0. The clock ticks before a REQUEST or RELEASE (LC1) and when a message arrives (LC2)."}),
		MessageTypes: []string{msgLMRequest, msgLMReply, msgLMRelease},
		Actions:      mutexActions,
		Invariants:   append(slices.Clip(mutexInvariants), mutexTimestampOrderDoc),
		Theory: []Bound{
			{Name: "per entry", Formula: "3(n−1)", Counts: "messages per entry (n−1 REQUEST + n−1 REPLY + n−1 RELEASE)",
				Eval: func(v param.Values) float64 { return float64(3 * (v.Int("n") - 1)) }},
		},
		Scenarios: []Scenario{
			{ID: "lecture", Name: "Lecture: P0 requests with time 12, P1 with time 8",
				Doc: "Three processes; P0 and P1 want the critical section at the same time, P0's REQUEST carries " +
					"Lamport time 12, P1's 8, and P2 does not request. Every queue orders (8,1) before (12,0): P1 enters " +
					"first; its RELEASE removes (8,1) everywhere and P0 enters.",
				Params: map[string]any{"n": 3, "requestNodes": []int{0, 1}, "requestTimes": []int{0, 0}, "clocks": []int{11, 7, 0}}},
			{ID: "ties", Name: "Equal Lamport times",
				Doc:    "Four processes request at time 0, all with Lamport time 1: the IDs break the ties, so they enter in the order P0, P1, P2, P3.",
				Params: map[string]any{"n": 4}},
			{ID: "random", Name: "Several requests at random times",
				Doc:    "Five processes make three requests each at times drawn from [0, 60], with delays from 1 to 5.",
				Params: map[string]any{"n": 5, "count": 3, "spread": 60, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 1},
			{ID: "crash", Name: "A process crashes",
				Doc: "P3 has crashed from the start and never replies: no requester hears from it, nobody enters, " +
					"and the final check reports a deadlock.",
				Params: map[string]any{"n": 4, "crashed": []int{3}}},
		},
		Complete: func(v param.Values, rng *rand.Rand) error {
			if c := v.Ints("clocks"); len(c) != 0 && len(c) != v.Int("n") {
				return param.Errorf("clocks", "has %d entries but n is %d: give one clock per process, or none", len(c), v.Int("n"))
			}
			if !v.Bool("fifo") {
				return param.Errorf("fifo", "must be on: Lamport's algorithm assumes FIFO channels (a RELEASE must not overtake its REQUEST)")
			}
			return completeWorkload(v, rng)
		},
		Make: func(v param.Values) (engine.Config, []Node, error) {
			clocks := v.Ints("clocks")
			n := v.Int("n")
			cfg := mutexBuild(v, func(p int, c mutexCore) engine.Process {
				l := &lamportNode{mutexCore: c, latest: slices.Repeat([]int{-1}, n)}
				if len(clocks) > 0 {
					l.clock = clocks[p]
				}
				return l
			})
			cfg.Invariants = append(cfg.Invariants, mutexTimestampOrder())
			return cfg, mutexNodes(len(cfg.Procs)), nil
		},
	})
}
