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

// Equal looks at every argument's data: lists, floats and nested texts.
func TestTextEqualSeesData(t *testing.T) {
	base := func(ps []int, f float64, sub string) engine.Text {
		return engine.T("k", engine.Positions(ps), engine.Float(f), engine.Ts(3, 7), engine.Sub(engine.T(sub)))
	}
	a := base([]int{1, 2}, 0.5, "x")
	if !a.Equal(base([]int{1, 2}, 0.5, "x")) {
		t.Error("equal texts made apart differ")
	}
	for what, b := range map[string]engine.Text{
		"positions": base([]int{1, 3}, 0.5, "x"), "length": base([]int{1}, 0.5, "x"),
		"float": base([]int{1, 2}, 0.25, "x"), "nested text": base([]int{1, 2}, 0.5, "y"),
		"stamp": engine.T("k", engine.Positions([]int{1, 2}), engine.Float(0.5), engine.Ts(3, 8), engine.Sub(engine.T("x"))),
	} {
		if a.Equal(b) {
			t.Errorf("texts that differ in their %s are equal", what)
		}
	}
	for _, st := range [][2]int{{3, 7}, {-1, 2}, {1 << 40, -5}, {5, 1 << 33}} {
		if got := engine.Ts(st[0], st[1]).Ints(); len(got) != 2 || got[0] != int64(st[0]) || got[1] != int64(st[1]) {
			t.Errorf("stamp %v reads back %v", st, got)
		}
	}
	if got := engine.Positions([]int{4, 5}).Ints(); len(got) != 2 || got[1] != 5 || engine.Float(0.25).Float() != 0.25 || engine.Sub(engine.T("s")).Sub().Key != "s" {
		t.Errorf("accessors: %v", got)
	}
}
