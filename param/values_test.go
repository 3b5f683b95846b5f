package param

import (
	"encoding/json"
	"testing"
)

// Ints and lists of ints are written by hand as json.Marshal writes them;
// a copy's setters leave the original as it was.
func TestValuesJSONAndClone(t *testing.T) {
	v := Values{specs: []Spec{{Name: "n"}, {Name: "ids"}, {Name: "none"}, {Name: "p"}},
		vals: map[string]any{"n": int64(-5), "ids": []int64{3, -1, 0, 1 << 40}, "none": []int64{}, "p": 0.25}, set: map[string]bool{}}
	got, err := v.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{'{'}
	for i, part := range []any{int64(-5), []int64{3, -1, 0, 1 << 40}, []int64{}, 0.25} {
		if i > 0 {
			want = append(want, ',')
		}
		enc, _ := json.Marshal(part)
		want = append(append(want, `"`+v.specs[i].Name+`":`...), enc...)
	}
	if want = append(want, '}'); string(got) != string(want) {
		t.Errorf("got %s, want %s", got, want)
	}
	c := v.Clone()
	c.SetInts("ids", []int{7})
	c.SetString("p", "x")
	if v.Ints("ids")[0] != 3 || v.Float("p") != 0.25 || c.Ints("ids")[0] != 7 {
		t.Errorf("the clone's setters changed the original: %v %v", v.vals, c.vals)
	}
}
