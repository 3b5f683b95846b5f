package algo

// Experiment presets: ready-made requests for POST /api/experiments (and the
// page's Experiment tab) that measure what the lectures state about message
// counts, so that a student sees the curve bend against the theory's.

// Preset is a ready-made experiment: the request's fields plus how to plot
// its rows.
type Preset struct {
	ID     string           `json:"id"`
	Name   string           `json:"name"`
	Doc    string           `json:"description"`
	Params map[string]any   `json:"params"`
	Vary   map[string][]any `json:"vary"`
	// Cases are parameter sets tried one after the other (each with every
	// combination of Vary), for values that depend on each other, such as
	// "the second-highest process" for every n.
	Cases []map[string]any `json:"cases,omitempty"`
	Seeds Seeds            `json:"seeds"`
	Plot  Plot             `json:"plot"`
	// Violates names the invariants the preset's runs may break because
	// breaking them is what it measures (a token-loss timeout too short
	// makes two tokens); no other may break.
	Violates []string `json:"violates,omitempty"`
}

// Seeds are the seeds from, from+1, …, from+count−1: each combination of
// parameters runs once with each.
type Seeds struct {
	From  int64 `json:"from"`
	Count int   `json:"count"`
}

// Plot says how to draw a preset's rows.
type Plot struct {
	Kind string `json:"kind"` // "line": mean, min and max of Y for each X; "histogram": Y's distribution
	X    string `json:"x,omitempty"`
	// Y is a row's number as a path: "messages.sent",
	// "messages.byType.<TYPE>" or "outcome.<field>".
	Y   string `json:"y"`
	Log bool   `json:"log"` // logarithmic Y axis (and X for a line)
	// Series is the parameter whose values are drawn as separate lines;
	// empty: one line.
	Series string `json:"series,omitempty"`
}

// The plot kinds.
const (
	PlotLine      = "line"
	PlotHistogram = "histogram"
)
