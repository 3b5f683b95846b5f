// Package narrate turns trace events into the plain words the lecture uses:
// "P4 sends ELECTION to P5, P6, P7", in English, German or Spanish.
package narrate

import (
	"fmt"
	"strings"

	"distviz/algo"
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

// Namer names processes as the narration prints them and knows the
// algorithm's texts. Its methods narrate in English; In narrates in another
// language.
type Namer struct {
	nodes []algo.Node
	texts algo.Texts
}

// For narrates a run of alg whose processes are nodes.
func For(alg *algo.Algorithm, nodes []algo.Node) Namer {
	return Namer{nodes: nodes, texts: alg.Text}
}

func (n Namer) name(p int32) string {
	if p >= 0 && int(p) < len(n.nodes) {
		return n.nodes[p].Label
	}
	return fmt.Sprintf("P%d", p)
}

// In narrates in the given language (English if it is not one of Langs).
func (n Namer) In(l Lang) Narrator {
	p, ok := tables[l]
	if !ok {
		p, l = tables[English], English
	}
	return Narrator{names: n, p: p, lang: l}
}

// Event narrates a single event in English.
func (n Namer) Event(e *engine.Event) string { return n.In(English).Event(e) }

// Lines narrates events in English (see Narrator.Lines).
func (n Namer) Lines(events []engine.Event) []Line { return n.In(English).Lines(events) }

// Narrator narrates in one language.
type Narrator struct {
	names Namer
	p     *phrases
	lang  Lang
}

func (r Narrator) name(p int32) string { return r.names.name(p) }

// Event narrates a single event.
func (r Narrator) Event(e *engine.Event) string {
	p := r.p
	switch e.Kind {
	case engine.KindStart:
		if !e.Text.IsZero() {
			return fmt.Sprintf(p.startWhy, r.name(e.Node), r.Text(e.Text))
		}
		return fmt.Sprintf(p.start, r.name(e.Node))
	case engine.KindSend:
		return fmt.Sprintf(p.send, r.name(e.From), e.Msg.Label(), r.name(e.To))
	case engine.KindDeliver:
		return fmt.Sprintf(p.receive, r.name(e.To), e.Msg.Label(), r.name(e.From))
	case engine.KindDrop:
		var why string
		switch e.Name {
		case "crashed":
			why = fmt.Sprintf(p.dropCrashed, r.name(e.To))
		case "lost":
			why = p.dropLost
		case "link down":
			why = p.dropCut
		case "user":
			why = p.dropUser
		case "bus reset":
			why = p.dropReset
		case "no cable":
			why = p.dropNoCable
		default:
			why = e.Name
		}
		return fmt.Sprintf(p.lost, e.Msg.Label(), r.name(e.From), r.name(e.To), why)
	case engine.KindTimer:
		return fmt.Sprintf(p.timer, r.name(e.Node), e.Name)
	case engine.KindAction:
		who := p.you
		if e.Name == "scheduled" {
			who = p.scenario
		}
		return who + ": " + r.action(e.Action)
	case engine.KindCrash:
		if !e.Text.IsZero() {
			return fmt.Sprintf(p.crashWhy, r.name(e.Node), r.Text(e.Text))
		}
		return fmt.Sprintf(p.crash, r.name(e.Node))
	case engine.KindRecover:
		return fmt.Sprintf(p.recover, r.name(e.Node))
	case engine.KindNote:
		if e.Node == engine.None {
			return r.Text(e.Text)
		}
		return r.name(e.Node) + ": " + r.Text(e.Text)
	case engine.KindViolation:
		return fmt.Sprintf(p.violation, e.Name, r.Text(e.Text))
	case engine.KindEnd:
		return p.end
	}
	return e.Kind.String()
}

func (r Narrator) action(a *engine.Action) string {
	p := r.p
	if a == nil {
		return p.anAction
	}
	switch a.Type {
	case engine.ActCrash:
		return fmt.Sprintf(p.actCrash, r.name(int32(a.Node)))
	case engine.ActRecover:
		return fmt.Sprintf(p.actRecover, r.name(int32(a.Node)))
	case engine.ActDrop:
		return fmt.Sprintf(p.actDrop, a.Msg)
	case engine.ActDeliver:
		return fmt.Sprintf(p.actDeliver, a.Msg)
	case engine.ActFire:
		return fmt.Sprintf(p.actFire, r.name(int32(a.Node)), a.Timer)
	case engine.ActCut:
		return fmt.Sprintf(p.actCut, r.name(int32(a.From)), r.name(int32(a.To)))
	case engine.ActRestore:
		return fmt.Sprintf(p.actRestore, r.name(int32(a.From)), r.name(int32(a.To)))
	case engine.ActLoss:
		return fmt.Sprintf(p.actLoss, r.name(int32(a.From)), r.name(int32(a.To)), a.P)
	case engine.ActPlug:
		return fmt.Sprintf(p.actPlug, r.name(int32(a.Node)))
	case engine.ActUnplug:
		return fmt.Sprintf(p.actUnplug, r.name(int32(a.Node)))
	case engine.ActNode:
		return fmt.Sprintf("%s: %s", r.name(int32(a.Node)), a.Name)
	}
	return a.Type
}

// Lines narrates events in order, grouping consecutive sends of the same
// message by the same process into one line: "P4 sends ELECTION to P5, P6, P7".
func (r Narrator) Lines(events []engine.Event) []Line {
	var out []Line
	for i := 0; i < len(events); i++ {
		e := &events[i]
		if e.Kind == engine.KindSend {
			to := []string{r.name(e.To)}
			j := i + 1
			for ; j < len(events); j++ {
				f := &events[j]
				if f.Kind != engine.KindSend || f.From != e.From || f.Msg.Label() != e.Msg.Label() {
					break
				}
				to = append(to, r.name(f.To))
			}
			out = append(out, Line{First: e.Seq, Last: events[j-1].Seq, Time: e.Time, Kind: "send",
				Text: fmt.Sprintf(r.p.send, r.name(e.From), e.Msg.Label(), strings.Join(to, ", "))})
			i = j - 1
			continue
		}
		out = append(out, Line{First: e.Seq, Last: e.Seq, Time: e.Time, Kind: e.Kind.String(), Text: r.Event(e)})
	}
	return out
}
