package mutex

import (
	"slices"

	"distviz/algo"
)

// What every mutual-exclusion algorithm declares alike: the action, the
// invariants, the vocabulary the page draws from and the experiment preset.
// Their words are in the family's texts.

// Actions are the family's actions: request (action.request).
var Actions = []algo.ActionSpec{{ID: ActRequest}}

// Invariants lists the family's invariants (ME1, deadlock, ME3) and the
// algorithm's own after them, e.g. algo.Doc{Name: "ME2"} for the ME2 it
// promises (its words in the algorithm's texts, invariant.ME2).
func Invariants(own ...algo.Doc) []algo.Doc {
	return append([]algo.Doc{{Name: "ME1"}, {Name: "deadlock"}, {Name: "ME3"}}, own...)
}

// Types are an algorithm's message types followed by the workload's TELL
// (tellFrom/tellTo), which any of the family's runs may send.
func Types(own ...string) []string { return append(slices.Clip(own), MsgTell) }

// Looks are an algorithm's message looks followed by the TELL's, so that
// the application message of an ME3 scenario is coloured and in the legend
// like the algorithm's own.
func Looks(own ...algo.MessageLook) []algo.MessageLook {
	return append(slices.Clip(own), algo.MessageLook{Type: MsgTell, Color: len(own), Glyph: "star"})
}

// Roles are the life cycle's roles and a crashed process's; an algorithm
// adds its own (the token ring's token).
func Roles(own ...algo.Role) []algo.Role {
	return append([]algo.Role{
		{Name: Released, Tone: "idle"},
		{Name: Wanted, Tone: "waiting", Icon: "hourglass"},
		{Name: Held, Tone: "critical", Icon: "star"},
		{Name: "crashed", Tone: "crashed", Icon: "cross", Rare: true},
	}, own...)
}

// Vars declares the variables of Core.Vars and the algorithm's own after them.
func Vars(own ...algo.Var) []algo.Var {
	return append([]algo.Var{
		{Name: "state", Kind: "text"},
		{Name: "pending", Kind: "number"},
		{Name: "entries", Kind: "number"},
	}, own...)
}

// requestRef declares a RequestRef's fields: written "P2 (t = 0)", who and
// when the request was made (the event numbers are bookkeeping).
var requestRef = []algo.Var{
	{Name: "node", Kind: "position"}, {Name: "requested", Kind: "number", Hidden: true},
	{Name: "requestedTime", Kind: "duration"}, {Name: "enter", Kind: "number", Hidden: true},
}

const requestFormat = "{node} (t = {requestedTime})"

// OutcomeVars declare the Outcome's fields. The entries read as the lecture
// reads them: who, when requested, entered and left (virtual time), the
// messages and the two delays; a row seeks to its entry's event; the
// messages and delays of each entry are measures the experiments plot; a
// stay (enter to exit) is a bar on its process's line in the space-time
// diagram.
var OutcomeVars = []algo.Var{
	{Name: "entries", Kind: "records", Fields: []algo.Var{
		{Name: "node", Kind: "position"}, {Name: "requestedAt", Kind: "duration", Hidden: true},
		{Name: "requested", Kind: "number", Hidden: true}, {Name: "enter", Kind: "number", Hidden: true, Use: "seekEvent"},
		{Name: "exit", Kind: "number", Hidden: true, Use: "spanEnd"},
		{Name: "requestedTime", Kind: "duration"}, {Name: "enterTime", Kind: "duration", Use: "seekTime"}, {Name: "exitTime", Kind: "duration"},
		{Name: "messages", Kind: "number", Use: "measure"}, {Name: "clientDelay", Kind: "duration", Use: "measure"},
		{Name: "syncDelay", Kind: "duration", Use: "measure"},
		{Name: "overtakes", Kind: "number", Hidden: true},
	}},
	{Name: "pending", Kind: "number"},
	{Name: "messages", Kind: "number"},
	{Name: "messagesPerEntry", Kind: "number", Mean: "entries.messages"},
	{Name: "meanClientDelay", Kind: "duration"},
	{Name: "maxClientDelay", Kind: "duration"},
	{Name: "meanSyncDelay", Kind: "duration"},
	{Name: "maxSyncDelay", Kind: "duration"},
	{Name: "maxOvertakes", Kind: "number"},
	{Name: "me3", Kind: "records", Fields: []algo.Var{
		{Name: "earlier", Kind: "record", Fields: requestRef, Format: requestFormat},
		{Name: "later", Kind: "record", Fields: requestRef, Format: requestFormat},
		{Name: "text", Kind: "text", Hidden: true}, // the narration says it
	}},
	{Name: "me3Count", Kind: "number"},
}

// Sizes are the n of the family's preset: doubling, so that a logarithmic
// axis spaces them evenly.
var Sizes = []any{2, 4, 8, 16, 32, 64}

// PerEntry is the family's experiment preset "per-entry": every process
// requests once at a random time with random delays, and the messages per
// entry are measured against n. Its name is the family's
// (preset.per-entry), its description the algorithm's own
// (preset.per-entry.doc), which names the theory's formula.
func PerEntry() algo.Preset {
	return algo.Preset{ID: "per-entry",
		Params: map[string]any{"count": 1, "spread": 20, "delay": map[string]any{"min": 1, "max": 5}},
		Vary:   map[string][]any{"n": Sizes},
		Seeds:  algo.Seeds{From: 1, Count: 10},
		Plot:   algo.Plot{Kind: algo.PlotLine, X: "n", Y: "outcome.messagesPerEntry"}}
}
