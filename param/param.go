// Package param describes algorithm parameters and turns what a client sends
// (JSON values or query-string text) into checked, typed values.
package param

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"distviz/internal/strictjson"
)

// Type is a parameter's value type.
type Type string

const (
	Int   Type = "int"   // a whole number
	Float Type = "float" // a real number
	Bool  Type = "bool"  // true or false
	Enum  Type = "enum"  // one of Options
	Ints  Type = "ints"  // a list of whole numbers ("3,5,7" in a URL)
	Range Type = "range" // {"min": a, "max": b} ("1-5", or "3" for a fixed value, in a URL)
	Lists Type = "lists" // a list of lists of whole numbers, [[0,1],[1,2]] ("0,1;1,2" in a URL)
)

// Spec describes one parameter: what the form shows and what Resolve checks.
type Spec struct {
	Name        string   `json:"name"`
	Type        Type     `json:"type"`
	Default     any      `json:"default"`               // nil: computed (see DefaultText)
	DefaultText string   `json:"defaultText,omitempty"` // how a computed default is chosen
	Min         *float64 `json:"min,omitempty"`         // bound on the value, or on each element/end
	Max         *float64 `json:"max,omitempty"`
	Options     []string `json:"options,omitempty"`
	// Fields names the numbers of each list of a Lists parameter that is a
	// list of records: JSON then takes (and gives) objects, e.g. fields
	// [node, at] read [{"node": 0, "at": 12}] as well as [[0, 12]].
	Fields []string `json:"fields,omitempty"`
	// Use says what the parameter is to an editor of the form (one of
	// Uses); empty: a plain field.
	Use string `json:"use,omitempty"`
	Doc string `json:"description"`
}

// Uses are the form's editors a parameter can feed: the tree editor draws
// and edits a tree's cables (a Lists parameter of position pairs) within
// the limit of cables a device takes (an Int); the graph editor a connected
// graph's edges (a Lists parameter of position pairs).
var Uses = []string{"treeCables", "portLimit", "graphEdges"}

// Bound returns a pointer for Spec.Min/Max.
func Bound(v float64) *float64 { return &v }

// IntRange is the value of a Range parameter.
type IntRange struct {
	Min int64 `json:"min"`
	Max int64 `json:"max"`
}

// Error is a refusal that names the parameter and says how to fix it.
type Error struct {
	Param string
	Msg   string
}

func (e *Error) Error() string { return "parameter " + e.Param + ": " + e.Msg }

// Errorf builds an *Error.
func Errorf(name, format string, args ...any) error {
	return &Error{Param: name, Msg: fmt.Sprintf(format, args...)}
}

// Values holds resolved parameters in the order of their specs. Its JSON form
// is an object in that order, so the same run always encodes the same way.
type Values struct {
	specs []Spec
	vals  map[string]any // int64, float64, bool, string, []int64, IntRange, [][]int64; lookup only
	set   map[string]bool
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
		enc, err := json.Marshal(records(s, val))
		if err != nil {
			return nil, err
		}
		b.Write(enc)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
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
		for j, f := range s.Fields {
			if j > 0 {
				b.WriteByte(',')
			}
			k, _ := json.Marshal(f)
			b.Write(k)
			b.WriteByte(':')
			b.WriteString(strconv.FormatInt(xs[j], 10))
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

// Resolve checks raw JSON values against the specs and fills in defaults.
// Unknown names, wrong types and values out of bounds are refused.
func Resolve(specs []Spec, raw map[string]json.RawMessage) (Values, error) {
	v := Values{specs: specs, vals: map[string]any{}, set: map[string]bool{}}
	for _, name := range sortedKeys(raw) {
		if findSpec(specs, name) == nil {
			return v, Errorf(name, "unknown parameter; this algorithm takes %s", names(specs))
		}
	}
	for _, s := range specs {
		r, ok := raw[s.Name]
		if !ok || string(r) == "null" {
			if s.Default != nil {
				val, err := fromDefault(s)
				if err != nil {
					return v, err
				}
				v.vals[s.Name] = val
			}
			continue
		}
		val, err := decode(s, r)
		if err != nil {
			return v, err
		}
		v.vals[s.Name] = val
		v.set[s.Name] = true
	}
	return v, nil
}

// ResolveStrings is Resolve for query-string text (deep links).
func ResolveStrings(specs []Spec, text map[string]string) (Values, error) {
	raw := map[string]json.RawMessage{}
	for _, name := range sortedKeys(text) {
		s := findSpec(specs, name)
		if s == nil {
			return Values{}, Errorf(name, "unknown parameter; this algorithm takes %s", names(specs))
		}
		val, err := ParseText(*s, text[name])
		if err != nil {
			return Values{}, err
		}
		b, _ := json.Marshal(val)
		raw[name] = b
	}
	return Resolve(specs, raw)
}

// ParseText reads one parameter from its query-string form.
func ParseText(s Spec, text string) (any, error) {
	text = strings.TrimSpace(text)
	switch s.Type {
	case Int:
		x, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return nil, Errorf(s.Name, "%q is not a whole number", text)
		}
		return x, nil
	case Float:
		x, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return nil, Errorf(s.Name, "%q is not a number", text)
		}
		return x, nil
	case Bool:
		x, err := strconv.ParseBool(text)
		if err != nil {
			return nil, Errorf(s.Name, "%q is not true or false", text)
		}
		return x, nil
	case Enum:
		return text, nil
	case Ints:
		xs := []int64{}
		if text == "" {
			return xs, nil
		}
		for _, part := range strings.Split(text, ",") {
			x, err := strconv.ParseInt(strings.TrimSpace(part), 10, 64)
			if err != nil {
				return nil, Errorf(s.Name, "%q is not a comma-separated list of whole numbers", text)
			}
			xs = append(xs, x)
		}
		return xs, nil
	case Lists:
		xss := [][]int64{}
		if text == "" {
			return xss, nil
		}
		for _, list := range strings.Split(text, ";") {
			xs, err := ParseText(Spec{Name: s.Name, Type: Ints}, list)
			if err != nil {
				return nil, Errorf(s.Name, "%q is not a list of lists like 0,1;1,2 (lists separated by ';', numbers by ',')", text)
			}
			xss = append(xss, xs.([]int64))
		}
		return xss, nil
	case Range:
		lo, hi, found := strings.Cut(text, "-")
		if strings.HasPrefix(text, "-") { // a negative number is never a valid range end here
			return nil, Errorf(s.Name, "%q is not a range like 1-5", text)
		}
		a, err1 := strconv.ParseInt(strings.TrimSpace(lo), 10, 64)
		b := a
		var err2 error
		if found {
			b, err2 = strconv.ParseInt(strings.TrimSpace(hi), 10, 64)
		}
		if err1 != nil || err2 != nil {
			return nil, Errorf(s.Name, "%q is not a range like 1-5 (or a single number for a fixed value)", text)
		}
		return IntRange{Min: a, Max: b}, nil
	}
	return nil, Errorf(s.Name, "has an unknown type %q", s.Type)
}

func fromDefault(s Spec) (any, error) {
	b, err := json.Marshal(s.Default)
	if err != nil {
		return nil, fmt.Errorf("default of %s: %w", s.Name, err)
	}
	return decode(s, b)
}

func decode(s Spec, r json.RawMessage) (any, error) {
	want := map[Type]string{Int: "a whole number", Float: "a number", Bool: "true or false",
		Enum: "one of " + strings.Join(s.Options, ", "), Ints: "a list of whole numbers",
		Range: `an object {"min": a, "max": b}`, Lists: "a list of lists of whole numbers, like [[0,1],[1,2]]"}[s.Type]
	bad := func() error { return Errorf(s.Name, "want %s, got %s", want, clip(string(r))) }
	switch s.Type {
	case Int:
		var f float64
		if json.Unmarshal(r, &f) != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return nil, bad()
		}
		return int64(f), checkBounds(s, f, "")
	case Float:
		var f float64
		if json.Unmarshal(r, &f) != nil {
			return nil, bad()
		}
		return f, checkBounds(s, f, "")
	case Bool:
		var x bool
		if json.Unmarshal(r, &x) != nil {
			return nil, bad()
		}
		return x, nil
	case Enum:
		var x string
		if json.Unmarshal(r, &x) != nil || !slices.Contains(s.Options, x) {
			return nil, bad()
		}
		return x, nil
	case Ints:
		var ps []*float64
		if json.Unmarshal(r, &ps) != nil {
			return nil, bad()
		}
		xs := make([]int64, len(ps))
		for i, p := range ps {
			if p == nil {
				return nil, Errorf(s.Name, "element %d is null; want %s", i, want)
			}
			f := *p
			if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
				return nil, bad()
			}
			if err := checkBounds(s, f, fmt.Sprintf("element %d ", i)); err != nil {
				return nil, err
			}
			xs[i] = int64(f)
		}
		return xs, nil
	case Lists:
		var pss [][]*float64
		var fss [][]float64
		if json.Unmarshal(r, &pss) == nil {
			var err error
			if fss, err = notNull(s, pss); err != nil {
				return nil, err
			}
		} else {
			var err error
			if fss, err = decodeRecords(s, r); err != nil {
				return nil, err
			}
		}
		xss := make([][]int64, len(fss))
		for i, fs := range fss {
			if fs == nil {
				return nil, Errorf(s.Name, "list %d is null; want a list of lists of whole numbers, like [[0,1],[1,2]]", i)
			}
			if len(s.Fields) > 0 && len(fs) != len(s.Fields) {
				return nil, Errorf(s.Name, "record %d has %d numbers: want [%s]", i, len(fs), strings.Join(s.Fields, ", "))
			}
			xss[i] = make([]int64, len(fs))
			for j, f := range fs {
				if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
					return nil, bad()
				}
				if err := checkBounds(s, f, fmt.Sprintf("list %d element %d ", i, j)); err != nil {
					return nil, err
				}
				xss[i][j] = int64(f)
			}
		}
		return xss, nil
	case Range:
		var w struct {
			Min *float64 `json:"min"`
			Max *float64 `json:"max"`
		}
		dec := json.NewDecoder(bytes.NewReader(r))
		dec.DisallowUnknownFields()
		if strictjson.CheckField(r, s.Name, &w) != nil || dec.Decode(&w) != nil || w.Min == nil || w.Max == nil ||
			*w.Min != math.Trunc(*w.Min) || *w.Max != math.Trunc(*w.Max) {
			return nil, bad()
		}
		if *w.Min > *w.Max {
			return nil, Errorf(s.Name, "min %v is above max %v", *w.Min, *w.Max)
		}
		if err := checkBounds(s, *w.Min, "min "); err != nil {
			return nil, err
		}
		if err := checkBounds(s, *w.Max, "max "); err != nil {
			return nil, err
		}
		return IntRange{Min: int64(*w.Min), Max: int64(*w.Max)}, nil
	}
	return nil, Errorf(s.Name, "has an unknown type %q", s.Type)
}

// decodeRecords reads a list of records given as objects with the spec's
// fields, e.g. [{"node": 0, "at": 12}], as lists in field order.
func decodeRecords(s Spec, r json.RawMessage) ([][]float64, error) {
	want := "a list of lists of whole numbers, like [[0,1],[1,2]]"
	if len(s.Fields) > 0 {
		want = fmt.Sprintf("a list of objects {%s} (or of lists [%s])", strings.Join(quoted(s.Fields), ", "), strings.Join(s.Fields, ", "))
	}
	var objs []map[string]json.RawMessage
	if len(s.Fields) == 0 || json.Unmarshal(r, &objs) != nil {
		return nil, Errorf(s.Name, "want %s, got %s", want, clip(string(r)))
	}
	out := make([][]float64, len(objs))
	for i, o := range objs {
		if len(o) != len(s.Fields) {
			return nil, Errorf(s.Name, "record %d has %d fields: want exactly %s", i, len(o), strings.Join(s.Fields, ", "))
		}
		out[i] = make([]float64, len(s.Fields))
		for j, f := range s.Fields {
			raw, ok := o[f]
			if !ok || string(raw) == "null" || json.Unmarshal(raw, &out[i][j]) != nil {
				return nil, Errorf(s.Name, "record %d: want a number in field %q", i, f)
			}
		}
	}
	return out, nil
}

// notNull takes lists of numbers that may hold nulls to plain ones, or
// refuses a null number (a null list stays nil, refused by the caller).
func notNull(s Spec, pss [][]*float64) ([][]float64, error) {
	fss := make([][]float64, len(pss))
	for i, ps := range pss {
		if ps == nil {
			continue
		}
		fss[i] = make([]float64, len(ps))
		for j, p := range ps {
			if p == nil {
				return nil, Errorf(s.Name, "list %d element %d is null; want a whole number", i, j)
			}
			fss[i][j] = *p
		}
	}
	return fss, nil
}

func quoted(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Quote(x) + ": …"
	}
	return out
}

func checkBounds(s Spec, f float64, what string) error {
	if s.Min != nil && f < *s.Min {
		return Errorf(s.Name, "%s%v is below the minimum %v", what, f, *s.Min)
	}
	if s.Max != nil && f > *s.Max {
		return Errorf(s.Name, "%s%v is above the maximum %v", what, f, *s.Max)
	}
	return nil
}

func findSpec(specs []Spec, name string) *Spec {
	for i := range specs {
		if specs[i].Name == name {
			return &specs[i]
		}
	}
	return nil
}

func names(specs []Spec) string {
	ns := make([]string, len(specs))
	for i, s := range specs {
		ns[i] = s.Name
	}
	return strings.Join(ns, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
