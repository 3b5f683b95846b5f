package session_test

import (
	"bytes"
	"fmt"
	"testing"

	"distviz/session"
)

// rawFrame is the last whole frame among a session's answers.
func rawFrame(t *testing.T, out [][]byte) []byte {
	t.Helper()
	for i := len(out) - 1; i >= 0; i-- {
		if bytes.HasPrefix(out[i], []byte(`{"type":"frame"`)) {
			return out[i]
		}
	}
	t.Fatalf("no frame among %d answers", len(out))
	return nil
}

// An open with a step answers the frame that an open and then a seek to
// the step would leave, or as many steps as reach it past the computed
// history (a deep link's picture in one round trip, not three): within the
// history, past it, and past the run's end.
func TestOpenAtStep(t *testing.T) {
	const open = `{"type":"open","algorithm":"bully","scenario":"lecture"%s}`
	for _, k := range []int{0, 1, 7, 12, 10_000, -3} {
		for _, ahead := range []int64{0, 1_000} {
			t.Run(fmt.Sprintf("step %d ahead %d", k, ahead), func(t *testing.T) {
				cfg := session.Config{Store: newStore(), MaxEvents: 1_000_000, Ahead: ahead}
				three := session.New(cfg)
				want := rawFrame(t, three.Handle(fmt.Appendf(nil, open, "")))
				if f := parse(t, want); k <= f.Steps-1 {
					want = rawFrame(t, three.Handle(fmt.Appendf(nil, `{"type":"seek","step":%d}`, k)))
				} else {
					for at := -1; f.Step < k && f.Step != at; f = parse(t, want) {
						at = f.Step
						want = rawFrame(t, three.Handle([]byte(`{"type":"step"}`)))
					}
				}

				one := session.New(cfg)
				out := one.Handle(fmt.Appendf(nil, open, fmt.Sprintf(`,"step":%d`, k)))
				if !bytes.HasPrefix(out[0], []byte(`{"type":"run"`)) {
					t.Fatalf("the first answer is not the run: %.200s", out[0])
				}
				if got := rawFrame(t, out); !bytes.Equal(got, want) {
					t.Fatalf("open at step %d answers\n%.300s\nwhere open, last and seek give\n%.300s", k, got, want)
				}
				// and the session moves on from there
				if a, b := rawFrame(t, one.Handle([]byte(`{"type":"back"}`))), rawFrame(t, three.Handle([]byte(`{"type":"back"}`))); !bytes.Equal(a, b) {
					t.Fatalf("back from step %d: %.200s, want %.200s", k, a, b)
				}
			})
		}
	}
}

// A step the run cannot reach within its event limit leaves the cursor at
// the limit, as last does, without an error: the link's picture is the
// furthest there is.
func TestOpenAtStepPastTheLimit(t *testing.T) {
	s := session.New(session.Config{Store: newStore(), MaxEvents: 40})
	out := s.Handle([]byte(`{"type":"open","algorithm":"chang-roberts","params":{"n":8,"idOrder":"decreasing"},"step":100000}`))
	for _, b := range out {
		if bytes.HasPrefix(b, []byte(`{"type":"error"`)) {
			t.Fatalf("refused: %s", b)
		}
	}
	f := parse(t, rawFrame(t, out))
	if !f.AtEnd || f.Step != f.Steps-1 || f.Step == 0 {
		t.Fatalf("frame %+v: want the cursor at the end of the computed run", f)
	}
}
