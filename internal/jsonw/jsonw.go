// Package jsonw writes the JSON of the values that the server sends in
// bulk (frames, narration) by hand, byte for byte as encoding/json would:
// its reflection was most of what they cost.
package jsonw

import (
	"encoding/json"
	"unicode/utf8"
)

// AppendString writes s as encoding/json does: plain ASCII directly, the
// rest (escapes, HTML-unsafe and non-ASCII characters) through it.
func AppendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			enc, _ := json.Marshal(s) // a string always marshals
			return append(b, enc...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
