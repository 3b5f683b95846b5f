package frame

import (
	"bytes"
	"sort"

	"distviz/engine"
	"distviz/internal/jsonw"
	"distviz/timeline"
)

// The parts a delta frame is written from: the per-process records' changed
// fields, the counters by type, and small helpers.

// field is one top-level field of an outcome object: its name and value,
// both as the object's JSON writes them (the name quoted: encoding/json
// writes a name one way only, so equal names are equal bytes).
type field struct {
	name []byte
	raw  []byte
}

// appendByType writes the counts by type as a whole frame does.
func (e *Encoder) appendByType(b []byte, m *engine.Metrics) []byte {
	b = append(b, '{')
	for i, t := range m.Types {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.AppendString(b, t)
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

// fieldsOf splits an outcome object's JSON, as encoding/json writes it
// (compact), into its fields, in order (their bytes point into raw); nil
// when raw is not an object. The outcome changes at many steps of a run
// (every process that learns the leader): it is read without a decoder.
func fieldsOf(raw []byte, out []field) []field {
	if len(raw) < 2 || raw[0] != '{' {
		return nil
	}
	if out == nil {
		out = []field{}
	}
	for i := 1; raw[i] != '}'; {
		if raw[i] == ',' {
			i++
		}
		colon := skipValue(raw, i)
		if colon < 0 || raw[i] != '"' || colon >= len(raw) || raw[colon] != ':' {
			return nil
		}
		end := skipValue(raw, colon+1)
		if end < 0 || end >= len(raw) {
			return nil
		}
		out = append(out, field{name: raw[i:colon], raw: raw[colon+1 : end]})
		i = end
	}
	return out
}

// skipValue is the index just past the JSON value that starts at raw[i]
// (compact JSON), or -1 when raw ends first.
func skipValue(raw []byte, i int) int {
	depth := 0
	for ; i < len(raw); i++ {
		switch raw[i] {
		case '"':
			for i++; i < len(raw) && raw[i] != '"'; i++ {
				if raw[i] == '\\' {
					i++
				}
			}
			if i >= len(raw) {
				return -1
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 { // the end of the object around: a number or literal ended
				return i
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',':
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// appendFieldDiff writes the outcome fields set (new or changed) and the
// ones removed.
func appendFieldDiff(b []byte, old, cur []field) []byte {
	find := func(fs []field, name []byte) []byte {
		for _, f := range fs {
			if bytes.Equal(f.name, name) {
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
		b = append(b, f.name...)
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
		b = append(b, f.name...)
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
