package dfstraversal

import "distviz/algo"

// house is a small graph with cycles and a leaf (P5).
var house = [][]int{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 4}, {3, 4}, {4, 5}}

var scenarios = []algo.Scenario{
	{ID: "path", Params: map[string]any{"n": 6, "edges": house, "initiators": []int{0}, "ids": []int{3, 5, 1, 4, 0, 2}}, Seed: 1},
	{ID: "edge-colouring", Params: map[string]any{"n": 6, "edges": house, "initiators": []int{0}, "ids": []int{3, 5, 1, 4, 0, 2}, "variant": "edge-colouring"}, Seed: 1},
	{ID: "two-tokens", Params: map[string]any{"n": 6, "edges": house, "initiators": []int{0, 5}, "ids": []int{3, 5, 1, 4, 0, 2}, "variant": "edge-colouring"}, Seed: 1},
	{ID: "random", Params: map[string]any{"n": 15, "shape": "random", "m": 22, "initiatorCount": 3, "delay": map[string]any{"min": 1, "max": 4}}, Seed: 2},
}

var experiments = []algo.Preset{
	{ID: "edge-colouring",
		Params: map[string]any{"initiatorCount": 1, "shape": "random", "variant": "edge-colouring"},
		Vary:   map[string][]any{"n": {4, 8, 16, 32, 64, 128}},
		Seeds:  algo.Seeds{From: 1, Count: 20},
		Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.sent", Log: true}},
	{ID: "path",
		Params: map[string]any{"initiatorCount": 1, "shape": "random", "variant": "path"},
		Vary:   map[string][]any{"n": {4, 8, 16, 32, 64, 128}},
		Seeds:  algo.Seeds{From: 1, Count: 20},
		Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "messages.sent", Log: true}},
}
