package algos

import (
	"fmt"

	"distviz/engine"
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

const fwTheoryDoc = "Reported, not enforced: when a root contention round ends, a note explains it from both coins and waits " +
	"(a device cannot know the other's): the round resolves exactly when the waits end more than the wire delay apart."

func fwContentionTheory(d engine.Time) engine.Invariant {
	return engine.Invariant{
		Name:        "contention theory",
		Description: fwTheoryDoc,
		Info:        true,
		Legacy: func(w engine.World, node int) string {
			if node < 0 || !w.Attached(node) {
				return ""
			}
			f := w.Process(node).(*fwNode)
			if f.rounds == 0 || f.rival < 0 || f.waiting || !w.Attached(f.rival) {
				return ""
			}
			g := w.Process(f.rival).(*fwNode)
			if g.rounds != f.rounds || g.rival != node || g.waiting {
				return ""
			}
			now := w.Now()
			switch {
			case f.isRoot() && f.rootAt == now:
				// f heard g while it waited: g resent first
				return fwResolved(f.rounds, g, f, f.waitUntil-g.waitUntil, d)
			case f.waitUntil == now && f.portState(f.rival) == portAsked && g.portState(node) == portAsked:
				// f's wait has just ended and it resent, as g did before: the messages cross
				return fwRepeats(f.rounds, g, f, abs(f.waitUntil-g.waitUntil), d)
			}
			return ""
		},
	}
}

func (f *fwNode) portState(peer int) string {
	if i := f.portOf(peer); i >= 0 {
		return f.ports[i].State
	}
	return ""
}

func pname(f *fwNode) string { return fmt.Sprintf("P%d", f.id) }

// fwResolved: x resent first, y heard it during its wait; the waits ended apart ns apart.
func fwResolved(round int, x, y *fwNode, apart, d engine.Time) string {
	later, offset := y, y.waitFrom-x.waitFrom // who noticed this round's contention later, and by how much
	if offset < 0 {
		later, offset = x, -offset
	}
	switch {
	case x.coin == y.coin && offset > 0:
		// a later round: the offset it started with adds to the difference of the waits
		return fmt.Sprintf("round %d: both coins say %s, but the round started %d ns later at %s and the waits end %d ns apart, more than the wire delay of %d ns: "+
			"%s resends first and %s hears it while it waits, so the round resolves although the coins are equal", round, x.coin, offset, pname(later), apart, d, pname(x), pname(y))
	case x.coin == y.coin:
		return fmt.Sprintf("round %d: both coins say %s, but the waits end %d ns apart, more than the wire delay of %d ns: "+
			"%s resends first and %s hears it while it waits, so the round resolves although the coins are equal", round, x.coin, apart, d, pname(x), pname(y))
	case x.coin == "fast":
		return fmt.Sprintf("round %d: the coins differ (%s fast, %s slow): the fast one resends first and the slow one hears it while it waits, so the round resolves",
			round, pname(x), pname(y))
	}
	return fmt.Sprintf("round %d: the coins differ (%s fast, %s slow), yet %s resends first (its wait began earlier) and %s hears it while it waits, so the round resolves",
		round, pname(y), pname(x), pname(x), pname(y))
}

// fwRepeats: x resent first, y after it, before x's message arrived.
func fwRepeats(round int, x, y *fwNode, apart, d engine.Time) string {
	if x.coin == y.coin {
		return fmt.Sprintf("round %d: both coins say %s: both resend and the messages cross again (the waits end %d ns apart, "+
			"no more than the wire delay of %d ns; the next round starts offset by that much)", round, x.coin, apart, d)
	}
	fast, slow := x, y
	if x.coin == "slow" {
		fast, slow = y, x
	}
	return fmt.Sprintf("round %d: the coins differ (%s fast, %s slow), but the waits end only %d ns apart, no more than the wire delay of %d ns: "+
		"both resend and the messages cross again (the next round starts offset by that much)", round, pname(fast), pname(slow), apart, d)
}

func abs(x engine.Time) engine.Time {
	if x < 0 {
		return -x
	}
	return x
}
