package param_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"distviz/param"
)

var listSpecs = []param.Spec{
	{Name: "edges", Type: param.Lists, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(99)},
}

func TestListsJSONAndTextAgree(t *testing.T) {
	v, err := param.Resolve(listSpecs, raw(t, `{"edges": [[0,1],[1,2,3],[]]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{0, 1}, {1, 2, 3}, {}}
	if got := v.IntLists("edges"); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("IntLists = %v, want %v", got, want)
	}
	b, _ := json.Marshal(v)
	if string(b) != `{"edges":[[0,1],[1,2,3],[]]}` {
		t.Fatalf("JSON %s", b)
	}
	q := v.Query()["edges"]
	if q != "0,1;1,2,3;" {
		t.Fatalf("query text %q", q)
	}
	w, err := param.ResolveStrings(listSpecs, map[string]string{"edges": "0,1; 1,2,3"})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.IntLists("edges"); !slices.EqualFunc(got, want[:2], slices.Equal) {
		t.Fatalf("from text: %v", got)
	}
	e, err := param.ResolveStrings(listSpecs, map[string]string{"edges": ""})
	if err != nil || len(e.IntLists("edges")) != 0 || e.IntLists("edges") == nil {
		t.Fatalf("empty text: %v %v", e.IntLists("edges"), err)
	}
	d, err := param.Resolve(listSpecs, nil)
	if err != nil || d.IntLists("edges") == nil || len(d.IntLists("edges")) != 0 {
		t.Fatalf("default: %v %v", d.IntLists("edges"), err)
	}
	d.SetIntLists("edges", [][]int{{4, 5}})
	if got := d.Query()["edges"]; got != "4,5" {
		t.Fatalf("after SetIntLists: %q", got)
	}
}

func TestListsRefusals(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"edges": [0, 1]}`, "want a list of lists of whole numbers"},
		{`{"edges": [[0, 1.5]]}`, "want a list of lists"},
		{`{"edges": [null]}`, "want a list of lists"},
		{`{"edges": [[0, 1], [2, 100]]}`, "parameter edges: list 1 element 1 100 is above the maximum 99"},
		{`{"edges": [[-1, 1]]}`, "below the minimum 0"},
	} {
		_, err := param.Resolve(listSpecs, raw(t, c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
	}
	_, err := param.ResolveStrings(listSpecs, map[string]string{"edges": "0,1;x"})
	if err == nil || !strings.Contains(err.Error(), "not a list of lists like 0,1;1,2") {
		t.Errorf("bad text: %v", err)
	}
}

// FuzzListsText: whatever text is accepted writes back as text that reads
// back to the same lists.
func FuzzListsText(f *testing.F) {
	for _, s := range []string{"0,1;1,2", "", ";", "0,1;", "5", "1,,2", "0;x", " 3 , 4 ; 5 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, err := param.ResolveStrings(listSpecs, map[string]string{"edges": text})
		if err != nil {
			return
		}
		w, err := param.ResolveStrings(listSpecs, v.Query())
		if err != nil {
			t.Fatalf("%q → %q refused: %v", text, v.Query()["edges"], err)
		}
		if !slices.EqualFunc(v.IntLists("edges"), w.IntLists("edges"), slices.Equal) {
			t.Fatalf("%q: %v then %v", text, v.IntLists("edges"), w.IntLists("edges"))
		}
	})
}

var recordSpecs = []param.Spec{
	{Name: "requests", Type: param.Lists, Fields: []string{"node", "at"}, Default: [][]int{}, Min: param.Bound(0)},
}

// A list of records reads objects or lists and writes objects in field order.
func TestListsOfRecords(t *testing.T) {
	want := [][]int{{0, 12}, {1, 8}}
	for _, in := range []string{`{"requests": [{"node": 0, "at": 12}, {"at": 8, "node": 1}]}`, `{"requests": [[0, 12], [1, 8]]}`} {
		v, err := param.Resolve(recordSpecs, raw(t, in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := v.IntLists("requests"); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%s: %v", in, got)
		}
		b, _ := json.Marshal(v)
		if string(b) != `{"requests":[{"node":0,"at":12},{"node":1,"at":8}]}` {
			t.Fatalf("%s: JSON %s", in, b)
		}
		if q := v.Query()["requests"]; q != "0,12;1,8" {
			t.Fatalf("query text %q", q)
		}
	}
	for _, c := range []struct{ in, want string }{
		{`{"requests": [{"node": 0}]}`, "record 0 has 1 fields: want exactly node, at"},
		{`{"requests": [{"node": 0, "when": 3}]}`, `record 0: want a number in field "at"`},
		{`{"requests": [{"node": 0, "at": "x"}]}`, `want a number in field "at"`},
		{`{"requests": [[0, 1, 2]]}`, "record 0 has 3 numbers: want [node, at]"},
		{`{"requests": 5}`, `want a list of objects {"node": …, "at": …}`},
		{`{"requests": [{"node": -1, "at": 0}]}`, "below the minimum 0"},
	} {
		_, err := param.Resolve(recordSpecs, raw(t, c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
	}
}

var eventSpecs = []param.Spec{
	{Name: "events", Type: param.Lists, Fields: []string{"node", "at", "kind", "to"}, Words: map[string][]string{"kind": {"local", "send"}},
		Optional: []string{"to"}, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(99)},
}

// A record's field may hold a word (held as its index) and may be left out
// when optional (held as −1); both are written back as they were given.
func TestRecordWordsAndOptionalFields(t *testing.T) {
	in := `{"events": [{"node": 0, "at": 1, "kind": "local"}, {"node": 0, "at": 2, "kind": "send", "to": 1}]}`
	v, err := param.Resolve(eventSpecs, raw(t, in))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{0, 1, 0, -1}, {0, 2, 1, 1}}
	if got := v.IntLists("events"); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("IntLists = %v, want %v", got, want)
	}
	b, _ := json.Marshal(v)
	if string(b) != `{"events":[{"node":0,"at":1,"kind":"local"},{"node":0,"at":2,"kind":"send","to":1}]}` {
		t.Fatalf("JSON %s", b)
	}
	w, err := param.ResolveStrings(eventSpecs, map[string]string{"events": v.Query()["events"]})
	if err != nil || !slices.EqualFunc(w.IntLists("events"), want, slices.Equal) {
		t.Fatalf("from text %q: %v %v", v.Query()["events"], w.IntLists("events"), err)
	}
	for _, c := range []struct{ in, want string }{
		{`{"events": [{"node": 0, "at": 1, "kind": "receive"}]}`, `field "kind" is "receive"; want one of local, send`},
		{`{"events": [[0, 1, 2, 1]]}`, `field "kind" is 2; want one of local, send`},
		{`{"events": [{"node": 0, "kind": "local"}]}`, "record 0 has 2 fields: want exactly node, at, kind, to"},
		{`{"events": [{"node": 0, "at": 1, "kind": "send", "to": -2}]}`, "below the minimum 0"},
	} {
		_, err := param.Resolve(eventSpecs, raw(t, c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
	}
}
