package mutex

import (
	"distviz/param"
)

// The Lamport-clock algorithms of the family (Ricart–Agrawala, Lamport's)
// let a scenario set each process's clock at the start, as the lecture's
// example does (P0 at 11, P1 at 7).

// Clocks is the parameter of the processes' starting clocks: one per
// process, or none (all start at 0).
func Clocks() param.Spec {
	return param.Spec{Name: "clocks", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(1e9)}
}

// CheckClocks refuses a list of clocks that does not give one per process.
func CheckClocks(v param.Values) error {
	if c := v.Ints("clocks"); len(c) != 0 && len(c) != v.Int("n") {
		return param.Errorf("clocks", "has %d entries but n is %d: give one clock per process, or none", len(c), v.Int("n"))
	}
	return nil
}

// StartClock is process p's clock at the start.
func StartClock(v param.Values, p int) int {
	if c := v.Ints("clocks"); len(c) > 0 {
		return c[p]
	}
	return 0
}
