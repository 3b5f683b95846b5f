package export

import (
	"bytes"
	"encoding/json"
	"testing"

	"distviz/algos"
	"distviz/launch"
	"distviz/timeline"
)

// scenario runs an algorithm's scenario (""; its defaults) to its end
// (or 4,000 events).
func scenario(t testing.TB, alg, id string) *timeline.Timeline {
	t.Helper()
	return open(t, alg, launch.Request{Scenario: id})
}

// openWith runs an algorithm with parameters given as JSON.
func openWith(t testing.TB, alg, params string) *timeline.Timeline {
	t.Helper()
	var p map[string]json.RawMessage
	if err := json.Unmarshal([]byte(params), &p); err != nil {
		t.Fatal(err)
	}
	return open(t, alg, launch.Request{Params: p})
}

func open(t testing.TB, alg string, req launch.Request) *timeline.Timeline {
	t.Helper()
	a, err := algos.Get(alg)
	if err != nil {
		t.Fatal(err)
	}
	tl, _, err := launch.Open(a, req, 4000)
	if err != nil {
		t.Fatalf("%s/%s: %v", alg, req.Scenario, err)
	}
	if err := tl.Run(0); err != nil && err != timeline.ErrTooLong {
		t.Fatalf("%s/%s: %v", alg, req.Scenario, err)
	}
	return tl
}

// written is a format's output for a run.
func written(t testing.TB, write func(*bytes.Buffer, Source) error, src Source) string {
	t.Helper()
	var b bytes.Buffer
	if err := write(&b, src); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
