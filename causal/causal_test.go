package causal_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/algos/algotest"
	"distviz/algos/logicalclocks"
	"distviz/causal"
	"distviz/engine"
	"distviz/timeline"
)

// stamped is a stamped event of a run.
type stamped struct {
	seq  int64
	proc int
	st   causal.Stamp
}

// stampAll stamps every event of a finished run.
func stampAll(tl *timeline.Timeline) []stamped {
	at := func(seq int64) (engine.Event, bool) {
		if seq > tl.Len() {
			return engine.Event{}, false
		}
		return tl.Event(seq), true
	}
	s := causal.New(tl.Head().N())
	var out []stamped
	for seq := int64(1); seq <= tl.Len(); seq++ {
		e := tl.Event(seq)
		if st, ok := s.Stamp(e, at); ok {
			p := int(e.Node)
			switch e.Kind {
			case engine.KindSend:
				p = int(e.From)
			case engine.KindDeliver:
				p = int(e.To)
			case engine.KindAction:
				p = e.Action.Node
			}
			out = append(out, stamped{seq, p, st})
		}
	}
	return out
}

func vectorText(v []uint32) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, x := range v {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprint(&b, x)
	}
	b.WriteByte(')')
	return b.String()
}

// The diagram's stamps of a logical-clocks run are the ones its processes
// keep by the lecture's rules, event for event, process by process: the
// lecture's a … f and 200 random runs.
func TestStampsAreTheLecturesClocks(t *testing.T) {
	runs := []struct {
		params map[string]any
		seed   int64
	}{{algotest.ScenarioParams(t, logicalclocks.Algorithm, "lecture"), 0}}
	for seed := int64(1); seed <= 200; seed++ {
		runs = append(runs, struct {
			params map[string]any
			seed   int64
		}{map[string]any{"n": 2 + int(seed)%6, "count": 1 + int(seed)%5, "sends": 0.6, "delay": map[string]any{"min": 1, "max": 1 + seed%9}, "fifo": seed%2 == 0}, seed})
	}
	for _, r := range runs {
		tl, s := algotest.RunToEnd(t, logicalclocks.Algorithm, r.params, r.seed)
		o := algotest.OutcomeOf[logicalclocks.Outcome](t, s.Outcome)
		want := map[int][]string{}
		rows := slices.Clone(o.TotalOrder)
		slices.SortFunc(rows, func(a, b logicalclocks.Row) int { return int(a.Seq - b.Seq) })
		for _, row := range rows {
			want[row.Node] = append(want[row.Node], fmt.Sprintf("%d %s", row.Order[0], row.Vector))
		}
		got := map[int][]string{}
		for _, e := range stampAll(tl) {
			got[e.proc] = append(got[e.proc], fmt.Sprintf("%d %s", e.st.L, vectorText(e.st.V)))
		}
		for p := range tl.Head().N() {
			if !slices.Equal(got[p], want[p]) {
				t.Fatalf("seed %d %v: P%d's stamps %v, the process kept %v", r.seed, r.params, p+1, got[p], want[p])
			}
		}
	}
}

// On every scenario of every algorithm: e → e′ (a path along processes and
// messages between stamped events) exactly when V(e) < V(e′), and then
// L(e) < L(e′).
func TestStampsTellHappenedBefore(t *testing.T) {
	for _, a := range algos.All() {
		for _, sc := range a.Scenarios {
			tl, _ := algotest.RunToEnd(t, a, algotest.ScenarioParams(t, a, sc.ID), sc.Seed)
			if tl.Head().N() > causal.MaxVector || tl.Len() > 3000 {
				continue
			}
			evs := stampAll(tl)
			reach := reachability(tl, evs)
			for i, e := range evs {
				for j, f := range evs {
					less := vectorLess(e.st.V, f.st.V)
					if reach[i][j] != less || (less && e.st.L >= f.st.L) {
						t.Fatalf("%s/%s: events %d and %d: path %v, V %v %v, L %d %d", a.ID, sc.ID, e.seq, f.seq, reach[i][j], e.st.V, f.st.V, e.st.L, f.st.L)
					}
				}
			}
		}
	}
}

func vectorLess(v, o []uint32) bool {
	less := false
	for i := range v {
		if v[i] > o[i] {
			return false
		}
		less = less || v[i] < o[i]
	}
	return less
}

// reachability: reach[i][j] says a path leads from stamped event i to j
// along each process's events and from sends to their deliveries.
func reachability(tl *timeline.Timeline, evs []stamped) [][]bool {
	next := make([][]int, len(evs))
	lastOf := map[int]int{}
	sendOf := map[int64]int{}
	for i, e := range evs {
		if k, ok := lastOf[e.proc]; ok {
			next[k] = append(next[k], i)
		}
		lastOf[e.proc] = i
		ev := tl.Event(e.seq)
		switch ev.Kind {
		case engine.KindSend:
			sendOf[ev.MsgID] = i
		case engine.KindDeliver:
			if k, ok := sendOf[ev.MsgID]; ok {
				next[k] = append(next[k], i)
			}
		}
	}
	reach := make([][]bool, len(evs))
	for i := len(evs) - 1; i >= 0; i-- { // edges go forward in seq
		reach[i] = make([]bool, len(evs))
		for _, k := range next[i] {
			reach[i][k] = true
			for j, r := range reach[k] {
				reach[i][j] = reach[i][j] || r
			}
		}
	}
	return reach
}
