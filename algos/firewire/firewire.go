// Package firewire is tree identify of IEEE 1394 (FireWire) with root
// contention, ALGORITHMS.md 1.7, in virtual nanoseconds. A device with k
// cables that has BE_MY_PARENT on k−1 of them confirms those with
// YOU_ARE_MY_CHILD and sends BE_MY_PARENT over the last one (a leaf does so
// at once); with BE_MY_PARENT on all k without having sent one it confirms
// all and becomes root. When two BE_MY_PARENT cross on one cable, each end
// notices it (it receives BE_MY_PARENT on the port it asked on): root
// contention. Each flips a fair coin for the fast or slow window, waits a
// time drawn uniformly in it, and sends BE_MY_PARENT again unless the
// other's arrived meanwhile (then it becomes root); tieBreak id lets the
// larger ID become root at once. Plugging or unplugging a device resets the
// bus (engine.PortWatcher): every device starts over at the same instant.
package firewire

import (
	"distviz/algos/kit/tree"
	"distviz/engine"
	"distviz/param"
)

const (
	msgBeMyParent    = "BE_MY_PARENT"
	msgYouAreMyChild = "YOU_ARE_MY_CHILD"
	timerWait        = "wait"
	timerDecide      = "decide" // fires after this instant's arrivals, see Receive
)

// The coin's sides; the view shows them by name, the narration translates
// them (coinText).
type coinSide uint8

const (
	coinNone coinSide = iota
	coinFast
	coinSlow
)

var coinNames = [...]string{coinNone: "", coinFast: "fast", coinSlow: "slow"}

func (c coinSide) String() string { return coinNames[c] }

// Port states, as the tree view draws them.
const (
	portIdle       = "idle"       // nothing yet
	portChild      = "child"      // the peer is my child: I sent YOU_ARE_MY_CHILD
	portParent     = "parent"     // the peer is my parent
	portAsked      = "asked"      // I sent BE_MY_PARENT, no answer yet
	portOffered    = "offered"    // I received BE_MY_PARENT, not yet confirmed
	portContention = "contention" // BE_MY_PARENT crossed on this cable
)

// state is a port's state as the device keeps it: a number, so that a
// device holds no pointer and the engine copies it as bytes (no allocation
// when a checkpoint shares it).
type state uint8

const (
	idlePort state = iota
	childPort
	parentPort
	askedPort
	offeredPort
	contendedPort
)

var stateNames = [...]string{idlePort: portIdle, childPort: portChild, parentPort: portParent, askedPort: portAsked,
	offeredPort: portOffered, contendedPort: portContention}

// port is two bytes (a bus has at most 63 devices): a device is copied and
// compared as bytes at every step, 16 ports of it.
type port struct {
	Peer  uint8
	State state
}

// portView is a port as the view shows it.
type portView struct {
	Peer  int    `json:"peer"`
	State string `json:"state"`
}

// node is a device. Its fields are ordered by size, so that it takes no
// padding: the engine copies and compares it as bytes at every step where a
// checkpoint shares it, and a run allocates one a device several times.
type node struct {
	id         int // the position; tieBreak id compares it
	fast, slow param.IntRange

	waitFrom  engine.Time // when the last contention wait began
	waitUntil engine.Time // when it ends (kept after it ended, for the theory notes)
	resetAt   engine.Time
	rootAt    engine.Time
	parent    int32               // a position, or −1 for the root; valid when parentKnown
	contended int32               // the port in contention while waiting, or −1
	rival     int32               // the peer of the last contention, or −1
	rounds    int32               // contention rounds since the last bus reset
	portBuf   [tree.MaxPorts]port // ports() are the first nports
	nports    uint8
	coin      coinSide

	byID        bool
	attached    bool
	parentKnown bool
	waiting     bool
}

func (f *node) Start(env *engine.Env)    { f.begin(env) }
func (f *node) BusReset(env *engine.Env) { f.begin(env) }

// begin starts tree identify afresh from the device's current cables.
func (f *node) begin(env *engine.Env) {
	*f = node{id: f.id, byID: f.byID, fast: f.fast, slow: f.slow, attached: env.Attached(), contended: -1, rival: -1}
	if !f.attached {
		env.Note("note.unplugged")
		return
	}
	f.resetAt = env.Now()
	for _, q := range env.Neighbours() {
		f.portBuf[f.nports] = port{Peer: uint8(q), State: idlePort}
		f.nports++
	}
	switch k := int(f.nports); k {
	case 0:
		env.Note("note.alone")
	case 1:
		env.Note("note.leaf")
	default:
		env.Note("note.waitsForOffers", engine.Num(k), engine.Num(k-1))
	}
	f.advance(env)
}

// ports are the device's ports, in the device's own memory.
func (f *node) ports() []port { return f.portBuf[:f.nports] }

// advance applies the leaf, inner-node and root rules once the device has
// neither asked nor been confirmed.
func (f *node) advance(env *engine.Env) {
	if f.parentKnown || f.contended >= 0 || f.port(askedPort) >= 0 {
		return
	}
	k, offered := int(f.nports), f.offered()
	switch {
	case offered == k:
		if k > 0 {
			env.Note("note.offeredAll", engine.Num(k))
		}
		f.becomeRoot(env)
	case offered == k-1:
		if k > 1 {
			env.Note("note.asksLast", engine.Num(k-1), engine.Num(k))
		}
		f.confirm(env)
		i := f.port(idlePort)
		f.portBuf[i].State = askedPort
		f.send(env, i, msgBeMyParent)
	}
}

func (f *node) offered() int {
	k := 0
	for _, p := range f.ports() {
		if p.State == offeredPort {
			k++
		}
	}
	return k
}

// becomeRoot confirms every offered port: the device is the root.
func (f *node) becomeRoot(env *engine.Env) {
	f.confirm(env)
	f.parent, f.parentKnown, f.rootAt = -1, true, env.Now()
}

// confirm answers every offered port with YOU_ARE_MY_CHILD.
func (f *node) confirm(env *engine.Env) {
	for i := range f.ports() {
		if f.portBuf[i].State == offeredPort {
			f.portBuf[i].State = childPort
			f.send(env, i, msgYouAreMyChild)
		}
	}
}

func (f *node) send(env *engine.Env, i int, typ string) {
	m := engine.Message{Type: typ}
	if f.byID && typ == msgBeMyParent {
		m.Body = tree.Msg{ID: f.id} // the contender needs the other's ID to compare
	}
	env.Send(int(f.portBuf[i].Peer), m)
}

func (f *node) port(st state) int {
	for i, p := range f.ports() {
		if p.State == st {
			return i
		}
	}
	return -1
}

func (f *node) portOf(peer int) int {
	for i, p := range f.ports() {
		if int(p.Peer) == peer {
			return i
		}
	}
	return -1
}

// askedOn reports whether the device has asked peer to be its parent.
func (f *node) askedOn(peer int) bool {
	i := f.portOf(peer)
	return i >= 0 && f.portBuf[i].State == askedPort
}

func (f *node) Receive(env *engine.Env, from int, m engine.Message) {
	i := f.portOf(from)
	if i < 0 || !f.attached {
		return // the engine delivers only along cables; kept for safety
	}
	switch m.Type {
	case msgYouAreMyChild:
		f.portBuf[i].State = parentPort
		f.parent, f.parentKnown, f.waiting = int32(from), true, false
	case msgBeMyParent:
		switch f.portBuf[i].State {
		case askedPort:
			f.contention(env, i)
		case contendedPort:
			env.CancelTimer(timerWait)
			f.waiting, f.contended = false, -1
			f.portBuf[i].State = offeredPort
			env.Note("note.heardDuringWait")
			f.becomeRoot(env)
		default:
			f.portBuf[i].State = offeredPort
			// Signals that reach the device at the same instant are seen
			// together (a device with BE_MY_PARENT on all its cables at once
			// becomes root): decide once this instant's arrivals are in.
			if f.offered() >= int(f.nports)-1 && !env.TimerSet(timerDecide) {
				env.SetTimer(timerDecide, 0)
			}
		}
	}
}

// contention handles BE_MY_PARENT on the port this device asked on.
func (f *node) contention(env *engine.Env, i int) {
	f.rounds++
	f.portBuf[i].State = contendedPort
	f.contended = int32(i)
	peer := int(f.portBuf[i].Peer)
	f.rival = int32(peer)
	if f.byID {
		if f.id > peer {
			env.Note("note.contentionWinsByID", engine.Pos(peer))
			f.contended = -1
			f.portBuf[i].State = offeredPort
			f.becomeRoot(env)
			return
		}
		env.Note("note.contentionLosesByID", engine.Pos(peer))
		return
	}
	r := env.Rand()
	win := f.fast
	f.coin = coinFast
	if r.IntN(2) == 1 {
		win, f.coin = f.slow, coinSlow
	}
	wait := win.Min + r.Int64N(win.Max-win.Min+1)
	f.waiting, f.waitFrom, f.waitUntil = true, env.Now(), env.Now()+wait
	env.SetTimer(timerWait, wait)
	env.Note("note.contentionCoin", engine.Pos(peer), engine.Num(int(f.rounds)), coinText(f.coin), engine.Dur(wait), engine.Dur(f.waitUntil))
}

// coinText is a coin's side as a nested text, translated in the reader's language.
func coinText(c coinSide) engine.Arg { return engine.Sub(engine.T(coinKeys[c])) }

var coinKeys = [...]string{coinFast: "note.coin.fast", coinSlow: "note.coin.slow"}

func (f *node) Timer(env *engine.Env, name string) {
	if name == timerDecide {
		f.advance(env)
		return
	}
	if name != timerWait || f.contended < 0 {
		return
	}
	i := int(f.contended)
	f.waiting, f.contended = false, -1
	f.portBuf[i].State = askedPort
	env.Note("note.resends", engine.Pos(int(f.portBuf[i].Peer)))
	f.send(env, i, msgBeMyParent)
}

func (f *node) isRoot() bool { return f.attached && f.parentKnown && f.parent < 0 }

func (f *node) View() engine.NodeView {
	role := "idle"
	switch {
	case !f.attached:
		role = "detached"
	case f.isRoot():
		role = "root"
	case f.parentKnown:
		role = "child"
	case f.port(contendedPort) >= 0:
		role = "contending"
	}
	var parent, coin, until any
	if f.parentKnown {
		parent = int(f.parent)
	}
	if f.coin != coinNone {
		coin = f.coin.String()
	}
	if f.waiting {
		until = f.waitUntil
	}
	ports := make([]portView, f.nports)
	for i, p := range f.ports() {
		ports[i] = portView{Peer: int(p.Peer), State: stateNames[p.State]}
	}
	return engine.NodeView{Role: role, Vars: []engine.Var{
		{Name: "ports", Value: ports},
		{Name: "parent", Value: parent},
		{Name: "coin", Value: coin},
		{Name: "waitUntil", Value: until},
		{Name: "rounds", Value: int(f.rounds)},
	}}
}

func (f *node) Clone() engine.Process {
	c := *f
	return &c
}
