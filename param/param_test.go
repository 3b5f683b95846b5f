package param_test

import (
	"encoding/json"
	"strings"
	"testing"

	"distviz/param"
)

var specs = []param.Spec{
	{Name: "n", Type: param.Int, Default: 8, Min: param.Bound(2), Max: param.Bound(100)},
	{Name: "variant", Type: param.Enum, Default: "lcr", Options: []string{"lcr", "participant"}},
	{Name: "ids", Type: param.Ints, Min: param.Bound(0)},
	{Name: "delay", Type: param.Range, Default: param.IntRange{Min: 1, Max: 1}, Min: param.Bound(0)},
	{Name: "fifo", Type: param.Bool, Default: true},
	{Name: "loss", Type: param.Float, Default: 0.0, Min: param.Bound(0), Max: param.Bound(1)},
}

func raw(t *testing.T, s string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestResolveFillsDefaultsInSpecOrder(t *testing.T) {
	v, err := param.Resolve(specs, raw(t, `{"loss": 0.5, "n": 12}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	want := `{"n":12,"variant":"lcr","delay":{"min":1,"max":1},"fifo":true,"loss":0.5}`
	if string(b) != want {
		t.Fatalf("got %s\nwant %s", b, want)
	}
	if !v.Has("n") || v.Has("variant") || v.Int("n") != 12 || v.Ints("ids") != nil {
		t.Fatal("Has/Int/Ints disagree with the input")
	}
}

func TestResolveRefusesWithTheParameterAndTheFix(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"n": 1}`, "parameter n: 1 is below the minimum 2"},
		{`{"n": 101}`, "above the maximum 100"},
		{`{"n": 2.5}`, "want a whole number"},
		{`{"n": "8"}`, "want a whole number"},
		{`{"variant": "fast"}`, "want one of lcr, participant"},
		{`{"ids": [1, -2]}`, "element 1 -2 is below the minimum 0"},
		{`{"delay": {"min": 5, "max": 2}}`, "min 5 is above max 2"},
		{`{"delay": {"min": 1}}`, `want an object {"min": a, "max": b}`},
		{`{"delay": {"min": 1, "max": 2, "avg": 3}}`, "want an object"},
		{`{"fifo": "yes"}`, "want true or false"},
		{`{"loss": 2}`, "above the maximum 1"},
		{`{"colour": 1}`, "parameter colour: unknown parameter; this algorithm takes n, variant, ids, delay, fifo, loss"},
	} {
		_, err := param.Resolve(specs, raw(t, c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
	}
}

func TestQueryTextRoundTrip(t *testing.T) {
	text := map[string]string{"n": "9", "variant": "participant", "ids": "3,1,2", "delay": "2-7", "fifo": "false", "loss": "0.25"}
	v, err := param.ResolveStrings(specs, text)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Query(); len(got) != len(text) {
		t.Fatalf("query %v, want %v", got, text)
	} else {
		for k, s := range text {
			if got[k] != s {
				t.Errorf("%s: %q, want %q", k, got[k], s)
			}
		}
	}
	if v.Range("delay") != (param.IntRange{Min: 2, Max: 7}) {
		t.Fatalf("delay %v", v.Range("delay"))
	}
	fixed, _ := param.ResolveStrings(specs, map[string]string{"delay": "4"})
	if fixed.Range("delay") != (param.IntRange{Min: 4, Max: 4}) || param.Format(fixed.Range("delay")) != "4" {
		t.Fatalf("a single number is a fixed delay: %v", fixed.Range("delay"))
	}
	for in, want := range map[string]string{"n": "abc", "ids": "1,x", "delay": "-3", "fifo": "maybe"} {
		if _, err := param.ResolveStrings(specs, map[string]string{in: want}); err == nil {
			t.Errorf("%s=%s was accepted", in, want)
		}
	}
}

func FuzzResolveStrings(f *testing.F) {
	for _, s := range []string{"8", "1,2,3", "1-5", "true", "0.5", "", "-", "1-", ",,"} {
		f.Add("n", s)
		f.Add("ids", s)
		f.Add("delay", s)
	}
	f.Fuzz(func(t *testing.T, name, text string) {
		v, err := param.ResolveStrings(specs, map[string]string{name: text})
		if err != nil {
			return
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("resolved values do not marshal: %v", err)
		}
	})
}
