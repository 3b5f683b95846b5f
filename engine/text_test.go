package engine_test

import (
	"encoding/json"
	"strings"
	"testing"

	"distviz/engine"
)

// A text's JSON form reads back as the same data, and malformed forms are
// refused with what is wrong.
func TestTextJSON(t *testing.T) {
	in := engine.T("note.all", engine.Pos(3), engine.Positions([]int{1, 2}), engine.Num(-5), engine.Nums([]int{4}),
		engine.Float(0.25), engine.Ts(3, 7), engine.Dur(90), engine.Raw("ELECTION"), engine.Sub(engine.T("coin.fast")))
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"key":"note.all","args":[{"pos":3},{"positions":[1,2]},{"num":-5},{"nums":[4]},{"float":0.25},{"stamp":[3,7]},{"time":90},{"raw":"ELECTION"},{"text":{"key":"coin.fast"}}]}`
	if string(b) != want {
		t.Fatalf("JSON %s\nwant %s", b, want)
	}
	var out engine.Text
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if !out.Equal(in) {
		t.Fatalf("read back %+v, want %+v", out, in)
	}
	for doc, why := range map[string]string{
		`{"args":[]}`:                            "no key",
		`{"key":"k","args":[{"pos":1,"num":2}]}`: "want one field",
		`{"key":"k","args":[{"colour":1}]}`:      "unknown kind",
		`{"key":"k","args":[{"stamp":[1]}]}`:     "two numbers",
		`{"key":"k","args":[{"pos":"P1"}]}`:      "argument 1",
	} {
		var x engine.Text
		if err := json.Unmarshal([]byte(doc), &x); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: error %v, want it to say %q", doc, err, why)
		}
	}
}
