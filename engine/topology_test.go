package engine_test

import (
	"slices"
	"strings"
	"testing"

	"distviz/engine"
)

// dev is a test device on a bus: whenever it starts or the bus resets it
// records its cables, sends HELLO over each and arms a long timer.
type dev struct {
	resets    []engine.Time // times of Start/BusReset
	cables    []int
	attached  bool
	got       []int // senders of HELLOs received
	timerFire int
}

func (d *dev) begin(env *engine.Env) {
	d.resets = append(d.resets, env.Now())
	d.cables, d.attached = env.Neighbours(), env.Attached()
	for _, q := range d.cables {
		env.Send(q, engine.Message{Type: "HELLO"})
	}
	if d.attached {
		env.SetTimer("t", 1000)
	}
}

func (d *dev) Start(env *engine.Env)    { d.begin(env) }
func (d *dev) BusReset(env *engine.Env) { d.begin(env) }
func (d *dev) Receive(env *engine.Env, from int, m engine.Message) {
	d.got = append(d.got, from)
	if m.Type == "STRAY" {
		return
	}
	if from == 0 && env.Self() == 1 {
		env.Send(3, engine.Message{Type: "STRAY"}) // no cable 1–3 on the test bus
	}
}
func (d *dev) Timer(*engine.Env, string) { d.timerFire++ }
func (d *dev) View() engine.NodeView     { return engine.NodeView{Role: "idle"} }
func (d *dev) Clone() engine.Process {
	c := *d
	c.resets, c.cables, c.got = slices.Clone(d.resets), slices.Clone(d.cables), slices.Clone(d.got)
	return &c
}

// newBus builds the bus 0–1, 0–2, 2–3 with 2 ports per device and two spare
// slots 4 and 5; the wire delay is 10.
func newBus(t *testing.T, topo *engine.Topology) (*engine.Sim, *engine.Log) {
	t.Helper()
	if topo == nil {
		topo = &engine.Topology{Edges: [][2]int{{0, 1}, {0, 2}, {2, 3}}, Ports: 2, Detached: []int{4, 5}}
	}
	procs := make([]engine.Process, 6)
	var starts []engine.StartAt
	for i := range procs {
		procs[i] = &dev{}
		if !slices.Contains(topo.Detached, i) {
			starts = append(starts, engine.StartAt{Node: i})
		}
	}
	s, err := engine.New(engine.Config{Procs: procs, Starts: starts, Delay: engine.Delay{Min: 10, Max: 10}, Topology: topo}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var log engine.Log
	s.Record(&log)
	s.Init()
	return s, &log
}

func events(log *engine.Log, from int64) []engine.Event {
	var out []engine.Event
	for seq := from + 1; seq <= log.Len(); seq++ {
		out = append(out, log.At(seq))
	}
	return out
}

func TestBusRefusesBadTopologies(t *testing.T) {
	for _, c := range []struct {
		topo engine.Topology
		want string
	}{
		{engine.Topology{Edges: [][2]int{{0, 7}}, Ports: 2}, "outside"},
		{engine.Topology{Edges: [][2]int{{1, 1}}, Ports: 2}, "itself"},
		{engine.Topology{Edges: [][2]int{{0, 1}, {1, 0}}, Ports: 2}, "twice"},
		{engine.Topology{Edges: [][2]int{{0, 1}, {0, 2}, {0, 3}}, Ports: 2}, "only 2 ports"},
		{engine.Topology{Edges: [][2]int{{0, 4}}, Ports: 2, Detached: []int{4}}, "detached"},
		{engine.Topology{Ports: 0}, "at least one port"},
	} {
		procs := make([]engine.Process, 6)
		for i := range procs {
			procs[i] = &dev{}
		}
		_, err := engine.New(engine.Config{Procs: procs, Topology: &c.topo}, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error with %q", c.topo, err, c.want)
		}
	}
	procs := []engine.Process{&dev{}, &dev{}}
	_, err := engine.New(engine.Config{Procs: procs, Starts: []engine.StartAt{{Node: 1}},
		Topology: &engine.Topology{Ports: 1, Detached: []int{1}}}, 1)
	if err == nil || !strings.Contains(err.Error(), "not plugged in") {
		t.Errorf("a detached device that starts: %v", err)
	}
}

func TestMessagesTravelOnlyAlongCables(t *testing.T) {
	s, log := newBus(t, nil)
	for s.Now() < 15 && s.Step() {
	}
	if got := s.Edges(); !slices.Equal(got, [][2]int{{0, 1}, {0, 2}, {2, 3}}) {
		t.Fatalf("edges %v", got)
	}
	if !s.Linked(0, 1) || !s.Linked(1, 0) || s.Linked(1, 3) || s.Attached(4) || !s.Attached(3) {
		t.Fatal("Linked/Attached disagree with the cables")
	}
	var stray *engine.Event
	for _, e := range events(log, 0) {
		if e.Kind == engine.KindDrop && e.Msg.Type == "STRAY" {
			stray = &e
		}
	}
	if stray == nil || stray.Name != "no cable" || stray.From != 1 || stray.To != 3 {
		t.Fatalf("a send from P1 to P3 without a cable: want a drop \"no cable\", got %+v", stray)
	}
	if d := s.Process(0).(*dev); !slices.Equal(d.cables, []int{1, 2}) {
		t.Errorf("P0 sees the cables %v, want [1 2] in port order", d.cables)
	}
}

// Two parts after a split: plugging into one resets it alone; the other's
// messages in flight and timers stay.
func TestResetStaysOnItsBus(t *testing.T) {
	s, _ := newBus(t, &engine.Topology{Edges: [][2]int{{0, 1}, {1, 2}, {2, 3}}, Ports: 2, Detached: []int{4, 5}})
	if err := s.Apply(engine.Action{Type: engine.ActUnplug, Node: 1}); err != nil { // parts {0} and {2, 3}
		t.Fatal(err)
	}
	onFar := func() []int64 { // the messages in flight on the bus 2–3
		var ids []int64
		for _, f := range s.InFlight() {
			if f.From >= 2 {
				ids = append(ids, f.ID)
			}
		}
		return ids
	}
	far := onFar() // the reset sent the HELLOs of 2 and 3
	if len(far) != 2 {
		t.Fatal("the test needs messages in flight on the bus 2–3")
	}
	r2, r3 := len(s.Process(2).(*dev).resets), len(s.Process(3).(*dev).resets)
	if err := s.Apply(engine.Action{Type: engine.ActPlug, Node: 0}); err != nil { // P1 comes back, into P0
		t.Fatal(err)
	}
	if !s.Linked(0, 1) || !slices.Equal(onFar(), far) {
		t.Fatalf("the plug into P0: edges %v, in flight on 2–3 %v, want %v kept", s.Edges(), onFar(), far)
	}
	if len(s.Process(2).(*dev).resets) != r2 || len(s.Process(3).(*dev).resets) != r3 {
		t.Fatal("the plug into P0 reset the other bus")
	}
	for s.Step() {
	}
	for _, p := range []int{2, 3} {
		if d := s.Process(p).(*dev); d.timerFire != 1 || !slices.Contains(d.got, 5-p) {
			t.Errorf("P%d on the untouched bus: timer fired %d times, got %v", p, d.timerFire, d.got)
		}
	}
}

// A device on a bus does not crash: it drops off the bus (unplug), which its
// neighbours notice. A crash is refused and changes nothing.
func TestBusRefusesCrash(t *testing.T) {
	s, log := newBus(t, nil)
	before := log.Len()
	err := s.Apply(engine.Action{Type: engine.ActCrash, Node: 2})
	if err == nil || !strings.Contains(err.Error(), "unplug it instead") {
		t.Fatalf("crash on a bus: %v", err)
	}
	if s.Crashed(2) || log.Len() != before {
		t.Fatal("a refused crash changed the run")
	}
}
