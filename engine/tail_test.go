package engine

import "testing"

// A tail gives a few messages its long delay, the others the usual one;
// without a tail no random number is drawn for it.
func TestTailDelay(t *testing.T) {
	tail := &Tail{P: 0.1, Delay: Delay{Min: 50, Max: 60}}
	long, short := 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		s, err := New(Config{Procs: []Process{&flooder{}, &sink{}}, Starts: []StartAt{{Node: 0}}, Delay: Delay{Min: 1, Max: 3}, NonFIFO: true, Tail: tail}, seed)
		if err != nil {
			t.Fatal(err)
		}
		s.Init()
		for s.Step() {
		}
		for _, d := range s.Process(1).(*sink).delays {
			switch {
			case d >= 50 && d <= 60:
				long++
			case d >= 1 && d <= 3:
				short++
			default:
				t.Fatalf("seed %d: a delay of %d", seed, d)
			}
		}
	}
	if long == 0 || long > short/4 {
		t.Errorf("%d long and %d short delays with a tail of probability 0.1", long, short)
	}
	if _, err := New(Config{Procs: []Process{&sink{}}, Tail: &Tail{P: 2}}, 1); err == nil {
		t.Error("a tail of probability 2 was taken")
	}
}

// flooder sends 50 messages to process 1 at its start, each with its send time.
type flooder struct{}

func (f *flooder) Start(env *Env) {
	for range 50 {
		env.Send(1, Message{Type: "X", Body: env.Now()})
	}
}
func (f *flooder) Receive(*Env, int, Message) {}
func (f *flooder) Timer(*Env, string)         {}
func (f *flooder) View() NodeView             { return NodeView{} }
func (f *flooder) Clone() Process             { return &flooder{} }

// sink keeps the delay of every message it receives.
type sink struct{ delays []Time }

func (k *sink) Start(*Env) {}
func (k *sink) Receive(env *Env, _ int, m Message) {
	k.delays = append(k.delays, env.Now()-m.Body.(Time))
}
func (k *sink) Timer(*Env, string) {}
func (k *sink) View() NodeView     { return NodeView{} }
func (k *sink) Clone() Process     { return &sink{delays: append([]Time(nil), k.delays...)} }
