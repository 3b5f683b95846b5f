package budget

// A Charger takes and gives back memory: *Budget is one.
type Charger interface {
	// Charge takes n bytes for what, or refuses them with an error.
	Charge(n int64, what string) error
	// Release gives back n bytes charged before.
	Release(n int64)
}

// An Account is what one holder of memory (a run, a session's frame
// encoder, a frame kept for reuse) has charged to a Charger, held as one
// figure: the holder says how much it wants charged, the account charges
// or releases the difference, and Close gives all of it back. Without a
// Charger (the zero Account) it charges nothing and holds 0.
type Account struct {
	to   Charger
	what string // what the charges are for, e.g. "the run"
	held int64  // bytes charged to the Charger
}

// NewAccount opens an account that charges to (nil: nothing) for what.
func NewAccount(to Charger, what string) Account {
	return Account{to: to, what: what}
}

// Charging reports whether the account has a Charger.
func (a *Account) Charging() bool { return a.to != nil }

// Held is the bytes charged now.
func (a *Account) Held() int64 { return a.held }

// Resize brings the charge to n bytes: it charges what n grows by, or
// releases what it shrinks by. A charge the Charger refuses changes
// nothing and returns the Charger's error.
func (a *Account) Resize(n int64) error {
	if a.to == nil || n == a.held {
		return nil
	}
	if n > a.held {
		if err := a.to.Charge(n-a.held, a.what); err != nil {
			return err
		}
	} else {
		a.to.Release(a.held - max(n, 0))
	}
	a.held = max(n, 0)
	return nil
}

// Close gives back everything charged. The account may be charged again.
func (a *Account) Close() {
	if a.to != nil && a.held > 0 {
		a.to.Release(a.held)
	}
	a.held = 0
}
