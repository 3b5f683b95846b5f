package algos

import (
	"math"
	"math/rand/v2"
	"strconv"

	"distviz/engine"
	"distviz/param"
)

// Chang–Roberts (1979) on a unidirectional ring, ALGORITHMS.md 1.3.
// Variant lcr: everyone starts and is electable; the leader announces.
// Variant participant: any subset starts; participant flags; ELECTED around.

const (
	msgElection = "ELECTION"
	msgElected  = "ELECTED"
)

// idBody is the ID an ELECTION or ELECTED message carries. Forwarding passes
// the received body on unchanged, so a hop allocates nothing.
type idBody struct {
	ID int `json:"id"`
}

func (b *idBody) Label() string { return strconv.Itoa(b.ID) }

type crNode struct {
	id          int
	participant bool // variant participant: taking part in an election
	electable   bool // variant lcr: no larger ID has passed by
	lcr         bool
	elected     bool
	leader      int
	knows       bool
	done        bool // the leader's announcement has come back round
}

func (c *crNode) next(env *engine.Env) int { return (env.Self() + 1) % env.N() }

func (c *crNode) Start(env *engine.Env) {
	// A message delivered by hand can reach a process before it starts.
	if !c.lcr && (c.participant || c.knows) {
		env.Note("already participant: does not start another election")
		return
	}
	c.participant = true
	env.Send(c.next(env), engine.Message{Type: msgElection, Body: &idBody{ID: c.id}})
}

func (c *crNode) Receive(env *engine.Env, _ int, m engine.Message) {
	x := m.Body.(*idBody).ID
	switch m.Type {
	case msgElection:
		if c.lcr {
			c.receiveLCR(env, m, x)
		} else {
			c.receiveParticipant(env, m, x)
		}
	case msgElected:
		c.participant = false
		if x == c.id {
			c.done = true
			env.Note("ELECTED is back: everyone knows the leader; the election terminates")
			return
		}
		c.leader, c.knows = x, true
		env.Send(c.next(env), m)
	}
}

func (c *crNode) receiveLCR(env *engine.Env, m engine.Message, x int) {
	switch {
	case x > c.id:
		if c.electable {
			env.Note("forwards a larger ID and is no longer electable")
		}
		c.electable = false
		env.Send(c.next(env), m)
	case x < c.id:
		env.Note("discards a smaller ID")
	case c.electable:
		c.announce(env)
	default:
		env.Note("own ID returned, but not electable: ignores it")
	}
}

func (c *crNode) receiveParticipant(env *engine.Env, m engine.Message, x int) {
	switch {
	case x > c.id:
		c.participant = true
		env.Send(c.next(env), m)
	case x < c.id && c.knows:
		// Without FIFO channels a stale ELECTION can arrive after ELECTED.
		env.Note("already knows the leader: discards a stale ELECTION")
	case x < c.id && !c.participant:
		c.participant = true
		env.Note("replaces a smaller ID with its own and becomes participant")
		env.Send(c.next(env), engine.Message{Type: msgElection, Body: &idBody{ID: c.id}})
	case x < c.id:
		env.Note("already participant: discards a smaller ID")
	default:
		c.participant = false
		c.announce(env)
	}
}

func (c *crNode) announce(env *engine.Env) {
	c.elected, c.leader, c.knows = true, c.id, true
	env.Note("own ID came back round: elected; announces with ELECTED")
	env.Send(c.next(env), engine.Message{Type: msgElected, Body: &idBody{ID: c.id}})
}

func (c *crNode) Timer(*engine.Env, string) {}

func (c *crNode) Leader() (int, bool) { return c.leader, c.knows }
func (c *crNode) Elected() bool       { return c.elected }

func (c *crNode) View() engine.NodeView {
	role := "idle"
	switch {
	case c.elected:
		role = "leader"
	case c.knows:
		role = "informed"
	case c.lcr && c.electable:
		role = "electable"
	case c.lcr && c.participant:
		role = "relay"
	case c.participant:
		role = "participant"
	}
	vars := []engine.Var{{Name: "id", Value: c.id}}
	if c.lcr {
		vars = append(vars, engine.Var{Name: "electable", Value: c.electable})
	} else {
		vars = append(vars, engine.Var{Name: "participant", Value: c.participant})
	}
	var leader any
	if c.knows {
		leader = c.leader
	}
	return engine.NodeView{Role: role, Vars: append(vars, engine.Var{Name: "leader", Value: leader})}
}

func (c *crNode) Clone() engine.Process { d := *c; return &d }

func isLCR(v param.Values) bool                { return v.String("variant") == "lcr" }
func isParticipantVariant(v param.Values) bool { return v.String("variant") == "participant" }

func init() {
	register(&Algorithm{
		ID:     "chang-roberts",
		Name:   "Chang–Roberts",
		Family: FamilyElection,
		View:   ViewRing,
		Summary: "Election on a unidirectional ring. Variant lcr (LeLann–Chang–Roberts, as in the Erlangen lecture): " +
			"every process sends its ID clockwise; a process forwards a larger ID and stops being electable, " +
			"discards a smaller one, and is elected when its own ID comes back; the leader then announces itself " +
			"with ELECTED. Variant participant (as in the Spanish lecture): any subset starts; a non-participant " +
			"replaces a smaller ID with its own, a participant discards it.",
		Params: []param.Spec{
			nParam(2, 8, 100000, "Number of processes on the ring."),
			{Name: "variant", Type: param.Enum, Default: "lcr", Options: []string{"lcr", "participant"},
				Doc: "lcr: everyone starts, electable flags. participant: any subset starts, participant flags."},
			positionsParam("initiators", "Variant participant: the positions that start an election (empty: position 0)."),
			idsParam("distinct, laid out by idOrder"),
			idOrderParam(),
			delayParam(engine.Delay{Min: 1, Max: 1}),
			fifoParam(),
			lossParam(),
		},
		MessageTypes: []string{msgElection, msgElected},
		Actions:      []ActionSpec{},
		Invariants: []Doc{
			{Name: "uniqueness", Doc: "At most one process is elected, and it has the highest ID."},
			{Name: "agreement", Doc: "A process that knows a leader knows the highest ID."},
			{Name: "termination", Doc: "When nothing is left to happen, every live process knows the same leader."},
		},
		Theory: []Bound{
			{Name: "worst case", Formula: "n(n+1)/2", Counts: msgElection, When: "variant lcr, IDs decreasing along the ring",
				Eval: func(v param.Values) float64 { n := float64(v.Int("n")); return n * (n + 1) / 2 }, Applies: isLCR},
			{Name: "average", Formula: "n·H_n", Counts: msgElection, When: "variant lcr, random ID order",
				Eval: func(v param.Values) float64 { n := v.Int("n"); return float64(n) * harmonic(n) }, Applies: isLCR},
			{Name: "best case", Formula: "2n−1", Counts: msgElection, When: "variant lcr, IDs increasing along the ring",
				Eval: func(v param.Values) float64 { return float64(2*v.Int("n") - 1) }, Applies: isLCR},
			{Name: "announcement", Formula: "n", Counts: msgElected, When: "both variants",
				Eval: func(v param.Values) float64 { return float64(v.Int("n")) }},
			{Name: "lower bound", Formula: "n·log₂n", Counts: "messages of any comparison-based ring election", When: "order of growth",
				Eval: func(v param.Values) float64 { n := float64(v.Int("n")); return n * math.Log2(n) }},
			{Name: "fewest", Formula: "2n", Counts: "all messages", When: "variant participant, one starter",
				Eval: func(v param.Values) float64 { return float64(2 * v.Int("n")) }, Applies: isParticipantVariant},
			{Name: "most", Formula: "3n−1", Counts: "all messages", When: "variant participant, one starter",
				Eval: func(v param.Values) float64 { return float64(3*v.Int("n") - 1) }, Applies: isParticipantVariant},
		},
		Scenarios: []Scenario{
			{ID: "worst-case", Name: "Worst case: IDs decreasing along the ring",
				Doc:    "Every ID travels until it meets a larger one: n(n+1)/2 ELECTION messages.",
				Params: map[string]any{"n": 8, "variant": "lcr", "idOrder": "decreasing"}},
			{ID: "best-case", Name: "Best case: IDs increasing along the ring",
				Doc:    "Every ID but the largest is discarded after one hop: 2n−1 ELECTION messages.",
				Params: map[string]any{"n": 8, "variant": "lcr", "idOrder": "increasing"}},
			{ID: "random", Name: "Random IDs",
				Doc:    "IDs shuffled by the seed: about n·H_n ELECTION messages on average.",
				Params: map[string]any{"n": 8, "variant": "lcr", "idOrder": "random"}, Seed: 1},
			{ID: "one-starter", Name: "Participant flags, one starter",
				Doc:    "Only position 0 starts: between 2n and 3n−1 messages in total.",
				Params: map[string]any{"n": 8, "variant": "participant", "initiators": []int{0}}, Seed: 1},
			{ID: "several-starters", Name: "Participant flags, several starters",
				Doc:    "Positions 0, 3 and 5 start at once; participants discard the smaller IDs.",
				Params: map[string]any{"n": 8, "variant": "participant", "initiators": []int{0, 3, 5}}, Seed: 1},
		},
		Complete: func(v param.Values, rng *rand.Rand) error {
			if err := completeIDs(v, rng); err != nil {
				return err
			}
			_, err := checkPositions(v, "initiators")
			return err
		},
		Make: func(v param.Values) (engine.Config, []Node, error) {
			ids := v.Ints("ids")
			lcr := isLCR(v)
			procs := make([]engine.Process, len(ids))
			for p, id := range ids {
				procs[p] = &crNode{id: id, lcr: lcr, electable: lcr}
			}
			var starts []engine.StartAt
			if lcr {
				for p := range ids {
					starts = append(starts, engine.StartAt{Node: p})
				}
			} else {
				initiators := v.Ints("initiators")
				if len(initiators) == 0 {
					initiators = []int{0}
				}
				for _, p := range initiators {
					starts = append(starts, engine.StartAt{Node: p})
				}
			}
			cfg := engine.Config{
				Procs:      procs,
				Starts:     starts,
				Invariants: []engine.Invariant{uniqueMax(ids), knowsMax(ids)},
				Final:      []engine.Invariant{everyoneKnows()},
				Outcome:    electionOutcome,
			}
			network(&cfg, v)
			return cfg, positionLabels(ids), nil
		},
	})
}
