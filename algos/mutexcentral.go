package algos

import (
	"math/rand/v2"
	"slices"

	"distviz/engine"
	"distviz/param"
)

// Mutual exclusion with a central coordinator, ALGORITHMS.md 2.1: a process
// sends REQUEST to the coordinator and enters on GRANT; on exit it sends
// RELEASE; the coordinator grants one process at a time and queues the other
// requests in FIFO order. 3 messages per entry. The coordinator is itself a
// process that may want the critical section: it then queues or grants its
// own request locally, without messages. Its crash stalls everyone.

const (
	msgCMRequest = "REQUEST"
	msgCMGrant   = "GRANT"
	msgCMRelease = "RELEASE"
)

type centralNode struct {
	mutexCore
	coord int // the coordinator's position

	// The coordinator's state (unused elsewhere).
	holder int     // who may be inside; -1: nobody
	queue  []int   // waiting requesters in FIFO order
	asked  []int64 // REQUESTs received from each process: the number of its current request
}

func (c *centralNode) isCoord() bool { return c.Self() == c.coord }

func (c *centralNode) Start(env *engine.Env)               { c.StartWorkload(env) }
func (c *centralNode) Timer(env *engine.Env, name string)  { c.OnTimer(env, name, c) }
func (c *centralNode) Act(env *engine.Env, a string) error { return c.OnAct(env, a, c) }
func (c *centralNode) Recover(env *engine.Env)             { c.OnRecover(env) }
func (c *centralNode) Receive(env *engine.Env, from int, m engine.Message) {
	c.Step()
	switch m.Type {
	case msgTell:
		c.Told(env, from, c)
	case msgCMRequest:
		if c.isCoord() {
			c.asked[from]++
			c.onRequest(env, from)
		}
	case msgCMGrant:
		if c.State() == stWanted {
			c.Enter(env)
		}
	case msgCMRelease:
		if c.isCoord() {
			c.onRelease(env, from)
		}
	}
}

func (c *centralNode) Acquire(env *engine.Env) {
	if c.isCoord() {
		c.onRequest(env, c.Self())
		return
	}
	c.Send(env, c.coord, engine.Message{Type: msgCMRequest})
}

func (c *centralNode) Release(env *engine.Env) {
	if c.isCoord() {
		c.onRelease(env, c.Self())
		return
	}
	c.Send(env, c.coord, engine.Message{Type: msgCMRelease})
}

// onRequest is the coordinator receiving a request (its own, locally).
func (c *centralNode) onRequest(env *engine.Env, p int) {
	if c.holder < 0 {
		c.grant(env, p)
		return
	}
	c.queue = append(c.queue, p)
	env.Note(posLabel(c.holder) + " holds the critical section: queues the request of " + posLabel(p))
}

func (c *centralNode) onRelease(env *engine.Env, p int) {
	if p != c.holder {
		env.Note("ignores a RELEASE from " + posLabel(p) + ", which it had not granted")
		return
	}
	c.holder = -1
	if len(c.queue) == 0 {
		return
	}
	next := c.queue[0]
	c.queue = c.queue[1:]
	env.Note("grants the first request in its queue, from " + posLabel(next))
	c.grant(env, next)
}

func (c *centralNode) grant(env *engine.Env, p int) {
	c.holder = p
	if p == c.Self() {
		env.Note("is the coordinator: grants itself the critical section without messages")
		c.Enter(env)
		return
	}
	c.SendFor(env, p, engine.Message{Type: msgCMGrant}, p, c.asked[p])
}

func (c *centralNode) View() engine.NodeView {
	vars := c.Vars()
	if c.isCoord() {
		var holder any
		if c.holder >= 0 {
			holder = posLabel(c.holder)
		}
		vars = append(vars, engine.Var{Name: "granted", Value: holder}, engine.Var{Name: "queue", Value: posLabels(c.queue)})
	}
	return engine.NodeView{Role: c.State(), Vars: vars}
}

func (c *centralNode) Clone() engine.Process {
	d := *c
	d.mutexCore = c.Copy()
	d.queue = append([]int(nil), c.queue...)
	d.asked = slices.Clone(c.asked)
	return &d
}

func init() {
	register(&Algorithm{
		ID:     "central-mutex",
		Name:   "Central coordinator",
		Family: FamilyMutex,
		View:   ViewComplete,
		Summary: "Mutual exclusion through one coordinator. A process sends REQUEST to the coordinator and enters when " +
			"it receives GRANT; on exit it sends RELEASE. The coordinator grants one process at a time and queues the " +
			"other requests in FIFO order: 3 messages per entry. The coordinator is a single point of failure, and the " +
			"order of entry need not respect happened-before (ME3).",
		Params: mutexParams(4,
			param.Spec{Name: "coordinator", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(maxMutexN - 1),
				Doc: "Position of the coordinator. When it wants the critical section itself, it queues or grants its own request without messages."}),
		MessageTypes: []string{msgCMRequest, msgCMGrant, msgCMRelease},
		Actions:      mutexActions,
		Invariants:   mutexInvariants,
		Theory: []Bound{
			{Name: "per entry", Formula: "3", Counts: "messages per entry (REQUEST + GRANT + RELEASE)",
				When: "the requester is not the coordinator; the coordinator's own entries need none",
				Eval: func(param.Values) float64 { return 3 }},
		},
		Scenarios: []Scenario{
			{ID: "all-at-once", Name: "Everyone at once",
				Doc: "Four processes request at time 0. The coordinator P0 grants itself first without messages and " +
					"queues the others in the order their REQUESTs arrive: 3 messages for each of the other entries.",
				Params: map[string]any{"n": 4}},
			{ID: "random", Name: "Several requests at random times",
				Doc:    "Five processes make three requests each at times drawn from [0, 60], with delays from 1 to 5.",
				Params: map[string]any{"n": 5, "count": 3, "spread": 60, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 1},
			{ID: "me3", Name: "ME3 broken: a causally later request enters first",
				Doc: "P1 requests at time 0 and then tells P2 so with an application message (TELL); P2 requests when it hears, " +
					"so P1's request happened before P2's. P2's REQUEST reaches the coordinator first, over a faster link, and P2 " +
					"enters first: the order of entry does not respect happened-before, which the narration and the outcome report.",
				Params: map[string]any{"n": 3, "requestNodes": []int{1}, "requestTimes": []int{0}, "tellFrom": []int{1}, "tellTo": []int{2},
					"delay": map[string]any{"min": 1, "max": 10}}, Seed: 9},
			{ID: "coordinator-crash", Name: "The coordinator crashes",
				Doc: "P1, P2 and P3 request at time 0; the coordinator P0 crashes at time 3, while P1 is inside. " +
					"P1's RELEASE is lost, P2 and P3 wait forever, and the final check reports a deadlock.",
				Params: map[string]any{"n": 4, "requestNodes": []int{1, 2, 3}, "requestTimes": []int{0, 0, 0}, "crashed": []int{0}, "crashAt": 3}},
		},
		Complete: func(v param.Values, rng *rand.Rand) error {
			if c := v.Int("coordinator"); c >= v.Int("n") {
				return param.Errorf("coordinator", "position %d is outside 0..%d", c, v.Int("n")-1)
			}
			return completeWorkload(v, rng)
		},
		Make: func(v param.Values) (engine.Config, []Node, error) {
			coord := v.Int("coordinator")
			cfg := mutexBuild(v, func(p int, c mutexCore) engine.Process {
				return &centralNode{mutexCore: c, coord: coord, holder: -1, asked: make([]int64, v.Int("n"))}
			})
			return cfg, mutexNodes(len(cfg.Procs)), nil
		},
	})
}
