package session

// AppendStamp is appendStamp, for the tests.
var AppendStamp = appendStamp
