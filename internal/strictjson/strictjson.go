// Package strictjson refuses what encoding/json lets pass but a request
// must not say: a key given twice in one object (encoding/json keeps the
// last), a key that is not exactly the name of a field (encoding/json
// matches names case-insensitively, and DisallowUnknownFields stops at the
// top level of a json.RawMessage), and null where a value is required
// (encoding/json leaves a number 0, a string "", and an element of a list
// the zero value: `[null]` becomes `[0]`).
//
// Check walks the JSON beside the Go type it is meant for, and is run
// before encoding/json decodes it; its errors name the field by its path,
// such as "seeds.from" or "params.crashed[0]".
package strictjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Error is a strictness rule a document breaks, at Path.
type Error struct {
	Path string
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Check reports the first way data breaks the rules for target (a value or
// a pointer to one, whose json tags name its fields; nil: any shape). The
// rules:
//   - no key twice in an object, at any depth;
//   - in an object that fills a struct, only the struct's field names,
//     exactly (case too);
//   - no null as an element of a list, at any depth;
//   - no null for a struct field or a map value that is a number, string,
//     bool or struct (a pointer, slice, map, interface or json.RawMessage
//     may be null: left out).
//
// Inside a json.RawMessage or an interface only the first and third rules
// apply: its consumer checks the rest. Check says nothing about JSON that
// is not well-formed: the decoder that follows words that better.
func Check(data []byte, target any) error {
	var t reflect.Type
	if target != nil {
		t = reflect.TypeOf(target)
	}
	w := walker{dec: json.NewDecoder(bytes.NewReader(data))}
	err := w.value(deref(t), "", true)
	if err == errSyntax {
		return nil
	}
	return err
}

// CheckField is Check for the value of a field named name whose Go value
// is *target: null is refused unless that value may be null.
func CheckField(data []byte, name string, target any) error {
	t := reflect.TypeOf(target)
	if t == nil || t.Kind() != reflect.Pointer {
		return fmt.Errorf("strictjson: CheckField needs a pointer, not %v", t)
	}
	w := walker{dec: json.NewDecoder(bytes.NewReader(data))}
	err := w.value(deref(t.Elem()), name, nullable(t.Elem()))
	if err == errSyntax {
		return nil
	}
	return err
}

// CheckKeys applies the first rule alone: no key twice in an object, at
// any depth. For a document that is compared with another by meaning (a
// trace's events and summary, where null is a value like any other), in
// which a repeated key would be read as its last value.
func CheckKeys(data []byte) error {
	w := walker{dec: json.NewDecoder(bytes.NewReader(data)), keysOnly: true}
	err := w.value(nil, "", true)
	if err == errSyntax {
		return nil
	}
	return err
}

// errSyntax ends the walk over JSON that is not well-formed.
var errSyntax = &Error{Msg: "not JSON"}

type walker struct {
	dec      *json.Decoder
	keysOnly bool // only the rule of keys given twice
}

var rawMessage = reflect.TypeFor[json.RawMessage]()
var unmarshaler = reflect.TypeFor[json.Unmarshaler]()

func deref(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// opaque reports whether values of t are decoded by someone else: their
// shape is not t's to say.
func opaque(t reflect.Type) bool {
	return t == nil || t == rawMessage || t.Kind() == reflect.Interface ||
		t.Implements(unmarshaler) || reflect.PointerTo(t).Implements(unmarshaler)
}

// nullable reports whether null may stand for a value of type t.
func nullable(t reflect.Type) bool {
	if t == nil || opaque(t) {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		return true
	}
	return false
}

// value checks one value of type t (nil: any) at path.
func (w *walker) value(t reflect.Type, path string, nullOK bool) error {
	tok, err := w.dec.Token()
	if err != nil {
		return errSyntax
	}
	switch tok {
	case json.Delim('{'):
		return w.object(t, path)
	case json.Delim('['):
		return w.array(t, path)
	case nil:
		if !nullOK && !w.keysOnly {
			return &Error{Path: path, Msg: fmt.Sprintf("%s is null where a value is required: give %s", quote(path), want(t))}
		}
	}
	return nil
}

func (w *walker) object(t reflect.Type, path string) error {
	var fields map[string]reflect.Type
	var elem reflect.Type // of a map's values
	switch {
	case opaque(t):
		t = nil
	case t.Kind() == reflect.Struct:
		fields = fieldsOf(t)
	case t.Kind() == reflect.Map:
		elem = deref(t.Elem())
	}
	seen := map[string]bool{}
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return errSyntax
		}
		key := tok.(string)
		at := join(path, key)
		if seen[key] {
			return &Error{Path: at, Msg: fmt.Sprintf("the field %s is given twice; give each field once", quote(at))}
		}
		seen[key] = true
		var ft reflect.Type
		nullOK := true
		switch {
		case fields != nil:
			f, ok := fields[key]
			if !ok {
				return unknown(path, key, fields)
			}
			ft, nullOK = deref(f), nullable(f)
		case t != nil && t.Kind() == reflect.Map:
			ft, nullOK = elem, nullable(t.Elem())
		}
		if err := w.value(ft, at, nullOK); err != nil {
			return err
		}
	}
	if _, err := w.dec.Token(); err != nil {
		return errSyntax
	}
	return nil
}

func (w *walker) array(t reflect.Type, path string) error {
	var elem reflect.Type
	if t != nil && !opaque(t) && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		elem = deref(t.Elem())
	}
	for i := 0; w.dec.More(); i++ {
		if err := w.value(elem, path+"["+strconv.Itoa(i)+"]", false); err != nil {
			return err
		}
	}
	if _, err := w.dec.Token(); err != nil {
		return errSyntax
	}
	return nil
}

// unknown words a key that is no field of the struct at path.
func unknown(path, key string, fields map[string]reflect.Type) error {
	names := make([]string, 0, len(fields))
	var like string
	for n := range fields {
		names = append(names, n)
		if strings.EqualFold(n, key) {
			like = n
		}
	}
	slices.Sort(names)
	msg := "unknown field " + strconv.Quote(key)
	if path != "" {
		msg += " in " + quote(path)
	}
	if like != "" {
		msg += fmt.Sprintf(": did you mean %q? Names are matched exactly, case too", like)
	}
	return &Error{Path: join(path, key), Msg: msg + "; the fields there are " + list(names)}
}

func list(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func quote(path string) string {
	if path == "" {
		return "the value"
	}
	return strconv.Quote(path)
}

// want says what a value of type t is, for the null refusal.
func want(t reflect.Type) string {
	if t == nil || opaque(t) {
		return "a value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "a value"
}

var fieldCache sync.Map // reflect.Type → map[string]reflect.Type

// fieldsOf maps the JSON names of a struct's fields to their types, as
// encoding/json names them: the tag's name, else the Go name; embedded
// structs' fields promoted; "-" left out.
func fieldsOf(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" && tag == "-" {
			continue
		}
		if sf.Anonymous && name == "" && deref(sf.Type).Kind() == reflect.Struct {
			for n, ft := range fieldsOf(deref(sf.Type)) {
				out[n] = ft
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		out[name] = sf.Type
	}
	fieldCache.Store(t, out)
	return out
}
