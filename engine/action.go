package engine

import (
	"encoding/json"
	"fmt"
)

// Action types a user (the lecturer as adversary) can apply at any step.
const (
	ActCrash   = "crash"   // Node stops; messages to it are lost
	ActRecover = "recover" // Node resumes and runs its recovery rule
	ActDrop    = "drop"    // message Msg in flight is lost
	ActDeliver = "deliver" // message Msg in flight is delivered now
	ActFire    = "fire"    // Node's timer Timer fires now
	ActCut     = "cut"     // the link between From and To goes down (both directions)
	ActRestore = "restore" // the link between From and To comes back
	ActLoss    = "loss"    // the link between From and To loses messages with probability P
	ActNode    = "act"     // Node performs the algorithm-specific action Name
	ActPlug    = "plug"    // a new device is plugged into a free port of Node (a bus only)
	ActUnplug  = "unplug"  // device Node is unplugged from the bus (a bus only)
)

// Action is one user intervention. Only the fields its Type uses are set;
// the JSON form carries exactly those.
type Action struct {
	Type  string
	Node  int
	From  int
	To    int
	Msg   int64
	Timer string
	Name  string
	P     float64
}

type actionWire struct {
	Type  string   `json:"type"`
	Node  *int     `json:"node,omitempty"`
	From  *int     `json:"from,omitempty"`
	To    *int     `json:"to,omitempty"`
	Msg   *int64   `json:"msg,omitempty"`
	Timer string   `json:"timer,omitempty"`
	Name  string   `json:"name,omitempty"`
	P     *float64 `json:"p,omitempty"`
}

// MarshalJSON writes the fields the action's type uses.
func (a Action) MarshalJSON() ([]byte, error) {
	w := actionWire{Type: a.Type}
	switch a.Type {
	case ActCrash, ActRecover, ActPlug, ActUnplug:
		w.Node = &a.Node
	case ActDrop, ActDeliver:
		w.Msg = &a.Msg
	case ActFire:
		w.Node, w.Timer = &a.Node, a.Timer
	case ActCut, ActRestore:
		w.From, w.To = &a.From, &a.To
	case ActLoss:
		w.From, w.To, w.P = &a.From, &a.To, &a.P
	case ActNode:
		w.Node, w.Name = &a.Node, a.Name
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads an action and checks that its type's fields are present.
func (a *Action) UnmarshalJSON(b []byte) error {
	var w actionWire
	if err := json.Unmarshal(b, &w); err != nil {
		return fmt.Errorf("action: %w", err)
	}
	need := func(ok bool, field string) error {
		if !ok {
			return fmt.Errorf("action %q needs the field %q", w.Type, field)
		}
		return nil
	}
	*a = Action{Type: w.Type, Timer: w.Timer, Name: w.Name}
	var err error
	switch w.Type {
	case ActCrash, ActRecover, ActPlug, ActUnplug:
		err = need(w.Node != nil, "node")
	case ActDrop, ActDeliver:
		err = need(w.Msg != nil, "msg")
	case ActFire:
		err = need(w.Node != nil, "node")
		if err == nil {
			err = need(w.Timer != "", "timer")
		}
	case ActCut, ActRestore:
		err = need(w.From != nil && w.To != nil, "from and to")
	case ActLoss:
		err = need(w.From != nil && w.To != nil && w.P != nil, "from, to and p")
	case ActNode:
		err = need(w.Node != nil, "node")
		if err == nil {
			err = need(w.Name != "", "name")
		}
	default:
		err = fmt.Errorf("unknown action type %q (want crash, recover, drop, deliver, fire, cut, restore, loss, act, plug or unplug)", w.Type)
	}
	if err != nil {
		return err
	}
	if w.Node != nil {
		a.Node = *w.Node
	}
	if w.From != nil {
		a.From = *w.From
	}
	if w.To != nil {
		a.To = *w.To
	}
	if w.Msg != nil {
		a.Msg = *w.Msg
	}
	if w.P != nil {
		a.P = *w.P
	}
	return nil
}
