package engine_test

import (
	"fmt"
	"reflect"
	"testing"

	"distviz/algos"
	"distviz/algos/algotest"
	"distviz/engine"
	"distviz/timeline"
)

// FlightsInto (the lane in order merged with the heap's few, sorted) lists
// what sorting every message in the queue lists, with the same heads of
// FIFO links, and the queue's count of timers is right (Timers trusts it), at every step of every scenario of the catalog, one buffer
// reused throughout, and after seeks back that restore a checkpoint (whose
// queue is read lazily).
func TestFlightsIntoAgreesWithASort(t *testing.T) {
	var buf engine.FlightBuf
	check := func(t *testing.T, tl *timeline.Timeline, where string) {
		t.Helper()
		s := tl.State()
		want := s.FlightsBySort()
		if got := s.FlightsInto(&buf); !reflect.DeepEqual(append([]engine.Flight{}, got...), want) {
			t.Fatalf("%s: FlightsInto lists\n%+v\nwant\n%+v", where, got, want)
		}
		if counted, inSlab := s.TimersCounted(); counted != inSlab || len(s.Timers()) != counted {
			t.Fatalf("%s: %d timers counted, %d listed, %d queued", where, counted, len(s.Timers()), inSlab)
		}
	}
	for _, a := range algos.All() {
		for _, sc := range a.Scenarios {
			t.Run(a.ID+"/"+sc.ID, func(t *testing.T) {
				tl := algotest.NewRun(t, a, algotest.ScenarioParams(t, a, sc.ID), sc.Seed)
				for k := 0; k < 3000; k++ {
					check(t, tl, fmt.Sprintf("step %d", tl.Cursor()))
					if ok, err := tl.Forward(); err != nil || !ok {
						break
					}
				}
				for _, k := range []int{tl.Steps() / 2, 1, tl.Steps() - 2, 0} {
					if err := tl.Seek(k); err != nil {
						t.Fatal(err)
					}
					check(t, tl, fmt.Sprintf("seek to %d", k))
					for range 3 {
						tl.Forward()
						check(t, tl, fmt.Sprintf("step %d after a seek", tl.Cursor()))
					}
				}
			})
		}
	}
}
