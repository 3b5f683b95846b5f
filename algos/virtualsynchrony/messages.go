package virtualsynchrony

import (
	"fmt"
	"slices"
	"strconv"
)

// The message types.
const (
	msgData     = "DATA"     // a member asks the sequencer to order its message
	msgOrder    = "ORDER"    // the sequencer multicasts a message with its number in the view
	msgJoin     = "JOIN"     // a process asks to join the group
	msgFlushReq = "FLUSHREQ" // the coordinator starts a view change: stop, and report
	msgFlush    = "FLUSH"    // a member reports the messages of the old view it has
	msgNewView  = "NEWVIEW"  // the coordinator installs the new view, with the flush's messages
)

// MsgID names an application message: its sender and the sender's count.
type MsgID struct {
	From int `json:"from"`
	N    int `json:"n"`
}

// String is P2.1 for the first message of P2.
func (m MsgID) String() string { return fmt.Sprintf("P%d.%d", m.From, m.N) }

// View is a group view: its number, its members (ascending) and its
// sequencer (the coordinator that installed it: the lowest member of the
// old view still alive).
type View struct {
	ID        int   `json:"id"`
	Members   []int `json:"members"`
	Sequencer int   `json:"sequencer"`
}

// Order is a message with its number in a view.
type Order struct {
	View int   `json:"view"`
	G    int   `json:"g"`
	Msg  MsgID `json:"msg"`
}

// data asks the sequencer of a view to order a message.
type data struct {
	View int   `json:"view"`
	Msg  MsgID `json:"msg"`
}

func (d data) Label() string { return d.Msg.String() }

func (o Order) Label() string { return strconv.Itoa(o.G) + ":" + o.Msg.String() }

// flushReq starts a view change to Members (round: the attempt; a new
// coordinator after a crash starts a higher one).
type flushReq struct {
	View    int   `json:"view"`
	Members []int `json:"members"`
	Round   int   `json:"round"`
}

func (f flushReq) Label() string { return "v" + strconv.Itoa(f.View) }

// flush reports the orders of the old view a member has.
type flush struct {
	Round  int     `json:"round"`
	Orders []Order `json:"orders"`
}

func (f flush) Label() string { return strconv.Itoa(len(f.Orders)) }

// newView installs a view, with the union of the flushes.
type newView struct {
	View   View    `json:"view"`
	Orders []Order `json:"orders"`
}

func (n newView) Label() string { return "v" + strconv.Itoa(n.View.ID) }

// union merges lists of orders of one view, in number order, each once.
func union(lists ...[]Order) []Order {
	var out []Order
	for _, l := range lists {
		for _, o := range l {
			if !slices.ContainsFunc(out, func(x Order) bool { return x.G == o.G }) {
				out = append(out, o)
			}
		}
	}
	slices.SortFunc(out, func(a, b Order) int { return a.G - b.G })
	return out
}
