package algos_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/narrate"
	"distviz/param"
	"distviz/timeline"
	"distviz/trace"
)

var update = flag.Bool("update", false, "rewrite the expected output of transcript tests in testdata/")

// newRun resolves params (Go values, as in a JSON request) and starts a run.
func newRun(t testing.TB, id string, params map[string]any, seed int64) *timeline.Timeline {
	t.Helper()
	a, err := algos.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.ResolveAny(params, seed)
	if err != nil {
		t.Fatalf("%s %v: %v", id, params, err)
	}
	tl, err := timeline.New(a, v, seed, 5_000_000)
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// scenarioParams returns a copy of a scenario's parameters: tests may change
// it, the registry's must stay as they are.
func scenarioParams(t *testing.T, alg, id string) map[string]any {
	t.Helper()
	a, err := algos.Get(alg)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := a.Scenario(id)
	if err != nil {
		t.Fatal(err)
	}
	return maps.Clone(sc.Params)
}

// runToEnd runs to completion and checks the counters against the events.
func runToEnd(t testing.TB, id string, params map[string]any, seed int64) (*timeline.Timeline, trace.Summary) {
	t.Helper()
	tl := newRun(t, id, params, seed)
	if err := tl.Run(0); err != nil {
		t.Fatalf("%s %v seed %d: %v", id, params, seed, err)
	}
	s := trace.Summarize(tl)
	checkCounters(t, tl, s)
	return tl, s
}

// checkCounters recounts messages from the events: the summary must agree.
func checkCounters(t testing.TB, tl *timeline.Timeline, s trace.Summary) {
	t.Helper()
	var sent, delivered, dropped int64
	byType := map[string]int64{}
	for seq := int64(1); seq <= tl.Len(); seq++ {
		switch e := tl.Event(seq); e.Kind {
		case engine.KindSend:
			sent++
			byType[e.Msg.Type]++
		case engine.KindDeliver:
			delivered++
		case engine.KindDrop:
			dropped++
		}
	}
	m := s.Messages
	if m.Sent != sent || m.Delivered != delivered || m.Dropped != dropped {
		t.Fatalf("summary says sent/delivered/dropped %d/%d/%d, events say %d/%d/%d", m.Sent, m.Delivered, m.Dropped, sent, delivered, dropped)
	}
	for typ, c := range byType {
		if m.ByType.Get(typ) != c {
			t.Fatalf("summary says %d %s sent, events say %d", m.ByType.Get(typ), typ, c)
		}
	}
	if s.Events != tl.Len() {
		t.Fatalf("summary says %d events, the trace has %d", s.Events, tl.Len())
	}
}

// narration renders events (from, to] as "t=T text" lines.
func narration(tl *timeline.Timeline, from, to int64) []string {
	evs := make([]engine.Event, 0, to-from)
	for seq := from + 1; seq <= to; seq++ {
		evs = append(evs, tl.Event(seq))
	}
	var out []string
	for _, l := range narrate.For(tl.Alg, tl.Nodes).Lines(evs) {
		out = append(out, fmt.Sprintf("t=%d %s", l.Time, l.Text))
	}
	return out
}

// TestTranscripts replays testdata/*.txt: blocks of a command, a line
// "----", and the narration it must produce, separated by blank lines.
// Commands: run ALG seed=S k=v…  |  step [N]  |  end  |  back [N]  |
// crash P | recover P | act P NAME | drop MSG | deliver MSG | fire P TIMER |
// cut A B | restore A B | plug P | unplug P | summary.  go test -run Transcripts -update rewrites.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) { runTranscript(t, f) })
	}
}

type block struct {
	cmd  string
	want []string
}

func parseTranscript(t *testing.T, text string) (header string, blocks []block) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var head []string
	i := 0
	for ; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "#") || strings.TrimSpace(l) == "" {
			head = append(head, l)
			continue
		}
		break
	}
	for i < len(lines) {
		if strings.TrimSpace(lines[i]) == "" {
			i++
			continue
		}
		b := block{cmd: strings.TrimSpace(lines[i])}
		i++
		if i >= len(lines) || lines[i] != "----" {
			t.Fatalf("command %q: want a line \"----\" after it", b.cmd)
		}
		for i++; i < len(lines) && lines[i] != ""; i++ {
			b.want = append(b.want, lines[i])
		}
		blocks = append(blocks, b)
	}
	return strings.Join(head, "\n"), blocks
}

func runTranscript(t *testing.T, file string) {
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	header, blocks := parseTranscript(t, string(raw))
	var tl *timeline.Timeline
	var out strings.Builder
	out.WriteString(header)
	if header != "" && !strings.HasSuffix(header, "\n") {
		out.WriteString("\n")
	}
	failed := false
	for bi, b := range blocks {
		before := int64(0)
		if tl != nil {
			before = tl.Seq()
		}
		got, err := transcriptCommand(t, &tl, b.cmd)
		if err != nil {
			got = []string{"error: " + err.Error()}
		} else if got == nil && tl != nil {
			lo, hi := before, tl.Seq()
			if hi < lo { // moved back: show where we are
				got = []string{fmt.Sprintf("at event %d", hi)}
			} else {
				got = narration(tl, lo, hi)
			}
		}
		if bi > 0 || header != "" {
			out.WriteString("\n")
		}
		fmt.Fprintf(&out, "%s\n----\n", b.cmd)
		for _, l := range got {
			out.WriteString(l + "\n")
		}
		if !*update && strings.Join(got, "\n") != strings.Join(b.want, "\n") {
			failed = true
			t.Errorf("%s: %s\n got:\n  %s\nwant:\n  %s", file, b.cmd, strings.Join(got, "\n  "), strings.Join(b.want, "\n  "))
		}
	}
	if *update {
		if err := os.WriteFile(file, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if failed {
		t.Log("run `go test ./algos -run Transcripts -update` to rewrite, then review the diff against the lecture")
	}
}

func transcriptCommand(t *testing.T, tlp **timeline.Timeline, cmd string) ([]string, error) {
	f := strings.Fields(cmd)
	num := func(i int, def int) int {
		if len(f) <= i {
			return def
		}
		n, err := strconv.Atoi(f[i])
		if err != nil {
			t.Fatalf("%q: %q is not a number", cmd, f[i])
		}
		return n
	}
	if f[0] == "run" {
		a, err := algos.Get(f[1])
		if err != nil {
			return nil, err
		}
		seed := int64(1)
		text := map[string]string{}
		for _, kv := range f[2:] {
			k, v, _ := strings.Cut(kv, "=")
			if k == "seed" {
				seed = mustInt(t, v)
				continue
			}
			text[k] = v
		}
		pv, err := param.ResolveStrings(a.Params, text)
		if err != nil {
			return nil, err
		}
		raw := map[string]json.RawMessage{}
		b, _ := json.Marshal(pv)
		json.Unmarshal(b, &raw)
		for k := range raw {
			if _, given := text[k]; !given {
				delete(raw, k)
			}
		}
		v, err := a.Resolve(raw, seed)
		if err != nil {
			return nil, err
		}
		tl, err := timeline.New(a, v, seed, 1_000_000)
		if err != nil {
			return nil, err
		}
		*tlp = tl
		return append([]string{}, narration(tl, 0, tl.Seq())...), nil
	}
	tl := *tlp
	if tl == nil {
		t.Fatalf("%q before run", cmd)
	}
	act := func(a engine.Action) ([]string, error) { return nil, tl.Apply(a) }
	switch f[0] {
	case "step":
		for range num(1, 1) {
			if ok, err := tl.Forward(); err != nil || !ok {
				return nil, err
			}
		}
		return nil, nil
	case "end":
		return nil, tl.Run(0)
	case "back":
		return nil, tl.Seek(tl.Cursor() - num(1, 1))
	case "crash":
		return act(engine.Action{Type: engine.ActCrash, Node: num(1, 0)})
	case "recover":
		return act(engine.Action{Type: engine.ActRecover, Node: num(1, 0)})
	case "act":
		return act(engine.Action{Type: engine.ActNode, Node: num(1, 0), Name: f[2]})
	case "drop":
		return act(engine.Action{Type: engine.ActDrop, Msg: int64(num(1, 0))})
	case "deliver":
		return act(engine.Action{Type: engine.ActDeliver, Msg: int64(num(1, 0))})
	case "fire":
		return act(engine.Action{Type: engine.ActFire, Node: num(1, 0), Timer: f[2]})
	case "cut":
		return act(engine.Action{Type: engine.ActCut, From: num(1, 0), To: num(2, 0)})
	case "restore":
		return act(engine.Action{Type: engine.ActRestore, From: num(1, 0), To: num(2, 0)})
	case "plug":
		return act(engine.Action{Type: engine.ActPlug, Node: num(1, 0)})
	case "unplug":
		return act(engine.Action{Type: engine.ActUnplug, Node: num(1, 0)})
	case "summary":
		s := trace.Summarize(tl)
		var out []string
		for i, typ := range s.Messages.ByType.Types {
			out = append(out, fmt.Sprintf("%s: %d", typ, s.Messages.ByType.Counts[i]))
		}
		o, _ := json.Marshal(s.Outcome)
		out = append(out, fmt.Sprintf("sent %d delivered %d dropped %d", s.Messages.Sent, s.Messages.Delivered, s.Messages.Dropped),
			"outcome "+string(o), fmt.Sprintf("terminated %v", s.Terminated))
		for _, v := range s.Violations {
			out = append(out, fmt.Sprintf("violation at event %d: %s: %s", v.Seq, v.Invariant, v.Text))
		}
		return out, nil
	}
	t.Fatalf("unknown transcript command %q", cmd)
	return nil, nil
}

func mustInt(t *testing.T, s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return n
}
