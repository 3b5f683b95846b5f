package ringlist

import (
	"strconv"
	"strings"
)

// list is the message body: an immutable list of IDs, newest first, as
// [my_id | list] is written. Prepending makes one new cell in front of a
// shared tail, so a list that goes round n processes costs n cells, not n²
// copied IDs; a forwarded COORDINATOR reuses the received list unchanged.
// Each cell caches the length and maximum of the list it starts.
type list struct {
	id   int
	rest *list
	len  int
	max  int
}

// prepend is [id | l]; l may be nil (the empty list).
func prepend(id int, l *list) *list {
	if l == nil {
		return &list{id: id, len: 1, max: id}
	}
	return &list{id: id, rest: l, len: l.len + 1, max: max(id, l.max)}
}

// contains is the membership test; O(len), as the lecture's rule reads.
func (l *list) contains(id int) bool {
	for c := l; c != nil; c = c.rest {
		if c.id == id {
			return true
		}
	}
	return false
}

// labelMax is how many IDs a token shows before "…".
const labelMax = 8

// Label is the list as drawn on the token, newest first: "6,5,4".
func (l *list) Label() string {
	var b strings.Builder
	i := 0
	for c := l; c != nil; c = c.rest {
		if i > 0 {
			b.WriteByte(',')
		}
		if i == labelMax {
			b.WriteString("…")
			break
		}
		b.WriteString(strconv.Itoa(c.id))
		i++
	}
	return b.String()
}

// MarshalJSON writes the list as an array, newest first.
func (l *list) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 2+l.len*4)
	b = append(b, '[')
	for c := l; c != nil; c = c.rest {
		if c != l {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(c.id), 10)
	}
	return append(b, ']'), nil
}
