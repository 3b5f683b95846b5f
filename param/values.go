package param

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Values holds resolved parameters in the order of their specs. Its JSON form
// is an object in that order, so the same run always encodes the same way.
type Values struct {
	specs []Spec
	vals  map[string]any // int64, float64, bool, string, []int64, IntRange, [][]int64; lookup only
	set   map[string]bool
}

// Clone copies the values; the copy's setters leave v as it is (a value
// itself is never changed in place, only replaced).
func (v Values) Clone() Values {
	return Values{specs: v.specs, vals: maps.Clone(v.vals), set: maps.Clone(v.set)}
}

// Has reports whether the client gave the parameter (rather than the default).
func (v Values) Has(name string) bool { return v.set[name] }

// Lookup returns a parameter's value, if the algorithm has it and it is set.
func (v Values) Lookup(name string) (any, bool) {
	x, ok := v.vals[name]
	return x, ok
}

// Int returns an int parameter.
func (v Values) Int(name string) int { return int(v.vals[name].(int64)) }

// Float returns a float parameter.
func (v Values) Float(name string) float64 { return v.vals[name].(float64) }

// Bool returns a bool parameter.
func (v Values) Bool(name string) bool { return v.vals[name].(bool) }

// String returns an enum parameter.
func (v Values) String(name string) string { return v.vals[name].(string) }

// Ints returns a list parameter (nil when unset and without a default).
func (v Values) Ints(name string) []int {
	xs, _ := v.vals[name].([]int64)
	if xs == nil {
		return nil
	}
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}

// IntLists returns a list-of-lists parameter (nil when unset and without a default).
func (v Values) IntLists(name string) [][]int {
	xss, _ := v.vals[name].([][]int64)
	if xss == nil {
		return nil
	}
	out := make([][]int, len(xss))
	for i, xs := range xss {
		out[i] = make([]int, len(xs))
		for j, x := range xs {
			out[i][j] = int(x)
		}
	}
	return out
}

// SetString fills in a computed enum value (one of the spec's options).
func (v Values) SetString(name, x string) { v.vals[name] = x }

// SetIntLists fills in a computed list of lists (for example a random tree's edges).
func (v Values) SetIntLists(name string, xss [][]int) {
	out := make([][]int64, len(xss))
	for i, xs := range xss {
		out[i] = make([]int64, len(xs))
		for j, x := range xs {
			out[i][j] = int64(x)
		}
	}
	v.vals[name] = out
}

// Range returns a range parameter.
func (v Values) Range(name string) IntRange { return v.vals[name].(IntRange) }

// SetInts fills in a computed list (for example IDs shuffled by the seed).
func (v Values) SetInts(name string, xs []int) {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	v.vals[name] = out
}

// MarshalJSON writes the values in spec order; unset computed lists are left out.
func (v Values) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	for _, s := range v.specs {
		val, ok := v.vals[s.Name]
		if !ok || val == nil {
			continue
		}
		if xs, isList := val.([]int64); isList && xs == nil {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		k, _ := json.Marshal(s.Name)
		b.Write(k)
		b.WriteByte(':')
		if appendInts(&b, val) {
			continue
		}
		enc, err := json.Marshal(records(s, val))
		if err != nil {
			return nil, err
		}
		b.Write(enc)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// appendInts writes an int or a list of ints as json.Marshal would, and
// reports whether val was one: an experiment writes a row's values for
// each of its runs, and a list of IDs by reflection costs more than the
// run's own stepping.
func appendInts(b *bytes.Buffer, val any) bool {
	var num [20]byte
	switch x := val.(type) {
	case int64:
		b.Write(strconv.AppendInt(num[:0], x, 10))
	case []int64:
		b.WriteByte('[')
		for i, y := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(strconv.AppendInt(num[:0], y, 10))
		}
		b.WriteByte(']')
	default:
		return false
	}
	return true
}

// records writes a list of records as objects with their field names (a
// json.Marshal of ordered pairs keeps the fields in order).
func records(s Spec, val any) any {
	xss, ok := val.([][]int64)
	if !ok || len(s.Fields) == 0 {
		return val
	}
	out := make([]json.RawMessage, len(xss))
	for i, xs := range xss {
		var b bytes.Buffer
		b.WriteByte('{')
		first := true
		for j, f := range s.Fields {
			if xs[j] == -1 && slices.Contains(s.Optional, f) {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			k, _ := json.Marshal(f)
			b.Write(k)
			b.WriteByte(':')
			if words := s.Words[f]; xs[j] >= 0 && xs[j] < int64(len(words)) {
				w, _ := json.Marshal(words[xs[j]])
				b.Write(w)
			} else {
				b.WriteString(strconv.FormatInt(xs[j], 10))
			}
		}
		b.WriteByte('}')
		out[i] = b.Bytes()
	}
	return out
}

// Query writes the values as URL query text (lists comma-separated), for deep links.
func (v Values) Query() map[string]string {
	out := map[string]string{}
	for _, s := range v.specs {
		val, ok := v.vals[s.Name]
		if !ok || val == nil {
			continue
		}
		out[s.Name] = Format(val)
	}
	return out
}

// Format writes one value in its query-string form.
func Format(val any) string {
	switch x := val.(type) {
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case string:
		return x
	case []int64:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = strconv.FormatInt(e, 10)
		}
		return strings.Join(parts, ",")
	case [][]int64:
		parts := make([]string, len(x))
		for i, xs := range x {
			parts[i] = Format(xs)
		}
		return strings.Join(parts, ";")
	case IntRange:
		if x.Min == x.Max {
			return strconv.FormatInt(x.Min, 10)
		}
		return strconv.FormatInt(x.Min, 10) + "-" + strconv.FormatInt(x.Max, 10)
	}
	return fmt.Sprint(val)
}
