package algos

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"distviz/engine"
	"distviz/param"
)

// Ricart–Agrawala (1981), ALGORITHMS.md 2.2: a process that wants the
// critical section multicasts REQUEST with (Lamport time, ID) and enters
// after n−1 REPLYs. A receiver defers its reply if HELD, or if WANTED with
// its own (time, ID) smaller; otherwise it replies at once. On exit it
// replies to every deferred request. 2(n−1) messages per entry.
//
// The Lamport clock ticks before a request is multicast (LC1) and when a
// message arrives (LC2: max(own, received) + 1); a REPLY carries the
// replier's time. The order of requests depends on REQUESTs, but without the
// time on REPLYs a request could carry a smaller time than one that happened
// before it, and be served first: ME3 would not hold.

const (
	msgRARequest = "REQUEST"
	msgRAReply   = "REPLY"
)

type raNode struct {
	mutexCore
	clock    int
	req      raStamp   // the current request's stamp, while WANTED or HELD
	awaiting int       // REPLYs still missing
	deferred []raStamp // requests whose REPLY waits for our exit, in arrival order
}

func (r *raNode) Start(env *engine.Env)               { r.StartWorkload(env) }
func (r *raNode) Timer(env *engine.Env, name string)  { r.OnTimer(env, name, r) }
func (r *raNode) Act(env *engine.Env, a string) error { return r.OnAct(env, a, r) }
func (r *raNode) Recover(env *engine.Env)             { r.OnRecover(env) }

func (r *raNode) Acquire(env *engine.Env) {
	r.clock++ // LC1
	r.req = raStamp{T: r.clock, ID: r.Self()}
	r.OrderBy(r.req.T, r.req.ID)
	r.awaiting = env.N() - 1
	env.Note("multicasts REQUEST(" + r.req.Label() + ") and waits for " + strconv.Itoa(r.awaiting) + " REPLYs")
	body := &raStamp{T: r.req.T, ID: r.req.ID}
	for q := range env.N() {
		if q != r.Self() {
			r.Send(env, q, engine.Message{Type: msgRARequest, Body: body})
		}
	}
	if r.awaiting == 0 {
		r.Enter(env)
	}
}

func (r *raNode) Release(env *engine.Env) {
	if len(r.deferred) > 0 {
		env.Note("replies to every deferred request: " + strings.Join(posLabels(r.deferredFrom()), ", "))
	}
	for _, s := range r.deferred {
		r.SendFor(env, s.ID, r.reply(), s.ID, int64(s.T))
	}
	r.deferred = r.deferred[:0]
}

func (r *raNode) Receive(env *engine.Env, from int, m engine.Message) {
	r.Step()
	switch b := m.Body.(type) {
	case *raStamp:
		r.clock = max(r.clock, b.T) + 1 // LC2
	case *lmTime:
		r.clock = max(r.clock, b.T) + 1 // LC2
	}
	switch m.Type {
	case msgTell:
		r.Told(env, from, r)
	case msgRARequest:
		s := *m.Body.(*raStamp)
		switch {
		case r.State() == stHeld:
			r.deferred = append(r.deferred, s)
			env.Note("HELD: defers its reply to " + posLabel(from))
		case r.State() == stWanted && r.req.Less(s):
			r.deferred = append(r.deferred, s)
			env.Note("WANTED with the smaller (" + r.req.Label() + ") < (" + s.Label() + "): defers its reply to " + posLabel(from))
		case r.State() == stWanted:
			env.Note("WANTED, but (" + s.Label() + ") < (" + r.req.Label() + "): replies to " + posLabel(from) + " at once")
			r.SendFor(env, from, r.reply(), from, int64(s.T))
		default:
			r.SendFor(env, from, r.reply(), from, int64(s.T))
		}
	case msgRAReply:
		if r.State() != stWanted || r.awaiting == 0 {
			return
		}
		r.awaiting--
		if r.awaiting == 0 {
			r.Enter(env)
		}
	}
}

// deferredFrom lists the processes whose requests are deferred.
func (r *raNode) deferredFrom() []int {
	out := make([]int, len(r.deferred))
	for i, s := range r.deferred {
		out[i] = s.ID
	}
	return out
}

func (r *raNode) TellBody() any { return &lmTime{T: r.clock} }

// reply is a REPLY carrying the current Lamport time.
func (r *raNode) reply() engine.Message {
	return engine.Message{Type: msgRAReply, Body: &lmTime{T: r.clock}}
}

func (r *raNode) View() engine.NodeView {
	vars := r.Vars()
	var req any
	if r.State() != stReleased {
		req = "(" + r.req.Label() + ")"
	}
	vars = append(vars,
		engine.Var{Name: "clock", Value: r.clock},
		engine.Var{Name: "request", Value: req},
		engine.Var{Name: "awaiting", Value: r.awaiting},
		engine.Var{Name: "deferred", Value: posLabels(r.deferredFrom())})
	return engine.NodeView{Role: r.State(), Vars: vars}
}

func (r *raNode) Clone() engine.Process {
	d := *r
	d.mutexCore = r.Copy()
	d.deferred = slices.Clone(r.deferred)
	return &d
}

func init() {
	register(&Algorithm{
		ID:     "ricart-agrawala",
		Name:   "Ricart–Agrawala",
		Family: FamilyMutex,
		View:   ViewComplete,
		Summary: "Mutual exclusion without a coordinator. A process that wants the critical section multicasts REQUEST " +
			"with its (Lamport time, ID) and enters after n−1 REPLYs. A receiver defers its reply if it is HELD, or " +
			"WANTED with a smaller (time, ID) of its own; otherwise it replies at once. On exit it replies to every " +
			"deferred request. Equal Lamport times are ordered by ID. 2(n−1) messages per entry.",
		Params: mutexParams(3,
			param.Spec{Name: "clocks", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(1e9),
				Doc: "Initial Lamport clock by position; empty: all 0. The clock ticks before a request (LC1) and when a message arrives (LC2)."}),
		MessageTypes: []string{msgRARequest, msgRAReply},
		Actions:      mutexActions,
		Invariants:   append(slices.Clip(mutexInvariants), mutexTimestampOrderDoc),
		Theory: []Bound{
			{Name: "per entry", Formula: "2(n−1)", Counts: "messages per entry (n−1 REQUEST + n−1 REPLY)",
				Eval: func(v param.Values) float64 { return float64(2 * (v.Int("n") - 1)) }},
		},
		Scenarios: []Scenario{
			{ID: "lecture", Name: "Lecture: P0 requests with time 12, P1 with time 8",
				Doc: "Three processes; P0 and P1 want the critical section at the same time, P0's REQUEST carries " +
					"Lamport time 12, P1's 8, and P2 does not request. P0 replies to P1 at once, P1 defers its reply " +
					"to P0: P1 enters first, P0 after P1 leaves and replies.",
				Params: map[string]any{"n": 3, "requestNodes": []int{0, 1}, "requestTimes": []int{0, 0}, "clocks": []int{11, 7, 0}}},
			{ID: "ties", Name: "Equal Lamport times",
				Doc:    "Five processes request at time 0, all with Lamport time 1: the IDs break the ties, so they enter in the order P0, P1, P2, P3, P4.",
				Params: map[string]any{"n": 5}},
			{ID: "random", Name: "Several requests at random times",
				Doc:    "Five processes make three requests each at times drawn from [0, 60], with delays from 1 to 5.",
				Params: map[string]any{"n": 5, "count": 3, "spread": 60, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 1},
			{ID: "crash", Name: "A process crashes",
				Doc: "P3 has crashed from the start and never replies: every requester waits for its REPLY forever, " +
					"and the final check reports a deadlock. Every process is a point of failure.",
				Params: map[string]any{"n": 4, "crashed": []int{3}}},
		},
		Complete: func(v param.Values, rng *rand.Rand) error {
			if c := v.Ints("clocks"); len(c) != 0 && len(c) != v.Int("n") {
				return param.Errorf("clocks", "has %d entries but n is %d: give one clock per process, or none", len(c), v.Int("n"))
			}
			return completeWorkload(v, rng)
		},
		Make: func(v param.Values) (engine.Config, []Node, error) {
			clocks := v.Ints("clocks")
			cfg := mutexBuild(v, func(p int, c mutexCore) engine.Process {
				r := &raNode{mutexCore: c}
				if len(clocks) > 0 {
					r.clock = clocks[p]
				}
				return r
			})
			cfg.Invariants = append(cfg.Invariants, mutexTimestampOrder())
			return cfg, mutexNodes(len(cfg.Procs)), nil
		},
	})
}
