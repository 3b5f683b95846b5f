package jsonw

import (
	"encoding/json"
	"testing"
)

// Every string comes out as encoding/json writes it.
func TestAppendStringIsEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "P3", "P3 sends ELECTION(7) to P4", `a "quote" and \ back`, "<b>&</b>", "tab\there\n",
		"Prozess P3 wählt", "el líder es P4", "\u2028 line", "bad \xff utf-8", "\x00\x1f"} {
		want, _ := json.Marshal(s)
		if got := AppendString([]byte("x"), s); string(got) != "x"+string(want) {
			t.Errorf("%q: %s, encoding/json %s", s, got, want)
		}
	}
}
