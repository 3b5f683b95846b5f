package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"distviz/engine"
)

// fieldsOf are the fields each client message type takes besides "type"
// (docs/protocol.md): a field of another type is refused, not ignored, so
// that {"type": "step", "step": 5} does not silently step once.
var fieldsOf = map[string][]string{
	"open":       {"algorithm", "params", "query", "seed", "scenario", "step", "deltas"},
	"attach":     {"id", "deltas"},
	"seek":       {"step"},
	"seekSeq":    {"seq"},
	"play":       {"speed"},
	"action":     {"action"},
	"experiment": {"experiment"},
	"lang":       {"lang"},
}

// actionFieldsOf are the fields each action type takes besides "type", as
// engine.Action writes them; an act may name its action by "id", as the
// registry's actions list it, or by "name", as traces write it.
var actionFieldsOf = map[string][]string{
	engine.ActCrash: {"node"}, engine.ActRecover: {"node"}, engine.ActPlug: {"node"}, engine.ActUnplug: {"node"},
	engine.ActDrop: {"msg"}, engine.ActDeliver: {"msg"},
	engine.ActFire: {"node", "timer"},
	engine.ActCut:  {"from", "to"}, engine.ActRestore: {"from", "to"},
	engine.ActLoss: {"from", "to", "p"},
	engine.ActNode: {"node", "name", "id"},
}

// checkFields refuses a field that the message's type does not take. A
// message of an unknown type is left to Handle's refusal.
func checkFields(req request, msg []byte) error {
	if !slices.Contains(types, req.Type) {
		return nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(msg, &fields); err != nil {
		return err // decode has read it: cannot happen
	}
	return foreign(fields, fieldsOf[req.Type], article(req.Type)+" message", "")
}

// foreign names the first field (in sorted order) that is not "type" or
// one of allowed.
func foreign(fields map[string]json.RawMessage, allowed []string, what, in string) error {
	var names []string
	for name := range fields {
		if name != "type" && !slices.Contains(allowed, name) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return nil
	}
	slices.Sort(names)
	takes := `no field besides "type"`
	if len(allowed) > 0 {
		quoted := []string{`"type"`}
		for _, f := range allowed {
			quoted = append(quoted, `"`+f+`"`)
		}
		last := len(quoted) - 1
		takes = "only " + strings.Join(quoted[:last], ", ") + " and " + quoted[last]
	}
	return fmt.Errorf("the field %q%s does not belong to %s, which takes %s; see docs/protocol.md",
		names[0], in, what, takes)
}

// article quotes a type with its article: a "step", an "open".
func article(typ string) string {
	if strings.ContainsRune("aeiou", rune(typ[0])) {
		return fmt.Sprintf("an %q", typ)
	}
	return fmt.Sprintf("a %q", typ)
}

// decodeAction reads an action object: only its type's fields, and an act's
// "id" taken as its "name".
func decodeAction(raw json.RawMessage) (engine.Action, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return engine.Action{}, fmt.Errorf("the action is refused: %w", err)
	}
	var typ string
	json.Unmarshal(fields["type"], &typ)
	if allowed, ok := actionFieldsOf[typ]; ok {
		if err := foreign(fields, allowed, article(typ)+" action", ` in "action"`); err != nil {
			return engine.Action{}, err
		}
	}
	if id, ok := fields["id"]; ok {
		if _, both := fields["name"]; both {
			return engine.Action{}, errors.New(`the action has both "id" and "name"; name the algorithm's action by one of them`)
		}
		fields["name"] = id
		delete(fields, "id")
		raw, _ = json.Marshal(fields)
	}
	var a engine.Action
	if err := json.Unmarshal(raw, &a); err != nil {
		return engine.Action{}, fmt.Errorf("the action is refused: %w", err)
	}
	return a, nil
}
