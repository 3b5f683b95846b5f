package strictjson

import (
	"encoding/json"
	"strings"
	"testing"
)

type seeds struct {
	From  *int64 `json:"from"`
	Count *int   `json:"count"`
}

type request struct {
	Algorithm string                       `json:"algorithm"`
	Params    map[string]json.RawMessage   `json:"params"`
	Seed      *int64                       `json:"seed"`
	Seeds     *seeds                       `json:"seeds"`
	Query     map[string]string            `json:"query"`
	Cases     []map[string]json.RawMessage `json:"cases"`
	Steps     []int                        `json:"steps"`
	Hidden    int                          `json:"-"`
}

type header struct {
	Format string `json:"format"`
}

type document struct {
	header
	Events []json.RawMessage `json:"events"`
}

// One table per rule: what passes, and what is refused with which words.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		name, doc, want string // want "": passes
	}{
		{"plain", `{"algorithm": "x", "params": {"n": 3}, "seed": 1}`, ""},
		{"optional null", `{"algorithm": "x", "params": null, "seed": null, "seeds": null, "params": null}`, `"params" is given twice`},
		{"null means left out", `{"algorithm": "x", "params": {"n": null}, "seed": null, "seeds": {"from": null}}`, ""},
		{"not JSON is the decoder's", `{"algorithm": `, ""},

		// Duplicate keys, at any depth.
		{"duplicate", `{"seed": 1, "seed": 2}`, `the field "seed" is given twice`},
		{"duplicate in params", `{"params": {"n": 3, "n": 5}}`, `"params.n" is given twice`},
		{"duplicate deep in raw", `{"params": {"delay": {"min": 1, "min": 2}}}`, `"params.delay.min" is given twice`},

		// Exact names.
		{"case", `{"ALGORITHM": "x"}`, `unknown field "ALGORITHM": did you mean "algorithm"?`},
		{"unknown", `{"sed": 1}`, `unknown field "sed"; the fields there are "algorithm", "cases"`},
		{"unknown nested", `{"seeds": {"first": 1}}`, `unknown field "first" in "seeds"; the fields there are "count" and "from"`},
		{"case nested", `{"seeds": {"From": 1}}`, `did you mean "from"`},
		{"dash field", `{"Hidden": 1}`, `unknown field "Hidden"`},

		// Null where a value is required.
		{"null string", `{"algorithm": null}`, `"algorithm" is null where a value is required: give a string`},
		{"null in a list", `{"steps": [1, null]}`, `"steps[1]" is null where a value is required: give a whole number`},
		{"null in raw list", `{"params": {"crashed": [null]}}`, `"params.crashed[0]" is null`},
		{"null deep", `{"params": {"edges": [[0, 1], [1, null]]}}`, `"params.edges[1][1]" is null`},
		{"null map value", `{"query": {"n": null}}`, `"query.n" is null where a value is required: give a string`},
		{"null case", `{"cases": [null]}`, `"cases[0]" is null`},
		{"null top", `null`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := Check([]byte(c.doc), &request{})
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// Fields of an embedded struct are fields of the document.
func TestEmbedded(t *testing.T) {
	if err := Check([]byte(`{"format": "x", "events": [{"seq": 1}]}`), document{}); err != nil {
		t.Fatal(err)
	}
	if err := Check([]byte(`{"Format": "x"}`), document{}); err == nil || !strings.Contains(err.Error(), `did you mean "format"`) {
		t.Fatal(err)
	}
	if err := Check([]byte(`{"events": [null]}`), document{}); err == nil {
		t.Fatal("a null event passed")
	}
}

// With no target only the rules that need no shape apply.
func TestAnyShape(t *testing.T) {
	if err := Check([]byte(`{"Anything": {"goes": [1, {"x": null}]}}`), nil); err != nil {
		t.Fatal(err)
	}
	if err := Check([]byte(`{"a": 1, "a": 1}`), nil); err == nil {
		t.Fatal("a duplicate passed")
	}
	if err := Check([]byte(`[1, null]`), nil); err == nil {
		t.Fatal("null in a list passed")
	}
}

func TestCheckField(t *testing.T) {
	var seed int64
	var params json.RawMessage
	var nodes []struct {
		ID int `json:"id"`
	}
	for _, c := range []struct {
		data, name string
		target     any
		want       string
	}{
		{`3`, "seed", &seed, ""},
		{`null`, "seed", &seed, `"seed" is null where a value is required: give a whole number`},
		{`null`, "params", &params, ""},
		{`{"n": [null]}`, "params", &params, `"params.n[0]" is null`},
		{`[{"id": 0}, {"ID": 1}]`, "nodes", &nodes, `unknown field "ID" in "nodes[1]"`},
	} {
		err := CheckField([]byte(c.data), c.name, c.target)
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s %s: %v, want %q", c.name, c.data, err, c.want)
		}
	}
}

func TestCheckKeys(t *testing.T) {
	if err := CheckKeys([]byte(`{"parent": [null, 1], "x": {"y": null}}`)); err != nil {
		t.Fatal(err)
	}
	if err := CheckKeys([]byte(`{"x": {"y": 1, "y": 2}}`)); err == nil || !strings.Contains(err.Error(), `"x.y" is given twice`) {
		t.Fatal(err)
	}
}
