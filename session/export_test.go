package session

import "reflect"

// AppendStamp is appendStamp, for the tests.
var AppendStamp = appendStamp

// Decode and DecodeAny are decode and decodeAny, for the tests: a
// message's type, its error if any, and whether the request has any field
// besides the type.
func Decode(msg []byte) (string, bool, error)    { return described(decode(msg)) }
func DecodeAny(msg []byte) (string, bool, error) { return described(decodeAny(msg)) }

func described(r request, err error) (string, bool, error) {
	return r.Type, !reflect.DeepEqual(r, request{Type: r.Type}), err
}
