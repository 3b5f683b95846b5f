package session

import (
	"errors"
	"fmt"
	"math"
	"time"

	"distviz/timeline"
)

func (s *Session) play(req request) [][]byte {
	if req.Speed == nil {
		return s.refuse(req.Type, fmt.Errorf(`play needs "speed", in steps per second (%g to %g)`, MinSpeed, MaxSpeed))
	}
	sp := *req.Speed
	if math.IsNaN(sp) || sp < MinSpeed || sp > MaxSpeed {
		return s.refuse(req.Type, fmt.Errorf("speed %g is outside %g to %g steps per second", sp, MinSpeed, MaxSpeed))
	}
	if !s.has {
		return s.refuse(req.Type, errors.New(`there is no run to play: send {"type": "open", "algorithm": …} first`))
	}
	s.speed = sp
	if !s.playing {
		// The first tick takes a step at once.
		s.playing, s.credit, s.last, s.nextFrame = true, 1, time.Time{}, time.Time{}
		s.locked(func(tl *timeline.Timeline) {
			if s.cursor == tl.Steps()-1 && tl.Ended() {
				s.playing = false // nothing is left to play
			}
		})
	}
	return [][]byte{s.playingMsg()}
}

// Tick plays the run on at time now: it takes the steps due at the speed
// (every step when fast, a step every few ticks when slow) and answers with
// one frame, or nothing if no step is due. At the end of the run, or at its
// event limit, it stops and answers `playing` false too. Call it every
// FrameInterval while Playing; time only needs to be monotonic.
func (s *Session) Tick(now time.Time) [][]byte {
	if !s.playing || !s.has {
		return nil
	}
	if s.last.IsZero() {
		s.last = now
	}
	if !s.nextFrame.IsZero() && now.Before(s.nextFrame.Add(-frameJitter)) {
		return nil // too soon for a frame; the time counts next time
	}
	dt := min(max(now.Sub(s.last), 0), maxTickGap)
	s.last = now
	s.credit += dt.Seconds() * s.speed
	due := int(s.credit)
	if due == 0 {
		return nil
	}
	// Playing is CPU work like any other: without a free worker the frame
	// is skipped, and the steps due wait (up to maxTickGap) for the next.
	leave, ok := s.tryHeavy()
	if !ok {
		s.credit = min(s.credit, maxTickGap.Seconds()*s.speed)
		return nil
	}
	defer leave()
	s.credit -= float64(due)
	var out [][]byte
	var failed error
	err := s.atCursor(func(tl *timeline.Timeline) {
		for range due {
			ok, err := tl.Forward()
			if err != nil {
				failed = err
				break
			}
			if !ok {
				break
			}
		}
		if failed != nil || (tl.AtEnd() && tl.Ended()) {
			s.playing = false
		}
		s.dirty = true
		out = append(out, s.frameMsg(tl))
	})
	if err != nil {
		failed, s.playing = err, false
	}
	s.nextFrame = s.nextFrame.Add(FrameInterval)
	if s.nextFrame.Before(now) { // the first frame, or far behind
		s.nextFrame = now.Add(FrameInterval)
	}
	if failed != nil {
		out = append(out, s.refuse("play", s.failure("play", failed))...)
	}
	if !s.playing {
		out = append(out, s.playingMsg())
	}
	return out
}
