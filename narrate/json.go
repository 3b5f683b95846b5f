package narrate

import (
	"strconv"

	"distviz/internal/jsonw"
)

// AppendJSON appends the lines' JSON form, byte for byte as encoding/json
// writes it (null for none): a session's events message carries thousands
// of lines, and reflection was the most of what it cost.
func AppendJSON(b []byte, lines []Line) []byte {
	if lines == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range lines {
		l := &lines[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(append(b, `{"seq":`...), l.First, 10)
		b = strconv.AppendInt(append(b, `,"last":`...), l.Last, 10)
		b = strconv.AppendInt(append(b, `,"time":`...), l.Time, 10)
		b = jsonw.AppendString(append(b, `,"kind":`...), l.Kind)
		b = jsonw.AppendString(append(b, `,"text":`...), l.Text)
		b = append(b, '}')
	}
	return append(b, ']')
}
