package frame

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// byDecoder splits an object's fields with encoding/json's decoder (as
// fieldsOf once did): the names decoded, the values' bytes.
func byDecoder(raw []byte) (names []string, vals [][]byte, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, false
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, false
		}
		start := dec.InputOffset()
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, false
		}
		names = append(names, tok.(string))
		vals = append(vals, bytes.TrimLeft(raw[start:dec.InputOffset()], " \t\r\n:"))
	}
	return names, vals, true
}

// randomValue is a JSON value of every kind, with strings that need
// escaping, nested a few levels.
func randomValue(r *rand.Rand, depth int) any {
	strs := []string{"", "a", `q"uote`, `back\slash`, "<&>", "tab\t", "ü ñ", "}{][,:", "\u2028"}
	switch k := r.IntN(8); {
	case k == 0 && depth < 3:
		m := map[string]any{}
		for range r.IntN(4) {
			m[strs[r.IntN(len(strs))]] = randomValue(r, depth+1)
		}
		return m
	case k == 1 && depth < 3:
		a := []any{}
		for range r.IntN(4) {
			a = append(a, randomValue(r, depth+1))
		}
		return a
	case k == 2:
		return strs[r.IntN(len(strs))]
	case k == 3:
		return r.Float64() * 1e6
	case k == 4:
		return r.IntN(2) == 0
	case k == 5:
		return nil
	}
	return r.IntN(1000) - 500
}

// fieldsOf reads what encoding/json writes as the decoder reads it: the
// same fields in the same order, each name as encoding/json writes it.
func TestFieldsOfReadsAsTheDecoder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		v := randomValue(r, 0)
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got := fieldsOf(raw, nil)
		names, vals, isObject := byDecoder(raw)
		if (got != nil) != isObject || len(got) != len(names) {
			t.Fatalf("%s: %d fields, want %d (object: %t)", raw, len(got), len(names), isObject)
		}
		for i, f := range got {
			want, _ := json.Marshal(names[i])
			if !bytes.Equal(f.name, want) || !bytes.Equal(f.raw, vals[i]) {
				t.Fatalf("%s: field %d is %s:%s, want %s:%s", raw, i, f.name, f.raw, want, vals[i])
			}
		}
	}
	for _, bad := range []string{`{`, `{"a":1,`, `{"a"`, `{"a":"x`, `{"a":[1,2}`, `[]`, `"x"`, ``} {
		if got := fieldsOf([]byte(bad), nil); got != nil {
			t.Errorf("%s: fields %q, want none", bad, got)
		}
	}
}
