package launch

import (
	"fmt"
	"strconv"
	"strings"

	"distviz/engine"
	"distviz/timeline"
)

// A link's `acts` text holds the user's actions, each as
// `<step>.<type>.<fields>`, separated by commas, in the order they were
// applied. The fields are the action type's, in this order, each a number
// but a timer's or an action's name and a loss probability, which come last
// and take the rest of the item:
//
//	19.crash.5          crash P5 at step 19 (also recover, plug, unplug)
//	23.deliver.12       deliver message 12 next (also drop)
//	30.act.4.notice     P4 performs its action "notice"
//	31.fire.2.answer    P2's timer "answer" fires now
//	40.cut.1.2          the link 1–2 goes down (also restore)
//	41.loss.1.2.0.25    the link 1–2 loses a quarter of its messages
//
// Only '.', ',' and letters, digits, '-' and '_' appear, so the text needs
// no escaping in a URL.
const ActsKey = "acts"

// FormatActs writes actions as a link's `acts` text ("" for none).
func FormatActs(acts []Acted) string {
	var b strings.Builder
	for i, a := range acts {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(a.Step))
		b.WriteByte('.')
		b.WriteString(a.Action.Type)
		for _, f := range fieldsOf(a.Action) {
			b.WriteByte('.')
			b.WriteString(f)
		}
	}
	return b.String()
}

// fieldsOf are an action's fields as link text, in the order ParseActs
// reads them.
func fieldsOf(a engine.Action) []string {
	itoa := strconv.Itoa
	switch a.Type {
	case engine.ActCrash, engine.ActRecover, engine.ActPlug, engine.ActUnplug:
		return []string{itoa(a.Node)}
	case engine.ActDrop, engine.ActDeliver:
		return []string{strconv.FormatInt(a.Msg, 10)}
	case engine.ActFire:
		return []string{itoa(a.Node), a.Timer}
	case engine.ActNode:
		return []string{itoa(a.Node), a.Name}
	case engine.ActCut, engine.ActRestore:
		return []string{itoa(a.From), itoa(a.To)}
	case engine.ActLoss:
		return []string{itoa(a.From), itoa(a.To), strconv.FormatFloat(a.P, 'g', -1, 64)}
	}
	return nil
}

// ParseActs reads a link's `acts` text. Its errors name the item at fault
// and show the form expected.
func ParseActs(text string) ([]Acted, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	var out []Acted
	for i, item := range strings.Split(text, ",") {
		a, err := parseAct(strings.TrimSpace(item))
		if err != nil {
			return nil, fmt.Errorf("acts: item %d %q: %v (write step.type.fields, e.g. 19.crash.5 or 30.act.4.notice)", i+1, item, err)
		}
		out = append(out, a)
	}
	return out, nil
}

// arity is how many fields each action type has after its step and type.
var arity = map[string]int{
	engine.ActCrash: 1, engine.ActRecover: 1, engine.ActPlug: 1, engine.ActUnplug: 1,
	engine.ActDrop: 1, engine.ActDeliver: 1, engine.ActFire: 2, engine.ActNode: 2,
	engine.ActCut: 2, engine.ActRestore: 2, engine.ActLoss: 3,
}

func parseAct(item string) (Acted, error) {
	head := strings.SplitN(item, ".", 2)
	if len(head) < 2 {
		return Acted{}, fmt.Errorf("no action type")
	}
	step, err := strconv.Atoi(head[0])
	if err != nil || step < 0 {
		return Acted{}, fmt.Errorf("the step %q is not a whole number ≥ 0", head[0])
	}
	rest := strings.SplitN(head[1], ".", 2)
	typ := rest[0]
	k, ok := arity[typ]
	if !ok {
		return Acted{}, fmt.Errorf("unknown action type %q", typ)
	}
	var fields []string
	if len(rest) == 2 {
		// the last field takes the rest: a name or a probability may hold dots
		fields = strings.SplitN(rest[1], ".", k)
	}
	if len(fields) != k {
		return Acted{}, fmt.Errorf("%s takes %d field(s) after its type", typ, k)
	}
	a := engine.Action{Type: typ}
	num := func(i int) int {
		if err != nil {
			return 0
		}
		var n int
		n, err = strconv.Atoi(fields[i])
		return n
	}
	switch typ {
	case engine.ActCrash, engine.ActRecover, engine.ActPlug, engine.ActUnplug:
		a.Node = num(0)
	case engine.ActDrop, engine.ActDeliver:
		a.Msg, err = strconv.ParseInt(fields[0], 10, 64)
	case engine.ActFire:
		a.Node, a.Timer = num(0), fields[1]
	case engine.ActNode:
		a.Node, a.Name = num(0), fields[1]
	case engine.ActCut, engine.ActRestore:
		a.From, a.To = num(0), num(1)
	case engine.ActLoss:
		a.From, a.To = num(0), num(1)
		if err == nil {
			a.P, err = strconv.ParseFloat(fields[2], 64)
		}
	}
	if err != nil {
		return Acted{}, fmt.Errorf("a field is not a number: %v", err)
	}
	return Acted{Step: step, Action: a}, nil
}

// ActsOf lists the user's actions that made the run as it is now, each at
// the step it was applied at: opening the run's request with them gives
// the same run, event for event (the futures forks discarded are gone, so
// the list replays without forking). Scheduled actions are the scenario's,
// not the user's, and not listed.
func ActsOf(tl *timeline.Timeline) []Acted {
	var out []Acted
	for k := 1; k < tl.Steps(); k++ {
		if !tl.UserStep(k) {
			continue
		}
		if a := tl.Event(tl.StepEnd(k-1) + 1).Action; a != nil {
			out = append(out, Acted{Step: k - 1, Action: *a})
		}
	}
	return out
}
