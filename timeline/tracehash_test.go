package timeline_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/param"
	"distviz/timeline"
	"distviz/trace"
)

var updateHashes = flag.Bool("update", false, "rewrite testdata/trace-hashes.txt")

// hashEvents caps the scenario runs: enough to cover every kind of event
// the scenarios make, small enough to run with every go test.
const hashEvents = 5000

// hashRun is one pinned run: an algorithm, parameters, a seed, an event cap.
type hashRun struct {
	name   string
	algo   string
	params map[string]any
	seed   int64
	cap    int64
	fork   int // > 0: run this many steps, seek back to half of them and act there
}

// hashRuns lists every scenario of every algorithm in the catalog, and a few
// larger Chang–Roberts runs that exercise the log's chunks, the queue's heap
// (random delays) and the checkpoints.
func hashRuns() []hashRun {
	var runs []hashRun
	for _, a := range algos.All() {
		for _, sc := range a.Scenarios {
			runs = append(runs, hashRun{name: a.ID + "/" + sc.ID, algo: a.ID, params: sc.Params, seed: sc.Seed, cap: hashEvents})
		}
		// n = 31 (a projective plane for Maekawa), or the most the algorithm
		// allows below it; random delays where the algorithm takes them.
		n := 31
		if i := slices.IndexFunc(a.Params, func(p param.Spec) bool { return p.Name == "n" }); i >= 0 && a.Params[i].Max != nil {
			n = min(n, int(*a.Params[i].Max))
		}
		params := map[string]any{"n": n, "delay": map[string]int{"min": 1, "max": 9}}
		if _, err := a.ResolveAny(params, 1); err != nil {
			params = map[string]any{"n": n}
		}
		for seed := int64(1); seed <= 2; seed++ {
			name := fmt.Sprintf("%s/n=%d/seed=%d", a.ID, n, seed)
			runs = append(runs, hashRun{name: name, algo: a.ID, params: params, seed: seed, cap: hashEvents},
				hashRun{name: name + "/fork", algo: a.ID, params: params, seed: seed, cap: hashEvents, fork: 1500})
		}
	}
	return append(runs,
		hashRun{name: "large/chang-roberts-decreasing", algo: "chang-roberts",
			params: map[string]any{"n": 1000, "idOrder": "decreasing"}, seed: 1},
		hashRun{name: "large/chang-roberts-decreasing/fork", algo: "chang-roberts",
			params: map[string]any{"n": 1000, "idOrder": "decreasing"}, seed: 1, fork: 300_000},
		hashRun{name: "large/chang-roberts-random", algo: "chang-roberts",
			params: map[string]any{"n": 20000, "idOrder": "random"}, seed: 7},
		hashRun{name: "large/chang-roberts-delays", algo: "chang-roberts",
			params: map[string]any{"n": 2000, "idOrder": "random", "delay": map[string]int{"min": 1, "max": 9}}, seed: 3},
		hashRun{name: "large/chang-roberts-participant", algo: "chang-roberts",
			params: map[string]any{"n": 3000, "variant": "participant", "initiators": []int{0, 100, 2000, 2999},
				"idOrder": "random", "delay": map[string]int{"min": 2, "max": 4}, "fifo": false}, seed: 5},
	)
}

// traceHash runs r and returns the SHA-256 of its encoded trace (the whole
// document trace.Write makes: header, events, summary) and its length in events.
func traceHash(t *testing.T, r hashRun) (string, int64) {
	t.Helper()
	a, v := resolve(t, r.algo, r.params, r.seed)
	tl, err := timeline.New(a, v, r.seed, r.cap)
	if err != nil {
		t.Fatal(err)
	}
	if r.fork > 0 {
		// Go forward, back to the middle through the checkpoints, and act
		// there: a crash, or where crashes are not allowed (a bus), dropping
		// the next message in flight. The run then goes on from the fork.
		if err := tl.Run(r.fork); err != nil && err != timeline.ErrTooLong {
			t.Fatal(err)
		}
		if err := tl.Seek(tl.Steps() / 2); err != nil {
			t.Fatal(err)
		}
		err := tl.Apply(engine.Action{Type: engine.ActCrash, Node: 3})
		if flight := tl.State().InFlight(); err != nil && len(flight) > 0 {
			err = tl.Apply(engine.Action{Type: engine.ActDrop, Msg: flight[0].ID})
		}
		if err != nil {
			t.Fatalf("no action to fork with: %v", err)
		}
	}
	if err := tl.Run(0); err != nil && err != timeline.ErrTooLong {
		t.Fatal(err)
	}
	h := sha256.New()
	if err := trace.Write(h, tl); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil)), tl.Len()
}

// TestTraceHashes pins the bytes of the traces of every scenario and of a few
// large runs: the engine's speed work must leave every trace byte-identical.
// A change that means to change traces (an algorithm moving to keyed texts)
// rewrites the file with -update, and the diff shows which runs changed.
func TestTraceHashes(t *testing.T) {
	const file = "testdata/trace-hashes.txt"
	want := map[string]string{}
	if !*updateHashes {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
				name, rest, _ := strings.Cut(line, " ")
				want[name] = rest
			}
		}
		f.Close()
	}
	var out strings.Builder
	out.WriteString("# name events sha256(trace): go test ./timeline -run TraceHashes -update rewrites this file\n")
	for _, r := range hashRuns() {
		if r.cap == 0 && (raceDetector || testing.Short() && r.name != "large/chang-roberts-decreasing") {
			// the large runs take a few seconds, minutes under -race: go
			// test (without -short) runs them, the race detector the rest
			if want[r.name] != "" || *updateHashes {
				fmt.Fprintf(&out, "%s %s\n", r.name, want[r.name])
			}
			continue
		}
		sum, events := traceHash(t, r)
		got := fmt.Sprintf("%d %s", events, sum)
		fmt.Fprintf(&out, "%s %s\n", r.name, got)
		if !*updateHashes && want[r.name] != got {
			t.Errorf("%s: trace is %s, pinned %q", r.name, got, want[r.name])
		}
	}
	if *updateHashes {
		if testing.Short() || raceDetector {
			t.Fatal("-update needs every run: drop -short and -race")
		}
		if err := os.WriteFile(file, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
