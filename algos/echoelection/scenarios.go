package echoelection

import "distviz/algo"

// house is a small graph with cycles and a leaf (P5).
var house = [][]int{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 4}, {3, 4}, {4, 5}}

// meeting is two waves meeting: P0's small wave reaches P1 first, P4's
// larger one conquers P1 and the initiator P0; the triangle P3–P4–P5 makes
// two explorers of one wave cross.
var meeting = [][]int{{0, 1}, {1, 2}, {1, 3}, {3, 4}, {3, 5}, {4, 5}}

var scenarios = []algo.Scenario{
	{ID: "one-initiator", Params: map[string]any{"n": 6, "edges": house, "initiators": []int{0}, "ids": []int{3, 5, 1, 4, 0, 2}}, Seed: 1},
	{ID: "two-waves", Params: map[string]any{"n": 6, "edges": meeting, "initiators": []int{0, 4}, "ids": []int{2, 3, 1, 0, 5, 4}}, Seed: 1},
	{ID: "many-initiators", Params: map[string]any{"n": 20, "shape": "random", "m": 30, "initiatorCount": 4, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 3},
	{ID: "grid", Params: map[string]any{"n": 16, "shape": "grid", "initiators": []int{0, 15}, "idOrder": "increasing"}, Seed: 1},
	{ID: "hypercube", Params: map[string]any{"n": 16, "shape": "hypercube", "initiators": []int{0}, "inform": false}, Seed: 1},
}

var experiments = []algo.Preset{
	{ID: "one-initiator",
		Params: map[string]any{"initiatorCount": 1, "shape": "random", "inform": false},
		Vary:   map[string][]any{"n": {4, 8, 16, 32, 64, 128}},
		Seeds:  algo.Seeds{From: 1, Count: 20},
		Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.sent", Log: true}},
	{ID: "initiators",
		Params: map[string]any{"n": 32, "shape": "random", "inform": false},
		Vary:   map[string][]any{"initiatorCount": {1, 2, 4, 8, 16, 32}},
		Seeds:  algo.Seeds{From: 1, Count: 20},
		Plot:   algo.Plot{Kind: algo.PlotLine, X: "initiatorCount", Y: "messages.sent"}},
}
