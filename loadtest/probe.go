package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"sync"
	"time"
)

// The latency probe asks GET /api/algorithms every 25 ms, as a page load
// would, and times each answer read to its end. It is a process of its
// own, this program run with -probe: in the process of the clients, which
// read hundreds of megabytes in some patterns, its requests would wait for
// their processors, and the server would be blamed for the wait.

// latencies are the probe's figures.
type latencies struct {
	n             int
	p50, p99, max time.Duration
}

type probe struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   io.ReadCloser
	once  sync.Once
	lat   latencies
}

// warmUp asks for GET /api/algorithms once before the probe starts: the
// server encodes the answer on the first request, once for its lifetime,
// and a lecture hall meets a server that has answered it before.
func warmUp(url string) {
	resp, err := http.Get(url + "/api/algorithms")
	if err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// startProbe starts the probe process.
func startProbe(url string) (*probe, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, "-probe", url)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the probe: %w", err)
	}
	return &probe{cmd: cmd, stdin: stdin, out: out}, nil
}

// stop ends the probe (closing its input) and reads its figures.
func (p *probe) stop() latencies {
	p.once.Do(func() {
		p.stdin.Close()
		var ds []time.Duration
		sc := bufio.NewScanner(p.out)
		for sc.Scan() {
			if ns, err := strconv.ParseInt(sc.Text(), 10, 64); err == nil {
				ds = append(ds, time.Duration(ns))
			}
		}
		p.cmd.Wait()
		p.lat = summarize(ds)
	})
	return p.lat
}

// runProbe is the probe process: it asks until its input ends, then writes
// each answer's time in nanoseconds, a line each. It takes the answer
// gzipped, as a browser does, but does not unpack it: unpacking (a few
// milliseconds of processor time for 575 KiB) is the client's work, not
// the server's latency, and would take the processors the server shares.
func runProbe(url string, in io.Reader, out io.Writer) error {
	stop := make(chan struct{})
	go func() {
		io.Copy(io.Discard, in)
		close(stop)
	}()
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableCompression: true}}
	req, err := http.NewRequest("GET", url+"/api/algorithms", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept-Encoding", "gzip")
	var ds []time.Duration
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			w := bufio.NewWriter(out)
			for _, d := range ds {
				fmt.Fprintln(w, int64(d))
			}
			return w.Flush()
		case <-tick.C:
		}
		start := time.Now()
		resp, err := client.Do(req)
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		d := time.Since(start)
		if err != nil || resp.StatusCode != 200 {
			d = 30 * time.Second // a failure counts as the worst
		}
		ds = append(ds, d)
	}
}

func summarize(ds []time.Duration) latencies {
	if len(ds) == 0 {
		return latencies{}
	}
	slices.Sort(ds)
	at := func(q float64) time.Duration { return ds[min(len(ds)-1, int(q*float64(len(ds))))] }
	return latencies{n: len(ds), p50: at(0.50), p99: at(0.99), max: ds[len(ds)-1]}
}
