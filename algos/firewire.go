package algos

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"distviz/engine"
	"distviz/param"
)

// Tree identify of IEEE 1394 (FireWire) with root contention, ALGORITHMS.md
// 1.7, in virtual nanoseconds. A device with k cables that has BE_MY_PARENT
// on k−1 of them confirms those with YOU_ARE_MY_CHILD and sends BE_MY_PARENT
// over the last one (a leaf does so at once); with BE_MY_PARENT on all k
// without having sent one it confirms all and becomes root. When two
// BE_MY_PARENT cross on one cable, each end notices it (it receives
// BE_MY_PARENT on the port it asked on): root contention. Each flips a fair
// coin for the fast or slow window, waits a time drawn uniformly in it, and
// sends BE_MY_PARENT again unless the other's arrived meanwhile (then it
// becomes root); tieBreak id lets the larger ID become root at once.
// Plugging or unplugging a device resets the bus (engine.PortWatcher): every
// device starts over at the same instant.

const (
	msgBeMyParent    = "BE_MY_PARENT"
	msgYouAreMyChild = "YOU_ARE_MY_CHILD"
	timerWait        = "wait"
	timerDecide      = "decide" // fires after this instant's arrivals, see Receive
)

// Port states, as the tree view draws them.
const (
	portIdle       = "idle"       // nothing yet
	portChild      = "child"      // the peer is my child: I sent YOU_ARE_MY_CHILD
	portParent     = "parent"     // the peer is my parent
	portAsked      = "asked"      // I sent BE_MY_PARENT, no answer yet
	portOffered    = "offered"    // I received BE_MY_PARENT, not yet confirmed
	portContention = "contention" // BE_MY_PARENT crossed on this cable
)

type fwPort struct {
	Peer  int    `json:"peer"`
	State string `json:"state"`
}

type fwNode struct {
	id         int // the position; tieBreak id compares it
	byID       bool
	fast, slow param.IntRange

	attached    bool
	ports       []fwPort
	parent      int // a position, or −1 for the root; valid when parentKnown
	parentKnown bool
	contended   int // the port in contention while waiting, or −1
	coin        string
	waitFrom    engine.Time // when the last contention wait began
	waitUntil   engine.Time // when it ends (kept after it ended, for the theory notes)
	waiting     bool
	rival       int // the peer of the last contention, or −1
	rounds      int // contention rounds since the last bus reset
	resetAt     engine.Time
	rootAt      engine.Time
}

func (f *fwNode) Start(env *engine.Env)    { f.begin(env) }
func (f *fwNode) BusReset(env *engine.Env) { f.begin(env) }

// begin starts tree identify afresh from the device's current cables.
func (f *fwNode) begin(env *engine.Env) {
	*f = fwNode{id: f.id, byID: f.byID, fast: f.fast, slow: f.slow, attached: env.Attached(), contended: -1, rival: -1}
	if !f.attached {
		env.Note("unplugged: leaves the bus")
		return
	}
	f.resetAt = env.Now()
	for _, q := range env.Neighbours() {
		f.ports = append(f.ports, fwPort{Peer: q, State: portIdle})
	}
	switch k := len(f.ports); k {
	case 0:
		env.Note("alone on the bus: becomes root at once")
	case 1:
		env.Note("a leaf: asks its only neighbour with BE_MY_PARENT")
	default:
		env.Notef("has %d cables: waits for BE_MY_PARENT on %d of them", k, k-1)
	}
	f.advance(env)
}

// advance applies the leaf, inner-node and root rules once the device has
// neither asked nor been confirmed.
func (f *fwNode) advance(env *engine.Env) {
	if f.parentKnown || f.contended >= 0 || f.port(portAsked) >= 0 {
		return
	}
	k, offered := len(f.ports), f.offered()
	switch {
	case offered == k:
		if k > 0 {
			env.Notef("has BE_MY_PARENT on all %d cables without having sent one: confirms them and becomes root", k)
		}
		f.becomeRoot(env)
	case offered == k-1:
		if k > 1 {
			env.Notef("has BE_MY_PARENT on %d of its %d cables: confirms them and asks the last one", k-1, k)
		}
		f.confirm(env)
		i := f.port(portIdle)
		f.ports[i].State = portAsked
		f.send(env, i, msgBeMyParent)
	}
}

func (f *fwNode) offered() int {
	k := 0
	for _, p := range f.ports {
		if p.State == portOffered {
			k++
		}
	}
	return k
}

// becomeRoot confirms every offered port: the device is the root.
func (f *fwNode) becomeRoot(env *engine.Env) {
	f.confirm(env)
	f.parent, f.parentKnown, f.rootAt = -1, true, env.Now()
}

// confirm answers every offered port with YOU_ARE_MY_CHILD.
func (f *fwNode) confirm(env *engine.Env) {
	for i := range f.ports {
		if f.ports[i].State == portOffered {
			f.ports[i].State = portChild
			f.send(env, i, msgYouAreMyChild)
		}
	}
}

func (f *fwNode) send(env *engine.Env, i int, typ string) {
	m := engine.Message{Type: typ}
	if f.byID && typ == msgBeMyParent {
		m.Body = treeMsg{ID: f.id} // the contender needs the other's ID to compare
	}
	env.Send(f.ports[i].Peer, m)
}

func (f *fwNode) port(state string) int {
	for i, p := range f.ports {
		if p.State == state {
			return i
		}
	}
	return -1
}

func (f *fwNode) portOf(peer int) int {
	for i, p := range f.ports {
		if p.Peer == peer {
			return i
		}
	}
	return -1
}

func (f *fwNode) Receive(env *engine.Env, from int, m engine.Message) {
	i := f.portOf(from)
	if i < 0 || !f.attached {
		return // the engine delivers only along cables; kept for safety
	}
	switch m.Type {
	case msgYouAreMyChild:
		f.ports[i].State = portParent
		f.parent, f.parentKnown, f.waiting = from, true, false
	case msgBeMyParent:
		switch f.ports[i].State {
		case portAsked:
			f.contention(env, i)
		case portContention:
			env.CancelTimer(timerWait)
			f.waiting, f.contended = false, -1
			f.ports[i].State = portOffered
			env.Note("BE_MY_PARENT arrives during its wait: the contention is resolved, it becomes root")
			f.becomeRoot(env)
		default:
			f.ports[i].State = portOffered
			// Signals that reach the device at the same instant are seen
			// together (a device with BE_MY_PARENT on all its cables at once
			// becomes root): decide once this instant's arrivals are in.
			if f.offered() >= len(f.ports)-1 && !env.TimerSet(timerDecide) {
				env.SetTimer(timerDecide, 0)
			}
		}
	}
}

// contention handles BE_MY_PARENT on the port this device asked on.
func (f *fwNode) contention(env *engine.Env, i int) {
	f.rounds++
	f.ports[i].State = portContention
	f.contended = i
	peer := f.ports[i].Peer
	f.rival = peer
	peerName := "P" + strconv.Itoa(peer)
	if f.byID {
		if f.id > peer {
			env.Notef("root contention with %s: its larger ID wins at once, it becomes root", peerName)
			f.contended = -1
			f.ports[i].State = portOffered
			f.becomeRoot(env)
			return
		}
		env.Notef("root contention with %s: the larger ID wins; waits for YOU_ARE_MY_CHILD", peerName)
		return
	}
	r := env.Rand()
	win := f.fast
	f.coin = "fast"
	if r.IntN(2) == 1 {
		win, f.coin = f.slow, "slow"
	}
	wait := win.Min + r.Int64N(win.Max-win.Min+1)
	f.waiting, f.waitFrom, f.waitUntil = true, env.Now(), env.Now()+wait
	env.SetTimer(timerWait, wait)
	env.Notef("root contention with %s (round %d): the coin says %s, waits %d ns until t=%d", peerName, f.rounds, f.coin, wait, f.waitUntil)
}

func (f *fwNode) Timer(env *engine.Env, name string) {
	if name == timerDecide {
		f.advance(env)
		return
	}
	if name != timerWait || f.contended < 0 {
		return
	}
	i := f.contended
	f.waiting, f.contended = false, -1
	f.ports[i].State = portAsked
	env.Notef("has not heard from %s during its wait: sends BE_MY_PARENT again", "P"+strconv.Itoa(f.ports[i].Peer))
	f.send(env, i, msgBeMyParent)
}

func (f *fwNode) isRoot() bool { return f.attached && f.parentKnown && f.parent < 0 }

func (f *fwNode) View() engine.NodeView {
	role := "idle"
	switch {
	case !f.attached:
		role = "detached"
	case f.isRoot():
		role = "root"
	case f.parentKnown:
		role = "child"
	case f.port(portContention) >= 0:
		role = "contending"
	}
	var parent, coin, until any
	if f.parentKnown {
		parent = f.parent
	}
	if f.coin != "" {
		coin = f.coin
	}
	if f.waiting {
		until = f.waitUntil
	}
	ports := f.ports
	if ports == nil {
		ports = []fwPort{}
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "ports", Value: ports},
		{Name: "parent", Value: parent},
		{Name: "coin", Value: coin},
		{Name: "waitUntil", Value: until},
		{Name: "rounds", Value: f.rounds},
	}}
}

func (f *fwNode) Clone() engine.Process {
	c := *f
	c.ports = append([]fwPort(nil), f.ports...)
	return &c
}

// FireWireOutcome is the result of tree identify since the last bus reset.
// Unplugging an inner device splits the bus into separate buses (parts),
// each with its own root.
type FireWireOutcome struct {
	Root             *int         `json:"root"`             // the root of the part holding the lowest attached position, or null
	Roots            []int        `json:"roots"`            // the roots elected so far, one per part at most, ascending
	Parts            [][]int      `json:"parts"`            // the buses: the positions of each connected part, ascending, ordered by the first
	Parent           []*int       `json:"parent"`           // per position: the parent, −1 for a root, null if not known (or detached)
	ContentionRounds int          `json:"contentionRounds"` // root contention rounds (each crossing of BE_MY_PARENT is one; the most on any part)
	ElectedAt        *engine.Time `json:"electedAt"`        // when root became root (ns), or null
	ResetAt          engine.Time  `json:"resetAt"`          // the last bus reset on any part (0: the start)
	Edges            [][2]int     `json:"edges"`            // the cables now, pairs a < b, sorted
	Attached         []bool       `json:"attached"`         // per position: plugged in
}

func firewireOutcome(w engine.World) any {
	o := FireWireOutcome{Roots: []int{}, Parent: make([]*int, w.N()), Edges: w.Edges(), Attached: attachedList(w)}
	o.Parts, _ = busParts(w.N(), o.Edges, o.Attached)
	for p := range w.N() {
		f := w.Process(p).(*fwNode)
		if !f.attached {
			continue
		}
		o.ResetAt = max(o.ResetAt, f.resetAt)
		o.ContentionRounds = max(o.ContentionRounds, f.rounds)
		if f.parentKnown {
			parent := f.parent
			o.Parent[p] = &parent
		}
		if f.isRoot() {
			o.Roots = append(o.Roots, p)
		}
	}
	if len(o.Parts) > 0 {
		for _, r := range o.Roots {
			if slices.Contains(o.Parts[0], r) {
				root, at := r, w.Process(r).(*fwNode).rootAt
				o.Root, o.ElectedAt = &root, &at
				break
			}
		}
	}
	return o
}

// busParts splits the attached positions into the buses the cables join:
// each part ascending, ordered by its first position; part[p] is p's part
// (−1 for a detached position).
func busParts(n int, edges [][2]int, attached []bool) (parts [][]int, part []int) {
	adj := make([][]int, n)
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	part = slices.Repeat([]int{-1}, n)
	parts = [][]int{}
	for s := range n {
		if !attached[s] || part[s] >= 0 {
			continue
		}
		k := len(parts)
		members := []int{s}
		part[s] = k
		for i := 0; i < len(members); i++ {
			for _, q := range adj[members[i]] {
				if part[q] < 0 {
					part[q] = k
					members = append(members, q)
				}
			}
		}
		slices.Sort(members)
		parts = append(parts, members)
	}
	return parts, part
}

func fwNodes(w engine.World) func(yield func(int, *fwNode) bool) {
	return func(yield func(int, *fwNode) bool) {
		for p := range w.N() {
			if f := w.Process(p).(*fwNode); f.attached && !w.Crashed(p) {
				if !yield(p, f) {
					return
				}
			}
		}
	}
}

// fwOneRoot: at most one device of each bus is root (after a split, each
// part is a bus of its own).
func fwOneRoot() engine.Invariant {
	return engine.Invariant{Name: "one root", Description: fwOneRootDoc,
		Legacy: func(w engine.World, _ int) string {
			var roots []int
			for p, f := range fwNodes(w) {
				if f.isRoot() {
					roots = append(roots, p)
				}
			}
			if len(roots) < 2 {
				return ""
			}
			_, part := busParts(w.N(), w.Edges(), attachedList(w))
			for i, r := range roots {
				for _, q := range roots[:i] {
					if part[q] == part[r] {
						return "P" + strconv.Itoa(q) + " and P" + strconv.Itoa(r) + " are both root of one bus"
					}
				}
			}
			return ""
		}}
}

const (
	fwOneRootDoc = "At most one device of each bus is root (unplugging an inner device splits the bus into separate buses)."
	fwTreeDoc    = "When nothing is left to happen, on each bus the parent links form a tree rooted at its one root, along the cables."
)

// fwParentOnCable: a parent link runs along a cable, and the parent has the
// device as its child or is still confirming.
func fwParentOnCable() engine.Invariant {
	return engine.Invariant{Name: "parent on a cable", Description: "A device's parent is a device it has a cable to.",
		Legacy: func(w engine.World, _ int) string {
			for p, f := range fwNodes(w) {
				if f.parentKnown && f.parent >= 0 && !w.Linked(p, f.parent) {
					return "P" + strconv.Itoa(p) + " takes P" + strconv.Itoa(f.parent) + " as parent, but no cable joins them"
				}
			}
			return ""
		}}
}

// fwTree is the final check: on each bus the parent links form one tree
// rooted at that bus's root.
func fwTree() engine.Invariant {
	return engine.Invariant{Name: "tree", Description: fwTreeDoc,
		Legacy: func(w engine.World, _ int) string {
			parts, part := busParts(w.N(), w.Edges(), attachedList(w))
			rootOf := slices.Repeat([]int{-1}, len(parts))
			for p, f := range fwNodes(w) {
				if !f.parentKnown {
					return "the run has ended but P" + strconv.Itoa(p) + " knows no parent"
				}
				if f.isRoot() {
					rootOf[part[p]] = p
				}
			}
			for k, members := range parts {
				if rootOf[k] < 0 {
					return "the run has ended without a root on the bus of P" + strconv.Itoa(members[0])
				}
			}
			for p := range fwNodes(w) {
				root := rootOf[part[p]]
				q, steps := p, 0
				for q != root {
					g := w.Process(q).(*fwNode)
					if steps > len(parts[part[p]]) || g.parent < 0 {
						return "the parent links from P" + strconv.Itoa(p) + " do not lead to the root P" + strconv.Itoa(root)
					}
					par := w.Process(g.parent).(*fwNode)
					if i := par.portOf(q); i < 0 || par.ports[i].State != portChild {
						return "P" + strconv.Itoa(q) + " takes P" + strconv.Itoa(g.parent) + " as parent, but P" + strconv.Itoa(g.parent) + " has not confirmed it as child"
					}
					q, steps = g.parent, steps+1
				}
			}
			return ""
		}}
}

func firewireParams() []param.Spec {
	return []param.Spec{
		nParam(1, 2, 63, "Number of devices plugged in at the start."),
		edgesParam(),
		portsParam(),
		{Name: "spares", Type: param.Int, Default: 2, Min: param.Bound(0), Max: param.Bound(16),
			Doc: "Free device slots: devices that start unplugged and can be plugged in during the run."},
		{Name: "wireDelay", Type: param.Int, Default: 100, Min: param.Bound(0), Max: param.Bound(100000),
			Doc: "How long a signal takes along a cable, in ns."},
		{Name: "fast", Type: param.Range, Default: param.IntRange{Min: 240, Max: 260}, Min: param.Bound(0), Max: param.Bound(1e6),
			Doc: "The short wait after root contention, in ns: drawn uniformly in [min, max]."},
		{Name: "slow", Type: param.Range, Default: param.IntRange{Min: 570, Max: 600}, Min: param.Bound(0), Max: param.Bound(1e6),
			Doc: "The long wait after root contention, in ns: drawn uniformly in [min, max]."},
		{Name: "tieBreak", Type: param.Enum, Default: "random", Options: []string{"random", "id"},
			Doc: "How root contention is resolved: random (each contender flips a fair coin for the fast or slow wait) or id (the larger ID becomes root at once)."},
	}
}

func init() {
	register(&Algorithm{
		ID:       "firewire",
		Name:     "FireWire tree identify (IEEE 1394)",
		Family:   FamilyElection,
		View:     ViewTree,
		Bus:      true,
		Hotplug:  true,
		TimeUnit: "ns",
		Summary: "After a bus reset the devices of a FireWire bus elect a root (the bus master), knowing only their own cables. " +
			"A leaf sends BE_MY_PARENT to its neighbour; a device with k cables that has BE_MY_PARENT on k−1 of them confirms them " +
			"with YOU_ARE_MY_CHILD and sends BE_MY_PARENT over the last one; a device that has BE_MY_PARENT on all k without having " +
			"sent one becomes root. When two BE_MY_PARENT cross on one cable (root contention), both flip a coin, wait a short or " +
			"long time and try again. Plugging a device in or out resets its bus; unplugging an inner device splits the bus, and each part elects " +
			"its own root. Time is in nanoseconds.",
		Params:       firewireParams(),
		MessageTypes: []string{msgBeMyParent, msgYouAreMyChild},
		Actions:      []ActionSpec{},
		Invariants: []Doc{
			{Name: "one root", Doc: fwOneRootDoc},
			{Name: "parent on a cable", Doc: "A device's parent is a device it has a cable to."},
			{Name: "tree", Doc: fwTreeDoc},
			{Name: "contention theory", Doc: fwTheoryDoc},
		},
		Theory: []Bound{
			{Name: "fewest", Formula: "2(n−1)", Counts: "all messages", When: "no root contention",
				Eval:    func(v param.Values) float64 { return float64(2 * (v.Int("n") - 1)) },
				Applies: func(v param.Values) bool { return v.Int("n") > 2 }}, // two devices always contend
			{Name: "expected contention rounds", Formula: "2", Counts: "contention rounds", Measure: "outcome.contentionRounds", When: "two devices with coin flips, wire delay between twice the width of a window and the gap between the windows less twice that width",
				Eval: func(param.Values) float64 { return 2 }, Applies: fwGapRegime, Distribution: geometricHalf},
			{Name: "independent model", Formula: "≈ 1.47, 1.95, 2.00", Counts: "contention rounds", Measure: "outcome.contentionRounds",
				When: "two devices with coin flips and the lecture's windows, wire delay 10, 30 or 50 ns (ALGORITHMS.md 1.7, 200,000 runs each)",
				Eval: fwModelRounds, Applies: func(v param.Values) bool { return fwModelRounds(v) > 0 }},
		},
		Scenarios: []Scenario{
			{ID: "two-devices", Name: "Two devices, one cable: root contention",
				Doc:    "Both devices are leaves and send BE_MY_PARENT at once; the messages cross, both flip coins and wait until one becomes root.",
				Params: map[string]any{"n": 2, "wireDelay": 100, "spares": 1}, Seed: 1},
			{ID: "three-port-bus", Name: "A larger bus with 3-port devices",
				Doc:    "Eight devices with up to three cables each: the leaves ask first, the inner devices confirm and pass the question on.",
				Params: map[string]any{"n": 8, "edges": [][]int{{0, 1}, {1, 2}, {1, 3}, {3, 4}, {3, 5}, {5, 6}, {5, 7}}, "wireDelay": 100}, Seed: 1},
			{ID: "tie-break-id", Name: "Root contention resolved by ID",
				Doc:    "Two devices in contention: the larger ID becomes root at once, without coins.",
				Params: map[string]any{"n": 2, "tieBreak": "id"}, Seed: 1},
			{ID: "short-wire", Name: "A short cable: equal coins can resolve too",
				Doc:    "With a 10 ns wire delay, below the width of a window, two equal coins can still resolve the contention: about 1.47 rounds on average.",
				Params: map[string]any{"n": 2, "wireDelay": 10}, Seed: 3},
			{ID: "ieee-1394a", Name: "The IEEE 1394a timing",
				Doc:    "Fast 760–850 ns, slow 1590–1670 ns, wire delay 360 ns, as in the probabilistic model-checking case study: a root within 8000 ns in about 96% of runs.",
				Params: map[string]any{"n": 2, "wireDelay": 360, "fast": map[string]any{"min": 760, "max": 850}, "slow": map[string]any{"min": 1590, "max": 1670}}, Seed: 1},
			{ID: "random-bus", Name: "A random bus of 12 devices",
				Doc:    "A random tree drawn from the seed; plug devices in or unplug any device to see the bus reset (unplugging an inner one splits the bus, and each part elects its own root).",
				Params: map[string]any{"n": 12}, Seed: 7},
		},
		Complete: func(v param.Values, rng *rand.Rand) error {
			// IEEE 1394 addresses at most 63 devices on a bus
			if n, spares := v.Int("n"), v.Int("spares"); n+spares > 63 {
				return param.Errorf("spares", "%d devices and %d free slots make %d: a FireWire bus has at most 63 devices", n, spares, n+spares)
			}
			return completeTree(v, rng)
		},
		Make: func(v param.Values) (engine.Config, []Node, error) {
			n, spares := v.Int("n"), v.Int("spares")
			procs := make([]engine.Process, n+spares)
			ids := make([]int, n+spares)
			var starts []engine.StartAt
			var detached []int
			for p := range procs {
				ids[p] = p
				procs[p] = &fwNode{id: p, byID: v.String("tieBreak") == "id", fast: v.Range("fast"), slow: v.Range("slow"),
					attached: p < n, contended: -1, rival: -1}
				if p < n {
					starts = append(starts, engine.StartAt{Node: p})
				} else {
					detached = append(detached, p)
				}
			}
			d := engine.Time(v.Int("wireDelay"))
			invs := []engine.Invariant{fwOneRoot(), fwParentOnCable()}
			if v.String("tieBreak") == "random" {
				invs = append(invs, fwContentionTheory(d))
			}
			cfg := engine.Config{
				Procs:      procs,
				Starts:     starts,
				Delay:      engine.Delay{Min: d, Max: d},
				Topology:   &engine.Topology{Edges: treeEdges(v), Ports: v.Int("ports"), Detached: detached},
				Invariants: invs,
				Final:      []engine.Invariant{fwTree()},
				Outcome:    firewireOutcome,
			}
			return cfg, positionLabels(ids), nil
		},
	})
}

// fwGapRegime: the wire delay lies well between the windows' widths and the
// gap between them, where every round resolves exactly when the coins differ
// (a round may start offset by up to a window's width).
func fwGapRegime(v param.Values) bool {
	if !fwTwoContenders(v) {
		return false
	}
	f, s, d := v.Range("fast"), v.Range("slow"), int64(v.Int("wireDelay"))
	w := max(f.Max-f.Min, s.Max-s.Min)
	return d >= 2*w && d <= s.Min-f.Max-2*w
}

// fwTwoContenders: the statements about rounds are about two devices on one
// cable that settle contention by coin flips.
func fwTwoContenders(v param.Values) bool {
	return v.Int("n") == 2 && v.String("tieBreak") == "random"
}

// fwModelRounds is the mean number of contention rounds that ALGORITHMS.md
// 1.7 reports from an independent model for wire delays outside the gap
// regime (with the lecture's windows); 0 where it reports none.
func fwModelRounds(v param.Values) float64 {
	f, s := v.Range("fast"), v.Range("slow")
	if !fwTwoContenders(v) || fwGapRegime(v) || f != (param.IntRange{Min: 240, Max: 260}) || s != (param.IntRange{Min: 570, Max: 600}) {
		return 0
	}
	return map[int]float64{10: 1.47, 30: 1.95, 50: 2.00}[v.Int("wireDelay")]
}

// geometricHalf is the distribution of contention rounds when every round
// resolves exactly when the two coins differ: k rounds with probability 2^−k
// (listed while it is at least 1/10000).
func geometricHalf(param.Values) []Prob {
	var out []Prob
	for k, p := 1, 0.5; p >= 1e-4; k, p = k+1, p/2 {
		out = append(out, Prob{X: float64(k), P: p})
	}
	return out
}
