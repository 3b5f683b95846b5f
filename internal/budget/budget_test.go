package budget

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

func TestChargeAndRelease(t *testing.T) {
	b := New(100)
	if err := b.Charge(60, "a"); err != nil {
		t.Fatal(err)
	}
	err := b.Charge(50, "the run")
	var e *Error
	if !errors.As(err, &e) || e.Need != 50 || e.Free != 40 {
		t.Fatalf("over the limit: %v", err)
	}
	for _, want := range []string{"memory is full", "the run needs 50 bytes more", "40 bytes", "try again"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
	if b.Used() != 60 {
		t.Errorf("a refused charge took memory: used %d", b.Used())
	}
	b.Release(60)
	b.Force(150)
	if b.Used() != 150 || b.Peak() != 150 {
		t.Errorf("Force: used %d peak %d", b.Used(), b.Peak())
	}
	if err := b.Charge(1, "x"); err == nil {
		t.Error("a charge beyond a forced overdraft was taken")
	}
}

// A refused charge first asks the reclaimer to make room.
func TestReclaim(t *testing.T) {
	b := New(100)
	b.Charge(90, "old")
	var asked int64
	b.SetReclaimer(func(need int64) int64 {
		asked = need
		b.Release(90)
		return 90
	})
	if err := b.Charge(30, "new"); err != nil {
		t.Fatal(err)
	}
	if asked != 20 || b.Used() != 30 {
		t.Errorf("asked for %d, used %d", asked, b.Used())
	}
}

func TestNilAndUnlimited(t *testing.T) {
	var b *Budget
	if err := b.Charge(1<<40, "x"); err != nil {
		t.Error(err)
	}
	b.Release(5)
	u := New(0)
	if err := u.Charge(1<<50, "x"); err != nil {
		t.Error(err)
	}
}

func TestConcurrent(t *testing.T) {
	b := New(1000)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 1000 {
				if b.Charge(10, "x") == nil {
					b.Release(10)
				}
			}
		})
	}
	wg.Wait()
	if b.Used() != 0 || b.Peak() > 1000 {
		t.Errorf("used %d peak %d", b.Used(), b.Peak())
	}
}

func TestBytes(t *testing.T) {
	for n, want := range map[int64]string{12: "12 bytes", 1536: "1.5 KiB", 1 << 30: "1 GiB", 200 << 20: "200 MiB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}
