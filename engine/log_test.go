package engine_test

import (
	"math/rand/v2"
	"testing"

	"distviz/engine"
)

// gossip is a test process that makes every kind of event: it forwards what
// it receives (the same body), sends new bodies and no body, sets timers,
// notes with and without arguments, and sends outside the system.
type gossip struct{ seen int }

type tale struct{ hops int }

func (g *gossip) Start(env *engine.Env) {
	env.Send((env.Self()+1)%env.N(), engine.Message{Type: "TALE", Body: &tale{}})
	env.SetTimer("tick", 3)
}

func (g *gossip) Receive(env *engine.Env, from int, m engine.Message) {
	g.seen++
	r := env.Rand()
	switch {
	case m.Type == "TALE" && r.IntN(4) == 0:
		env.Note("note.keeps", engine.Num(g.seen))
	case m.Type == "TALE":
		env.Send(r.IntN(env.N()), m)
		if r.IntN(3) == 0 {
			env.Send(from, engine.Message{Type: "ACK"})
		}
	default:
		env.Note("note.acked")
	}
	if r.IntN(50) == 0 {
		env.Send(env.N()+3, engine.Message{Type: "LOST"})
	}
}

func (g *gossip) Timer(env *engine.Env, name string) {
	if g.seen < 40 {
		env.Send((env.Self()+2)%env.N(), engine.Message{Type: "TALE", Body: &tale{hops: g.seen}})
		env.SetTimer("tick", 7)
	}
}

func (g *gossip) View() engine.NodeView { return engine.NodeView{Role: "idle"} }
func (g *gossip) Clone() engine.Process { c := *g; return &c }

func gossipSim(t *testing.T, seed uint64) *engine.Sim {
	t.Helper()
	procs := make([]engine.Process, 12)
	var starts []engine.StartAt
	for i := range procs {
		procs[i] = &gossip{}
		starts = append(starts, engine.StartAt{Node: i, At: int64(i % 3)})
	}
	odd := engine.Invariant{Name: "odd", Check: func(w engine.World, node int) engine.Text {
		if node == 5 && w.Process(node).(*gossip).seen%17 == 16 {
			return engine.T("violation.odd", engine.Pos(node))
		}
		return engine.Text{}
	}}
	s, err := engine.New(engine.Config{Procs: procs, Starts: starts, Crashed: []int{11}, Delay: engine.Delay{Min: 1, Max: 30},
		NonFIFO: seed%2 == 0, Loss: 0.05, Invariants: []engine.Invariant{odd},
		Schedule: []engine.Scheduled{{At: 60, Action: engine.Action{Type: engine.ActCrash, Node: 3}},
			{At: 120, Action: engine.Action{Type: engine.ActRecover, Node: 3}}}}, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func eventJSON(t *testing.T, e engine.Event) string {
	t.Helper()
	b, err := e.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The log gives back every event as it was recorded, read in order or at
// random, and a log cut back to an earlier step and recorded on from there
// (a fork) reads as if it had never been cut.
func TestLogReadsAndTruncates(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		var want []engine.Event
		s := gossipSim(t, seed)
		var log engine.Log
		s.Record(&log)
		s.Init()
		type cut struct {
			sim  *engine.Sim
			seq  int64
			msgs int64
		}
		var cuts []cut
		for step := 0; s.Step() && step < 3000; step++ {
			if step%97 == 13 {
				cuts = append(cuts, cut{s.Clone(), s.Seq(), s.LastMsgID()})
			}
		}
		for seq := int64(1); seq <= log.Len(); seq++ {
			want = append(want, log.At(seq))
		}
		if len(want) < 1000 {
			t.Fatalf("seed %d: only %d events", seed, len(want))
		}
		r := rand.New(rand.NewPCG(seed, 9))
		for range 2000 {
			seq := 1 + r.Int64N(log.Len())
			if got, w := eventJSON(t, log.At(seq)), eventJSON(t, want[seq-1]); got != w {
				t.Fatalf("seed %d: event %d read at random is %s, in order %s", seed, seq, got, w)
			}
		}
		// Cut back to a checkpoint and record the same future again.
		c := cuts[r.IntN(len(cuts))]
		log.Truncate(c.seq, c.msgs)
		if log.Len() != c.seq {
			t.Fatalf("seed %d: Truncate(%d) left %d events", seed, c.seq, log.Len())
		}
		c.sim.Record(&log)
		for c.sim.Seq() < int64(len(want)) && c.sim.Step() {
		}
		if log.Len() != int64(len(want)) {
			t.Fatalf("seed %d: recorded again from %d, the log has %d events, want %d", seed, c.seq, log.Len(), len(want))
		}
		for seq := int64(1); seq <= log.Len(); seq++ {
			if got, w := eventJSON(t, log.At(seq)), eventJSON(t, want[seq-1]); got != w {
				t.Fatalf("seed %d: after cutting at %d, event %d is %s, was %s", seed, c.seq, seq, got, w)
			}
		}
	}
}
