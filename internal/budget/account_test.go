package budget

import (
	"errors"
	"testing"
)

// An account charges what its figure grows by, releases what it shrinks
// by, refuses with the budget's error and changes nothing, and gives
// everything back on Close.
func TestAccount(t *testing.T) {
	b := New(100)
	a := NewAccount(b, "the frame encoder")
	steps := []struct {
		to         int64
		held, used int64
		refused    bool
	}{
		{to: 40, held: 40, used: 40},
		{to: 70, held: 70, used: 70},
		{to: 30, held: 30, used: 30},
		{to: 130, held: 30, used: 30, refused: true},
		{to: 100, held: 100, used: 100},
		{to: -5, held: 0, used: 0}, // nothing below nothing
		{to: 60, held: 60, used: 60},
	}
	for i, s := range steps {
		err := a.Resize(s.to)
		var e *Error
		if s.refused != (err != nil) || s.refused && (!errors.As(err, &e) || e.What != "the frame encoder" || e.Need != s.to-s.held) {
			t.Errorf("step %d, Resize(%d): %v", i, s.to, err)
		}
		if a.Held() != s.held || b.Used() != s.used {
			t.Errorf("step %d, Resize(%d): held %d, budget used %d; want %d, %d", i, s.to, a.Held(), b.Used(), s.held, s.used)
		}
	}
	a.Close()
	if a.Held() != 0 || b.Used() != 0 {
		t.Errorf("after Close: held %d, budget used %d", a.Held(), b.Used())
	}
	if err := a.Resize(10); err != nil || b.Used() != 10 {
		t.Errorf("charged again after Close: %v, used %d", err, b.Used())
	}
	a.Close()
	a.Close()
	if b.Used() != 0 {
		t.Errorf("a second Close released again: used %d", b.Used())
	}
}

// Without a Charger an account charges nothing and refuses nothing.
func TestAccountWithoutCharger(t *testing.T) {
	var a Account
	if err := a.Resize(1 << 40); err != nil || a.Held() != 0 || a.Charging() {
		t.Errorf("Resize: %v, held %d, charging %v", err, a.Held(), a.Charging())
	}
	a.Close()
	var none Charger
	if b := NewAccount(none, "x"); b.Charging() {
		t.Error("an account of a nil Charger charges")
	}
}
