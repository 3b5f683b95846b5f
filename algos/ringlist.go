package algos

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"distviz/engine"
	"distviz/param"
)

// The ring algorithm with ID lists (Tanenbaum-style lecture), ALGORITHMS.md
// 1.2: an ELECTION message collects the IDs of the live processes on its way
// round the directed ring; when it is back at a process already in the list,
// that process turns it into COORDINATOR(list), which goes round once more,
// and everyone takes the maximum of the list. A process skips a crashed
// successor with the model's perfect failure detector, Env.Reachable.

const (
	msgRLElection    = "ELECTION"
	msgRLCoordinator = "COORDINATOR"
)

// rlList is the message body: an immutable list of IDs, newest first, as
// [my_id | list] is written. Prepending makes one new cell in front of a
// shared tail, so a list that goes round n processes costs n cells, not n²
// copied IDs; a forwarded COORDINATOR reuses the received list unchanged.
// Each cell caches the length and maximum of the list it starts.
type rlList struct {
	id   int
	rest *rlList
	len  int
	max  int
}

// rlPrepend is [id | l]; l may be nil (the empty list).
func rlPrepend(id int, l *rlList) *rlList {
	if l == nil {
		return &rlList{id: id, len: 1, max: id}
	}
	return &rlList{id: id, rest: l, len: l.len + 1, max: max(id, l.max)}
}

// contains is the membership test; O(len), as the lecture's rule reads.
func (l *rlList) contains(id int) bool {
	for c := l; c != nil; c = c.rest {
		if c.id == id {
			return true
		}
	}
	return false
}

// rlLabelMax is how many IDs a token shows before "…".
const rlLabelMax = 8

// Label is the list as drawn on the token, newest first: "6,5,4".
func (l *rlList) Label() string {
	var b strings.Builder
	i := 0
	for c := l; c != nil; c = c.rest {
		if i > 0 {
			b.WriteByte(',')
		}
		if i == rlLabelMax {
			b.WriteString("…")
			break
		}
		b.WriteString(strconv.Itoa(c.id))
		i++
	}
	return b.String()
}

// MarshalJSON writes the list as an array, newest first.
func (l *rlList) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 2+l.len*4)
	b = append(b, '[')
	for c := l; c != nil; c = c.rest {
		if c != l {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(c.id), 10)
	}
	return append(b, ']'), nil
}

type rlNode struct {
	id          int
	initiator   bool // started an election
	participant bool // forwarded an ELECTION
	coordinator int
	knows       bool
	from        *rlList // the list the coordinator was taken from (nil: alone)
	// The COORDINATOR lists this process has sent (announced or passed on):
	// such a list has gone once round when it comes back, also when its
	// announcer has crashed meanwhile. Usually one, kept in last.
	last  *rlList
	older []*rlList
	// For the agreement check: the coordinator was taken in the latest step.
	fresh bool
}

// rlNext is the next reachable position going round the ring; the crashed
// positions skipped on the way are the ones in between. ok is false when no
// process but this one is up.
func rlNext(env *engine.Env) (to int, ok bool) {
	n, self := env.N(), env.Self()
	for k := 1; k < n; k++ {
		if p := (self + k) % n; env.Reachable(p) {
			return p, true
		}
	}
	return -1, false
}

// rlSend sends m to the next live process, to, saying which crashed ones it skips.
func rlSend(env *engine.Env, to int, m engine.Message) {
	n, self := env.N(), env.Self()
	if skipped := (to - self - 1 + n) % n; skipped == 1 {
		env.Notef("P%d has crashed: skips it", (self+1)%n)
	} else if skipped > 1 {
		env.Notef("P%d to P%d have crashed: skips them", (self+1)%n, (to-1+n)%n)
	}
	env.Send(to, m)
}

func (r *rlNode) take(env *engine.Env, l *rlList) {
	r.coordinator, r.knows, r.from, r.fresh = l.max, true, l, true
}

// alone: no other process is up, so this one is the coordinator.
func (r *rlNode) alone(env *engine.Env) {
	r.coordinator, r.knows, r.from, r.fresh = r.id, true, nil, true
	env.Note("no other process is reachable: it is alone and becomes coordinator")
}

func (r *rlNode) sent(l *rlList) bool {
	if r.last == l {
		return true
	}
	for _, o := range r.older {
		if o == l {
			return true
		}
	}
	return false
}

func (r *rlNode) remember(l *rlList) {
	if r.last != nil {
		r.older = append(r.older, r.last)
	}
	r.last = l
}

func (r *rlNode) Start(env *engine.Env) {
	r.fresh = false
	r.initiator = true
	to, ok := rlNext(env)
	if !ok {
		r.alone(env)
		return
	}
	rlSend(env, to, engine.Message{Type: msgRLElection, Body: rlPrepend(r.id, nil)})
}

func (r *rlNode) Receive(env *engine.Env, _ int, m engine.Message) {
	r.fresh = false
	l := m.Body.(*rlList)
	switch m.Type {
	case msgRLElection:
		r.receiveElection(env, l)
	case msgRLCoordinator:
		r.receiveCoordinator(env, m, l)
	}
}

func (r *rlNode) receiveElection(env *engine.Env, l *rlList) {
	if !l.contains(r.id) {
		r.participant = true
		to, ok := rlNext(env)
		if !ok {
			r.alone(env)
			return
		}
		rlSend(env, to, engine.Message{Type: msgRLElection, Body: rlPrepend(r.id, l)})
		return
	}
	to, ok := rlNext(env)
	if !ok {
		r.alone(env)
		return
	}
	r.take(env, l)
	r.remember(l)
	env.Note("its own ID is in the list, so the list has gone round: coordinator := " + strconv.Itoa(l.max) +
		", the maximum; the list goes round once more as COORDINATOR")
	rlSend(env, to, engine.Message{Type: msgRLCoordinator, Body: l})
}

func (r *rlNode) receiveCoordinator(env *engine.Env, m engine.Message, l *rlList) {
	if r.sent(l) {
		env.Note("this COORDINATOR has gone once round the ring: stops it")
		return
	}
	to, ok := rlNext(env)
	if !ok {
		r.alone(env)
		return
	}
	changed := !r.knows || r.coordinator != l.max
	r.take(env, l)
	r.remember(l)
	switch {
	case changed && l.max == r.id:
		env.Note("coordinator := " + strconv.Itoa(l.max) + ", the maximum of the list: itself")
	case changed:
		env.Note("coordinator := " + strconv.Itoa(l.max) + ", the maximum of the list")
	}
	rlSend(env, to, m)
}

func (r *rlNode) Timer(*engine.Env, string) {}

// Recover resumes with the old state: the lecture gives a recovered process
// no rule (it does not start an election by itself). The recovery is a step
// of its own, so the coordinator it knows was not taken in it.
func (r *rlNode) Recover(*engine.Env) { r.fresh = false }

func (r *rlNode) Leader() (int, bool) { return r.coordinator, r.knows }
func (r *rlNode) Elected() bool       { return r.knows && r.coordinator == r.id }

func (r *rlNode) View() engine.NodeView {
	role := "idle"
	switch {
	case r.Elected():
		role = "coordinator"
	case r.knows:
		role = "informed"
	case r.initiator:
		role = "initiator"
	case r.participant:
		role = "participant"
	}
	var coord any
	if r.knows {
		coord = r.coordinator
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{{Name: "id", Value: r.id}, {Name: "coordinator", Value: coord}}}
}

func (r *rlNode) Clone() engine.Process {
	d := *r
	d.older = append([]*rlList(nil), r.older...) // lists are immutable: sharing them is safe
	return &d
}

// rlSystem is what the global checks know: IDs by position and back.
type rlSystem struct {
	ids []int
	pos map[int]int // ID → position; lookup only
}

func newRLSystem(ids []int) *rlSystem {
	s := &rlSystem{ids: ids, pos: make(map[int]int, len(ids))}
	for p, id := range ids {
		s.pos[id] = p
	}
	return s
}

// topLive is the position of the live process with the highest ID (-1: none).
func (s *rlSystem) topLive(w engine.World) int {
	top := -1
	for p, id := range s.ids {
		if !w.Crashed(p) && (top < 0 || id > s.ids[top]) {
			top = p
		}
	}
	return top
}

// rlAgreement checks the step in which a process takes a coordinator: it is
// the maximum of the list the process received, and it is up now. A list
// can hold a process that has crashed since it added its ID.
func rlAgreement(s *rlSystem) engine.Invariant {
	return engine.Invariant{
		Name:        "agreement",
		Description: "A process takes as coordinator the maximum of the list it received, and that process is live.",
		Legacy: func(w engine.World, node int) string {
			if node < 0 || w.Crashed(node) {
				return ""
			}
			r := w.Process(node).(*rlNode)
			if !r.fresh {
				return ""
			}
			if r.from != nil && r.coordinator != r.from.max {
				return fmt.Sprintf("P%d takes %d as coordinator, but the maximum of its list is %d", node, r.coordinator, r.from.max)
			}
			p, ok := s.pos[r.coordinator]
			if !ok {
				return fmt.Sprintf("P%d takes %d as coordinator, but no process has that ID", node, r.coordinator)
			}
			if w.Crashed(p) {
				return fmt.Sprintf("P%d takes %d as coordinator, the maximum of its list, but P%d has crashed since it added its ID", node, r.coordinator, p)
			}
			return ""
		},
	}
}

// rlUniqueness checks the step in which a process takes itself as
// coordinator: it has the highest live ID. It looks at every process, but
// only in such a step (once per list that reaches the winner).
func rlUniqueness(s *rlSystem) engine.Invariant {
	return engine.Invariant{
		Name:        "uniqueness",
		Description: "A process that takes itself as coordinator has the highest ID among the live processes.",
		Legacy: func(w engine.World, node int) string {
			if node < 0 || w.Crashed(node) {
				return ""
			}
			if r := w.Process(node).(*rlNode); !r.fresh || !r.Elected() {
				return ""
			}
			if top := s.topLive(w); top != node {
				return fmt.Sprintf("P%d (ID %d) takes itself as coordinator, but P%d with the higher ID %d is live", node, s.ids[node], top, s.ids[top])
			}
			return ""
		},
	}
}

// rlHighestLive is the final check beside everyoneKnows: the coordinator
// the live processes know is the highest live ID.
func rlHighestLive(s *rlSystem) engine.Invariant {
	return engine.Invariant{
		Name:        "agreement",
		Description: "When nothing is left to happen, the coordinator every live process knows is the highest live ID.",
		Legacy: func(w engine.World, _ int) string {
			top := s.topLive(w)
			if top < 0 {
				return ""
			}
			wrong, first := 0, -1
			for p := range s.ids {
				if w.Crashed(p) {
					continue
				}
				if id, ok := w.Process(p).(*rlNode).Leader(); ok && id != s.ids[top] {
					if wrong == 0 {
						first = p
					}
					wrong++
				}
			}
			if wrong == 0 {
				return ""
			}
			c, _ := w.Process(first).(*rlNode).Leader()
			msg := fmt.Sprintf("the run has ended but P%d knows %d as coordinator", first, c)
			if wrong > 1 {
				msg += fmt.Sprintf(" (and %d other live processes a wrong one too)", wrong-1)
			}
			return msg + fmt.Sprintf("; the highest live ID is %d (P%d)", s.ids[top], top)
		},
	}
}

// rlLive is k, the number of processes not crashed from the start.
func rlLive(v param.Values) int { return v.Int("n") - len(v.Ints("crashed")) }

// rlMessages is 2mk: m lists and m COORDINATORs, each once round k live
// processes (none when a lone process elects itself).
func rlMessages(v param.Values) float64 {
	k, m := rlLive(v), len(v.Ints("initiators"))
	if k < 2 {
		return 0
	}
	return float64(2 * m * k)
}

func init() {
	register(&Algorithm{
		ID:     "ring-list",
		Name:   "Ring with ID lists",
		Family: FamilyElection,
		View:   ViewRing,
		Summary: "Election on a directed ring as in the Tanenbaum-style lecture. An initiator sends ELECTION with a " +
			"list holding its ID to the next live process; each process adds its ID to the front and passes the " +
			"list on, skipping crashed successors. When the list comes back to a process already in it, that " +
			"process sends COORDINATOR with the full list once round the ring; everyone takes the maximum of the " +
			"list as coordinator.",
		Params: []param.Spec{
			nParam(2, 8, 10000, "Number of processes on the ring."),
			idsParam("distinct, laid out by idOrder"),
			idOrderParam(),
			{Name: "initiators", Type: param.Ints, Default: []int{0}, Min: param.Bound(0), Max: param.Bound(1e6),
				Doc: "The positions that start an election at once (at least one)."},
			positionsParam("crashed", "Positions crashed from the start (for example the old coordinator); the others skip them."),
			delayParam(engine.Delay{Min: 1, Max: 1}),
			fifoParam(),
			lossParam(),
		},
		MessageTypes: []string{msgRLElection, msgRLCoordinator},
		Actions:      []ActionSpec{},
		Invariants: []Doc{
			{Name: "agreement", Doc: "A process takes as coordinator the maximum of the list it received, and that process is live; " +
				"when nothing is left to happen, every live process knows the highest live ID."},
			{Name: "uniqueness", Doc: "A process that takes itself as coordinator has the highest ID among the live processes."},
			{Name: "termination", Doc: "When nothing is left to happen, every live process knows the same leader."},
		},
		Theory: []Bound{
			{Name: "one initiator", Formula: "2k", Counts: "all messages",
				When: "k ≥ 2 live processes, no crash during the run: k ELECTION (the list goes once round) + k COORDINATOR (once round again)",
				Eval: rlMessages, Applies: func(v param.Values) bool { return len(v.Ints("initiators")) == 1 }},
			{Name: "several initiators", Formula: "2mk", Counts: "all messages",
				When: "m initiators start at once, k ≥ 2 live processes, no crash during the run: every list and every COORDINATOR goes once round",
				Eval: rlMessages, Applies: func(v param.Values) bool { return len(v.Ints("initiators")) > 1 }},
		},
		Scenarios: []Scenario{
			{ID: "lecture", Name: "Lecture: the coordinator 7 has crashed, 4 starts",
				Doc: "Processes 0–7 on a ring with IDs 0–7; the old coordinator 7 has crashed and 4 starts the election. " +
					"The list grows round the ring, skipping 7; back at 4, it goes round once more as COORDINATOR; " +
					"everyone takes the maximum, 6.",
				Params: map[string]any{"n": 8, "idOrder": "increasing", "crashed": []int{7}, "initiators": []int{4}}},
			{ID: "two-initiators", Name: "Two initiators at once",
				Doc: "Positions 1 and 4 start at once, 7 has crashed: two lists go round, each comes back to its own " +
					"initiator, and both announce the same maximum: 2·2k messages.",
				Params: map[string]any{"n": 8, "idOrder": "increasing", "crashed": []int{7}, "initiators": []int{1, 4}}},
			{ID: "random", Name: "Random IDs",
				Doc:    "IDs shuffled by the seed, two processes crashed, position 0 starts.",
				Params: map[string]any{"n": 8, "idOrder": "random", "crashed": []int{2, 5}, "initiators": []int{0}}, Seed: 1},
		},
		Complete: completeRingList,
		Make:     buildRingList,
	})
}

func completeRingList(v param.Values, rng *rand.Rand) error {
	if err := completeIDs(v, rng); err != nil {
		return err
	}
	n := v.Int("n")
	initiators, err := checkPositions(v, "initiators")
	if err != nil {
		return err
	}
	if len(initiators) == 0 {
		return param.Errorf("initiators", "is empty: at least one process must start the election (for example 0)")
	}
	crashed, err := checkPositions(v, "crashed")
	if err != nil {
		return err
	}
	if len(crashed) == n {
		return param.Errorf("crashed", "lists all %d processes: at least one must be live", n)
	}
	down := make([]bool, n)
	for _, p := range crashed {
		down[p] = true
	}
	for _, p := range initiators {
		if down[p] {
			return param.Errorf("initiators", "position %d is crashed from the start, so it cannot start the election; remove it from crashed or choose a live initiator", p)
		}
	}
	return nil
}

func buildRingList(v param.Values) (engine.Config, []Node, error) {
	ids := v.Ints("ids")
	sys := newRLSystem(ids)
	procs := make([]engine.Process, len(ids))
	for p, id := range ids {
		procs[p] = &rlNode{id: id}
	}
	var starts []engine.StartAt
	for _, p := range v.Ints("initiators") {
		starts = append(starts, engine.StartAt{Node: p})
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Crashed:    v.Ints("crashed"),
		Invariants: []engine.Invariant{rlAgreement(sys), rlUniqueness(sys)},
		Final:      []engine.Invariant{everyoneKnows(), rlHighestLive(sys)},
		Outcome:    electionOutcome,
	}
	network(&cfg, v)
	return cfg, positionLabels(ids), nil
}
