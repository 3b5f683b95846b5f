package engine_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"distviz/engine"
)

func TestPlugAndUnplugAreValidated(t *testing.T) {
	s, _ := newBus(t, nil)
	for _, c := range []struct {
		a    engine.Action
		want string
	}{
		{engine.Action{Type: engine.ActPlug, Node: 9}, "not a position"},
		{engine.Action{Type: engine.ActPlug, Node: 4}, "not plugged in"},
		{engine.Action{Type: engine.ActPlug, Node: 0}, "every port of P0 is taken"},
		{engine.Action{Type: engine.ActUnplug, Node: 5}, "not plugged in"},
	} {
		seq := s.Seq()
		if err := s.Apply(c.a); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error with %q", c.a, err, c.want)
		}
		if s.Seq() != seq {
			t.Errorf("%+v: a refused action recorded events", c.a)
		}
	}
	// Two spare slots: the third plug finds none left.
	for _, p := range []int{1, 3} {
		if err := s.Apply(engine.Action{Type: engine.ActPlug, Node: p}); err != nil {
			t.Fatalf("plug into P%d: %v", p, err)
		}
	}
	if err := s.Apply(engine.Action{Type: engine.ActPlug, Node: 4}); err == nil || !strings.Contains(err.Error(), "no device slot is left") {
		t.Fatalf("plug with every slot used: %v", err)
	}
	// The last device cannot be unplugged.
	one, _ := newBus(t, &engine.Topology{Ports: 1, Detached: []int{1, 2, 3, 4, 5}})
	if err := one.Apply(engine.Action{Type: engine.ActUnplug, Node: 0}); err == nil || !strings.Contains(err.Error(), "last device") {
		t.Fatalf("unplugging the last device: %v", err)
	}
	// Without a bus, or with processes that do not watch their ports, both are refused.
	plain, _ := newSim(t, 3, 1, engine.Delay{Min: 1, Max: 1}, false, 1)
	if err := plain.Apply(engine.Action{Type: engine.ActPlug, Node: 0}); err == nil || !strings.Contains(err.Error(), "no bus") {
		t.Fatalf("plug without a bus: %v", err)
	}
}

func TestPlugResetsTheBus(t *testing.T) {
	s, log := newBus(t, nil)
	for s.Now() < 5 && s.Step() { // every device has started and sent HELLOs
	}
	before := log.Len()
	inFlight := len(s.InFlight())
	if inFlight == 0 || len(s.Timers()) == 0 {
		t.Fatal("the test needs messages and timers pending")
	}
	if err := s.Apply(engine.Action{Type: engine.ActPlug, Node: 3}); err != nil {
		t.Fatal(err)
	}
	evs := events(log, before)
	if evs[0].Kind != engine.KindAction || evs[0].Action.Type != engine.ActPlug || evs[0].Node != 3 {
		t.Fatalf("first event %+v, want the plug action", evs[0])
	}
	if evs[1].Kind != engine.KindNote || !evs[1].Text.Equal(engine.T("engine.busReset.plugged", engine.Pos(4), engine.Pos(3))) {
		t.Fatalf("second event %+v, want the bus-reset note", evs[1])
	}
	drops := 0
	for _, e := range evs[2 : 2+inFlight] {
		if e.Kind != engine.KindDrop || e.Name != "bus reset" {
			t.Fatalf("want %d drops \"bus reset\", got %+v", inFlight, e)
		}
		drops++
	}
	if got := s.Edges(); !slices.Equal(got, [][2]int{{0, 1}, {0, 2}, {2, 3}, {3, 4}}) {
		t.Fatalf("edges after the plug %v", got)
	}
	for p := range 5 {
		d := s.Process(p).(*dev)
		if last := d.resets[len(d.resets)-1]; last != s.Now() {
			t.Errorf("P%d last began at %d, want the reset at %d", p, last, s.Now())
		}
	}
	if d := s.Process(4).(*dev); len(d.resets) != 1 || !slices.Equal(d.cables, []int{3}) {
		t.Errorf("the new device P4: resets %v cables %v", d.resets, d.cables)
	}
	if d := s.Process(5).(*dev); len(d.resets) != 0 {
		t.Errorf("the spare slot P5 was started: %v", d.resets)
	}
	// The old timers were cancelled, the new ones armed: each device has one.
	if ts := s.Timers(); len(ts) != 5 {
		t.Errorf("timers after the reset: %+v", ts)
	}
	for s.Step() {
	}
	for p := range 5 {
		if d := s.Process(p).(*dev); d.timerFire != 1 {
			t.Errorf("P%d's timer fired %d times, want once (the old one is void)", p, d.timerFire)
		}
	}
}

func TestPlugBeforeTheStartVoidsTheStarts(t *testing.T) {
	s, _ := newBus(t, nil)
	if err := s.Apply(engine.Action{Type: engine.ActPlug, Node: 1}); err != nil {
		t.Fatal(err)
	}
	for s.Step() {
	}
	for p := range 5 {
		if d := s.Process(p).(*dev); len(d.resets) != 1 {
			t.Errorf("P%d began %d times, want once (the reset starts it)", p, len(d.resets))
		}
	}
}

func TestUnplugDetachesALeaf(t *testing.T) {
	s, log := newBus(t, nil)
	for s.Now() < 5 && s.Step() {
	}
	before := log.Len()
	if err := s.Apply(engine.Action{Type: engine.ActUnplug, Node: 3}); err != nil {
		t.Fatal(err)
	}
	if e := log.At(before + 2); !e.Text.Equal(engine.T("engine.busReset.unpluggedFrom", engine.Pos(3), engine.Pos(2))) {
		t.Fatalf("note %v", e.Text)
	}
	if s.Attached(3) || s.Linked(2, 3) || !slices.Equal(s.Edges(), [][2]int{{0, 1}, {0, 2}}) {
		t.Fatalf("after unplugging P3: attached %v edges %v", s.Attached(3), s.Edges())
	}
	if d := s.Process(3).(*dev); d.attached || len(d.cables) != 0 || len(d.resets) != 2 {
		t.Fatalf("P3 was told %+v", d)
	}
	// The freed slot is the next one a plug takes: it is the lowest.
	if err := s.Apply(engine.Action{Type: engine.ActPlug, Node: 1}); err != nil {
		t.Fatal(err)
	}
	if !s.Linked(1, 3) {
		t.Fatalf("the plug should reuse slot 3: edges %v", s.Edges())
	}
}

// Unplugging an inner device splits the bus: each part resets at once, and
// from then on a change in one part resets only that part.
func TestUnplugInnerDeviceSplitsTheBus(t *testing.T) {
	s, log := newBus(t, nil) // 0–1, 0–2, 2–3; spares 4, 5
	for s.Now() < 5 && s.Step() {
	}
	before := log.Len()
	inFlight := len(s.InFlight())
	if err := s.Apply(engine.Action{Type: engine.ActUnplug, Node: 0}); err != nil {
		t.Fatalf("unplugging the inner device P0: %v", err)
	}
	evs := events(log, before)
	if !evs[1].Text.Equal(engine.T("engine.busReset.split", engine.Pos(0), engine.Positions([]int{1, 2}), engine.Num(2))) {
		t.Fatalf("note %v", evs[1].Text)
	}
	drops := 0
	for _, e := range evs {
		if e.Kind == engine.KindDrop && e.Name == "bus reset" {
			drops++
		}
	}
	if drops != inFlight {
		t.Fatalf("%d drops, want every one of the %d messages in flight", drops, inFlight)
	}
	if !slices.Equal(s.Edges(), [][2]int{{2, 3}}) || s.Attached(0) || !s.Attached(1) {
		t.Fatalf("after the split: edges %v", s.Edges())
	}
	now := s.Now()
	for p, want := range map[int][]int{0: nil, 1: nil, 2: {3}, 3: {2}} {
		d := s.Process(p).(*dev)
		if d.resets[len(d.resets)-1] != now || !slices.Equal(d.cables, want) || d.attached != (p != 0) {
			t.Errorf("P%d after the split: %+v, want a reset at %d with cables %v", p, d, now, want)
		}
	}
	if ts := s.Timers(); len(ts) != 3 {
		t.Errorf("timers after the split %+v, want one per device still on a bus", ts)
	}
	// A lone device may go too, and then a device of the other bus, but not the last one.
	for _, p := range []int{1, 2} {
		if err := s.Apply(engine.Action{Type: engine.ActUnplug, Node: p}); err != nil {
			t.Fatalf("unplugging P%d: %v", p, err)
		}
	}
	if err := s.Apply(engine.Action{Type: engine.ActUnplug, Node: 3}); err == nil || !strings.Contains(err.Error(), "last device") {
		t.Fatalf("unplugging the last device: %v", err)
	}
	if d := s.Process(3).(*dev); len(d.cables) != 0 || !d.attached {
		t.Fatalf("P3 alone: %+v", d)
	}
}

func TestBusActionsReplayAndCloneIndependently(t *testing.T) {
	run := func() (string, *engine.Sim) {
		s, log := newBus(t, nil)
		for s.Now() < 5 && s.Step() {
		}
		c := s.Clone()
		if err := s.Apply(engine.Action{Type: engine.ActUnplug, Node: 0}); err != nil { // inner: splits the bus
			t.Fatal(err)
		}
		if !c.Linked(0, 1) || !c.Linked(0, 2) || !c.Attached(0) {
			t.Fatal("unplugging on the original changed the clone")
		}
		for s.Step() {
		}
		if err := s.Apply(engine.Action{Type: engine.ActPlug, Node: 1}); err != nil {
			t.Fatal(err)
		}
		for s.Step() {
		}
		var b []byte
		for _, e := range events(log, 0) {
			b, _ = e.AppendJSON(b)
			b = append(b, '\n')
		}
		return string(b), s
	}
	a, _ := run()
	b, _ := run()
	if a != b {
		t.Fatal("the same actions gave different traces")
	}
	if !strings.Contains(a, `"action":{"type":"unplug","node":0}`) || !strings.Contains(a, `"action":{"type":"plug","node":1}`) {
		t.Fatal("the trace does not record the plug and unplug actions")
	}
}

func TestPlugActionJSON(t *testing.T) {
	for _, a := range []engine.Action{{Type: engine.ActPlug, Node: 2}, {Type: engine.ActUnplug, Node: 0}} {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var back engine.Action
		if err := json.Unmarshal(b, &back); err != nil || back != a {
			t.Fatalf("%s: %+v, %v", b, back, err)
		}
	}
	var a engine.Action
	if err := json.Unmarshal([]byte(`{"type":"plug"}`), &a); err == nil || !strings.Contains(err.Error(), `"node"`) {
		t.Fatalf("plug without node: %v", err)
	}
}

// A bus whose processes do not watch their ports has fixed cables.
func TestFixedCablesRefuseHotPlug(t *testing.T) {
	procs := []engine.Process{&echo{}, &echo{}, &echo{}}
	s, err := engine.New(engine.Config{Procs: procs, Topology: &engine.Topology{Edges: [][2]int{{0, 1}, {1, 2}}, Ports: 2}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(engine.Action{Type: engine.ActUnplug, Node: 0}); err == nil || !strings.Contains(err.Error(), "fixed") {
		t.Fatalf("unplug on fixed cables: %v", err)
	}
}
