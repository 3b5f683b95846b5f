package main

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// patterns are the ten, in its order (1 and 2 and 3 have two parts).
func patterns() []pattern {
	return []pattern{
		{"0", "idle: the baseline of this machine, 10 s", idle},
		{"1a", "one session: open a 1M-event run, last; 30 times (45 s at most)", openLast},
		{"1b", "200 sessions playing at 2,000 steps/s for 15 s", playMany},
		{"2a", "12 downloads of a 1M-event run that never read, 10 s", stalledDownloads},
		{"2b", "12 simulations of 1M events that never read, 10 s", stalledSimulations},
		{"3a", "10 experiments at once over HTTP (n 100,000, 10,000 seeds)", httpExperiments},
		{"3b", "4 experiments at once over WebSockets", wsExperiments},
		{"4", "14 uploads of a 60 MiB trace at once", uploads},
		{"5", "n 100,000 refused; 2 sessions stepping n 10,000 at 50/s, 10 s", bigFrames},
		{"6", "two sessions attached to one run: own cursors", sharedRun},
		{"7", "a 64 MiB experiment result read at 8 MB/s", slowExperiment},
		{"8", "shutdown with a download that never reads", shutdownSlow},
		{"9", "lenient input is refused", strictInput},
		{"10", "re-import of a 1M-event export", reimport},
	}
}

func idle(ctx context.Context, s *server, r *report) error {
	time.Sleep(10 * time.Second)
	return nil
}

const tokenRing = `"algorithm":"token-ring-mutex","params":{"rounds":1000000}`

// memoryFull counts the errors that are the memory budget's refusals.
func memoryFull(errs []string) int {
	n := 0
	for _, e := range errs {
		if strings.Contains(e, "memory is full") {
			n++
		}
	}
	return n
}

func openLast(ctx context.Context, s *server, r *report) error {
	sess, err := dial(ctx, s.url, 0)
	if err != nil {
		return err
	}
	defer sess.close()
	deadline := time.Now().Add(45 * time.Second)
	done := 0
	for i := 0; i < 30 && time.Now().Before(deadline); i++ {
		sess.send(ctx, `{"type":"open",%s,"seed":%d}`, tokenRing, i+1)
		if _, err := sess.until(ctx, "frame", "error"); err != nil {
			return err
		}
		sess.send(ctx, `{"type":"last"}`)
		if _, err := sess.until(ctx, "frame", "error"); err != nil {
			return err
		}
		done++
	}
	r.note("%d of 30 open+last done (each stops at its 1,000,000 events), %d refused for memory", done, memoryFull(sess.errors()))
	return nil
}

func playMany(ctx context.Context, s *server, r *report) error {
	var sessions []*session
	defer func() {
		for _, x := range sessions {
			x.close()
		}
	}()
	for i := range 200 {
		x, err := dial(ctx, s.url, 0)
		if err != nil {
			return fmt.Errorf("session %d: %w", i, err)
		}
		sessions = append(sessions, x)
		x.send(ctx, `{"type":"open",%s,"seed":%d}`, tokenRing, i+1)
	}
	for _, x := range sessions {
		x.until(ctx, "frame", "error")
		x.send(ctx, `{"type":"play","speed":2000}`)
	}
	time.Sleep(15 * time.Second)
	var bytes int64
	full := 0
	for _, x := range sessions {
		bytes += x.received()
		full += memoryFull(x.errors())
	}
	r.note("%d MB sent to 200 sessions, %d plays stopped by the memory budget", bytes>>20, full)
	return nil
}

// storedRun makes a stored run of a million events (a session runs it to
// its end and lets go of it).
func storedRun(ctx context.Context, s *server) (string, error) {
	code, body, err := post(ctx, s.url, "/api/runs", `{`+tokenRing+`,"maxEvents":1000000}`)
	if err != nil || code != 201 {
		return "", fmt.Errorf("creating a run: %d %s %v", code, body, err)
	}
	id := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(string(body)), `{"id":"`), `"}`)
	sess, err := dial(ctx, s.url, 0)
	if err != nil {
		return "", err
	}
	defer sess.close()
	sess.send(ctx, `{"type":"attach","id":%q}`, id)
	sess.until(ctx, "frame")
	sess.send(ctx, `{"type":"last"}`)
	if _, err := sess.until(ctx, "frame"); err != nil {
		return "", err
	}
	return id, nil
}

// stalled opens n clients that never read and holds them for d.
func stalled(n int, d time.Duration, open func() (net.Conn, int, error)) (map[int]int, error) {
	codes := map[int]int{}
	var conns []net.Conn
	var mu sync.Mutex
	var wg sync.WaitGroup
	var failed error
	for range n {
		wg.Go(func() {
			c, code, err := open()
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed = err
				return
			}
			codes[code]++
			conns = append(conns, c)
		})
	}
	wg.Wait()
	time.Sleep(d)
	for _, c := range conns {
		c.Close()
	}
	return codes, failed
}

func stalledDownloads(ctx context.Context, s *server, r *report) error {
	id, err := storedRun(ctx, s)
	if err != nil {
		return err
	}
	codes, err := stalled(12, 10*time.Second, func() (net.Conn, int, error) {
		return stall(s.url, "GET", "/api/runs/"+id+"/trace", "")
	})
	r.note("statuses %v", codes)
	r.check(codes[200] == 12, "every download should be served (a chunk at a time): %v", codes)
	return err
}

func stalledSimulations(ctx context.Context, s *server, r *report) error {
	codes, err := stalled(12, 10*time.Second, func() (net.Conn, int, error) {
		return stall(s.url, "POST", "/api/simulate", `{`+tokenRing+`,"maxEvents":1000000}`)
	})
	r.note("statuses %v (503: the memory budget or the workers' queue)", codes)
	r.check(codes[200]+codes[503] == 12, "only 200 and 503: %v", codes)
	return err
}

const bigExperiment = `{"algorithm":"chang-roberts","params":{"n":100000},"seeds":{"count":10000},"maxEvents":1}`

func httpExperiments(ctx context.Context, s *server, r *report) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	var bytes atomic.Int64
	for range 10 {
		wg.Go(func() {
			code, body, err := post(ctx, s.url, "/api/experiments", bigExperiment)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				codes[-1]++
				return
			}
			codes[code]++
			bytes.Add(int64(len(body)))
		})
	}
	wg.Wait()
	r.note("statuses %v, %d MB of rows", codes, bytes.Load()>>20)
	r.check(codes[-1] == 0, "no failed answers: %v", codes)
	return nil
}

func wsExperiments(ctx context.Context, s *server, r *report) error {
	var wg sync.WaitGroup
	var results, refused atomic.Int64
	var bytes atomic.Int64
	for range 4 {
		wg.Go(func() {
			x, err := dial(ctx, s.url, 0)
			if err != nil {
				return
			}
			defer x.close()
			x.send(ctx, `{"type":"experiment","experiment":%s}`, bigExperiment)
			m, err := x.until(ctx, "experimentResult", "error")
			switch {
			case err != nil:
			case m.Type == "experimentResult":
				results.Add(1)
			default:
				refused.Add(1)
			}
			bytes.Add(x.received())
		})
	}
	wg.Wait()
	r.note("%d results, %d refused, %d MB received", results.Load(), refused.Load(), bytes.Load()>>20)
	r.check(results.Load()+refused.Load() == 4, "every experiment ends with a result or a refusal")
	return nil
}

// export is a trace the server made, of about the given events.
func export(ctx context.Context, s *server, events int) ([]byte, error) {
	code, body, err := post(ctx, s.url, "/api/simulate", fmt.Sprintf(`{%s,"maxEvents":%d}`, tokenRing, events))
	if err != nil || code != 200 {
		return nil, fmt.Errorf("simulate: %d %v", code, err)
	}
	return body, nil
}

func uploads(ctx context.Context, s *server, r *report) error {
	doc, err := export(ctx, s, 400_000)
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for range 14 {
		wg.Go(func() {
			code, _, err := postBytes(ctx, s.url, "/api/traces", doc)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				code = -1
			}
			codes[code]++
		})
	}
	wg.Wait()
	r.note("a %d MiB trace; statuses %v (503: no worker free within 60 s, or memory)", len(doc)>>20, codes)
	r.check(codes[201] > 0 && codes[201]+codes[503] == 14, "uploads are stored or refused with 503: %v", codes)
	return nil
}
