package engine

// Clock is a process's software clock C = αH + β on its hardware clock H.
// Its algorithm sets it (a jump) or slews it (a changed rate for a while, so
// that it never runs backwards). It records its course as marks that the
// clocks view draws: every change of value or rate, at real time. Its zero
// value is a clock not yet started (Start). A Clock is a value: a process
// copies it in Clone as it is (its marks are never changed in place).
type Clock struct {
	hw      Hardware
	alpha   float64
	beta    float64
	slewing bool
	slewEnd float64 // the hardware reading at which the slew ends
	base    float64 // α after the slew
	marks   []ClockMark
}

// ClockMark is a point where a clock's course changes: from real time T on
// it reads C and runs at Rate against real time; Before is its reading just
// before (≠ C at a jump); Band, if not 0, is the correction's accuracy:
// the algorithm knows the right value to lie within C ± Band. A slew's end
// may lie in the future.
type ClockMark struct {
	T      float64 `json:"t"`
	C      float64 `json:"c"`
	Before float64 `json:"before"`
	Rate   float64 `json:"rate"`
	Kind   string  `json:"kind"` // one of MarkKinds
	Band   float64 `json:"band,omitempty"`
}

// MarkKinds are the kinds of ClockMark: the clock's start, a jump, the
// start of a slew and its end.
var MarkKinds = []string{"start", "jump", "slew", "slewEnd"}

// Start sets the clock to its hardware clock (α = 1, β = 0) from real time
// 0 on; starting a started clock does nothing.
func (c *Clock) Start(env *Env) {
	if c.alpha != 0 {
		return
	}
	c.hw, c.alpha = env.Hardware(), 1
	h0 := c.hw.At(0)
	c.marks = []ClockMark{{T: 0, C: h0, Before: h0, Rate: c.hw.Rate(), Kind: "start"}}
}

// Started reports whether Start has run.
func (c *Clock) Started() bool { return c.alpha != 0 }

// at is C when the hardware clock reads h (h not before the last change).
func (c *Clock) at(h float64) float64 {
	if c.slewing && h >= c.slewEnd {
		return float64(c.alpha*c.slewEnd) + c.beta + float64(c.base*(h-c.slewEnd))
	}
	return float64(c.alpha*h) + c.beta
}

// At is the clock's reading at real time t (not before its last change).
func (c *Clock) At(t Time) float64 { return c.at(c.hw.At(t)) }

// Read is the clock's reading now.
func (c *Clock) Read(env *Env) float64 { return c.At(env.Now()) }

// remaining is the part of a slew still to come when the hardware clock
// reads h.
func (c *Clock) remaining(h float64) float64 {
	if !c.slewing || h >= c.slewEnd {
		return 0
	}
	return float64((c.alpha - c.base) * (c.slewEnd - h))
}

// Target is the reading the clock is heading for now: its reading with a
// slew under way completed (its reading when none is).
func (c *Clock) Target(env *Env) float64 { return c.TargetAt(env.Now()) }

// TargetAt is Target at real time t (not before the clock's last change).
func (c *Clock) TargetAt(t Time) float64 { return c.At(t) + c.remaining(c.hw.At(t)) }

// Rate is how fast the clock runs against real time at t.
func (c *Clock) Rate(t Time) float64 {
	if c.slewing && c.hw.At(t) < c.slewEnd {
		return float64(c.alpha * c.hw.Rate())
	}
	if c.slewing {
		return float64(c.base * c.hw.Rate())
	}
	return float64(c.alpha * c.hw.Rate())
}

// settle ends a slew that is over by now and forgets marks after now (a
// slew's end that will not come): the clock is ready for a change at now.
func (c *Clock) settle(now Time) {
	if c.slewing { // over, or cut short: the clock runs at its rate before the slew
		h := c.hw.At(now)
		v := c.at(h)
		c.alpha, c.slewing = c.base, false
		c.beta = v - float64(c.alpha*h)
	}
	k := len(c.marks)
	for k > 1 && c.marks[k-1].T > float64(now) {
		k--
	}
	c.marks = c.marks[:k:k] // the next append copies: shared marks stay as they were
}

// Set jumps the clock to v now, known to within ±band (0: not known).
func (c *Clock) Set(env *Env, v, band float64) {
	now := env.Now()
	before := c.At(now)
	c.settle(now)
	c.beta = v - float64(c.alpha*c.hw.At(now))
	c.marks = append(c.marks, ClockMark{T: float64(now), C: v, Before: before, Rate: c.Rate(now), Kind: "jump", Band: band})
}

// Adjust jumps the clock by delta from its Target now (a slew under way
// is completed at once), known to within ±band.
func (c *Clock) Adjust(env *Env, delta, band float64) { c.Set(env, c.Target(env)+delta, band) }

// Slew corrects the clock by delta from its Target gradually (what is left
// of a slew under way is added): it runs faster (or slower)
// for about the given real time, so that it never jumps and never runs
// backwards. A correction backwards by more than half that time takes
// longer (the clock runs at half speed at least). The target is known to
// within ±band (0: not known).
func (c *Clock) Slew(env *Env, delta float64, over Time, band float64) {
	now := env.Now()
	cur := c.At(now)
	delta += c.remaining(c.hw.At(now))
	c.settle(now)
	span := float64(float64(max(over, 1)) * c.hw.Rate()) // hardware ticks of the slew
	if minSpan := 2 * -delta / c.alpha; span < minSpan {
		span = minSpan
	}
	h := c.hw.At(now)
	c.base, c.slewing, c.slewEnd = c.alpha, true, h+span
	c.alpha += delta / span
	c.beta = cur - float64(c.alpha*h)
	end := float64(now) + span/c.hw.Rate()
	c.marks = append(c.marks,
		ClockMark{T: float64(now), C: cur, Before: cur, Rate: float64(c.alpha * c.hw.Rate()), Kind: "slew", Band: band},
		ClockMark{T: end, C: cur + float64(c.alpha*span), Before: cur + float64(c.alpha*span), Rate: float64(c.base * c.hw.Rate()), Kind: "slewEnd"})
}

// Marks is the clock's course so far (and a slew's end to come), for the
// views; the caller must not change it.
func (c *Clock) Marks() []ClockMark { return c.marks }

// Hardware is the hardware clock the clock runs on.
func (c *Clock) Hardware() Hardware { return c.hw }

// ReadingAt is the clock's reading at real time t from its recorded course
// (At reads it on its current course, right only after its last change):
// for the checks and outcomes that look back.
func (c *Clock) ReadingAt(t float64) float64 {
	var m *ClockMark
	for i := range c.marks {
		if c.marks[i].T > t {
			break
		}
		m = &c.marks[i]
	}
	if m == nil {
		return c.hw.Offset + float64(c.hw.Rate()*t)
	}
	return m.C + float64(m.Rate*(t-m.T))
}
