package algos

import (
	"fmt"
	"math"
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

	// msgTell is an application message outside the algorithm (the family's
	// tellFrom/tellTo workload): its receiver then requests the critical
	// section, so its request happens after the sender's (ME3).
	msgTell = "TELL"

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

// mutexRequest is one request of the critical section. The stamps record
// moments for the outcome (event numbers, vector times, charged messages);
// the processes never decide anything by them.
type mutexRequest struct {
	made  engine.Stamp // the request was made
	begun engine.Stamp // the algorithm started to serve it (zero while an earlier request of the process is served)
	// order is the algorithm's priority of the request, smaller first, where
	// it promises to serve in that order (Ricart–Agrawala, Lamport: the
	// request's (Lamport time, ID)); ordered says whether it is set.
	order   [2]int
	ordered bool
	// tag names the request in the messages sent for it (engine.Account):
	// its number among the process's requests, or what the algorithm sets
	// (tagRequest, orderBy: the Lamport time).
	tag int64
}

// mutexEntry is one stay in the critical section.
type mutexEntry struct {
	req   mutexRequest
	enter engine.Stamp // right after the note "enters the critical section"
	exit  engine.Stamp // right after the note "leaves the critical section"
	// counted marks an entry whose messages the algorithm counted itself (the
	// token ring: the TOKEN passes that brought the token here).
	counted  bool
	messages int64
	inside   bool
}

// mutexCore is the shared part of a mutual-exclusion process. Requests are
// served one at a time: a request made while another is being served waits
// in pending.
type mutexCore struct {
	self    int
	cs      engine.Delay   // time inside: fixed or uniform in [Min, Max]
	wants   []engine.Time  // times of the workload's future requests, ascending
	pending []mutexRequest // requests made and not yet served; the first is being served
	state   string
	entries []mutexEntry
	sent    int64              // messages of the algorithm this process has sent (not TELLs)
	tells   []int              // after each request of its own, the process sends TELL to these
	label   func(p int) string // the algorithm's process labels, for notes
	begun   int64              // requests begun so far
	tag     int64              // the tag of the request served last (its RELEASE is sent after it left pending)

	// justEntered marks the step in which the process entered, so that ME1
	// reports each entry once; every handler clears it first.
	justEntered bool
}

func newMutexCore(self int, cs engine.Delay, wants []engine.Time) mutexCore {
	return mutexCore{self: self, cs: cs, wants: wants, state: stReleased, label: posLabel}
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
		c.tell(env, r)
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
	c.tell(env, r)
	return nil
}

// mutexClocked is implemented by algorithms with Lamport clocks: a TELL
// carries the sender's time (tellBody), as every message must for the
// clocks to respect happened-before.
type mutexClocked interface{ tellBody() any }

// tell sends the TELLs of the tellFrom/tellTo workload after a request.
func (c *mutexCore) tell(env *engine.Env, r mutexRules) {
	if len(c.tells) == 0 {
		return
	}
	var body any
	if ck, ok := r.(mutexClocked); ok {
		body = ck.tellBody()
	}
	env.Note("tells " + labelsOf(c.label, c.tells) + " that it has requested the critical section (an application message, not part of the algorithm)")
	for _, q := range c.tells {
		env.Send(q, engine.Message{Type: msgTell, Body: body})
	}
}

// told handles an arriving TELL: the process requests the critical section
// (and tells nobody: TELLs do not chain).
func (c *mutexCore) told(env *engine.Env, from int, r mutexRules) {
	env.Note("hears from " + c.label(from) + " and requests the critical section")
	c.request(env, r)
}

// request makes one request now; it is served at once unless another is.
func (c *mutexCore) request(env *engine.Env, r mutexRules) {
	if c.state != stReleased {
		env.Note("wants the critical section once more: the request waits until the current one is served")
		c.pending = append(c.pending, mutexRequest{made: env.Stamp()})
		return
	}
	c.pending = append(c.pending, mutexRequest{})
	c.begin(env, r)
}

// begin starts to serve the first pending request.
func (c *mutexCore) begin(env *engine.Env, r mutexRules) {
	c.state = stWanted
	env.Note("wants the critical section")
	q := &c.pending[0]
	c.begun++
	q.tag, c.tag = c.begun, c.begun
	q.begun = env.Stamp()
	if q.made.IsZero() {
		q.made = q.begun
	}
	r.acquire(env)
}

// orderBy records the priority the algorithm gives the request it serves
// (smaller first), for the check that it serves requests in that order.
// It also tags the request with t.
func (c *mutexCore) orderBy(t, id int) {
	if len(c.pending) > 0 {
		c.pending[0].order, c.pending[0].ordered = [2]int{t, id}, true
		c.tagRequest(int64(t))
	}
}

// tagRequest sets the tag of the request being served: what the messages
// sent for it name it by (sendFor), e.g. its timestamp, which every process
// that answers it knows.
func (c *mutexCore) tagRequest(tag int64) {
	if len(c.pending) > 0 {
		c.pending[0].tag, c.tag = tag, tag
	}
}

// enter is called by the algorithm when the process may go in.
func (c *mutexCore) enter(env *engine.Env) {
	c.state = stHeld
	c.justEntered = true
	d := c.cs.Min
	if c.cs.Max > c.cs.Min {
		d += env.Rand().Int64N(c.cs.Max - c.cs.Min + 1)
	}
	env.Note("enters the critical section for " + strconv.FormatInt(d, 10))
	c.entries = append(c.entries, mutexEntry{req: c.pending[0], enter: env.Stamp(), inside: true})
	env.SetTimer(timerExit, d)
}

// countEntry sets the messages of the entry just made, for an algorithm
// that counts them itself rather than by charging (SendFor).
func (c *mutexCore) countEntry(messages int64) {
	e := &c.entries[len(c.entries)-1]
	e.counted, e.messages = true, messages
}

func (c *mutexCore) exit(env *engine.Env, r mutexRules) {
	c.state = stReleased
	env.Note("leaves the critical section")
	e := &c.entries[len(c.entries)-1]
	e.exit, e.inside = env.Stamp(), false
	c.pending = c.pending[1:]
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

// send sends a message of the algorithm for the process's own current (or,
// during its exit, last) request: it counts towards that request's entry.
func (c *mutexCore) send(env *engine.Env, to int, m engine.Message) {
	c.sendFor(env, to, m, c.self, c.tag)
}

// sendFor sends a message of the algorithm for the request of process owner
// with the given tag (a REPLY or GRANT serves its receiver's request, an
// INQUIRE the request that caused it); owner −1: for no request. The
// outcome counts it towards that request's entry, whenever it is sent.
func (c *mutexCore) sendFor(env *engine.Env, to int, m engine.Message, owner int, tag int64) {
	c.sent++
	if owner < 0 {
		env.Send(to, m)
		return
	}
	env.SendFor(to, m, engine.Account{Node: owner, Tag: tag})
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

func posLabel(p int) string { return "P" + strconv.Itoa(p) }

func posLabels(ps []int) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = posLabel(p)
	}
	return out
}

// mutexParams are the family's parameters, with the algorithm's own after n.
func mutexParams(defN int, own ...param.Spec) []param.Spec {
	ps := []param.Spec{nParam(2, defN, maxMutexN, "Number of processes; every process can send to every other.")}
	ps = append(ps, own...)
	return append(ps,
		param.Spec{Name: "requests", Type: param.Lists, Fields: []string{"node", "at"}, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(1e9),
			Doc: "Explicit workload, one {\"node\": position, \"at\": time} per request (or [position, time]), e.g. [{\"node\": 0, \"at\": 12}, {\"node\": 1, \"at\": 8}]; the same as requestNodes and requestTimes (give one or the other)."},
		param.Spec{Name: "requestNodes", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(maxMutexN - 1),
			Doc: "Explicit workload: the position that makes each request, paired with requestTimes. Empty: a workload generated from count and spread."},
		param.Spec{Name: "requestTimes", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(1e9),
			Doc: "Explicit workload: when each request of requestNodes is made."},
		param.Spec{Name: "count", Type: param.Int, Default: 1, Min: param.Bound(0), Max: param.Bound(50),
			Doc: "Generated workload (when requestNodes is empty): requests per process."},
		param.Spec{Name: "spread", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e6),
			Doc: "Generated workload: request times drawn uniformly from [0, spread] by the seeded generator; 0: all at once."},
		param.Spec{Name: "rate", Type: param.Float, Default: 0.0, Min: param.Bound(0), Max: param.Bound(100),
			Doc: "Generated workload: when above 0, each process's count requests arrive as a Poisson process of this rate (requests per time unit, exponential gaps drawn by the seeded generator) instead of within spread."},
		param.Spec{Name: "tellFrom", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(maxMutexN - 1),
			Doc: "Application messages, paired with tellTo: after each request of its workload (or by hand), process tellFrom[i] sends TELL to tellTo[i], which then requests the critical section. TELL is not part of the algorithm; it makes one request happen before another (ME3)."},
		param.Spec{Name: "tellTo", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(maxMutexN - 1),
			Doc: "Application messages: the receiver of each TELL of tellFrom."},
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
	from, to := v.Ints("tellFrom"), v.Ints("tellTo")
	if len(from) != len(to) {
		return param.Errorf("tellTo", "has %d entries but tellFrom has %d: give one receiver per TELL", len(to), len(from))
	}
	for i, p := range from {
		if p >= n || to[i] >= n {
			return param.Errorf("tellFrom", "TELL %d→%d: positions must be in 0..%d", p, to[i], n-1)
		}
		if p == to[i] {
			return param.Errorf("tellTo", "process %d would tell itself: a TELL goes to another process", p)
		}
	}
	nodes, times := v.Ints("requestNodes"), v.Ints("requestTimes")
	if reqs := v.IntLists("requests"); len(reqs) > 0 {
		if len(nodes) > 0 || len(times) > 0 {
			return param.Errorf("requests", "give the workload either as requests or as requestNodes and requestTimes, not both")
		}
		for i, r := range reqs { // two numbers each: the spec's fields
			if r[0] >= n {
				return param.Errorf("requests", "request %d: position %d is outside 0..%d", i, r[0], n-1)
			}
		}
		return nil
	}
	if len(nodes) == 0 && len(times) == 0 {
		count, spread, rate := v.Int("count"), v.Int("spread"), v.Float("rate")
		if rate > 0 {
			for p := range n {
				at := 0.0
				for range count {
					at += rng.ExpFloat64() / rate
					nodes = append(nodes, p)
					times = append(times, int(math.Round(at)))
				}
			}
		} else {
			for range count {
				for p := range n {
					nodes = append(nodes, p)
					times = append(times, rng.IntN(spread+1))
				}
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

// workloadOf is the explicit or generated workload: who requests, and when.
func workloadOf(v param.Values) (nodes, times []int) {
	for _, r := range v.IntLists("requests") {
		nodes, times = append(nodes, r[0]), append(times, r[1])
	}
	if nodes != nil {
		return nodes, times
	}
	return v.Ints("requestNodes"), v.Ints("requestTimes")
}

// mutexBuild makes the shared part of every process and the configuration;
// the family's texts name the processes P0..Pn−1.
func mutexBuild(v param.Values, mk func(p int, c mutexCore) engine.Process) engine.Config {
	return mutexBuildLabeled(v, posLabel, mk)
}

// mutexBuildLabeled is mutexBuild for an algorithm whose processes have
// other labels (Maekawa: P1..Pn): the checks and the outcome name the
// processes by label(position).
func mutexBuildLabeled(v param.Values, label func(p int) string, mk func(p int, c mutexCore) engine.Process) engine.Config {
	n := v.Int("n")
	wants := make([][]engine.Time, n)
	nodes, times := workloadOf(v)
	for i, p := range nodes {
		wants[p] = append(wants[p], engine.Time(times[i]))
	}
	tells := make([][]int, n)
	to := v.Ints("tellTo")
	for i, p := range v.Ints("tellFrom") {
		tells[p] = append(tells[p], to[i])
	}
	cs := v.Range("csTime")
	procs := make([]engine.Process, n)
	starts := make([]engine.StartAt, n)
	for p := range n {
		slices.Sort(wants[p])
		c := newMutexCore(p, engine.Delay{Min: cs.Min, Max: cs.Max}, wants[p])
		c.tells, c.label = tells[p], label
		procs[p] = mk(p, c)
		starts[p] = engine.StartAt{Node: p}
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Invariants: []engine.Invariant{mutexME1(label), mutexME3(label)},
		Final:      []engine.Invariant{mutexDeadlock(label)},
		Outcome:    func(w engine.World) any { return mutexOutcome(w, label) },
		Causality:  true, // for ME3
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
	{Name: "ME3", Doc: "Order: entries follow the happened-before order of the requests. Reported as a note where an entry breaks it, and listed in the outcome; not a violation, for not every algorithm promises it."},
}

var (
	mutexTimestampOrderDoc = Doc{Name: "ME2", Doc: "Liveness: requests are served in (Lamport time, ID) order: no process enters while a request with a smaller (time, ID) waits, so every request is served in the end."}
	mutexOvertakeDoc       = Doc{Name: "ME2", Doc: "Liveness: while a request waits, the token visits every other process at most once, so no request is overtaken more than n−1 times (checked when the run ends)."}
)
