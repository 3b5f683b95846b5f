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
// the page writes it, its Use what it means to a view that draws it.
type Var struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // one of Kinds
	// Hidden fields are drawn by the view better than a line of text (a
	// tree's edges, a quorum table), or are bookkeeping (a record's event
	// numbers): the panel, its tables and a record's line leave them out.
	Hidden bool `json:"hidden,omitempty"`
	// Fields declare a record's fields (kind record or records).
	Fields []Var `json:"fields,omitempty"`
	// Format writes a record on one line in the lecture's notation: each
	// {field} is that field written by its kind ("{node} {ts}" → P11 (1,11));
	// empty: the visible fields one after the other.
	Format string `json:"format,omitempty"`
	// Use says what the value means to a view that draws it (one of Uses):
	// a tree's parent link, a quorum card's lock, a token holder. Empty:
	// no view reads it; the panel writes it by its kind.
	Use string `json:"use,omitempty"`
	// Values say, for a text whose values a view draws (a port's state),
	// what each value is to the view: value → one of the use's states
	// (PortStates).
	Values map[string]string `json:"values,omitempty"`
	// Message is the message type a stored flag stands for (use
	// "storedFlags"): the view draws the flag with that type's look.
	Message string `json:"message,omitempty"`
	// Mean names the records' field this outcome field is the mean of, as
	// "<outcome field>.<record field>" (messages per entry: the mean of
	// entries.messages): a theory bound of this field speaks about that
	// field's values too.
	Mean string `json:"mean,omitempty"`
}

// Uses are the views' concepts a variable or an outcome field can stand
// for: what a view draws, named for the view, never for an algorithm.
var Uses = map[string]string{
	// the tree view
	"uplink":     "position: the process's parent in the tree (−1: a root; null: not yet known)",
	"cables":     "records, one per cable of the device: a position (the other end) and a text (the state of this device's port, its Values mapped to PortStates)",
	"adjacent":   "positions: the other ends of the process's cables",
	"echoesFrom": "positions: the neighbours whose echo has reached the process",
	"knewFirst":  "flag: the process is one of the two that learnt the result first",
	"coinToss":   "text: a contender's coin; its value names the range parameter its wait is drawn from, and var.<name>.<value> labels it",
	"waitEnd":    "duration: when the contender's wait ends",
	"round":      "number: the contender's round of contention",
	"links":      "outcome, value: the cables now, position pairs",
	"plugged":    "outcome, value: per position, whether a device is plugged in there",
	"firstPair":  "outcome, positions: the two processes that learnt the result first",
	"treeRoots":  "outcome, positions: the roots of the trees, ascending",
	// the graph view
	"wave":          "number: the wave the process belongs to (its initiator's ID; null: none yet); the view colours the process and the messages carrying that number by it",
	"edgesDone":     "positions: the neighbours whose edge the process counts as done",
	"swallowedFrom": "positions: the neighbours whose messages the process has swallowed",
	"waveStarters":  "outcome, positions: the processes that start waves (each wave is its starter's ID)",
	// the quorum grid view
	"members":     "positions: the process's quorum",
	"memberTable": "outcome, value: every process's quorum, by position",
	"grants":      "positions: the quorum members that have locked for the process",
	"lockedFor":   "record: the request the process has locked for (a position and a stamp); null: free",
	"waitQueue":   "records: the requests waiting for the process's lock, oldest first, each with a stamp",
	"storedFlags": "positions: the senders of a stored message of type Message",
	"ownRequest":  "stamp: the process's own pending request",
	"waitCycle":   "outcome, record or cycle: a deadlock's cycle of waits",
	// the group view
	"deliveredSeqs": "value, numbers: the messages a receiver has delivered, in delivery order",
	"heldBack":      "value, numbers: messages a receiver holds back behind a gap, ascending",
	"missingSeqs":   "value, numbers: the messages a receiver knows it lacks (its gaps)",
	"controlSent":   "number: the control messages (ACK, NACK, repair requests) a process has sent",
	// the space-time diagram
	"barriers":  "outcome, records: the processes crossing barriers (group views installed): each record a position field, a seekTime field (when) and a barrierOf field; the diagram joins the records of one barrier by a line",
	"barrierOf": "record field, number: the barrier a record belongs to (a view's number)",
	// the ring and complete graph
	"tokenHeld": "flag: the process holds the token",
	// the clocks view
	"clockSeries": "value: the process's software clock's course, marks {t, c, before, rate, kind, band} (engine.ClockMark): from real time t on it reads c and runs at rate",
	// the outcome's tables and the experiments
	"seekEvent": "record field, number: the event a row of a table stands for (a click seeks there)",
	"seekTime":  "record field, duration: the virtual time of that event",
	"spanEnd":   "record field, number: the event at which the stay that began at the record's seekEvent ends (null: not yet); with a position field, the space-time diagram draws the stay as a bar on that process's line",
	"measure":   "record field, number or duration: a count per record that experiments plot",
}

// PortStates are the states of a cable's port that the tree view draws
// (the Values of a "cables" record's text field map to them).
var PortStates = []string{
	"plain",     // nothing known yet
	"to-child",  // the cable leads to a child
	"to-parent", // the cable leads to the parent
	"asked",     // this device has asked the other to be its parent
	"offered",   // the other device has asked this one
	"contention",
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

// LooksInOrder gives message types the usual looks: colours 0, 1, … and
// the glyphs in Glyphs' order (an algorithm that wants other looks, or
// labels on short edges, writes its MessageLooks out).
func LooksInOrder(types ...string) []MessageLook {
	looks := make([]MessageLook, len(types))
	for i, t := range types {
		looks[i] = MessageLook{Type: t, Color: i % 8, Glyph: Glyphs[i%len(Glyphs)]}
	}
	return looks
}
