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
