package engine

import (
	"cmp"
	"fmt"
	"slices"
)

// Topology is a bus of devices joined by cables, as in IEEE 1394 (FireWire):
// a message travels only along a cable, each device has a fixed number of
// ports, and the user can plug a new device into a free port or unplug one.
// Either causes a bus reset (see busReset). Without a Topology every pair of
// processes may talk, as in every other algorithm.
type Topology struct {
	Edges    [][2]int // the cables at the start; each device's port order follows this order
	Ports    int      // how many cables a device can take
	Detached []int    // positions that start unplugged: spare slots for the plug action
}

// PortWatcher is implemented by processes on a bus. BusReset runs, all at
// the same instant, on every attached live process of the bus a device has
// just been plugged into or unplugged from, and on the device just unplugged
// (env.Attached tells which). Unplugging a device with several cables splits
// its bus into separate buses: each of them resets. Before BusReset runs,
// the engine has discarded every message in flight on that bus and every
// timer of its devices: a real device notices the change on its port and the
// reset signal it sends ends whatever the bus was doing. Other buses (parts
// split off earlier) do not notice and carry on.
type PortWatcher interface {
	BusReset(env *Env)
}

// bus is a Sim's copy of the topology's current state.
type bus struct {
	ports    [][]int32 // per position, per port: the peer, or -1 for a free port; slices of flat
	flat     []int32   // every position's ports, one after another: a copy is one allocation
	attached []bool
}

// slice points ports into flat, k ports a position.
func (b *bus) slice(k int) {
	b.ports = make([][]int32, len(b.attached))
	for p := range b.ports {
		b.ports[p] = b.flat[p*k : (p+1)*k : (p+1)*k]
	}
}

func newBus(t *Topology, n int) (*bus, error) {
	if t.Ports < 1 {
		return nil, fmt.Errorf("engine: a device needs at least one port, not %d", t.Ports)
	}
	b := &bus{flat: slices.Repeat([]int32{-1}, n*t.Ports), attached: make([]bool, n)}
	for p := range n {
		b.attached[p] = true
	}
	b.slice(t.Ports)
	for _, p := range t.Detached {
		if p < 0 || p >= n {
			return nil, fmt.Errorf("engine: detached position %d is outside 0..%d", p, n-1)
		}
		b.attached[p] = false
	}
	for _, e := range t.Edges {
		a, c := e[0], e[1]
		switch {
		case a < 0 || a >= n || c < 0 || c >= n:
			return nil, fmt.Errorf("engine: cable %d–%d: a position is outside 0..%d", a, c, n-1)
		case a == c:
			return nil, fmt.Errorf("engine: cable %d–%d joins a device with itself", a, c)
		case !b.attached[a] || !b.attached[c]:
			return nil, fmt.Errorf("engine: cable %d–%d ends at a detached device", a, c)
		case b.linked(a, c):
			return nil, fmt.Errorf("engine: cable %d–%d is given twice", a, c)
		}
		pa, pc := b.freePort(a), b.freePort(c)
		if pa < 0 || pc < 0 {
			return nil, fmt.Errorf("engine: cable %d–%d: a device has only %d ports", a, c, t.Ports)
		}
		b.ports[a][pa], b.ports[c][pc] = int32(c), int32(a)
	}
	return b, nil
}

func (b *bus) clone() *bus {
	c := &bus{flat: slices.Clone(b.flat), attached: slices.Clone(b.attached)}
	c.slice(len(b.flat) / max(1, len(b.attached)))
	return c
}

func (b *bus) linked(a, c int) bool {
	return b.attached[a] && b.attached[c] && slices.Contains(b.ports[a], int32(c))
}

func (b *bus) freePort(p int) int { return slices.Index(b.ports[p], -1) }

func (b *bus) cables(p int) int {
	k := 0
	for _, q := range b.ports[p] {
		if q >= 0 {
			k++
		}
	}
	return k
}

func (b *bus) neighbours(p int) []int {
	var out []int
	if k := b.cables(p); k > 0 {
		out = make([]int, 0, k) // one allocation, not one per doubling
	}
	for _, q := range b.ports[p] {
		if q >= 0 {
			out = append(out, int(q))
		}
	}
	return out
}

func (b *bus) edges() [][2]int {
	out := [][2]int{}
	for p, ps := range b.ports {
		from := len(out)
		for _, q := range ps {
			if int(q) > p {
				out = append(out, [2]int{p, int(q)})
			}
		}
		// p ascends: only the cables of one p need sorting (its ports' order)
		slices.SortFunc(out[from:], func(x, y [2]int) int { return cmp.Compare(x[1], y[1]) })
	}
	return out
}

// validateBus checks a plug or unplug action against the current bus.
func (s *Sim) validateBus(a *Action) error {
	if s.bus == nil {
		return Errorf("engine.refused.noBus", Raw(a.Type))
	}
	if _, ok := s.procs.get(0).(PortWatcher); !ok {
		return Errorf("engine.refused.fixedCables", Raw(a.Type))
	}
	n := s.n
	if a.Node < 0 || a.Node >= n {
		return Errorf("engine.refused.position", Raw(a.Type), Raw("node"), Num(a.Node), Num(n-1))
	}
	p := a.Node
	if !s.bus.attached[p] {
		return Errorf("engine.refused.notPlugged", Raw(a.Type), Pos(p))
	}
	switch a.Type {
	case ActPlug:
		if s.bus.freePort(p) < 0 {
			return Errorf("engine.refused.portsTaken", Pos(p))
		}
		if slices.Index(s.bus.attached, false) < 0 {
			return Errorf("engine.refused.noSlot", Num(n))
		}
	case ActUnplug:
		// Any device may go; one with several cables splits its bus.
		if s.attachedCount() < 2 {
			return Errorf("engine.refused.lastDevice", Pos(p))
		}
	}
	return nil
}

func (s *Sim) attachedCount() int {
	k := 0
	for _, a := range s.bus.attached {
		if a {
			k++
		}
	}
	return k
}

// performBus changes the cables and resets the bus concerned: every message
// in flight on it is lost, every timer and pending start of its devices is
// void, and every attached live device of it runs BusReset at this instant
// (the device just unplugged too). The bus concerned is the connected part
// holding the device before the change: after an unplug, the parts it falls
// into.
func (s *Sim) performBus(a Action) {
	p := a.Node
	s.bus = s.bus.clone()  // copies of the Sim share the bus until one changes it
	reset := s.bus.part(p) // before the change: every device that notices it
	var text Text
	switch a.Type {
	case ActPlug:
		q := slices.Index(s.bus.attached, false)
		s.bus.ports[p][s.bus.freePort(p)] = int32(q)
		s.bus.ports[q][0] = int32(p)
		s.bus.attached[q] = true
		reset[q] = true
		text = T("engine.busReset.plugged", Pos(q), Pos(p))
	case ActUnplug:
		peers := s.bus.neighbours(p)
		for i, q := range s.bus.ports[p] {
			if q >= 0 {
				s.bus.ports[q][slices.Index(s.bus.ports[q], int32(p))] = -1
				s.bus.ports[p][i] = -1
			}
		}
		s.bus.attached[p] = false
		switch len(peers) {
		case 0:
			text = T("engine.busReset.unplugged", Pos(p))
		case 1:
			text = T("engine.busReset.unpluggedFrom", Pos(p), Pos(peers[0]))
		default:
			// the peers were joined only through p (a tree): each heads a part now
			text = T("engine.busReset.split", Pos(p), Positions(peers), Num(len(peers)))
		}
	}
	s.event(&Event{Kind: KindNote, Node: None, From: None, To: None, Text: text})
	// Discard what the bus was doing, in arrival order so that the drops read
	// as the views list the messages. A message travels along a cable of one
	// bus: its receiver tells whether that bus is reset.
	var keys []heapKey
	s.q.materialize()
	for i := range s.q.slab {
		if it := &s.q.slab[i]; it.kind != 0 && !it.dead && it.kind != pendAction && reset[it.node] {
			keys = append(keys, heapKey{at: it.at, order: it.order, slot: int32(i)})
		}
	}
	slices.SortFunc(keys, func(x, y heapKey) int {
		return cmp.Or(cmp.Compare(x.at, y.at), cmp.Compare(x.order, y.order))
	})
	for _, k := range keys {
		it := s.q.slab[k.slot]
		s.q.kill(k.slot)
		if it.kind == pendDeliver {
			s.drop(&it, s.q.body(k.slot), "bus reset")
		}
	}
	for q, r := range reset {
		if r && len(s.timers.get(q)) > 0 {
			s.timers.set(q, &s.owner, nil)
		}
	}
	for q, r := range reset {
		if r && (q == p || s.bus.attached[q] && !s.Crashed(q)) {
			if _, ok := s.procs.get(q).(PortWatcher); ok {
				proc, keep := s.acquire(q)
				proc.(PortWatcher).BusReset(s.envFor(q))
				if keep {
					s.settle(q, proc)
				}
			}
		}
	}
}

// part marks the devices joined to p by cables, p included.
func (b *bus) part(p int) []bool {
	in := make([]bool, len(b.ports))
	in[p] = true
	stack := []int{p}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, q := range b.ports[v] {
			if q >= 0 && !in[q] {
				in[q] = true
				stack = append(stack, int(q))
			}
		}
	}
	return in
}

// Edges lists the cables as position pairs a < b, sorted (empty without a bus).
func (s *Sim) Edges() [][2]int {
	if s.bus == nil {
		return [][2]int{}
	}
	return s.bus.edges()
}

// Attached reports whether position p is plugged into the bus (always true without a bus).
func (s *Sim) Attached(p int) bool { return s.bus == nil || s.bus.attached[p] }

// Linked reports whether a cable joins a and b (always true without a bus).
func (s *Sim) Linked(a, b int) bool { return s.bus == nil || s.bus.linked(a, b) }

// Neighbours lists the peers on the process's cables in port order (nil
// without a bus: then every process may talk to every other).
func (e *Env) Neighbours() []int {
	if e.sim.bus == nil {
		return nil
	}
	return e.sim.bus.neighbours(e.self)
}

// Attached reports whether the process is plugged into the bus (always true without a bus).
func (e *Env) Attached() bool { return e.sim.Attached(e.self) }
