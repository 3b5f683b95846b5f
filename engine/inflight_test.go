package engine

import "testing"

// The vectors of messages in flight come back by ID whatever the order of
// deliveries, and the list keeps no more than the span from the oldest in
// flight to the newest (it moves them to the front rather than grow).
func TestInflightKeepsVectorsByID(t *testing.T) {
	var f inflight
	vec := func(id int64) vector { return vector{&part{uint32(id)}} }
	next, oldest := int64(1), int64(1)
	for round := range 2000 {
		f.put(next, vec(next))
		next++
		if round%3 == 0 { // a message overtakes: the second oldest goes first
			if v, ok := f.take(oldest + 1); ok && v.at(0) != uint32(oldest+1) {
				t.Fatalf("message %d: vector %v", oldest+1, v)
			}
		}
		if round%2 == 1 {
			for {
				v, ok := f.take(oldest)
				oldest++
				if ok {
					if v.at(0) != uint32(oldest-1) {
						t.Fatalf("message %d: vector %v", oldest-1, v)
					}
					break
				}
			}
		}
		if _, ok := f.take(next + 5); ok {
			t.Fatal("a message never sent has a vector")
		}
	}
	if live := len(f.live()); live > int(next-oldest)+1 || cap(f.vecs) > 4*(live+1) {
		t.Errorf("%d in flight, %d kept, capacity %d", next-oldest, live, cap(f.vecs))
	}
}
