package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"distviz/algo"
	"distviz/internal/strictjson"
	"distviz/param"
)

// request is any client message: the fields of every type together.
type request struct {
	Type      string                     `json:"type"`
	Algorithm string                     `json:"algorithm"`
	Params    map[string]json.RawMessage `json:"params"`
	Query     map[string]string          `json:"query"`
	Seed      *int64                     `json:"seed"`
	Scenario  string                     `json:"scenario"`
	ID        string                     `json:"id"`
	Step      *int                       `json:"step"`
	Seq       *int64                     `json:"seq"`
	Speed     *float64                   `json:"speed"`
	Action    json.RawMessage            `json:"action"`
	Lang      string                     `json:"lang"`
	Deltas    bool                       `json:"deltas"`
	// Experiment is an experiment request, decoded by the experiment package.
	Experiment json.RawMessage `json:"experiment"`
}

// actionFields are the fields of an action object (engine.Action's JSON
// form), so that a misspelt or unknown one is refused rather than ignored.
// TestActionFieldsCoverTheEngine keeps the two in step.
type actionFields struct {
	Type  string   `json:"type"`
	Node  *int     `json:"node"`
	From  *int     `json:"from"`
	To    *int     `json:"to"`
	Msg   *int64   `json:"msg"`
	Timer string   `json:"timer"`
	Name  string   `json:"name"`
	ID    string   `json:"id"` // an act's name as the registry lists it (fields.go)
	P     *float64 `json:"p"`
}

// types are the client messages, in the order docs/protocol.md lists them.
var types = []string{"open", "attach", "step", "back", "seek", "seekSeq", "first", "last", "play", "pause", "action",
	"experiment", "experimentCancel", "lang"}

// fieldWants says what each field must be, for type errors.
var fieldWants = map[string]string{
	"type":       "a string, one of " + strings.Join(types, ", "),
	"algorithm":  "a string, the id of an algorithm",
	"params":     `an object of parameter values such as {"n": 8}`,
	"query":      `an object of parameter texts such as {"n": "8", "ids": "3,1,2"}`,
	"seed":       fmt.Sprintf("a whole number in 0..%d", int64(algo.MaxSeed)),
	"scenario":   "a string, the id of one of the algorithm's scenarios",
	"id":         "a string, the id of a stored run",
	"step":       "a whole number, the step to move to (to show, for open)",
	"seq":        "a whole number, the sequence number of an event",
	"speed":      fmt.Sprintf("a number of steps per second, %g to %g", MinSpeed, MaxSpeed),
	"action":     `an action object such as {"type": "crash", "node": 3}`,
	"lang":       `a string: "en", "de" or "es"`,
	"deltas":     "true (the client applies deltas to its frame) or false",
	"experiment": `an experiment object such as {"algorithm": "chang-roberts", "vary": {"n": [4, 8, 16]}}`,
}

// decode reads one client message. Its errors say what is wrong; the type is
// returned whenever it could be read, so that the refusal can name it.
func decode(msg []byte) (request, error) {
	if req, ok := bare(msg); ok {
		return req, nil
	}
	return decodeAny(msg)
}

// bare reads a message that is only its type, written as the page writes
// it (`{"type":"step"}`), as decodeAny would: the page steps and goes back
// by such messages, hundreds a second, and decoding each through
// encoding/json made 30 allocations of the 70 a step's answer makes at
// n = 1,000.
func bare(msg []byte) (request, bool) {
	const head, tail = `{"type":"`, `"}`
	if len(msg) < len(head)+len(tail) || !bytes.HasPrefix(msg, []byte(head)) || !bytes.HasSuffix(msg, []byte(tail)) {
		return request{}, false
	}
	name := msg[len(head) : len(msg)-len(tail)]
	for _, t := range types {
		if string(name) == t {
			return request{Type: t}, true
		}
	}
	return request{}, false
}

// decodeAny reads any client message (decode).
func decodeAny(msg []byte) (request, error) {
	var req request
	// Checked as a request whose action has the fields of an action.
	if err := strictjson.Check(msg, &struct {
		request
		Action *actionFields `json:"action"`
	}{}); err != nil {
		return request{Type: typeOf(msg, err)}, err
	}
	dec := json.NewDecoder(bytes.NewReader(msg))
	dec.DisallowUnknownFields()
	err := dec.Decode(&req)
	if err == nil {
		if _, err2 := dec.Token(); !errors.Is(err2, io.EOF) {
			err = errors.New("the message goes on after its JSON object; send exactly one object per message")
		}
	}
	if err != nil {
		// Recover the type for the refusal, if the message has one.
		var t struct {
			Type string `json:"type"`
		}
		json.Unmarshal(msg, &t)
		return request{Type: t.Type}, decodeError(err)
	}
	if req.Type == "" {
		return req, fmt.Errorf(`the message has no "type"; send one of %s`, strings.Join(types, ", "))
	}
	return req, checkFields(req, msg)
}

// typeOf recovers the type of a message refused for err, for the refusal
// to name, unless the type itself is what is wrong.
func typeOf(msg []byte, err error) string {
	var se *strictjson.Error
	if errors.As(err, &se) && se.Path == "type" {
		return ""
	}
	var fields map[string]json.RawMessage
	var t string
	json.Unmarshal(msg, &fields)
	json.Unmarshal(fields["type"], &t)
	return t
}

// decodeError turns encoding/json's errors into advice.
func decodeError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return errors.New(`the message is empty; send a JSON object such as {"type": "step"}`)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("the message is not JSON: it ends in the middle of a value")
	case errors.As(err, &syn):
		return fmt.Errorf("the message is not JSON: %v (at byte %d)", syn, syn.Offset)
	case errors.As(err, &typ):
		if typ.Field == "" {
			return fmt.Errorf(`a message must be a JSON object such as {"type": "step"}, not a JSON %s`, typ.Value)
		}
		field, _, _ := strings.Cut(typ.Field, ".")
		want, ok := fieldWants[field]
		if !ok {
			want = "of another type"
		}
		return fmt.Errorf("the field %q must be %s, not a JSON %s", typ.Field, want, typ.Value)
	}
	// DisallowUnknownFields has no error type of its own.
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("unknown field %s; see docs/protocol.md for the fields of each message type", name)
	}
	return err
}

// Outgoing messages.

type errorMsg struct {
	Type  string `json:"type"` // "error"
	Error string `json:"error"`
	For   string `json:"for,omitempty"` // the type of the message refused
}

type runMsg struct {
	Type      string            `json:"type"` // "run"
	ID        string            `json:"id"`
	Algorithm *algo.Algorithm   `json:"algorithm"`
	Params    param.Values      `json:"params"`
	Query     map[string]string `json:"query"`
	Seed      int64             `json:"seed"`
	Nodes     []algo.Node       `json:"nodes"`
	Theory    []algo.Evaluated  `json:"theory"`
	// ForkOf is the run this one copies: the session acted in the past of
	// a run that others were using.
	ForkOf string `json:"forkOf,omitempty"`
}

// actsMsg is the `actions` message: the user's actions in the run now.
type actsMsg struct {
	Type  string `json:"type"` // "actions"
	Acts  string `json:"acts"` // as a link's acts text (launch.FormatActs)
	Count int    `json:"count"`
}

type playingMsg struct {
	Type    string  `json:"type"` // "playing"
	Playing bool    `json:"playing"`
	Speed   float64 `json:"speed"`
}
