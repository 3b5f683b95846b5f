// Package narrate turns trace events into the plain words the lecture uses:
// "P4 sends ELECTION to P5, P6, P7".
package narrate

import (
	"fmt"
	"strings"

	"distviz/algos"
	"distviz/engine"
)

// Line is one narration line and the events it covers.
type Line struct {
	First int64  `json:"seq"`  // the first event's seq
	Last  int64  `json:"last"` // the last event's seq (several sends are grouped)
	Time  int64  `json:"time"`
	Kind  string `json:"kind"`
	Text  string `json:"text"`
}

// Namer names processes as the narration prints them.
type Namer []algos.Node

func (n Namer) name(p int32) string {
	if p >= 0 && int(p) < len(n) {
		return n[p].Label
	}
	return fmt.Sprintf("P%d", p)
}

// Event narrates a single event.
func (n Namer) Event(e *engine.Event) string {
	switch e.Kind {
	case engine.KindStart:
		if e.Text != "" {
			return n.name(e.Node) + " starts: " + e.Text
		}
		return n.name(e.Node) + " starts"
	case engine.KindSend:
		return fmt.Sprintf("%s sends %s to %s", n.name(e.From), e.Msg.Label(), n.name(e.To))
	case engine.KindDeliver:
		return fmt.Sprintf("%s receives %s from %s", n.name(e.To), e.Msg.Label(), n.name(e.From))
	case engine.KindDrop:
		why := map[string]string{
			"crashed":   n.name(e.To) + " has crashed",
			"lost":      "the link lost it",
			"link down": "the link is cut",
			"user":      "dropped by hand",
		}[e.Name]
		if why == "" {
			why = e.Name
		}
		return fmt.Sprintf("%s from %s to %s is lost: %s", e.Msg.Label(), n.name(e.From), n.name(e.To), why)
	case engine.KindTimer:
		return fmt.Sprintf("%s: timer %s expires", n.name(e.Node), e.Name)
	case engine.KindAction:
		who := "You"
		if e.Name == "scheduled" {
			who = "Scenario"
		}
		return who + ": " + n.action(e.Action)
	case engine.KindCrash:
		if e.Text != "" {
			return n.name(e.Node) + " has " + e.Text
		}
		return n.name(e.Node) + " crashes"
	case engine.KindRecover:
		return n.name(e.Node) + " recovers"
	case engine.KindNote:
		if e.Node == engine.None {
			return e.Text
		}
		return n.name(e.Node) + ": " + e.Text
	case engine.KindViolation:
		return fmt.Sprintf("VIOLATION of %s: %s", e.Name, e.Text)
	case engine.KindEnd:
		return "Nothing is left to happen: the run ends"
	}
	return e.Kind.String()
}

func (n Namer) action(a *engine.Action) string {
	if a == nil {
		return "an action"
	}
	switch a.Type {
	case engine.ActCrash, engine.ActRecover:
		return a.Type + " " + n.name(int32(a.Node))
	case engine.ActDrop:
		return fmt.Sprintf("drop message #%d", a.Msg)
	case engine.ActDeliver:
		return fmt.Sprintf("deliver message #%d now", a.Msg)
	case engine.ActFire:
		return fmt.Sprintf("fire %s's timer %s now", n.name(int32(a.Node)), a.Timer)
	case engine.ActCut, engine.ActRestore:
		return fmt.Sprintf("%s the link %s–%s", a.Type, n.name(int32(a.From)), n.name(int32(a.To)))
	case engine.ActLoss:
		return fmt.Sprintf("the link %s–%s loses messages with probability %g", n.name(int32(a.From)), n.name(int32(a.To)), a.P)
	case engine.ActNode:
		return fmt.Sprintf("%s: %s", n.name(int32(a.Node)), a.Name)
	}
	return a.Type
}

// Lines narrates events in order, grouping consecutive sends of the same
// message by the same process into one line: "P4 sends ELECTION to P5, P6, P7".
func (n Namer) Lines(events []engine.Event) []Line {
	var out []Line
	for i := 0; i < len(events); i++ {
		e := &events[i]
		if e.Kind == engine.KindSend {
			to := []string{n.name(e.To)}
			j := i + 1
			for ; j < len(events); j++ {
				f := &events[j]
				if f.Kind != engine.KindSend || f.From != e.From || f.Msg.Label() != e.Msg.Label() {
					break
				}
				to = append(to, n.name(f.To))
			}
			out = append(out, Line{First: e.Seq, Last: events[j-1].Seq, Time: e.Time, Kind: "send",
				Text: fmt.Sprintf("%s sends %s to %s", n.name(e.From), e.Msg.Label(), strings.Join(to, ", "))})
			i = j - 1
			continue
		}
		out = append(out, Line{First: e.Seq, Last: e.Seq, Time: e.Time, Kind: e.Kind.String(), Text: n.Event(e)})
	}
	return out
}
