package engine

import (
	"fmt"
	"math/rand/v2"
)

// Physical clocks. Virtual time is the simulation's real time t; a process
// that wants a clock of its own reads a hardware clock H(t) = offset +
// (1 + drift)·t through its Env, whose offset and drift the Sim draws from
// the seed (Config.Clocks), and keeps a software clock C = αH + β (Clock)
// that its algorithm adjusts. Processes of a run without Config.Clocks have
// perfect hardware clocks, H(t) = t.

// ClockSpec says how the Sim draws the processes' hardware clocks: offsets
// uniform in [−MaxOffset, MaxOffset] and drifts uniform in [−Rho, Rho], from
// a stream of the seed of their own (drawing them changes no other random
// number). Offsets and Drifts, where given for a position, replace the draw;
// Exact lists the positions with perfect clocks (a time server's reference).
type ClockSpec struct {
	MaxOffset float64
	Rho       float64
	Offsets   map[int]float64
	Drifts    map[int]float64
	Exact     []int
}

// Hardware is a process's hardware clock: H(t) = Offset + (1 + Drift)·t.
type Hardware struct {
	Offset float64 `json:"offset"`
	Drift  float64 `json:"drift"`
}

// At is the clock's reading at real time t. (The conversions round each
// product so that no platform fuses them: traces stay byte-identical.)
func (h Hardware) At(t Time) float64 {
	return h.Offset + float64((1+h.Drift)*float64(t))
}

// Rate is how fast the clock runs against real time: 1 + drift.
func (h Hardware) Rate() float64 { return 1 + h.Drift }

// drawClocks gives every process its hardware clock.
func drawClocks(spec *ClockSpec, n int, seed uint64) ([]Hardware, error) {
	if spec.MaxOffset < 0 || spec.Rho < 0 || spec.Rho >= 1 {
		return nil, fmt.Errorf("engine: clock offsets within ±%g and drifts within ±%g are not ranges (0 ≤ ρ < 1)", spec.MaxOffset, spec.Rho)
	}
	r := rand.New(rand.NewPCG(seed, 0x636c6f636b73)) // "clocks"
	hw := make([]Hardware, n)
	for p := range hw {
		// both numbers are drawn for every position so that an override
		// of one leaves the others' clocks as they were
		off := (2*r.Float64() - 1) * spec.MaxOffset
		drift := (2*r.Float64() - 1) * spec.Rho
		if o, ok := spec.Offsets[p]; ok {
			off = o
		}
		if d, ok := spec.Drifts[p]; ok {
			drift = d
		}
		if d := drift; d <= -1 {
			return nil, fmt.Errorf("engine: process %d's drift %g stops its clock", p, d)
		}
		hw[p] = Hardware{Offset: off, Drift: drift}
	}
	for _, p := range spec.Exact {
		if p >= 0 && p < n {
			hw[p] = Hardware{}
		}
	}
	return hw, nil
}

// Hardware is process p's hardware clock (perfect without Config.Clocks).
func (s *Sim) Hardware(p int) Hardware {
	if s.hw == nil {
		return Hardware{}
	}
	return s.hw[p]
}

// Hardware is the process's hardware clock, to keep a software clock on.
func (e *Env) Hardware() Hardware { return e.sim.Hardware(e.self) }

// HardwareNow reads the process's hardware clock: H at the current time.
func (e *Env) HardwareNow() float64 { return e.sim.Hardware(e.self).At(e.sim.now) }
