package session_test

import (
	"testing"
	"time"

	"distviz/session"
)

// clock ticks every FrameInterval from an arbitrary start.
type clock struct{ now time.Time }

func (k *clock) tick() time.Time {
	k.now = k.now.Add(session.FrameInterval)
	return k.now
}

func TestPlay(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":40,"idOrder":"decreasing"}}`)
	got := c.send(`{"type":"play","speed":10}`)
	only(t, got, "playing")
	if !got[0].Playing || got[0].Speed != 10 || !c.s.Playing() {
		t.Fatalf("play: %+v", got[0])
	}
	k := &clock{now: time.Unix(1000, 0)}
	frames := 0
	for range int(2 * time.Second / session.FrameInterval) {
		out := c.s.Tick(k.tick())
		frames += len(out)
		c.take(out)
		c.sync()
	}
	// 10 steps a second: a step at once, then one every 100 ms.
	if c.frame.Step < 19 || c.frame.Step > 21 || frames != c.frame.Step {
		t.Fatalf("after 2 s at 10 steps/s: step %d in %d frames", c.frame.Step, frames)
	}
	got = c.send(`{"type":"pause"}`)
	only(t, got, "playing")
	if got[0].Playing || c.s.Playing() || c.s.Tick(k.tick()) != nil {
		t.Fatal("pause did not stop")
	}
	// Fast: 60 frames a second at most, many steps a frame, to the end.
	c.send(`{"type":"play","speed":2000}`)
	frames = 0
	for i := 0; c.s.Playing(); i++ {
		if i > 60*60 {
			t.Fatal("playing at 2000 steps/s did not reach the end in a minute")
		}
		out := c.s.Tick(k.tick())
		for _, b := range out {
			if parse(t, b).Type == "frame" {
				frames++
			}
		}
		c.take(out)
		c.sync()
	}
	if last := c.played[len(c.played)-1]; last.Playing || !c.frame.Ended || !c.frame.AtEnd {
		t.Fatalf("the end of play: %+v, frame %+v", last, c.frame)
	}
	if perFrame := float64(c.frame.Step-20) / float64(frames); perFrame < 25 {
		t.Fatalf("%.1f steps a frame at 2000 steps/s, want about 33", perFrame)
	}
	// Nothing is left to play.
	got = c.send(`{"type":"play","speed":1}`)
	if got[0].Playing {
		t.Fatal("play at the end of an ended run plays")
	}
	c.sameEvents(store)
}

// However often Tick is called, frames come at most 60 a second; slow speeds
// step every few frames.
func TestTickRate(t *testing.T) {
	store := newStore()
	c := newClient(t, store)
	c.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":100,"idOrder":"decreasing"}}`)
	c.send(`{"type":"play","speed":2000}`)
	now := time.Unix(0, 0)
	frames := 0
	for range 1000 { // a second, ticked every millisecond
		now = now.Add(time.Millisecond)
		frames += len(c.s.Tick(now))
	}
	if frames > 61 {
		t.Fatalf("%d frames in a second", frames)
	}
	c.send(`{"type":"play","speed":0.25}`)
	c.send(`{"type":"pause"}`)
	c.send(`{"type":"play","speed":0.25}`)
	k := &clock{now: now}
	frames = 0
	for range int(8 * time.Second / session.FrameInterval) { // 8 seconds: a step at once, then one every 4 s
		frames += len(c.s.Tick(k.tick()))
	}
	if frames != 2 && frames != 3 {
		t.Fatalf("%d frames in 8 s at 0.25 steps/s", frames)
	}
}

// A new run stops autoplay.
func TestOpenStopsPlay(t *testing.T) {
	c := newClient(t, newStore())
	c.send(`{"type":"open","algorithm":"bully"}`)
	c.send(`{"type":"play","speed":5}`)
	got := c.send(`{"type":"open","algorithm":"bully"}`)
	only(t, got[:3], "playing", "run", "frame")
	if got[0].Playing || c.s.Playing() {
		t.Fatal("still playing")
	}
}
