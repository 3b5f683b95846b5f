package web

import (
	"container/list"
	"crypto/rand"
	"encoding/hex"
	"sync"

	"distviz/internal/budget"
	"distviz/timeline"
)

// storedRun is an interactive run. A Timeline is not safe for concurrent
// use: hold mu for every use of tl.
type storedRun struct {
	id string
	mu sync.Mutex
	tl *timeline.Timeline

	// Guarded by the store's mu.
	holders int           // sessions and downloads using the run
	el      *list.Element // in the store's lru; nil once forgotten
}

// runStore keeps runs in memory: at most max runs, and no more memory than
// the server's budget leaves. Every run charges the budget as it grows;
// when a charge does not fit, the store forgets its least recently used
// runs that nobody holds (a session looking at it, a download in progress)
// to make room. A held run is never forgotten.
type runStore struct {
	mu   sync.Mutex
	max  int
	mem  *budget.Budget
	byID map[string]*storedRun
	lru  list.List // of *storedRun; front: most recently used
}

func newRunStore(max int, mem *budget.Budget) *runStore {
	s := &runStore{max: max, mem: mem, byID: map[string]*storedRun{}}
	mem.SetReclaimer(s.reclaim)
	return s
}

// add stores a run, charging what it holds and, from now on, what it grows
// by to the budget; held, the caller holds it (and must release it). It
// fails when the budget cannot hold the run even after forgetting old runs.
func (s *runStore) add(tl *timeline.Timeline, held bool) (*storedRun, error) {
	if tl.Held() == 0 { // not yet charged to the budget (an import is as it rebuilds the run)
		if err := tl.SetMeter(s.mem); err != nil {
			return nil, err
		}
	}
	r := &storedRun{tl: tl}
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		r.id = newID()
		if _, taken := s.byID[r.id]; !taken {
			break
		}
	}
	if held {
		r.holders = 1
	}
	s.byID[r.id] = r
	r.el = s.lru.PushFront(r)
	// Beyond the count, forget the least recently used runs nobody holds.
	for el := s.lru.Back(); s.lru.Len() > s.max && el != nil; {
		prev := el.Prev()
		if old := el.Value.(*storedRun); old != r {
			s.forget(old)
		}
		el = prev
	}
	return r, nil
}

// hold finds a run, marks it as the most recently used and holds it: it is
// not forgotten until released.
func (s *runStore) hold(id string) (*storedRun, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.byID[id]
	if !ok {
		return nil, false
	}
	r.holders++
	s.lru.MoveToFront(r.el)
	return r, true
}

// release lets go of a run held before.
func (s *runStore) release(r *storedRun) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r.holders--
	if r.el != nil {
		s.lru.MoveToFront(r.el)
	}
}

// holdersOf is how many hold a run.
func (s *runStore) holdersOf(r *storedRun) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return r.holders
}

// forget drops a run nobody holds and gives its memory back, reporting
// how much; false if it is held or in use. Call with mu held.
func (s *runStore) forget(r *storedRun) (int64, bool) {
	if r.holders > 0 || !r.mu.TryLock() { // in use by whoever created it
		return 0, false
	}
	defer r.mu.Unlock()
	s.lru.Remove(r.el)
	r.el = nil
	delete(s.byID, r.id)
	freed := r.tl.Held()
	r.tl.ReleaseMemory()
	return freed, true
}

// reclaim is the budget's reclaimer: it forgets the least recently used
// runs nobody holds until need bytes are free, and reports what it freed.
func (s *runStore) reclaim(need int64) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var freed int64
	for el := s.lru.Back(); el != nil && freed < need; {
		prev := el.Prev()
		n, _ := s.forget(el.Value.(*storedRun))
		freed += n
		el = prev
	}
	return freed
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
