package mutex

import "strconv"

// The stamps the family's messages carry. Their JSON is part of the trace
// (message bodies), so the field names stay as they are.

// Stamp is a request's (Lamport time, ID); smaller means earlier, equal
// times are ordered by ID. A REQUEST carries it, written REQUEST(8,1).
type Stamp struct {
	T  int `json:"t"`
	ID int `json:"id"`
}

// Label writes the stamp as the lecture does, inside a message's brackets.
func (s *Stamp) Label() string { return strconv.Itoa(s.T) + "," + strconv.Itoa(s.ID) }

// Less says whether s is earlier than o.
func (s Stamp) Less(o Stamp) bool { return s.T < o.T || (s.T == o.T && s.ID < o.ID) }

// Compare orders stamps for sorting and searching: −1, 0 or 1.
func (s Stamp) Compare(o Stamp) int {
	switch {
	case s.Less(o):
		return -1
	case o.Less(s):
		return 1
	}
	return 0
}

// LamportTime is the Lamport time a REPLY, RELEASE or TELL carries,
// written REPLY(15).
type LamportTime struct {
	T int `json:"t"`
}

// Label writes the time inside a message's brackets.
func (s *LamportTime) Label() string { return strconv.Itoa(s.T) }
