package algos

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"distviz/engine"
	"distviz/param"
)

// Bully (Garcia-Molina 1982) on a complete graph, ALGORITHMS.md 1.1, in the
// lecture's variant: every process knows all IDs; a process that notices the
// coordinator's failure holds an election by sending ELECTION to every higher
// ID; an ANSWER means a higher process takes over, silence for T means it
// wins and announces COORDINATOR to every lower ID.

const (
	msgBullyElection    = "ELECTION"
	msgBullyAnswer      = "ANSWER"
	msgBullyCoordinator = "COORDINATOR"

	timerAnswer      = "answer"      // T: waiting for an ANSWER to our ELECTION
	timerCoordinator = "coordinator" // T′: answered, waiting for COORDINATOR

	actNotice = "notice"
)

// bullySystem is what every process knows about the system: all IDs. It is
// shared by the processes of a run and never changes, so Clone keeps the pointer.
type bullySystem struct {
	ids    []int // ID by position
	byID   []int // positions in increasing ID order
	rank   []int // rank[p] is p's index in byID
	t      engine.Time
	tPrime engine.Time
}

func newBullySystem(ids []int, t, tPrime engine.Time) *bullySystem {
	s := &bullySystem{ids: ids, byID: make([]int, len(ids)), rank: make([]int, len(ids)), t: t, tPrime: tPrime}
	for p := range ids {
		s.byID[p] = p
	}
	slices.SortFunc(s.byID, func(a, b int) int { return ids[a] - ids[b] })
	for r, p := range s.byID {
		s.rank[p] = r
	}
	return s
}

// label names a process as the lecture does: by its ID.
func (s *bullySystem) label(p int) string { return "P" + strconv.Itoa(s.ids[p]) }

type bullyNode struct {
	sys       *bullySystem
	self      int
	coord     int   // position of the coordinator it believes in; valid when knows
	knows     bool  // it believes in a coordinator
	knownDead []int // positions it has noticed to be dead
	electing  bool  // holding an election
	waiting   bool  // an ANSWER came: waiting T′ for COORDINATOR
	elected   bool  // considers itself coordinator

	// justDeclared marks the step in which it became coordinator, so that
	// the uniqueness check reports each declaration once; every handler
	// clears it first.
	justDeclared bool
}

func (b *bullyNode) id() int { return b.sys.ids[b.self] }

// Start is a detector noticing the coordinator's failure at its start.
func (b *bullyNode) Start(env *engine.Env) {
	b.justDeclared = false
	b.notice(env)
}

// Act performs the user action "notice".
func (b *bullyNode) Act(env *engine.Env, action string) error {
	b.justDeclared = false
	if action != actNotice {
		return fmt.Errorf("unknown action %q; a bully process can only %q", action, actNotice)
	}
	if b.elected {
		return errors.New("is the coordinator itself: there is no coordinator failure to notice")
	}
	b.notice(env)
	return nil
}

// notice: the process now knows its coordinator is dead and holds an election.
func (b *bullyNode) notice(env *engine.Env) {
	if b.elected {
		env.Note("is the coordinator itself: there is no coordinator failure to notice")
		return
	}
	if b.knows {
		if !slices.Contains(b.knownDead, b.coord) {
			b.knownDead = append(b.knownDead, b.coord)
		}
		b.knows = false
		env.Note("notices that its coordinator " + b.sys.label(b.coord) + " has failed")
	} else {
		env.Note("notices that it has no coordinator")
	}
	b.holdElection(env, false)
}

// holdElection sends ELECTION to every higher ID, unless it is holding an
// election already or knows that no higher process is alive.
func (b *bullyNode) holdElection(env *engine.Env, recovered bool) {
	if b.electing {
		env.Note("already holding an election: does not start a second one")
		return
	}
	b.electing, b.waiting, b.elected, b.knows = true, false, false, false
	higher := b.sys.byID[b.sys.rank[b.self]+1:]
	if len(higher) == 0 {
		if recovered {
			b.becomeCoordinator(env, "has the highest ID: announces itself at once, whether or not another coordinator exists (it bullies)")
		} else {
			b.becomeCoordinator(env, "has the highest ID: skips the election and announces itself")
		}
		return
	}
	allDead := true
	for _, q := range higher {
		if !slices.Contains(b.knownDead, q) {
			allDead = false
			break
		}
	}
	if allDead {
		b.becomeCoordinator(env, "every higher process is known to be dead: skips the election and announces itself")
		return
	}
	env.Note("holds an election: ELECTION to every higher ID, then waits T for an ANSWER")
	for _, q := range higher {
		env.Send(q, engine.Message{Type: msgBullyElection})
	}
	env.SetTimer(timerAnswer, b.sys.t)
}

func (b *bullyNode) becomeCoordinator(env *engine.Env, why string) {
	env.CancelTimer(timerAnswer)
	env.CancelTimer(timerCoordinator)
	b.electing, b.waiting, b.elected = false, false, true
	b.coord, b.knows = b.self, true
	b.justDeclared = true
	env.Note(why)
	for _, q := range b.sys.byID[:b.sys.rank[b.self]] {
		env.Send(q, engine.Message{Type: msgBullyCoordinator})
	}
}

func (b *bullyNode) Receive(env *engine.Env, from int, m engine.Message) {
	b.justDeclared = false
	// Whoever sends is alive.
	if i := slices.Index(b.knownDead, from); i >= 0 {
		b.knownDead = slices.Delete(b.knownDead, i, i+1)
	}
	switch m.Type {
	case msgBullyElection:
		if b.sys.ids[from] > b.id() {
			env.Note("ignores ELECTION from a higher process")
			return
		}
		env.Send(from, engine.Message{Type: msgBullyAnswer})
		b.holdElection(env, false)
	case msgBullyAnswer:
		switch {
		case !b.electing:
			env.Note("ANSWER arrives after its election ended: ignores it")
		case !b.waiting:
			env.CancelTimer(timerAnswer)
			b.waiting = true
			env.SetTimer(timerCoordinator, b.sys.tPrime)
			env.Note("ANSWER received: a higher process takes over; waits T′ for COORDINATOR")
		}
	case msgBullyCoordinator:
		env.CancelTimer(timerAnswer)
		env.CancelTimer(timerCoordinator)
		if b.electing {
			env.Note("its election is over: records " + b.sys.label(from) + " as coordinator")
		} else {
			env.Note("records " + b.sys.label(from) + " as coordinator")
		}
		b.electing, b.waiting, b.elected = false, false, false
		b.coord, b.knows = from, true
	}
}

func (b *bullyNode) Timer(env *engine.Env, name string) {
	b.justDeclared = false
	switch name {
	case timerAnswer:
		if b.electing && !b.waiting {
			b.becomeCoordinator(env, "no ANSWER within T: becomes coordinator and announces it to every lower ID")
		}
	case timerCoordinator:
		if b.electing && b.waiting {
			env.Note("no COORDINATOR within T′: starts the election over")
			b.electing, b.waiting = false, false
			b.holdElection(env, false)
		}
	}
}

// Recover forgets what the process knew and holds an election at once.
func (b *bullyNode) Recover(env *engine.Env) {
	b.justDeclared = false
	b.knownDead = nil
	b.electing, b.waiting, b.elected, b.knows = false, false, false, false
	env.Note("recovered: forgets what it knew and holds an election at once")
	b.holdElection(env, true)
}

func (b *bullyNode) Leader() (int, bool) {
	if !b.knows {
		return 0, false
	}
	return b.sys.ids[b.coord], true
}

func (b *bullyNode) Elected() bool { return b.elected }

func (b *bullyNode) View() engine.NodeView {
	role := "idle"
	switch {
	case b.elected:
		role = "coordinator"
	case b.waiting:
		role = "waiting"
	case b.electing:
		role = "electing"
	}
	var coord any
	if b.knows {
		coord = b.sys.ids[b.coord]
	}
	dead := make([]int, len(b.knownDead))
	for i, p := range b.knownDead {
		dead[i] = b.sys.ids[p]
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "id", Value: b.id()},
		{Name: "coordinator", Value: coord},
		{Name: "electing", Value: b.electing},
		{Name: "waiting", Value: b.waiting},
		{Name: "knownDead", Value: dead},
	}}
}

func (b *bullyNode) Clone() engine.Process {
	c := *b
	c.knownDead = slices.Clone(b.knownDead)
	return &c
}

// bullyUniqueness is the safety check: a process that has just declared
// itself coordinator must have no live process with a higher ID.
func bullyUniqueness(sys *bullySystem) engine.Invariant {
	return engine.Invariant{
		Name:        "uniqueness",
		Description: "A process declares itself coordinator only when every process with a higher ID has crashed.",
		Legacy: func(w engine.World, node int) string {
			if node < 0 || w.Crashed(node) {
				return ""
			}
			b, ok := w.Process(node).(*bullyNode)
			if !ok || !b.justDeclared || !b.elected {
				return ""
			}
			var alive []string
			for _, q := range sys.byID[sys.rank[node]+1:] {
				if !w.Crashed(q) {
					alive = append(alive, sys.label(q))
				}
			}
			if len(alive) == 0 {
				return ""
			}
			if len(alive) == 1 {
				return fmt.Sprintf("%s declared itself coordinator while %s with a higher ID is alive: two coordinators", sys.label(node), alive[0])
			}
			return fmt.Sprintf("%s declared itself coordinator while %s with higher IDs are alive: two coordinators", sys.label(node), strings.Join(alive, ", "))
		},
	}
}

// bullyAgreement is the final check: every live process believes in the
// same coordinator, and it is the highest live ID.
func bullyAgreement(sys *bullySystem) engine.Invariant {
	return engine.Invariant{
		Name:        "agreement",
		Description: "When nothing is left to happen, every live process believes in the same coordinator, the live process with the highest ID.",
		Legacy: func(w engine.World, _ int) string {
			top := -1
			for r := len(sys.byID) - 1; r >= 0; r-- {
				if p := sys.byID[r]; !w.Crashed(p) {
					top = p
					break
				}
			}
			if top < 0 {
				return ""
			}
			var first string
			wrong := 0
			for _, p := range sys.byID {
				if w.Crashed(p) {
					continue
				}
				b := w.Process(p).(*bullyNode)
				if b.knows && b.coord == top {
					continue
				}
				wrong++
				if first != "" {
					continue
				}
				if b.knows {
					first = fmt.Sprintf("%s believes %s is the coordinator", sys.label(p), sys.label(b.coord))
				} else {
					first = sys.label(p) + " knows no coordinator"
				}
			}
			if wrong == 0 {
				return ""
			}
			switch {
			case wrong == 2:
				first += " (and 1 other live process is wrong too)"
			case wrong > 2:
				first += fmt.Sprintf(" (and %d other live processes are wrong too)", wrong-1)
			}
			return fmt.Sprintf("the run has ended but %s; the highest live process is %s", first, sys.label(top))
		},
	}
}

func atLeast3(v param.Values) bool { return v.Int("n") >= 3 }

func init() {
	register(&Algorithm{
		ID:     "bully",
		Name:   "Bully",
		Family: FamilyElection,
		View:   ViewComplete,
		Summary: "Garcia-Molina's election for a synchronous system with crash failures, where every process knows all IDs. " +
			"A process that notices the coordinator has failed sends ELECTION to every higher ID. A higher process " +
			"replies ANSWER and holds an election itself. With no ANSWER within T, the process becomes coordinator and " +
			"tells every lower ID with COORDINATOR. With an ANSWER, it waits T′ for COORDINATOR and starts over if none comes. " +
			"A process that recovers holds an election at once, so the highest one takes over (it bullies).",
		Params: []param.Spec{
			nParam(2, 8, 1000, "Number of processes; every process knows all IDs."),
			idsParam("position p has ID p"),
			{Name: "crashed", Type: param.Ints, DefaultText: "[n−1]: the coordinator, the process with the highest ID", Min: param.Bound(0), Max: param.Bound(1e6),
				Doc: "Positions crashed from the start. Every process believes at first that the highest ID is the coordinator."},
			{Name: "detectors", Type: param.Ints, DefaultText: "[min(4, n−2)]: P4 as in the lecture (the second-highest when n ≤ 6)", Min: param.Bound(0), Max: param.Bound(1e6),
				Doc: "Positions that notice the coordinator's failure at time 0 and hold an election. Each must be live."},
			{Name: "timeout", Type: param.Int, Default: 25, Min: param.Bound(1), Max: param.Bound(1e9),
				Doc: "T: how long a process waits for an ANSWER before it declares itself coordinator. Safe only above the round trip 2·delay."},
			{Name: "coordinatorTimeout", Type: param.Int, Default: 50, Min: param.Bound(1), Max: param.Bound(1e9),
				Doc: "T′: how long a process that got an ANSWER waits for COORDINATOR before it starts over."},
			delayParam(engine.Delay{Min: 10, Max: 10}),
			fifoParam(),
			lossParam(),
			positionsParam("recover", "Positions crashed from the start that recover at time recoverAt and hold an election at once."),
			{Name: "recoverAt", Type: param.Int, Default: 100, Min: param.Bound(0), Max: param.Bound(1e9),
				Doc: "When the processes in recover recover."},
		},
		MessageTypes: []string{msgBullyElection, msgBullyAnswer, msgBullyCoordinator},
		Actions: []ActionSpec{{ID: actNotice, Label: "notice the coordinator's failure",
			Doc: "The process learns that its coordinator has failed and holds an election (unless it is holding one already)."}},
		Invariants: []Doc{
			{Name: "uniqueness", Doc: "A process declares itself coordinator only when every process with a higher ID has crashed."},
			{Name: "agreement", Doc: "When nothing is left to happen, every live process believes in the same coordinator, the live process with the highest ID."},
		},
		Theory: []Bound{
			{Name: "best case", Formula: "n−2", Counts: "all messages (COORDINATOR only)",
				When: "the highest has crashed and the second-highest notices: it announces directly",
				Eval: func(v param.Values) float64 { return float64(v.Int("n") - 2) }},
			{Name: "worst case", Formula: "O(n²): n(n−1)/2 + (n−1)(n−2)/2 + (n−2) = n²−n−1", Counts: "all messages (ELECTION + ANSWER + COORDINATOR)",
				When: "the highest has crashed and the lowest notices, n ≥ 3",
				Eval: func(v param.Values) float64 { n := float64(v.Int("n")); return n*n - n - 1 }, Applies: atLeast3},
		},
		Scenarios: []Scenario{
			{ID: "lecture", Name: "Lecture: coordinator 7 crashed, 4 notices",
				Doc: "Processes 0–7, the coordinator 7 has crashed, process 4 notices. 4 sends ELECTION to 5, 6, 7; 5 and 6 answer; " +
					"5 and 6 hold elections; 6 answers 5; 7 never answers; 6 wins and tells everyone with COORDINATOR.",
				Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{4}}},
			{ID: "timeout-too-short", Name: "Timeout shorter than the round trip",
				Doc: "T = 15 but an ELECTION and its ANSWER take 2·10: 4, then 5 declare themselves coordinator although 6 is alive. " +
					"Safety breaks: two coordinators.",
				Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{4}, "timeout": 15}},
			{ID: "best-case", Name: "Best case: the second-highest notices",
				Doc:    "6 knows the only higher process 7 is dead and announces directly: n−2 messages.",
				Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{6}}},
			{ID: "worst-case", Name: "Worst case: the lowest notices",
				Doc:    "0 notices; every process answers every lower one and holds its own election: n²−n−1 messages, O(n²).",
				Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{0}}},
			{ID: "several-notice", Name: "Two processes notice at once",
				Doc:    "1 and 4 notice together and hold concurrent elections; processes already holding one do not start a second.",
				Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{1, 4}}},
			{ID: "recovery-bully", Name: "The old coordinator recovers and bullies",
				Doc:    "As in the lecture, 6 wins; at time 100, 7 recovers, has the highest ID and takes over with COORDINATOR.",
				Params: map[string]any{"n": 8, "crashed": []int{7}, "detectors": []int{4}, "recover": []int{7}, "recoverAt": 100}},
		},
		Complete: completeBully,
		Make:     buildBully,
	})
}

func completeBully(v param.Values, rng *rand.Rand) error {
	if err := completeIDs(v, rng); err != nil {
		return err
	}
	n, ids := v.Int("n"), v.Ints("ids")
	sys := newBullySystem(ids, 0, 0)
	if !v.Has("crashed") {
		v.SetInts("crashed", []int{sys.byID[n-1]})
	}
	if !v.Has("detectors") {
		v.SetInts("detectors", []int{sys.byID[min(4, n-2)]})
	}
	crashed, err := checkPositions(v, "crashed")
	if err != nil {
		return err
	}
	detectors, err := checkPositions(v, "detectors")
	if err != nil {
		return err
	}
	for _, p := range detectors {
		if slices.Contains(crashed, p) {
			return param.Errorf("detectors", "position %d (%s) is crashed from the start, so it cannot notice anything; choose a live process or remove %d from crashed", p, sys.label(p), p)
		}
		if p == sys.byID[n-1] {
			return param.Errorf("detectors", "position %d (%s) has the highest ID: it is the coordinator itself and has no failure to notice", p, sys.label(p))
		}
	}
	recovering, err := checkPositions(v, "recover")
	if err != nil {
		return err
	}
	for _, p := range recovering {
		if !slices.Contains(crashed, p) {
			return param.Errorf("recover", "position %d (%s) is not crashed from the start, so it cannot recover; add it to crashed", p, sys.label(p))
		}
	}
	return nil
}

func buildBully(v param.Values) (engine.Config, []Node, error) {
	ids := v.Ints("ids")
	sys := newBullySystem(ids, engine.Time(v.Int("timeout")), engine.Time(v.Int("coordinatorTimeout")))
	top := sys.byID[len(ids)-1]
	procs := make([]engine.Process, len(ids))
	nodes := make([]Node, len(ids))
	for p, id := range ids {
		// Everyone believes at first that the highest ID is the coordinator.
		procs[p] = &bullyNode{sys: sys, self: p, coord: top, knows: true, elected: p == top}
		nodes[p] = Node{ID: id, Label: sys.label(p)}
	}
	var starts []engine.StartAt
	for _, p := range v.Ints("detectors") {
		starts = append(starts, engine.StartAt{Node: p})
	}
	var schedule []engine.Scheduled
	at := engine.Time(v.Int("recoverAt"))
	for _, p := range v.Ints("recover") {
		schedule = append(schedule, engine.Scheduled{At: at, Action: engine.Action{Type: engine.ActRecover, Node: p}})
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Crashed:    v.Ints("crashed"),
		Invariants: []engine.Invariant{bullyUniqueness(sys)},
		Final:      []engine.Invariant{bullyAgreement(sys)},
		Outcome:    electionOutcome,
		Schedule:   schedule,
	}
	network(&cfg, v)
	return cfg, nodes, nil
}
