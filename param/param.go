// Package param describes algorithm parameters and turns what a client sends
// (JSON values or query-string text) into checked, typed values.
package param

import (
	"fmt"
)

// Type is a parameter's value type.
type Type string

const (
	Int   Type = "int"   // a whole number
	Float Type = "float" // a real number
	Bool  Type = "bool"  // true or false
	Enum  Type = "enum"  // one of Options
	Ints  Type = "ints"  // a list of whole numbers ("3,5,7" in a URL)
	Range Type = "range" // {"min": a, "max": b} ("1-5", or "3" for a fixed value, in a URL)
	Lists Type = "lists" // a list of lists of whole numbers, [[0,1],[1,2]] ("0,1;1,2" in a URL)
)

// Spec describes one parameter: what the form shows and what Resolve checks.
type Spec struct {
	Name        string   `json:"name"`
	Type        Type     `json:"type"`
	Default     any      `json:"default"`               // nil: computed (see DefaultText)
	DefaultText string   `json:"defaultText,omitempty"` // how a computed default is chosen
	Min         *float64 `json:"min,omitempty"`         // bound on the value, or on each element/end
	Max         *float64 `json:"max,omitempty"`
	Options     []string `json:"options,omitempty"`
	// Fields names the numbers of each list of a Lists parameter that is a
	// list of records: JSON then takes (and gives) objects, e.g. fields
	// [node, at] read [{"node": 0, "at": 12}] as well as [[0, 12]].
	Fields []string `json:"fields,omitempty"`
	// Use says what the parameter is to an editor of the form (one of
	// Uses); empty: a plain field.
	Use string `json:"use,omitempty"`
	Doc string `json:"description"`
}

// Uses are the form's editors a parameter can feed: the tree editor draws
// and edits a tree's cables (a Lists parameter of position pairs) within
// the limit of cables a device takes (an Int).
var Uses = []string{"treeCables", "portLimit"}

// Bound returns a pointer for Spec.Min/Max.
func Bound(v float64) *float64 { return &v }

// IntRange is the value of a Range parameter.
type IntRange struct {
	Min int64 `json:"min"`
	Max int64 `json:"max"`
}

// Error is a refusal that names the parameter and says how to fix it.
type Error struct {
	Param string
	Msg   string
}

func (e *Error) Error() string { return "parameter " + e.Param + ": " + e.Msg }

// Errorf builds an *Error.
func Errorf(name, format string, args ...any) error {
	return &Error{Param: name, Msg: fmt.Sprintf(format, args...)}
}
