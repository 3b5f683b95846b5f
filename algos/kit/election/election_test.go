package election

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"distviz/engine"
)

// elector is a process that knows what the test says it knows.
type elector struct {
	engine.Process
	elected bool
	leader  int
	knows   bool
}

func (e *elector) Elected() bool       { return e.elected }
func (e *elector) Leader() (int, bool) { return e.leader, e.knows }

// world is the processes of a test, some crashed.
type world struct {
	engine.World
	procs   []*elector
	crashed []bool
}

func (w *world) N() int                       { return len(w.procs) }
func (w *world) Process(p int) engine.Process { return w.procs[p] }
func (w *world) Crashed(p int) bool           { return w.crashed[p] }

// byMap is Of as it was, counting every leader known in a map: Of must
// agree with it.
func byMap(w engine.World) Outcome {
	o := Outcome{Elected: []int{}}
	var first, firstSet = 0, false
	agree := true
	counts := map[int]int{}
	order := []int{}
	for p := range w.N() {
		if w.Crashed(p) {
			continue
		}
		o.Live++
		e := w.Process(p).(Elector)
		if e.Elected() {
			o.Elected = append(o.Elected, p)
		}
		id, ok := e.Leader()
		if !ok {
			agree = false
			continue
		}
		o.Knowing++
		if counts[id] == 0 {
			order = append(order, id)
		}
		counts[id]++
		if !firstSet {
			first, firstSet = id, true
		} else if id != first {
			agree = false
		}
	}
	best := -1
	for _, id := range order {
		if best < 0 || counts[id] > counts[best] {
			best = id
		}
	}
	if best >= 0 {
		o.Leader = &best
	}
	o.Agree = agree && o.Live > 0
	return o
}

// The outcome names the leader most processes know (the first met on a
// tie), whether they agree, who is elected and how many know and live,
// whether none, one or several leaders are known.
func TestOfCountsTheLeadersKnown(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		n := r.IntN(12)
		w := &world{procs: make([]*elector, n), crashed: make([]bool, n)}
		leaders := 1 + r.IntN(3)
		for p := range n {
			w.procs[p] = &elector{elected: r.IntN(5) == 0, leader: r.IntN(leaders) - 1, knows: r.IntN(4) > 0}
			w.crashed[p] = r.IntN(6) == 0
		}
		if got, want := Of(w), byMap(w); !reflect.DeepEqual(got, want) {
			t.Fatalf("%+v: %+v, want %+v", w.procs, got, want)
		}
	}
}
