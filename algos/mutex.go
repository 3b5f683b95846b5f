package algos

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"distviz/engine"
	"distviz/param"
)

// What the mutual-exclusion family (ALGORITHMS.md 2) shares: the workload
// (when each process wants the critical section, how long it stays inside),
// the process's life cycle RELEASED → WANTED → HELD → RELEASED, the user
// action "request", the checks ME1 and deadlock, and the outcome.

const (
	timerWant = "want" // the next request of the workload is due
	timerExit = "exit" // the time inside the critical section is up

	actRequest = "request"

	stReleased = "released"
	stWanted   = "wanted"
	stHeld     = "held"

	maxMutexN = 64
)

// mutexRules is what an algorithm adds to the shared life cycle.
type mutexRules interface {
	// acquire runs when the process starts to want the critical section; the
	// algorithm calls enter once it may go in.
	acquire(env *engine.Env)
	// release runs right after the process has left the critical section.
	release(env *engine.Env)
}

// mutexEntry is one stay in the critical section, in virtual time.
type mutexEntry struct {
	requestedAt, enter, exit engine.Time
	inside                   bool
}

// mutexCore is the shared part of a mutual-exclusion process. Requests are
// served one at a time: a request made while another is being served waits
// in pending.
type mutexCore struct {
	self    int
	cs      engine.Delay  // time inside: fixed or uniform in [Min, Max]
	wants   []engine.Time // times of the workload's future requests, ascending
	pending []engine.Time // requests made and not yet served; the first is being served
	state   string
	entries []mutexEntry
	sent    int64 // messages this process has sent

	// justEntered marks the step in which the process entered, so that ME1
	// reports each entry once; every handler clears it first.
	justEntered bool
}

func newMutexCore(self int, cs engine.Delay, wants []engine.Time) mutexCore {
	return mutexCore{self: self, cs: cs, wants: wants, state: stReleased}
}

func (c *mutexCore) core() *mutexCore { return c }

func (c *mutexCore) start(env *engine.Env) {
	c.justEntered = false
	c.armWant(env)
}

func (c *mutexCore) armWant(env *engine.Env) {
	if len(c.wants) > 0 {
		env.SetTimer(timerWant, c.wants[0]-env.Now())
	}
}

func (c *mutexCore) timer(env *engine.Env, name string, r mutexRules) {
	c.justEntered = false
	switch name {
	case timerWant:
		if len(c.wants) > 0 {
			c.wants = c.wants[1:]
		}
		c.request(env, r)
		c.armWant(env)
	case timerExit:
		if c.state == stHeld {
			c.exit(env, r)
		}
	}
}

func (c *mutexCore) act(env *engine.Env, action string, r mutexRules) error {
	c.justEntered = false
	if action != actRequest {
		return fmt.Errorf("unknown action %q; a mutual-exclusion process can only %q", action, actRequest)
	}
	c.request(env, r)
	return nil
}

// request makes one request now; it is served at once unless another is.
func (c *mutexCore) request(env *engine.Env, r mutexRules) {
	c.pending = append(c.pending, env.Now())
	if c.state != stReleased {
		env.Note("wants the critical section once more: the request waits until the current one is served")
		return
	}
	c.begin(env, r)
}

func (c *mutexCore) begin(env *engine.Env, r mutexRules) {
	c.state = stWanted
	env.Note("wants the critical section")
	r.acquire(env)
}

// enter is called by the algorithm when the process may go in.
func (c *mutexCore) enter(env *engine.Env) {
	c.state = stHeld
	c.justEntered = true
	c.entries = append(c.entries, mutexEntry{requestedAt: c.pending[0], enter: env.Now(), inside: true})
	d := c.cs.Min
	if c.cs.Max > c.cs.Min {
		d += env.Rand().Int64N(c.cs.Max - c.cs.Min + 1)
	}
	env.Note("enters the critical section for " + strconv.FormatInt(d, 10))
	env.SetTimer(timerExit, d)
}

func (c *mutexCore) exit(env *engine.Env, r mutexRules) {
	c.state = stReleased
	e := &c.entries[len(c.entries)-1]
	e.exit, e.inside = env.Now(), false
	c.pending = c.pending[1:]
	env.Note("leaves the critical section")
	r.release(env)
	if len(c.pending) > 0 {
		c.begin(env, r)
	}
}

// recover re-arms the timers a crash cancelled; the rest of the state is
// kept as it was (messages sent to the process meanwhile are lost).
func (c *mutexCore) recover(env *engine.Env) {
	c.justEntered = false
	c.armWant(env)
	if c.state == stHeld {
		env.Note("recovered inside the critical section: leaves it at once")
		env.SetTimer(timerExit, 0)
	}
}

func (c *mutexCore) send(env *engine.Env, to int, m engine.Message) {
	c.sent++
	env.Send(to, m)
}

func (c *mutexCore) clone() mutexCore {
	d := *c
	d.wants = slices.Clone(c.wants)
	d.pending = slices.Clone(c.pending)
	d.entries = slices.Clone(c.entries)
	return d
}

// vars are the shared variables every view shows first.
func (c *mutexCore) vars() []engine.Var {
	return []engine.Var{
		{Name: "state", Value: strings.ToUpper(c.state)},
		{Name: "pending", Value: len(c.pending)},
		{Name: "entries", Value: len(c.entries)},
	}
}

type mutexer interface{ core() *mutexCore }

func posLabel(p int) string { return "P" + strconv.Itoa(p) }

func posLabels(ps []int) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = posLabel(p)
	}
	return out
}

// ME1 (safety): a process that has just entered finds nobody else inside.
func mutexME1() engine.Invariant {
	return engine.Invariant{
		Name:        "ME1",
		Description: "Safety: at most one process is in the critical section.",
		Check: func(w engine.World, node int) string {
			if node < 0 || w.Crashed(node) || !w.Process(node).(mutexer).core().justEntered {
				return ""
			}
			var inside []int
			for q := range w.N() {
				if q != node && !w.Crashed(q) && w.Process(q).(mutexer).core().state == stHeld {
					inside = append(inside, q)
				}
			}
			if len(inside) == 0 {
				return ""
			}
			verb := "is"
			if len(inside) > 1 {
				verb = "are"
			}
			return fmt.Sprintf("%s entered the critical section while %s %s inside", posLabel(node), strings.Join(posLabels(inside), ", "), verb)
		},
	}
}

// mutexDeadlock is the final check: nothing is left to happen, yet live
// processes still wait for the critical section.
func mutexDeadlock() engine.Invariant {
	return engine.Invariant{
		Name:        "deadlock",
		Description: "When nothing is left to happen, no live process still waits for the critical section.",
		Check: func(w engine.World, _ int) string {
			var waiting []int
			requests := 0
			for p := range w.N() {
				if c := w.Process(p).(mutexer).core(); !w.Crashed(p) && len(c.pending) > 0 {
					waiting = append(waiting, p)
					requests += len(c.pending)
				}
			}
			if len(waiting) == 0 {
				return ""
			}
			return fmt.Sprintf("nothing is left to happen, but %s still wait for the critical section (%d requests pending)",
				strings.Join(posLabels(waiting), ", "), requests)
		},
	}
}

// MutexEntry is one stay in the critical section. Processes cannot see the
// trace's event numbers, so entry and exit are given as virtual times;
// exitTime is null while the process is inside.
type MutexEntry struct {
	Node        int          `json:"node"`
	RequestedAt engine.Time  `json:"requestedAt"`
	EnterTime   engine.Time  `json:"enterTime"`
	ExitTime    *engine.Time `json:"exitTime"`
}

// MutexOutcome is a mutual-exclusion run's result.
type MutexOutcome struct {
	Entries          []MutexEntry `json:"entries"`          // in order of entry
	Pending          int          `json:"pending"`          // requests made and not yet served
	Messages         int64        `json:"messages"`         // messages the processes sent
	MessagesPerEntry *float64     `json:"messagesPerEntry"` // null before the first entry
}

func mutexOutcome(w engine.World) any {
	o := MutexOutcome{Entries: []MutexEntry{}}
	for p := range w.N() {
		c := w.Process(p).(mutexer).core()
		o.Pending += len(c.pending)
		o.Messages += c.sent
		for _, e := range c.entries {
			me := MutexEntry{Node: p, RequestedAt: e.requestedAt, EnterTime: e.enter}
			if !e.inside {
				x := e.exit
				me.ExitTime = &x
			}
			o.Entries = append(o.Entries, me)
		}
	}
	slices.SortStableFunc(o.Entries, func(a, b MutexEntry) int {
		return cmp.Or(cmp.Compare(a.EnterTime, b.EnterTime), cmp.Compare(exitOrMax(a), exitOrMax(b)))
	})
	if len(o.Entries) > 0 {
		x := float64(o.Messages) / float64(len(o.Entries))
		o.MessagesPerEntry = &x
	}
	return o
}

func exitOrMax(e MutexEntry) engine.Time {
	if e.ExitTime == nil {
		return 1<<63 - 1
	}
	return *e.ExitTime
}

// mutexParams are the family's parameters, with the algorithm's own after n.
func mutexParams(defN int, own ...param.Spec) []param.Spec {
	ps := []param.Spec{nParam(2, defN, maxMutexN, "Number of processes; every process can send to every other.")}
	ps = append(ps, own...)
	return append(ps,
		param.Spec{Name: "requestNodes", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(maxMutexN - 1),
			Doc: "Explicit workload: the position that makes each request, paired with requestTimes. Empty: a workload generated from count and spread."},
		param.Spec{Name: "requestTimes", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(1e9),
			Doc: "Explicit workload: when each request of requestNodes is made."},
		param.Spec{Name: "count", Type: param.Int, Default: 1, Min: param.Bound(0), Max: param.Bound(50),
			Doc: "Generated workload (when requestNodes is empty): requests per process."},
		param.Spec{Name: "spread", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e6),
			Doc: "Generated workload: request times drawn uniformly from [0, spread] by the seeded generator; 0: all at once."},
		param.Spec{Name: "csTime", Type: param.Range, Default: param.IntRange{Min: 5, Max: 5}, Min: param.Bound(0), Max: param.Bound(1e6),
			Doc: "Time spent inside the critical section: fixed, or drawn uniformly from [min, max]."},
		positionsParam("crashed", "Positions that crash at time crashAt."),
		param.Spec{Name: "crashAt", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e9),
			Doc: "When the processes in crashed crash (0: from the start)."},
		delayParam(engine.Delay{Min: 1, Max: 1}),
		fifoParam(),
		lossParam(),
	)
}

// completeWorkload checks an explicit workload or generates one from the seed.
func completeWorkload(v param.Values, rng *rand.Rand) error {
	if _, err := checkPositions(v, "crashed"); err != nil {
		return err
	}
	n := v.Int("n")
	nodes, times := v.Ints("requestNodes"), v.Ints("requestTimes")
	if len(nodes) == 0 && len(times) == 0 {
		count, spread := v.Int("count"), v.Int("spread")
		for range count {
			for p := range n {
				nodes = append(nodes, p)
				times = append(times, rng.IntN(spread+1))
			}
		}
		v.SetInts("requestNodes", nodes)
		v.SetInts("requestTimes", times)
		return nil
	}
	if len(nodes) != len(times) {
		return param.Errorf("requestTimes", "has %d entries but requestNodes has %d: give one time per request", len(times), len(nodes))
	}
	for _, p := range nodes {
		if p >= n {
			return param.Errorf("requestNodes", "position %d is outside 0..%d", p, n-1)
		}
	}
	return nil
}

// mutexBuild makes the shared part of every process and the configuration.
func mutexBuild(v param.Values, mk func(p int, c mutexCore) engine.Process) engine.Config {
	n := v.Int("n")
	wants := make([][]engine.Time, n)
	times := v.Ints("requestTimes")
	for i, p := range v.Ints("requestNodes") {
		wants[p] = append(wants[p], engine.Time(times[i]))
	}
	cs := v.Range("csTime")
	procs := make([]engine.Process, n)
	starts := make([]engine.StartAt, n)
	for p := range n {
		slices.Sort(wants[p])
		procs[p] = mk(p, newMutexCore(p, engine.Delay{Min: cs.Min, Max: cs.Max}, wants[p]))
		starts[p] = engine.StartAt{Node: p}
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Invariants: []engine.Invariant{mutexME1()},
		Final:      []engine.Invariant{mutexDeadlock()},
		Outcome:    mutexOutcome,
	}
	if at := v.Int("crashAt"); at == 0 {
		cfg.Crashed = v.Ints("crashed")
	} else {
		for _, p := range v.Ints("crashed") {
			cfg.Schedule = append(cfg.Schedule, engine.Scheduled{At: engine.Time(at), Action: engine.Action{Type: engine.ActCrash, Node: p}})
		}
	}
	network(&cfg, v)
	return cfg
}

func mutexNodes(n int) []Node {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	return positionLabels(ids)
}

var mutexActions = []ActionSpec{{ID: actRequest, Label: "request the critical section",
	Doc: "The process makes one more request now; it is served after the process's earlier requests."}}

var mutexInvariants = []Doc{
	{Name: "ME1", Doc: "Safety: at most one process is in the critical section."},
	{Name: "deadlock", Doc: "When nothing is left to happen, no live process still waits for the critical section."},
}
