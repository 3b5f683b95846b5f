package frame

import (
	"fmt"
	"slices"
)

// ApplyDelta applies a delta to a client's frame, both decoded from JSON
// into generic values (encoding/json's map[string]any and []any): what
// docs/protocol.md says a client does, as static/js/app/model.js does it in
// the browser. The tests check deltas with it. A delta that does not fit
// the frame is an error.
func ApplyDelta(model, d map[string]any) (err error) {
	defer func() {
		if v := recover(); v != nil { // a value of another type than the protocol's
			err = fmt.Errorf("the delta does not fit the frame: %v", v)
		}
	}()
	for _, k := range []string{"step", "steps", "seq", "events", "time", "ended", "atEnd", "narration"} {
		v, ok := d[k]
		if !ok {
			return fmt.Errorf("the delta lacks %q", k)
		}
		model[k] = v
	}
	nodes := model["nodes"].([]any)
	for _, nd := range d["nodes"].([]any) {
		pos := int(nd.(map[string]any)["pos"].(float64))
		nodes[pos] = nd
	}
	if add, rm := d["flightsAdded"], d["flightsRemoved"]; add != nil || rm != nil {
		byID := map[float64]any{}
		for _, f := range model["flights"].([]any) {
			byID[f.(map[string]any)["id"].(float64)] = f
		}
		for _, id := range asList(rm) {
			if _, ok := byID[id.(float64)]; !ok {
				return fmt.Errorf("the delta removes message %v, which is not in flight", id)
			}
			delete(byID, id.(float64))
		}
		for _, f := range asList(add) {
			byID[f.(map[string]any)["id"].(float64)] = f
		}
		fl := make([]any, 0, len(byID))
		for _, f := range byID {
			fl = append(fl, f)
		}
		key := func(f any) (float64, float64) {
			m := f.(map[string]any)
			return m["arrive"].(float64), m["id"].(float64)
		}
		slices.SortFunc(fl, func(a, b any) int {
			aa, ai := key(a)
			ba, bi := key(b)
			if aa != ba {
				return cmpF(aa, ba)
			}
			return cmpF(ai, bi)
		})
		model["flights"] = fl
	}
	for _, k := range []string{"timers", "violations", "outcome"} {
		if v, ok := d[k]; ok {
			model[k] = v
		}
	}
	if set, ok := d["outcomeFields"]; ok {
		o := model["outcome"].(map[string]any)
		for k, v := range set.(map[string]any) {
			o[k] = v
		}
	}
	for _, k := range asList(d["outcomeRemoved"]) {
		delete(model["outcome"].(map[string]any), k.(string))
	}
	ms := model["messages"].(map[string]any)
	dm := d["messages"].(map[string]any)
	for _, k := range []string{"sent", "delivered", "dropped", "byType"} {
		if v, ok := dm[k]; ok {
			ms[k] = v
		}
	}
	bp := ms["byProcess"].([]any)
	for _, c := range asList(dm["byProcess"]) {
		c := c.(map[string]any)
		pos := int(c["pos"].(float64))
		bp[pos] = map[string]any{"sent": c["sent"], "delivered": c["delivered"], "dropped": c["dropped"]}
	}
	return nil
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
