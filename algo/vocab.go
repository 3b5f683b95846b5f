package algo

// The vocabulary an algorithm declares so that the page draws it without
// knowing it: how each role looks, what kind of value each variable and
// outcome field holds, and how each message type is drawn. The browser holds
// no algorithm's names; it formats and draws from these declarations.

// Role declares how the views show a process in a role: a colour of the
// page's palette and a second cue besides the colour (an icon badge or a
// halo), so that no two roles of one algorithm look alike even without
// colour.
type Role struct {
	Name string `json:"name"`
	Tone string `json:"tone"`           // one of Tones
	Icon string `json:"icon,omitempty"` // one of Icons; empty: none
	Halo string `json:"halo,omitempty"` // "solid" or "dashed"; empty: none
	// Rare roles are held by one or two processes at a time (a leader, a
	// root): their badge is drawn larger.
	Rare bool `json:"rare,omitempty"`
}

// Tones are the palette's role colours (CSS classes tone-<name>, light and
// dark): what a role is like, not which algorithm has it.
var Tones = []string{
	"idle",      // nothing going on
	"leader",    // elected, coordinator, root of a tree
	"crashed",   // down
	"active",    // taking part (participant, active in a phase)
	"electing",  // holding an election
	"candidate", // may still win (electable)
	"initiator", // started something
	"relay",     // passes things on
	"waiting",   // waits for something (a reply, the critical section)
	"informed",  // knows the outcome
	"critical",  // inside the critical section
	"token",     // holds a token
	"child",     // has a parent in a tree
	"contending",
	"explorer", // has sent an explosion, waits for echoes
	"echoed",   // has echoed
	"detached", // an empty slot: drawn as an outline
}

// Icons are the badges a role can carry.
var Icons = []string{"crown", "cross", "check", "hourglass", "star", "chevron", "diamond", "clock", "up", "bolt", "echo"}

// Var declares a process variable or an outcome field: its Kind says how
// the page writes it.
type Var struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // one of Kinds
	// Hidden fields are drawn by the view better than a line of text (a
	// tree's edges, a quorum table); the panel leaves them out.
	Hidden bool `json:"hidden,omitempty"`
	// Fields declare a record's fields (kind record or records).
	Fields []Var `json:"fields,omitempty"`
}

// Kinds of values. Records and lists of records say, by their fields' own
// declared kinds (Fields), how each field is written.
var Kinds = []string{
	"position",  // a process position, written as its label (P4); −1 or null: none
	"positions", // a list of positions: P1, P4
	"partition", // a list of lists of positions: {P0, P1} {P2}
	"number",    // a whole or real number
	"duration",  // a virtual time or duration, in the run's time unit
	"stamp",     // a pair (sequence number, ID): (3,7)
	"flag",      // yes or no
	"text",      // written as it is
	"record",    // an object: each field by its declared kind
	"records",   // a list of objects: a table
	"cycle",     // a cycle of positions: P1 → P4 → P1
	"value",     // anything else, written as JSON
}

// MessageLook declares how a message type is drawn: a colour of the
// palette's message colours (0–7, CSS classes mt-0 … mt-7) and a glyph, so
// that types differ without colour too.
type MessageLook struct {
	Type  string `json:"type"`
	Color int    `json:"color"` // 0..7
	Glyph string `json:"glyph"` // one of Glyphs
	// Short is the label on a short edge (BE_MY_PARENT → BMP); empty: the type.
	Short string `json:"short,omitempty"`
}

// Glyphs are the marks a message type can have.
var Glyphs = []string{"circle", "square", "diamond", "cross", "up", "down", "star", "ring"}
