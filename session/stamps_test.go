package session_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"distviz/causal"
	"distviz/session"
)

// Every event of every run comes with its Lamport and vector stamps, or
// null: on the lecture's logical clocks they are the slides' a … f, in the
// order of the events on each process.
func TestEventsCarryStamps(t *testing.T) {
	c := newClient(t, newStore())
	c.send(`{"type":"open","algorithm":"logical-clocks","scenario":"lecture"}`)
	c.send(`{"type":"last"}`)
	var got []string
	for _, st := range c.stamps {
		if string(st) != "null" {
			got = append(got, string(st))
		}
	}
	// a, e (t=1), b (t=2), c (t=3), d (t=4), f (t=5)
	want := `{"l":1,"v":[1,0,0]} {"l":1,"v":[0,0,1]} {"l":2,"v":[2,0,0]} {"l":3,"v":[2,1,0]} {"l":4,"v":[2,2,0]} {"l":5,"v":[2,2,2]}`
	if strings.Join(got, " ") != want {
		t.Fatalf("stamps %s\nwant   %s", strings.Join(got, " "), want)
	}
}

// After a fork the stamps go on from the events kept, as a client that
// opened the forked run afresh gets them.
func TestStampsAfterAFork(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":6,"idOrder":"decreasing"}}`)
	c.send(`{"type":"last"}`)
	c.send(`{"type":"seek","step":4}`)
	c.send(`{"type":"action","action":{"type":"crash","node":5}}`)
	c.send(`{"type":"last"}`)
	fresh := newClient(t, store)
	fresh.send(`{"type":"attach","id":%q}`, c.run.ID)
	fresh.send(`{"type":"last"}`)
	if len(c.stamps) != len(fresh.stamps) || len(c.stamps) == 0 {
		t.Fatalf("%d stamps after the fork, %d afresh", len(c.stamps), len(fresh.stamps))
	}
	for i := range c.stamps {
		if !bytes.Equal(c.stamps[i], fresh.stamps[i]) {
			t.Fatalf("event %d: %s after the fork, %s afresh", i+1, c.stamps[i], fresh.stamps[i])
		}
	}
}

// A stamp is written as encoding/json writes causal.Stamp.
func TestStampJSON(t *testing.T) {
	for _, st := range []causal.Stamp{{L: 3}, {L: 12, V: []uint32{2, 0, 10}}, {L: 0, V: []uint32{}}} {
		want, _ := json.Marshal(st)
		if got := session.AppendStamp(nil, st); !bytes.Equal(got, want) {
			t.Errorf("%+v: %s, want %s", st, got, want)
		}
	}
}
