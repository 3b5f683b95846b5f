package frame

import (
	"bytes"
	"encoding/json"
	"sort"

	"distviz/engine"
	"distviz/timeline"
)

// The parts a delta frame is written from: the per-process records' changed
// fields, the counters by type, and small helpers.

// field is one top-level field of an outcome object: its name and JSON.
type field struct {
	name string
	raw  []byte
}

// appendByType writes the counts by type as a whole frame does.
func (e *Encoder) appendByType(b []byte, m *engine.Metrics) []byte {
	b = append(b, '{')
	for i, t := range m.Types {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, t)
		b = append(b, ':')
		b = strconv64(b, m.ByType[i].Sent)
	}
	return append(b, '}')
}

// violationsUpTo counts the violations at or before event seq.
func violationsUpTo(tl *timeline.Timeline, seq int64) int {
	vs := tl.Violations()
	return sort.Search(len(vs), func(i int) bool { return vs[i] > seq })
}

// fieldsOf splits an outcome object's JSON into its fields, in order (their
// raw bytes point into raw); nil when raw is not an object.
func fieldsOf(raw []byte, out []field) []field {
	if len(raw) == 0 || raw[0] != '{' {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return nil
	}
	if out == nil {
		out = []field{}
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		name, _ := tok.(string)
		start := dec.InputOffset()
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil
		}
		// the value's bytes in raw (after the colon and any space)
		end := dec.InputOffset()
		val := bytes.TrimLeft(raw[start:end], " \t\r\n:")
		out = append(out, field{name: name, raw: val})
	}
	return out
}

// appendFieldDiff writes the outcome fields set (new or changed) and the
// ones removed.
func appendFieldDiff(b []byte, old, cur []field) []byte {
	find := func(fs []field, name string) []byte {
		for _, f := range fs {
			if f.name == name {
				return f.raw
			}
		}
		return nil
	}
	first := true
	for _, f := range cur {
		if o := find(old, f.name); o != nil && bytes.Equal(o, f.raw) {
			continue
		}
		if first {
			b = append(b, `,"outcomeFields":{`...)
			first = false
		} else {
			b = append(b, ',')
		}
		b = appendString(b, f.name)
		b = append(b, ':')
		b = append(b, f.raw...)
	}
	if !first {
		b = append(b, '}')
	}
	first = true
	for _, f := range old {
		if find(cur, f.name) != nil {
			continue
		}
		if first {
			b = append(b, `,"outcomeRemoved":[`...)
			first = false
		} else {
			b = append(b, ',')
		}
		b = appendString(b, f.name)
	}
	if !first {
		b = append(b, ']')
	}
	return b
}

func resize(s []int64, n int) []int64 {
	if cap(s) < n {
		return make([]int64, n)
	}
	return s[:n]
}

func strconv64(b []byte, x int64) []byte { return appendInt(b, "", x) }
