package algos

// Experiment presets of the algorithms not yet in a folder, by id.

// presetsOf lists an algorithm's presets (none for an id without any).
func presetsOf(id string) []Preset {
	if ps, ok := presets[id]; ok {
		return ps
	}
	return []Preset{}
}

// ringSizes and smallSizes are the n of the presets' curves: doubling, so a
// logarithmic axis spaces them evenly.
var (
	ringSizes  = []any{4, 8, 16, 32, 64, 128}
	smallSizes = []any{2, 4, 8, 16, 32, 64}
)

// presets by algorithm id.
var presets = map[string][]Preset{
	"maekawa": {
		{ID: "contention", Name: "Uncontended against everybody at once, projective planes",
			Doc: "Every process of a projective plane (n = 7 to 91, |S| = 3 to 10) requests once, all at time 0 or spread over " +
				"a million time units so that requests practically never meet, delays from 1 to 10, 10 seeds each: spread " +
				"requests cost 3(|S|−1) messages per entry; at once, INQUIRE, RELINQUISH and FAILED push the cost towards " +
				"4(|S|−1) and 5(|S|−1).",
			Params: map[string]any{"quorums": "projective", "count": 1, "delay": map[string]any{"min": 1, "max": 10}},
			Vary:   map[string][]any{"n": {7, 13, 21, 31, 57, 73, 91}, "spread": {0, 1000000}},
			Seeds:  Seeds{From: 1, Count: 10},
			Plot:   Plot{Kind: PlotLine, X: "n", Y: "outcome.messagesPerEntry", Series: "spread"}},
		{ID: "grid", Name: "Grid quorums against n, everybody at once",
			Doc: "Row-and-column quorums of a √n×√n grid (|S| = 2√n−1), every process requests at time 0, delays from 1 to 10, " +
				"10 seeds each: the messages per entry grow like √n, not like n as in Ricart–Agrawala.",
			Params: map[string]any{"quorums": "grid", "count": 1, "spread": 0, "delay": map[string]any{"min": 1, "max": 10}},
			Vary:   map[string][]any{"n": {4, 9, 16, 25, 36, 49, 64, 81}},
			Seeds:  Seeds{From: 1, Count: 10},
			Plot:   Plot{Kind: PlotLine, X: "n", Y: "outcome.messagesPerEntry"}},
	},
	"ricart-agrawala": {mutexPerEntry("2(n−1)")},
	"lamport-mutex":   {mutexPerEntry("3(n−1)")},
	"central-mutex":   {mutexPerEntry("3")},
	"token-ring-mutex": {
		{ID: "per-entry", Name: "Messages per entry against n, everyone wants",
			Doc: "Every process requests 10 times at time 0, n from 2 to 64: one TOKEN message per entry, plus the rounds " +
				"the token keeps going after the last request.",
			Params: map[string]any{"count": 10, "spread": 0},
			Vary:   map[string][]any{"n": smallSizes},
			Seeds:  Seeds{From: 1, Count: 1},
			Plot:   Plot{Kind: PlotLine, X: "n", Y: "outcome.messagesPerEntry"}},
		{ID: "load", Name: "Messages per entry against the load, n = 8",
			Doc: "Every process requests 1 to 32 times at random times: the more requests, the fewer of the token's " +
				"passes are wasted on processes that do not want it.",
			Params: map[string]any{"n": 8, "spread": 100},
			Vary:   map[string][]any{"count": {1, 2, 4, 8, 16, 32}},
			Seeds:  Seeds{From: 1, Count: 20},
			Plot:   Plot{Kind: PlotLine, X: "count", Y: "outcome.messagesPerEntry", Log: true}},
	},
}

// mutexPerEntry is the family's preset: every process requests once at a
// random time with random delays, and the messages per entry are measured
// against n.
func mutexPerEntry(formula string) Preset {
	return Preset{ID: "per-entry", Name: "Messages per entry against n",
		Doc: "Every process requests once at a time drawn from [0, 20], delays from 1 to 5, n from 2 to 64, 10 seeds each: " +
			"the messages per entry against the theory's " + formula + ".",
		Params: map[string]any{"count": 1, "spread": 20, "delay": map[string]any{"min": 1, "max": 5}},
		Vary:   map[string][]any{"n": smallSizes},
		Seeds:  Seeds{From: 1, Count: 10},
		Plot:   Plot{Kind: PlotLine, X: "n", Y: "outcome.messagesPerEntry"}}
}
