package narrate_test

import (
	"encoding/json"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/narrate"
	"distviz/timeline"
)

// The lines' JSON is encoding/json's, byte for byte, for every algorithm's
// scenarios in every language.
func TestAppendJSONIsEncodingJSON(t *testing.T) {
	if got := string(narrate.AppendJSON(nil, nil)); got != "null" {
		t.Errorf("no lines: %s", got)
	}
	for _, a := range algos.All() {
		for _, sc := range a.Scenarios {
			v, err := a.ResolveAny(sc.Params, sc.Seed)
			if err != nil {
				t.Fatal(err)
			}
			tl, err := timeline.New(a, v, sc.Seed, 2000)
			if err != nil {
				t.Fatal(err)
			}
			tl.Run(0)
			var evs []engine.Event
			for seq := int64(1); seq <= tl.Len(); seq++ {
				evs = append(evs, tl.Event(seq))
			}
			for _, lang := range narrate.Langs() {
				lines := narrate.For(a, tl.Nodes).In(lang).Lines(evs)
				want, err := json.Marshal(lines)
				if err != nil {
					t.Fatal(err)
				}
				if got := narrate.AppendJSON(nil, lines); string(got) != string(want) {
					t.Fatalf("%s/%s in %s:\n%s\nencoding/json:\n%s", a.ID, sc.ID, lang, got, want)
				}
			}
		}
	}
}
