package firewire

import (
	"distviz/algo"
	"distviz/engine"
	"distviz/param"
)

// The theory of root contention, told from outside the algorithm (a device
// cannot know the other's coin): when a round ends, a note says why it
// resolved or repeats. A round ends when the device that resends first (X)
// is heard by the other (Y) while Y still waits: X's BE_MY_PARENT arrives a
// wire delay after X's wait ends, so the round resolves exactly when the
// waits end more than the wire delay apart. In the first round both notice
// the contention at the same instant, so with a wire delay above the width
// of a window that is exactly when the coins differ; if both resend, the
// next round starts offset by the difference, and equal coins can resolve
// it when the wire is short (ALGORITHMS.md 1.7).

// contentionTheory reports (Info) each round's end as a note of the device
// the step concerned.
func contentionTheory(d engine.Time) engine.Invariant {
	return engine.Invariant{
		Name: "contention theory",
		Info: true,
		Check: func(w engine.World, at int) engine.Text {
			if at < 0 || !w.Attached(at) {
				return engine.Text{}
			}
			f := w.Process(at).(*node)
			rival := int(f.rival)
			if f.rounds == 0 || rival < 0 || f.waiting || !w.Attached(rival) {
				return engine.Text{}
			}
			g := w.Process(rival).(*node)
			if g.rounds != f.rounds || int(g.rival) != at || g.waiting {
				return engine.Text{}
			}
			now := w.Now()
			switch {
			case f.isRoot() && f.rootAt == now:
				// f heard g while it waited: g resent first
				return resolved(int(f.rounds), g, f, f.waitUntil-g.waitUntil, d)
			case f.waitUntil == now && f.askedOn(rival) && g.askedOn(at):
				// f's wait has just ended and it resent, as g did before: the messages cross
				return repeats(int(f.rounds), g, f, abs(f.waitUntil-g.waitUntil), d)
			}
			return engine.Text{}
		},
	}
}

// resolved: x resent first, y heard it during its wait; the waits ended apart ns apart.
func resolved(round int, x, y *node, apart, d engine.Time) engine.Text {
	later, offset := y, y.waitFrom-x.waitFrom // who noticed this round's contention later, and by how much
	if offset < 0 {
		later, offset = x, -offset
	}
	k := engine.Num(round)
	switch {
	case x.coin == y.coin && offset > 0:
		// a later round: the offset it started with adds to the difference of the waits
		return engine.T("note.roundResolvesEqualOffset", k, coinText(x.coin), engine.Dur(offset), engine.Pos(later.id),
			engine.Dur(apart), engine.Dur(d), engine.Pos(x.id), engine.Pos(y.id))
	case x.coin == y.coin:
		return engine.T("note.roundResolvesEqual", k, coinText(x.coin), engine.Dur(apart), engine.Dur(d), engine.Pos(x.id), engine.Pos(y.id))
	case x.coin == coinFast:
		return engine.T("note.roundResolvesDiffer", k, engine.Pos(x.id), engine.Pos(y.id))
	}
	return engine.T("note.roundResolvesDifferEarlier", k, engine.Pos(y.id), engine.Pos(x.id), engine.Pos(x.id), engine.Pos(y.id))
}

// repeats: x resent first, y after it, before x's message arrived.
func repeats(round int, x, y *node, apart, d engine.Time) engine.Text {
	if x.coin == y.coin {
		return engine.T("note.roundRepeatsEqual", engine.Num(round), coinText(x.coin), engine.Dur(apart), engine.Dur(d))
	}
	fast, slow := x, y
	if x.coin == coinSlow {
		fast, slow = y, x
	}
	return engine.T("note.roundRepeatsDiffer", engine.Num(round), engine.Pos(fast.id), engine.Pos(slow.id), engine.Dur(apart), engine.Dur(d))
}

func abs(x engine.Time) engine.Time {
	if x < 0 {
		return -x
	}
	return x
}

// The published counts of contention rounds (the registry's Theory).

// gapRegime: the wire delay lies well between the windows' widths and the
// gap between them, where every round resolves exactly when the coins differ
// (a round may start offset by up to a window's width).
func gapRegime(v param.Values) bool {
	if !twoContenders(v) {
		return false
	}
	f, s, d := v.Range("fast"), v.Range("slow"), int64(v.Int("wireDelay"))
	w := max(f.Max-f.Min, s.Max-s.Min)
	return d >= 2*w && d <= s.Min-f.Max-2*w
}

// twoContenders: the statements about rounds are about two devices on one
// cable that settle contention by coin flips.
func twoContenders(v param.Values) bool {
	return v.Int("n") == 2 && v.String("tieBreak") == "random"
}

// modelRounds is the mean number of contention rounds that ALGORITHMS.md
// 1.7 reports from an independent model for wire delays outside the gap
// regime (with the lecture's windows); 0 where it reports none.
func modelRounds(v param.Values) float64 {
	f, s := v.Range("fast"), v.Range("slow")
	if !twoContenders(v) || gapRegime(v) || f != (param.IntRange{Min: 240, Max: 260}) || s != (param.IntRange{Min: 570, Max: 600}) {
		return 0
	}
	return map[int]float64{10: 1.47, 30: 1.95, 50: 2.00}[v.Int("wireDelay")]
}

// geometricHalf is the distribution of contention rounds when every round
// resolves exactly when the two coins differ: k rounds with probability 2^−k
// (listed while it is at least 1/10000).
func geometricHalf(param.Values) []algo.Prob {
	var out []algo.Prob
	for k, p := 1, 0.5; p >= 1e-4; k, p = k+1, p/2 {
		out = append(out, algo.Prob{X: float64(k), P: p})
	}
	return out
}
