// Command loadtest replays the request patterns of issue 17 against a
// fresh server process each (loopback only, bounded in clients and time)
// and reports, for each, the server's peak resident memory and the latency
// of GET /api/algorithms while the pattern ran, with what the clients got.
//
//	go tool -modfile=tools/go.mod task load
//	go run ./loadtest -memory 1GiB -only 1a,4
//
// It is a measurement, not a test: it prints figures and the outcome of
// each pattern's checks, and exits 1 only if a check failed.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// pattern is one request pattern of the issue.
type pattern struct {
	id, what string
	run      func(ctx context.Context, s *server, r *report) error
}

// report is what a pattern found.
type report struct {
	mu       sync.Mutex
	notes    []string
	failed   []string
	endProbe func() // stops the latency probe early
}

func (r *report) note(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.notes = append(r.notes, fmt.Sprintf(format, args...))
}

// check records a check that must hold.
func (r *report) check(ok bool, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !ok {
		r.failed = append(r.failed, fmt.Sprintf(format, args...))
	}
}

func run() error {
	memory := flag.String("memory", "1GiB", "the server's -memory budget")
	only := flag.String("only", "", "comma-separated pattern ids to run (default: all)")
	probeURL := flag.String("probe", "", "(internal) be the latency probe of the server at this URL")
	flag.Parse()
	if *probeURL != "" {
		return runProbe(*probeURL, os.Stdin, os.Stdout)
	}
	budget, err := parseSize(*memory)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "distviz-load")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "server")
	build := exec.Command("go", "build", "-o", bin, "./cmd/server")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("building the server: %w", err)
	}
	fmt.Printf("distviz load test: a fresh server per pattern, -memory %s, loopback only; %d cores, load average %s\n\n",
		*memory, runtime.NumCPU(), loadAverage())
	fmt.Printf("%-4s %-62s %9s %7s %8s %8s %8s %6s\n", "", "pattern", "peak RSS", "budget%", "p50", "p99", "max", "probes")
	failed := 0
	for _, p := range patterns() {
		if *only != "" && !slices.Contains(strings.Split(*only, ","), p.id) {
			continue
		}
		ok, err := runPattern(bin, *memory, budget, p)
		if err != nil {
			return fmt.Errorf("pattern %s: %w", p.id, err)
		}
		if !ok {
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d patterns failed a check", failed)
	}
	return nil
}

// runPattern starts a server, runs the pattern with the latency probe
// beside it, stops the server and prints the figures.
func runPattern(bin, memory string, budget int64, p pattern) (bool, error) {
	s, err := startServer(bin, memory)
	if err != nil {
		return false, err
	}
	defer s.stop()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	warmUp(s.url)
	probe, err := startProbe(s.url)
	if err != nil {
		return false, err
	}
	watch := s.watchRSS()
	r := &report{endProbe: func() { probe.stop() }}
	start := time.Now()
	serverCPU, ownCPU := s.cpu(), selfCPU()
	err = p.run(ctx, s, r)
	lat := probe.stop()
	peak := watch()
	serverEnd := s.cpu()
	serverText := fmt.Sprintf("%.1fs", (serverEnd - serverCPU).Seconds())
	if serverEnd < serverCPU {
		serverText = "not known (it ended)" // (its /proc entry went with it)
	}
	ownCPU = selfCPU() - ownCPU
	if err != nil {
		r.check(false, "%v", err)
	}
	fmt.Printf("%-4s %-62s %8.0fM %6.0f%% %8s %8s %8s %6d\n", p.id, p.what, float64(peak)/(1<<20),
		100*float64(peak)/float64(budget), ms(lat.p50), ms(lat.p99), ms(lat.max), lat.n)
	// The processor time says what the latencies cannot on a shared
	// machine: how much of it the server took, and how much the clients
	// took beside it (the probe is a process of its own).
	fmt.Printf("     %.1fs, load %s, CPU: server %s, load test %.1fs", time.Since(start).Seconds(), loadAverage(),
		serverText, ownCPU.Seconds())
	for _, n := range r.notes {
		fmt.Printf("; %s", n)
	}
	fmt.Println()
	for _, f := range r.failed {
		fmt.Printf("     FAILED: %s\n", f)
	}
	if n := s.panics(); n > 0 {
		fmt.Printf("     FAILED: the server logged %d panics\n", n)
		return false, nil
	}
	return len(r.failed) == 0, nil
}

// loadAverage is the machine's load over the last minute: the latencies
// mean little on a machine busy with other work.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Fields(string(b))[0]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond)) }

// server is a server process on loopback.
type server struct {
	cmd    *exec.Cmd
	url    string
	mu     sync.Mutex
	panicN int
	done   chan error
	once   sync.Once
	exit   error
}

func startServer(bin, memory string) (*server, error) {
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-memory", memory)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, done: make(chan error, 1)}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if _, u, ok := strings.Cut(line, "url="); ok && strings.Contains(line, "serving distviz") {
				urls <- strings.TrimSuffix(u, "/")
			}
			if strings.Contains(line, "panic") {
				s.mu.Lock()
				s.panicN++
				s.mu.Unlock()
			}
		}
		s.done <- cmd.Wait()
	}()
	select {
	case s.url = <-urls:
		return s, nil
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		return nil, errors.New("the server did not start")
	}
}

func (s *server) panics() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.panicN
}

// peakRSS is the process's peak resident set (VmHWM), in bytes.
func (s *server) peakRSS() int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// cpu is the processor time the server has taken so far (user and
// system; none once it has ended).
func (s *server) cpu() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// The fields after the command's name, which is in parentheses.
	_, rest, _ := bytes.Cut(b, []byte(") "))
	f := strings.Fields(string(rest))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / clockTicks
}

// clockTicks is the unit of /proc's times (USER_HZ, 100 on Linux).
const clockTicks = 100

// selfCPU is the processor time this process has taken so far.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// stop ends the server (SIGTERM, then kill after its grace) and reports
// how it exited.
func (s *server) stop() error {
	s.once.Do(func() {
		s.cmd.Process.Signal(os.Interrupt)
		select {
		case s.exit = <-s.done:
		case <-time.After(20 * time.Second):
			s.cmd.Process.Kill()
			s.exit = <-s.done
		}
	})
	return s.exit
}

// watchRSS samples the peak resident set every 100 ms (the process may
// end before the pattern does) until the function it returns is called,
// which reports the last sample.
func (s *server) watchRSS() func() int64 {
	var peak atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			if p := s.peakRSS(); p > 0 {
				peak.Store(p)
			}
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	return func() int64 {
		close(stop)
		<-done
		return peak.Load()
	}
}

// parseSize reads 1GiB, 512MiB and the like.
func parseSize(s string) (int64, error) {
	for _, u := range []struct {
		suffix string
		scale  float64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}} {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			x, err := strconv.ParseFloat(num, 64)
			return int64(x * u.scale), err
		}
	}
	return 0, fmt.Errorf("-memory %q: write it as 1GiB or 512MiB", s)
}
