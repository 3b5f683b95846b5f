package experiment

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"distviz/algos"
)

// A row's JSON is what reflection would write, for every algorithm's
// scenarios (outcomes of every shape, violations, crashes, lost messages).
func TestRowJSONAsReflection(t *testing.T) {
	var rows, violated, theory int
	for _, a := range algos.All() {
		var cases []map[string]any
		for _, sc := range a.Scenarios {
			cases = append(cases, sc.Params)
		}
		body, err := json.Marshal(map[string]any{"algorithm": a.ID, "cases": cases, "seeds": map[string]any{"from": 3, "count": 2}})
		if err != nil {
			t.Fatal(err)
		}
		req, err := DecodeBytes(body)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPlan(req, Limits{MaxEvents: 20_000, DefaultMaxEvents: 20_000})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(context.Background(), p, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res.Rows {
			want, err := json.Marshal(plainRow(r))
			if err != nil {
				t.Fatal(err)
			}
			rows++
			violated += min(1, len(r.Violations))
			theory += min(1, len(r.Theory))
			if !bytes.Equal(r.encoded, want) {
				t.Fatalf("%s seed %d:\n got %s\nwant %s", a.ID, r.Seed, r.encoded, want)
			}
		}
	}
	if violated == 0 || theory == 0 {
		t.Errorf("%d rows, %d with violations, %d with theory: the comparison missed them", rows, violated, theory)
	}
}
