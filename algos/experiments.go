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
	"chang-roberts": {
		{ID: "cases", Name: "Worst, best and average case against n",
			Doc: "ELECTION messages for IDs decreasing, increasing and shuffled along the ring, n from 4 to 128, 20 seeds each: " +
				"the worst case follows n(n+1)/2, the best case 2n−1 and the average n·H_n.",
			Params: map[string]any{"variant": "lcr"},
			Vary:   map[string][]any{"n": ringSizes, "idOrder": {"decreasing", "increasing", "random"}},
			Seeds:  Seeds{From: 1, Count: 20},
			Plot:   Plot{Kind: PlotLine, X: "n", Y: "messages.byType.ELECTION", Log: true, Series: "idOrder"}},
		{ID: "average", Name: "Average case: random IDs against n",
			Doc: "ELECTION messages for IDs shuffled by the seed, n from 4 to 128, 200 seeds each: the mean follows n·H_n, " +
				"which grows like n·ln n, far below the worst case.",
			Params: map[string]any{"variant": "lcr", "idOrder": "random"},
			Vary:   map[string][]any{"n": ringSizes},
			Seeds:  Seeds{From: 1, Count: 200},
			Plot:   Plot{Kind: PlotLine, X: "n", Y: "messages.byType.ELECTION", Log: true}},
		{ID: "spread", Name: "Spread of the average case, n = 16",
			Doc: "ELECTION messages of 1000 random ID orders on a ring of 16: they scatter around the mean 16·H_16 ≈ 54 " +
				"between the best case 31 and the worst case 136.",
			Params: map[string]any{"n": 16, "variant": "lcr", "idOrder": "random"},
			Vary:   map[string][]any{},
			Seeds:  Seeds{From: 1, Count: 1000},
			Plot:   Plot{Kind: PlotHistogram, Y: "messages.byType.ELECTION"}},
		{ID: "participant", Name: "Ring with participants: one starter, against n",
			Doc: "Variant participant, one starter at position 0, IDs shuffled by the seed, n from 4 to 128, 50 seeds each: all " +
				"messages lie between 2n (the starter holds the maximum) and 3n−1 (the maximum sits just behind the starter).",
			Params: map[string]any{"variant": "participant", "initiators": []int{0}, "idOrder": "random"},
			Vary:   map[string][]any{"n": ringSizes},
			Seeds:  Seeds{From: 1, Count: 50},
			Plot:   Plot{Kind: PlotLine, X: "n", Y: "messages.sent", Log: true}},
	},
	"ring-list": {
		{ID: "messages", Name: "Messages against n, one initiator",
			Doc: "One initiator, no crash, n from 4 to 128: the list goes round once and the COORDINATOR message once more, " +
				"2k messages for k live processes, whatever the IDs.",
			Params: map[string]any{"initiators": []int{0}},
			Vary:   map[string][]any{"n": ringSizes},
			Seeds:  Seeds{From: 1, Count: 5},
			Plot:   Plot{Kind: PlotLine, X: "n", Y: "messages.sent", Log: true}},
	},
	"bully": {
		{ID: "lowest", Name: "Worst case: the lowest notices, against n",
			Doc: "The highest process has crashed and process 0 notices: every process answers every lower one and holds " +
				"its own election, n²−n−1 messages.",
			Params: map[string]any{"detectors": []int{0}},
			Vary:   map[string][]any{"n": {3, 4, 8, 16, 32, 64}},
			Seeds:  Seeds{From: 1, Count: 1},
			Plot:   Plot{Kind: PlotLine, X: "n", Y: "messages.sent", Log: true}},
		{ID: "second-highest", Name: "Best case: the second-highest notices, against n",
			Doc: "The highest process has crashed and the second-highest notices: it knows every higher process is dead " +
				"and announces itself with n−2 COORDINATOR messages.",
			Params: map[string]any{},
			Vary:   map[string][]any{},
			Cases: []map[string]any{
				{"n": 3, "detectors": []int{1}}, {"n": 4, "detectors": []int{2}}, {"n": 8, "detectors": []int{6}},
				{"n": 16, "detectors": []int{14}}, {"n": 32, "detectors": []int{30}}, {"n": 64, "detectors": []int{62}},
			},
			Seeds: Seeds{From: 1, Count: 1},
			Plot:  Plot{Kind: PlotLine, X: "n", Y: "messages.sent", Log: true}},
	},
	"firewire": {
		{ID: "rounds", Name: "Contention rounds of two devices, 100 ns wire delay",
			Doc: "Two devices on one cable, 2000 bus resets: the first round resolves exactly when the coins differ " +
				"(probability ½), so the rounds follow a geometric distribution with mean 2.",
			Params: map[string]any{"n": 2, "edges": [][]int{{0, 1}}, "wireDelay": 100},
			Vary:   map[string][]any{},
			Seeds:  Seeds{From: 1, Count: 2000},
			Plot:   Plot{Kind: PlotHistogram, Y: "outcome.contentionRounds"}},
		{ID: "wire-delay", Name: "Contention rounds against the wire delay",
			Doc: "Two devices on one cable, 300 bus resets for each wire delay from 10 to 200 ns: on a short wire a later " +
				"round can resolve with equal coins (mean about 1.47 at 10 ns, 1.95 at 30 ns); from 50 ns on the mean is 2.",
			Params: map[string]any{"n": 2, "edges": [][]int{{0, 1}}},
			Vary:   map[string][]any{"wireDelay": {10, 30, 50, 100, 200}},
			Seeds:  Seeds{From: 1, Count: 300},
			Plot:   Plot{Kind: PlotLine, X: "wireDelay", Y: "outcome.contentionRounds"}},
		{ID: "messages", Name: "Messages against n on random trees",
			Doc: "Random trees of 3-port devices, n from 2 to 63, 50 seeds each: 2(n−1) messages plus two for every contention " +
				"round (one BE_MY_PARENT from each side).",
			Params: map[string]any{"spares": 0},
			Vary:   map[string][]any{"n": {2, 4, 8, 16, 32, 63}},
			Seeds:  Seeds{From: 1, Count: 50},
			Plot:   Plot{Kind: PlotLine, X: "n", Y: "messages.sent", Log: true}},
	},
	"tree-echo": {
		{ID: "messages", Name: "Messages against n, one starter",
			Doc: "Random trees, one starter, n from 2 to 256, 20 seeds each: n−1 EXPLOSION, n ECHO and n−2 INFO messages, " +
				"3n−3 in all, whatever the tree's shape.",
			Params: map[string]any{"starters": []int{0}},
			Vary:   map[string][]any{"n": {2, 4, 8, 16, 32, 64, 128, 256}},
			Seeds:  Seeds{From: 1, Count: 20},
			Plot:   Plot{Kind: PlotLine, X: "n", Y: "messages.sent", Log: true}},
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
