// Package clocks is the core that the clock synchronisation algorithms
// share: the physical clocks' parameters (drift bound ρ, initial offsets,
// jumping or slewing), the correction of a software clock as a narrated
// step, the clocks view's vocabulary and the skew between clocks.
package clocks

import (
	"embed"
	"math"

	"distviz/algo"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Texts are the parameters' help, the corrections' narration and the
// clocks' labels in every language.
var Texts = algo.MustTexts(files)

// Rho is the drift bound ρ: every hardware clock runs at a rate within 1 ± ρ.
func Rho(def float64) param.Spec {
	return param.Spec{Name: "rho", Type: param.Float, Default: def, Min: param.Bound(0), Max: param.Bound(0.5)}
}

// MaxOffset bounds the hardware clocks' offsets at time 0.
func MaxOffset(def int) param.Spec {
	return param.Spec{Name: "maxOffset", Type: param.Int, Default: def, Min: param.Bound(0), Max: param.Bound(1e6)}
}

// Adjust says how a correction is applied: a jump, or slewing (monotonic).
func Adjust() param.Spec {
	return param.Spec{Name: "adjust", Type: param.Enum, Default: "jump", Options: []string{"jump", "slew"}}
}

// SlewTime is how long a slew takes (about: a clock never runs below half speed).
func SlewTime(def int) param.Spec {
	return param.Spec{Name: "slewTime", Type: param.Int, Default: def, Min: param.Bound(1), Max: param.Bound(1e6)}
}

// Params are the four physical-clock parameters.
func Params(rho float64, maxOffset, slewTime int) []param.Spec {
	return []param.Spec{Rho(rho), MaxOffset(maxOffset), Adjust(), SlewTime(slewTime)}
}

// Spec is the engine's clock configuration for the parameters; the
// positions in exact get perfect clocks (a reference).
func Spec(v param.Values, exact ...int) *engine.ClockSpec {
	return &engine.ClockSpec{MaxOffset: float64(v.Int("maxOffset")), Rho: v.Float("rho"), Exact: exact}
}

// Corrector applies corrections as the parameters say.
type Corrector struct {
	Slew bool
	Over engine.Time
}

// CorrectorOf reads adjust and slewTime.
func CorrectorOf(v param.Values) Corrector {
	return Corrector{Slew: v.String("adjust") == "slew", Over: engine.Time(v.Int("slewTime"))}
}

// Correct moves c by delta now, within an accuracy band of ±band (0: none
// known), and narrates it.
func (k Corrector) Correct(env *engine.Env, c *engine.Clock, delta, band float64) {
	if k.Slew {
		c.Slew(env, delta, k.Over, band)
		env.Note("note.slews", R(delta), engine.Dur(k.Over))
		return
	}
	c.Adjust(env, delta, band)
	env.Note("note.jumps", R(delta), R(c.Read(env)))
}

// R is a clock value as narration writes it: to two decimals.
func R(x float64) engine.Arg { return engine.Float(Round(x)) }

// Round rounds to two decimals.
func Round(x float64) float64 { return math.Round(x*100)/100 + 0 } // + 0: no −0

// Var is the process variable that holds the software clock for the
// clocks view (its course: engine.ClockMark).
var Var = algo.Var{Name: "clock", Kind: "value", Hidden: true, Use: "clockSeries"}

// Clocked is a process with a software clock.
type Clocked interface {
	SoftClock() *engine.Clock
}

// Skew is the largest difference between the live, started clocks now
// (0 with fewer than two).
func Skew(w engine.World) float64 {
	lo, hi, k := math.Inf(1), math.Inf(-1), 0
	for p := range w.N() {
		c, ok := w.Process(p).(Clocked)
		if !ok || w.Crashed(p) || !c.SoftClock().Started() {
			continue
		}
		x := c.SoftClock().At(w.Now())
		lo, hi, k = min(lo, x), max(hi, x), k+1
	}
	if k < 2 {
		return 0
	}
	return hi - lo
}
