package param

import (
	"encoding/json"
	"strings"
	"testing"
)

// null is never a number: in a list, a list of lists, a record or a range
// it is refused naming the parameter and the place, not read as 0.
func TestNullIsNoNumber(t *testing.T) {
	specs := []Spec{
		{Name: "crashed", Type: Ints},
		{Name: "edges", Type: Lists},
		{Name: "requests", Type: Lists, Fields: []string{"node", "at"}},
		{Name: "delay", Type: Range},
	}
	for _, c := range []struct{ name, value, want string }{
		{"crashed", `[null]`, "parameter crashed: element 0 is null"},
		{"crashed", `[1, null]`, "element 1 is null"},
		{"edges", `[[0, 1], [1, null]]`, "parameter edges: list 1 element 1 is null"},
		{"edges", `[[0, 1], null]`, "parameter edges: list 1 is null"},
		{"requests", `[{"node": 0, "at": null}]`, `parameter requests: record 0: want a number in field "at"`},
		{"delay", `{"min": null, "max": 3}`, "parameter delay: want an object"},
		{"delay", `{"MIN": 1, "max": 3}`, "parameter delay: want an object"},
		{"delay", `{"min": 1, "max": 3, "min": 2}`, "parameter delay: want an object"},
	} {
		_, err := Resolve(specs, map[string]json.RawMessage{c.name: json.RawMessage(c.value)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s = %s: %v, want %q", c.name, c.value, err, c.want)
		}
	}
	// null for the whole parameter still means its default.
	if _, err := Resolve(specs, map[string]json.RawMessage{"crashed": json.RawMessage(`null`)}); err != nil {
		t.Errorf("crashed = null: %v", err)
	}
}
