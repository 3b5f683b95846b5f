package experiment_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"distviz/experiment"
	"distviz/internal/budget"
)

// Rows handed on as they are ready are the rows of the result, in the same
// order and with the same cut, whatever the workers.
func TestStreamedRowsAreTheResult(t *testing.T) {
	body := `{"algorithm": "chang-roberts", "vary": {"n": [3, 9, 17]}, "seeds": {"from": 3, "count": 40}}`
	for _, lim := range []experiment.Limits{{}, {MaxTotalEvents: 3000}} {
		p := plan(t, body, lim)
		want := run(t, p, 1)
		for _, w := range []int{1, 3} {
			var got []experiment.Row
			res, err := experiment.Run(context.Background(), p, experiment.Options{Workers: w,
				Rows: func(rows []experiment.Row) error { got = append(got, rows...); return nil }})
			if err != nil {
				t.Fatal(err)
			}
			if res.Rows != nil || res.Runs != len(got) || res.Truncated != want.Truncated {
				t.Fatalf("result: %d rows held, %d runs, truncated %v; %d streamed", len(res.Rows), res.Runs, res.Truncated, len(got))
			}
			if jsonOf(t, got) != jsonOf(t, want.Rows) {
				t.Fatalf("%d workers: the streamed rows differ from the result's", w)
			}
		}
	}
}

// A consumer that does not keep up holds the workers up: they take no more
// runs than the window ahead of it.
func TestStreamWindow(t *testing.T) {
	p := plan(t, `{"algorithm": "chang-roberts", "params": {"n": 4}, "seeds": {"count": 2000}}`, experiment.Limits{})
	var progress atomic.Int64
	release := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		_, err := experiment.Run(context.Background(), p, experiment.Options{Workers: 2,
			Progress: func(d, _ int) { progress.Store(int64(d)) },
			Rows: func([]experiment.Row) error {
				<-release
				return nil
			}})
		done <- err
	}()
	time.Sleep(300 * time.Millisecond)
	if n := progress.Load(); n > 300 {
		t.Errorf("%d runs made while the consumer took none: the window is 256", n)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// An error from the consumer ends the experiment with it.
func TestStreamConsumerError(t *testing.T) {
	p := plan(t, `{"algorithm": "chang-roberts", "seeds": {"count": 500}}`, experiment.Limits{})
	boom := errors.New("the client went away")
	_, err := experiment.Run(context.Background(), p, experiment.Options{Workers: 2,
		Rows: func([]experiment.Row) error { return boom }})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
}

// Without a consumer the rows held are charged to the meter; a meter that
// cannot hold them ends the experiment with its refusal.
func TestRowsCharged(t *testing.T) {
	p := plan(t, `{"algorithm": "chang-roberts", "seeds": {"count": 200}}`, experiment.Limits{})
	mem := budget.New(1 << 30)
	res, err := experiment.Run(context.Background(), p, experiment.Options{Workers: 2, Meter: mem})
	if err != nil || res.Charged <= 0 || mem.Used() != res.Charged {
		t.Fatalf("%v: charged %d, used %d", err, res.Charged, mem.Used())
	}
	mem.Release(res.Charged)
	small := budget.New(10 << 10)
	_, err = experiment.Run(context.Background(), p, experiment.Options{Workers: 2, Meter: small})
	var full *budget.Error
	if !errors.As(err, &full) || small.Used() != 0 {
		t.Fatalf("error %v, %d bytes still charged", err, small.Used())
	}
}
