package engine

import (
	"distviz/internal/jsonw"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unsafe"
)

// Text is narration as data: a key into the algorithm's texts (the folder's
// texts/*.json) and typed arguments, rendered per language by narrate. A
// process's notes, the reasons of starts and crashes and the invariants'
// verdicts are Texts, so nothing downstream parses English. The zero Text
// says nothing (an invariant that holds).
type Text struct {
	Key  string
	Args []Arg
}

// T makes a Text.
func T(key string, args ...Arg) Text { return Text{Key: key, Args: args} }

// IsZero reports whether t says nothing.
func (t Text) IsZero() bool { return t.Key == "" }

// ArgKind says how an argument is written: a position as the process's
// label, a stamp in the lecture's notation, a nested text in the reader's
// language.
type ArgKind uint8

// The kinds of arguments.
const (
	ArgPos       ArgKind = iota + 1 // a process position, written as its label (P4)
	ArgPositions                    // a list of positions: P1, P4, P7
	ArgNum                          // a whole number: an ID, a count, a round
	ArgFloat                        // a real number: a probability
	ArgStamp                        // a pair (sequence number, ID): (3,7)
	ArgTime                         // a virtual time or duration, in the run's unit
	ArgRaw                          // verbatim: a message type, a timer's name, a constant
	ArgText                         // a nested Text, rendered in the reader's language
	ArgNums                         // a list of whole numbers: [3, 5, 8]
)

var argNames = [...]string{ArgPos: "pos", ArgPositions: "positions", ArgNum: "num", ArgFloat: "float",
	ArgStamp: "stamp", ArgTime: "time", ArgRaw: "raw", ArgText: "text", ArgNums: "nums"}

func (k ArgKind) String() string {
	if int(k) < len(argNames) && argNames[k] != "" {
		return argNames[k]
	}
	return "arg(" + strconv.Itoa(int(k)) + ")"
}

// Arg is one typed argument of a Text. A note's arguments are kept with
// the run's log, one or two a note, so an Arg is small: a number, a string
// and one pointer (a nested text, or the numbers of a list, N long).
type Arg struct {
	Kind ArgKind
	N    int64  // pos, num, time; a float's bits; the length of a list
	S    string // raw
	ptr  unsafe.Pointer
}

// Ints are the numbers of a list of positions or numbers, or of a stamp.
func (a Arg) Ints() []int64 { return a.intsIn(nil) }

// intsIn is Ints; a stamp's two numbers packed in N are appended to buf
// (no allocation when it has room), the others are not copied.
func (a Arg) intsIn(buf []int64) []int64 {
	switch {
	case a.Kind == ArgStamp && a.ptr == nil: // both numbers in N (Ts)
		return append(buf, a.N>>32, int64(int32(uint32(a.N))))
	case a.ptr == nil || (a.Kind != ArgPositions && a.Kind != ArgNums && a.Kind != ArgStamp):
		return nil
	}
	return unsafe.Slice((*int64)(a.ptr), a.N)
}

// Float is a real number's value.
func (a Arg) Float() float64 {
	if a.Kind != ArgFloat {
		return 0
	}
	return math.Float64frombits(uint64(a.N))
}

// Sub is a nested text (nil if the argument is none).
func (a Arg) Sub() *Text {
	if a.Kind != ArgText {
		return nil
	}
	return (*Text)(a.ptr)
}

func listArg(kind ArgKind, xs []int64) Arg {
	a := Arg{Kind: kind, N: int64(len(xs))}
	if len(xs) > 0 {
		a.ptr = unsafe.Pointer(&xs[0])
	}
	return a
}

// Pos is a process position.
func Pos(p int) Arg { return Arg{Kind: ArgPos, N: int64(p)} }

// Positions is a list of process positions.
func Positions(ps []int) Arg { return listArg(ArgPositions, int64s(ps)) }

// Num is a whole number.
func Num(n int) Arg { return Arg{Kind: ArgNum, N: int64(n)} }

// Nums is a list of whole numbers.
func Nums(ns []int) Arg { return listArg(ArgNums, int64s(ns)) }

// Float is a real number.
func Float(f float64) Arg { return Arg{Kind: ArgFloat, N: int64(math.Float64bits(f))} }

// Ts is a timestamp (sequence number or clock, ID), written (3,7).
// Two numbers of 32 bits go in N, without an allocation.
func Ts(seq, id int) Arg {
	if seq == int(int32(seq)) && id == int(int32(id)) {
		return Arg{Kind: ArgStamp, N: int64(seq)<<32 | int64(uint32(id))}
	}
	return listArg(ArgStamp, []int64{int64(seq), int64(id)})
}

// Dur is a virtual time or duration.
func Dur(t Time) Arg { return Arg{Kind: ArgTime, N: t} }

// Raw is a text written as it is in every language: a message type, a
// timer's name.
func Raw(s string) Arg { return Arg{Kind: ArgRaw, S: s} }

// Sub is a nested text.
func Sub(t Text) Arg { return Arg{Kind: ArgText, ptr: unsafe.Pointer(&t)} }

func int64s(xs []int) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}

// MarshalJSON writes a text as {"key": …, "args": [{"pos": 4}, …]}.
func (t Text) MarshalJSON() ([]byte, error) { return t.AppendJSON(nil), nil }

// AppendJSON appends the text's JSON form, always the same bytes for the same text.
func (t Text) AppendJSON(b []byte) []byte {
	b = append(b, `{"key":`...)
	b = jsonw.AppendString(b, t.Key)
	if len(t.Args) > 0 {
		b = append(b, `,"args":[`...)
		for i, a := range t.Args {
			if i > 0 {
				b = append(b, ',')
			}
			b = a.appendJSON(b)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func (a Arg) appendJSON(b []byte) []byte {
	b = append(b, `{"`...)
	b = append(b, a.Kind.String()...)
	b = append(b, `":`...)
	switch a.Kind {
	case ArgPos, ArgNum, ArgTime:
		b = strconv.AppendInt(b, a.N, 10)
	case ArgFloat:
		b = strconv.AppendFloat(b, a.Float(), 'g', -1, 64)
	case ArgPositions, ArgStamp, ArgNums:
		b = append(b, '[')
		var two [2]int64
		for i, x := range a.intsIn(two[:0]) {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, x, 10)
		}
		b = append(b, ']')
	case ArgRaw:
		b = jsonw.AppendString(b, a.S)
	case ArgText:
		b = a.Sub().AppendJSON(b)
	default:
		b = append(b, "null"...)
	}
	return append(b, '}')
}

// UnmarshalJSON reads the form MarshalJSON writes.
func (t *Text) UnmarshalJSON(b []byte) error {
	var raw struct {
		Key  string                       `json:"key"`
		Args []map[string]json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("text: %w", err)
	}
	if raw.Key == "" {
		return fmt.Errorf("text: no key")
	}
	t.Key, t.Args = raw.Key, nil
	for i, m := range raw.Args {
		a, err := argOf(m)
		if err != nil {
			return fmt.Errorf("text %s: argument %d: %w", raw.Key, i+1, err)
		}
		t.Args = append(t.Args, a)
	}
	return nil
}

func argOf(m map[string]json.RawMessage) (Arg, error) {
	if len(m) != 1 {
		return Arg{}, fmt.Errorf("want one field such as {\"pos\": 3}, got %d", len(m))
	}
	for name, v := range m {
		for k, n := range argNames {
			if n == "" || n != name {
				continue
			}
			a := Arg{Kind: ArgKind(k)}
			var err error
			switch a.Kind {
			case ArgPos, ArgNum, ArgTime:
				err = json.Unmarshal(v, &a.N)
			case ArgFloat:
				var f float64
				err = json.Unmarshal(v, &f)
				a = Float(f)
			case ArgPositions, ArgStamp, ArgNums:
				var l []int64
				err = json.Unmarshal(v, &l)
				switch {
				case err == nil && a.Kind == ArgStamp && len(l) != 2:
					err = fmt.Errorf("a stamp has two numbers, not %d", len(l))
				case err == nil && a.Kind == ArgStamp:
					a = Ts(int(l[0]), int(l[1])) // as Ts made it
				default:
					a = listArg(a.Kind, l)
				}
			case ArgRaw:
				err = json.Unmarshal(v, &a.S)
			case ArgText:
				t := new(Text)
				err = json.Unmarshal(v, t)
				a.ptr = unsafe.Pointer(t)
			}
			return a, err
		}
		return Arg{}, fmt.Errorf("unknown kind %q", name)
	}
	return Arg{}, nil
}

// Equal reports whether two texts are the same data.
func (t Text) Equal(u Text) bool {
	if t.Key != u.Key || len(t.Args) != len(u.Args) {
		return false
	}
	for i := range t.Args {
		a, b := t.Args[i], u.Args[i]
		if a.Kind != b.Kind || a.S != b.S {
			return false
		}
		if a.Kind == ArgFloat {
			if a.Float() != b.Float() {
				return false
			}
		} else if a.N != b.N {
			return false
		}
		// (a stamp's two numbers packed in N are compared above)
		if (a.ptr != nil || b.ptr != nil) && !slices.Equal(a.Ints(), b.Ints()) {
			return false
		}
		if as, bs := a.Sub(), b.Sub(); (as == nil) != (bs == nil) || (as != nil && !as.Equal(*bs)) {
			return false
		}
	}
	return true
}

// TextError is an error that narrates as a Text: a process's refusal of an
// action, which the engine writes as a note of that process.
type TextError struct{ Text Text }

// RenderEnglish words a Text in English, naming processes P<position>, for
// TextError.Error: logs and API answers then read as sentences. The
// narration package sets it when it is linked in (it holds the templates,
// and it imports this package); unset, Error gives the key.
var RenderEnglish func(Text) string

func (e *TextError) Error() string {
	if RenderEnglish != nil {
		return RenderEnglish(e.Text)
	}
	return e.Text.Key
}

// Errorf makes a TextError.
func Errorf(key string, args ...Arg) error { return &TextError{Text: T(key, args...)} }

// TextOf is the text an error narrates as: its Text, or (for errors that
// are not TextErrors, such as the engine's refusal of an invalid action)
// its sentence as it is.
func TextOf(err error) Text {
	var te *TextError
	if errors.As(err, &te) {
		return te.Text
	}
	return T("engine.error", Raw(err.Error()))
}
