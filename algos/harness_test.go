package algos_test

import (
	"testing"

	"distviz/algos"
	"distviz/algos/algotest"
	"distviz/timeline"
	"distviz/trace"
)

// The harness for the algorithms still in this package: algotest's, by id.

func get(t testing.TB, id string) *algos.Algorithm {
	t.Helper()
	a, err := algos.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func newRun(t testing.TB, id string, params map[string]any, seed int64) *timeline.Timeline {
	t.Helper()
	return algotest.NewRun(t, get(t, id), params, seed)
}

func scenarioParams(t *testing.T, alg, id string) map[string]any {
	t.Helper()
	return algotest.ScenarioParams(t, get(t, alg), id)
}

func runToEnd(t testing.TB, id string, params map[string]any, seed int64) (*timeline.Timeline, trace.Summary) {
	t.Helper()
	return algotest.RunToEnd(t, get(t, id), params, seed)
}

func checkCounters(t testing.TB, tl *timeline.Timeline, s trace.Summary) {
	t.Helper()
	algotest.CheckCounters(t, tl, s)
}

func narration(tl *timeline.Timeline, from, to int64) []string {
	return algotest.Narration(tl, from, to)
}

func TestTranscripts(t *testing.T) { algotest.TranscriptsOf(t, "testdata/*.txt", algos.Get) }
