// Package group is the core that the reliable group protocols share
// (ALGORITHMS.md 5): one sender, P0, multicasts numbered messages to the
// receivers P1 … Pn−1 over lossy links; each receiver delivers them in
// sequence order through a hold-back queue. The protocols differ in how a
// loss is noticed and repaired (positive ACKs, NACKs). The core holds the
// parameters, the messages, the receiver's hold-back queue, the sender's
// record per message, the outcome and the invariants.
package group

import (
	"embed"
	"slices"
	"strconv"
	"strings"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Texts are the core's words in every language: its parameters, roles,
// variables, outcome fields, invariants and its notes.
var Texts = algo.MustTexts(files)

// The message types the protocols use.
const (
	MsgData   = "DATA"   // a multicast message: its sequence number
	MsgAck    = "ACK"    // a receiver acknowledges a message
	MsgNack   = "NACK"   // a receiver reports the sequence numbers it misses
	MsgRepair = "REPAIR" // a missing message sent again on request
	MsgStop   = "STOP"   // the sender's last sequence number, sent redundantly
)

// Looks are the message types' looks, alike in every protocol.
var Looks = []algo.MessageLook{
	{Type: MsgData, Color: 0, Glyph: "circle"},
	{Type: MsgAck, Color: 1, Glyph: "square"},
	{Type: MsgNack, Color: 3, Glyph: "cross"},
	{Type: MsgRepair, Color: 2, Glyph: "diamond"},
	{Type: MsgStop, Color: 4, Glyph: "down"},
}

// Sender is the position of the sender; every other position receives.
const Sender = 0

// Seq is a body carrying one sequence number: DATA(2), ACK(2), REPAIR(2).
type Seq struct {
	N int `json:"seq"`
}

// Label is the number.
func (s Seq) Label() string { return strconv.Itoa(s.N) }

// Seqs is a body carrying sequence numbers: NACK(2,3).
type Seqs struct {
	Ns []int `json:"seqs"`
}

// Label lists the numbers.
func (s Seqs) Label() string {
	parts := make([]string, len(s.Ns))
	for i, n := range s.Ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// Params are the common parameters and the protocol's own after them.
func Params(own ...param.Spec) []param.Spec {
	return append([]param.Spec{
		kit.N(2, 5, 64),
		Messages(),
		Interval(),
		{Name: "timeout", Type: param.Int, Default: 10, Min: param.Bound(1), Max: param.Bound(1e6)},
		kit.Delay(engine.Delay{Min: 2, Max: 2}),
		kit.FIFO(),
		kit.Loss(),
	}, own...)
}

// Messages is how many messages the sender multicasts.
func Messages() param.Spec {
	return param.Spec{Name: "messages", Type: param.Int, Default: 3, Min: param.Bound(1), Max: param.Bound(100)}
}

// Interval is the time between two multicasts of the sender.
func Interval() param.Spec {
	return param.Spec{Name: "interval", Type: param.Int, Default: 5, Min: param.Bound(1), Max: param.Bound(1e6)}
}

// Members are the positions of a group of n, the sender first.
func Members(n int) []int {
	g := make([]int, n)
	for p := range g {
		g[p] = p
	}
	return g
}

// Config builds the engine's configuration for the processes: the sender
// starts at time 0, the network follows the common parameters, and the
// core's invariants, final check and outcome watch the run.
func Config(v param.Values, procs []engine.Process) engine.Config {
	cfg := engine.Config{
		Procs:      procs,
		Starts:     []engine.StartAt{{Node: Sender}},
		Invariants: []engine.Invariant{InOrder()},
		Final:      []engine.Invariant{AllDelivered(v.Int("messages"))},
		Outcome:    OutcomeOf,
	}
	kit.Network(&cfg, v)
	return cfg
}

// Nodes labels the processes P0 … Pn−1.
func Nodes(n int) []algo.Node { return kit.PositionLabels(Members(n)) }

// Receiver is a receiver's hold-back queue: it delivers messages in
// sequence order, holding back those that arrive after a gap.
type Receiver struct {
	Delivered []int // sequence numbers in delivery order: 1, 2, …
	Held      []int // received but held back behind a gap, ascending
	Highest   int   // the highest sequence number known to exist
}

// next is the sequence number the receiver delivers next.
func (r *Receiver) next() int { return len(r.Delivered) + 1 }

// Has reports whether message seq has been delivered or is held.
func (r *Receiver) Has(seq int) bool { return seq < r.next() || slices.Contains(r.Held, seq) }

// Accept takes message seq. It reports whether the message is new and which
// messages it delivers now (seq and the held ones it unblocks, in order).
func (r *Receiver) Accept(seq int) (fresh bool, delivered []int) {
	r.Learn(seq)
	if r.Has(seq) {
		return false, nil
	}
	if seq != r.next() {
		i, _ := slices.BinarySearch(r.Held, seq)
		r.Held = slices.Insert(r.Held, i, seq)
		return true, nil
	}
	r.Delivered = append(r.Delivered, seq)
	delivered = []int{seq}
	for len(r.Held) > 0 && r.Held[0] == r.next() {
		delivered = append(delivered, r.Held[0])
		r.Delivered = append(r.Delivered, r.Held[0])
		r.Held = r.Held[1:]
	}
	return true, delivered
}

// Learn notes that messages up to last exist (a STOP, a later message).
func (r *Receiver) Learn(last int) { r.Highest = max(r.Highest, last) }

// Gaps are the sequence numbers up to Highest the receiver lacks.
func (r *Receiver) Gaps() []int {
	var out []int
	for s := r.next(); s <= r.Highest; s++ {
		if !slices.Contains(r.Held, s) {
			out = append(out, s)
		}
	}
	return out
}

// Clone is a deep copy.
func (r Receiver) Clone() Receiver {
	r.Delivered, r.Held = slices.Clone(r.Delivered), slices.Clone(r.Held)
	return r
}

// Note narrates what Accept did: the messages delivered, or the message
// held back behind the gaps.
func (r *Receiver) Note(env *engine.Env, seq int, fresh bool, delivered []int) {
	switch {
	case !fresh:
		env.Note("note.duplicate", engine.Num(seq))
	case len(delivered) > 0:
		env.Note("note.delivers", engine.Nums(delivered))
	default:
		env.Note("note.holdsBack", engine.Num(seq), engine.Nums(r.Gaps()))
	}
}

// Vars are the receiver's variables for the views.
func (r *Receiver) Vars() []engine.Var {
	return []engine.Var{
		{Name: "delivered", Value: nonNil(r.Delivered)},
		{Name: "held", Value: nonNil(r.Held)},
		{Name: "gaps", Value: nonNil(r.Gaps())},
	}
}

func nonNil(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return xs
}
