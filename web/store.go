package web

import (
	"container/list"
	"crypto/rand"
	"encoding/hex"
	"sync"

	"distviz/timeline"
)

// storedRun is an interactive run. A Timeline is not safe for concurrent
// use: hold mu for every use of tl.
type storedRun struct {
	id string
	mu sync.Mutex
	tl *timeline.Timeline
}

type storeEntry struct {
	run    *storedRun
	events int64 // what the run held when it was stored
}

// runStore keeps the most recently used runs in memory: at most max runs,
// and at most maxEvents events in all (counted when each run is stored).
// Evicting a run only forgets its id; whoever still holds it may go on.
type runStore struct {
	mu        sync.Mutex
	max       int
	maxEvents int64
	events    int64
	byID      map[string]*list.Element // of *storeEntry
	lru       list.List                // front: most recently used
}

func newRunStore(max int, maxEvents int64) *runStore {
	return &runStore{max: max, maxEvents: maxEvents, byID: map[string]*list.Element{}}
}

// add stores a run and returns it with its new id, evicting the least
// recently used runs beyond the limits. The newest run always stays.
func (s *runStore) add(tl *timeline.Timeline) *storedRun {
	r := &storedRun{tl: tl}
	e := &storeEntry{run: r, events: tl.Len()}
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		r.id = newID()
		if _, taken := s.byID[r.id]; !taken {
			break
		}
	}
	s.byID[r.id] = s.lru.PushFront(e)
	s.events += e.events
	for s.lru.Len() > 1 && (s.lru.Len() > s.max || s.events > s.maxEvents) {
		old := s.lru.Remove(s.lru.Back()).(*storeEntry)
		delete(s.byID, old.run.id)
		s.events -= old.events
	}
	return r
}

// get finds a run and marks it as the most recently used.
func (s *runStore) get(id string) (*storedRun, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	el, ok := s.byID[id]
	if !ok {
		return nil, false
	}
	s.lru.MoveToFront(el)
	return el.Value.(*storeEntry).run, true
}

// len is the number of stored runs.
func (s *runStore) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lru.Len()
}

// newID is 16 hex digits from crypto/rand: unguessable, so a run is only
// reachable by whoever created it or was given its id.
func newID() string {
	var b [8]byte
	rand.Read(b[:]) // never fails (crypto/rand panics instead)
	return hex.EncodeToString(b[:])
}
