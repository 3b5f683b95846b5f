package algos

import (
	"slices"
	"strconv"

	"distviz/engine"
	"distviz/param"
)

// Token-ring mutual exclusion, ALGORITHMS.md 2.3: one TOKEN circulates in
// ring order, position i passing it to i+1. Its holder enters the critical
// section if it wants to, at most once per pass, keeps the token while
// inside and passes it on when it leaves; a holder that does not want it
// passes it on at once. P0 holds the token at the start. A lost token (the
// message dropped, or its holder crashed) stalls everyone: the final check
// reports the deadlock. Regenerating the token is ALGORITHMS.md 1.5.
//
// A real ring passes the token forever. To keep runs finite the token counts
// its passes and stops after `rounds` rounds: the holder then keeps it (and
// may still enter for its own requests).

const (
	msgTRToken = "TOKEN"
	timerPass  = "pass" // P0's first pass, after its own requests at time 0

	roleToken = "token" // holds the token, outside the critical section
)

// trToken is the token's body: the round it is in, counted from 1, the
// passes it has made so far, and the passes since the last entry (the
// messages the next entry costs).
type trToken struct {
	Round int `json:"round"`
	Hops  int `json:"hops"`
	Since int `json:"since"`
}

func (t *trToken) Label() string { return strconv.Itoa(t.Round) }

type tokenNode struct {
	mutexCore
	rounds   int  // the token stops after this many rounds
	hasToken bool // holds the token
	hops     int  // passes the token had made when it arrived here
	since    int  // passes since the last entry, when it arrived here
}

func (t *tokenNode) Start(env *engine.Env) {
	t.StartWorkload(env)
	if t.hasToken {
		env.SetTimer(timerPass, 0)
	}
}

func (t *tokenNode) Timer(env *engine.Env, name string) {
	if name == timerPass {
		t.Step()
		if t.hasToken && t.State() != stHeld {
			t.pass(env)
		}
		return
	}
	t.OnTimer(env, name, t)
}

func (t *tokenNode) Act(env *engine.Env, a string) error { return t.OnAct(env, a, t) }
func (t *tokenNode) Recover(env *engine.Env)             { t.OnRecover(env) }

func (t *tokenNode) Acquire(env *engine.Env) {
	if t.hasToken {
		env.Note("holds the token")
		t.enterWithToken(env)
		return
	}
	env.Note("waits for the token")
}

func (t *tokenNode) Release(env *engine.Env) { t.pass(env) }

// pass sends the token to the next position, unless its rounds are over.
func (t *tokenNode) pass(env *engine.Env) {
	n := env.N()
	if t.hops >= t.rounds*n {
		env.Note("the token has gone round " + strconv.Itoa(t.rounds) + " times: keeps it, and the ring stops")
		return
	}
	t.hasToken = false
	t.hops++
	t.since++
	t.SendFor(env, (t.Self()+1)%n, engine.Message{Type: msgTRToken, Body: &trToken{Round: (t.hops-1)/n + 1, Hops: t.hops, Since: t.since}}, -1, 0)
}

// enterWithToken enters; the entry is charged the TOKEN passes since the
// previous entry: what it took to bring the token here.
func (t *tokenNode) enterWithToken(env *engine.Env) {
	t.Enter(env)
	t.CountEntry(int64(t.since))
	t.since = 0
}

func (t *tokenNode) Receive(env *engine.Env, from int, m engine.Message) {
	t.Step()
	if m.Type == msgTell {
		t.Told(env, from, t)
		return
	}
	if m.Type != msgTRToken {
		return
	}
	b := m.Body.(*trToken)
	t.hasToken = true
	t.hops, t.since = b.Hops, b.Since
	if t.State() == stWanted {
		env.Note("has the token and wants the critical section")
		t.enterWithToken(env)
		return
	}
	t.pass(env)
}

func (t *tokenNode) View() engine.NodeView {
	vars := t.Vars()
	vars = append(vars, engine.Var{Name: "token", Value: t.hasToken})
	role := t.State()
	if t.hasToken && t.State() == stReleased {
		role = roleToken
	}
	return engine.NodeView{Role: role, Vars: vars}
}

func (t *tokenNode) Clone() engine.Process {
	d := *t
	d.mutexCore = t.Copy()
	return &d
}

// tokenRounds is the default budget: enough rounds that the token still
// circulates when the workload's last request is due (a round takes at least
// n·max(1, delay.min)), plus one round per request of the busiest process,
// plus 2.
func tokenRounds(v param.Values) int {
	n := v.Int("n")
	last := 0
	per := make([]int, n)
	busiest := 0
	nodes, times := workloadOf(v)
	own := make([]int, n)
	for i, p := range nodes {
		last = max(last, times[i])
		per[p]++
		own[p]++
	}
	// A TELL's receiver requests once more per request of the teller, up to
	// one delay later.
	to := v.Ints("tellTo")
	for i, p := range v.Ints("tellFrom") {
		per[to[i]] += own[p]
	}
	if len(to) > 0 {
		last += int(v.Range("delay").Max)
	}
	for _, k := range per {
		busiest = max(busiest, k)
	}
	hop := int(max(1, v.Range("delay").Min))
	return (last+n*hop-1)/(n*hop) + busiest + 2
}

func init() {
	register(&Algorithm{
		ID:     "token-ring-mutex",
		Name:   "Token ring",
		Family: FamilyMutex,
		View:   ViewRing,
		Summary: "Mutual exclusion with one TOKEN that circulates in ring order, from each position to the next. " +
			"Its holder may enter the critical section once per pass if it wants to, keeps the token while inside, " +
			"and passes it on when it leaves; otherwise it passes it on at once. Between 1 message per entry (everyone " +
			"wants) and n (only one process wants), and the token uses the network even when nobody wants. A lost " +
			"token stalls everyone.",
		Params: mutexParams(5,
			param.Spec{Name: "rounds", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e6),
				Doc: "A real ring passes the token forever; here the token stops after this many rounds and its holder keeps it, " +
					"so that the run ends. 0: enough for the workload, the rounds until its last request is due (a round takes at " +
					"least n·delay.min) plus one per request of the busiest process plus 2. A request made later waits forever."}),
		MessageTypes: []string{msgTRToken},
		Actions:      mutexActions,
		Invariants:   append(slices.Clip(mutexInvariants), mutexOvertakeDoc),
		Theory: []Bound{
			{Name: "best case", Formula: "1", Counts: "TOKEN messages per entry", When: "every process wants the critical section",
				Eval: func(param.Values) float64 { return 1 }},
			{Name: "worst case", Formula: "n", Counts: "TOKEN messages per entry", When: "only one process wants the critical section",
				Eval: func(v param.Values) float64 { return float64(v.Int("n")) }},
		},
		Scenarios: []Scenario{
			{ID: "lecture", Name: "Everyone wants: entries in ring order",
				Doc: "Five processes request at time 0. P0 holds the token at the start and enters first; the token then " +
					"passes P1, P2, P3, P4, and each enters in ring order: 1 message per entry while everyone waits.",
				Params: map[string]any{"n": 5}},
			{ID: "one", Name: "Only one process wants",
				Doc:    "Only P3 requests, at times 0, 20 and 40: the token goes round the whole ring between two entries of P3: n messages per entry.",
				Params: map[string]any{"n": 5, "requestNodes": []int{3, 3, 3}, "requestTimes": []int{0, 20, 40}}},
			{ID: "random", Name: "Several requests at random times",
				Doc:    "Five processes make three requests each at times drawn from [0, 60], with delays from 1 to 5.",
				Params: map[string]any{"n": 5, "count": 3, "spread": 60, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 1},
			{ID: "crash", Name: "The holder crashes: the token is lost",
				Doc: "Everyone requests at time 0; P2 crashes at time 15, while it holds the token inside the critical " +
					"section. The token is lost, P3 and P4 wait forever, and the final check reports a deadlock.",
				Params: map[string]any{"n": 5, "csTime": map[string]any{"min": 5, "max": 5}, "crashed": []int{2}, "crashAt": 15}},
		},
		Complete: completeWorkload,
		Make: func(v param.Values) (engine.Config, []Node, error) {
			rounds := v.Int("rounds")
			if rounds == 0 {
				rounds = tokenRounds(v)
			}
			cfg := mutexBuild(v, func(p int, c mutexCore) engine.Process {
				return &tokenNode{mutexCore: c, rounds: rounds, hasToken: p == 0}
			})
			cfg.Final = append(cfg.Final, mutexOvertakeBound())
			return cfg, mutexNodes(len(cfg.Procs)), nil
		},
	})
}
