package algotest

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"distviz/algo"
	"distviz/engine"
	"distviz/launch"
	"distviz/timeline"
	"distviz/trace"
)

// Update makes Transcripts rewrite the expected output in testdata/.
var Update = flag.Bool("update", false, "rewrite the expected output of transcript tests in testdata/")

// Lookup finds the algorithm a transcript's run command names.
type Lookup func(id string) (*algo.Algorithm, error)

// Transcripts replays the folder's testdata/*.txt for alg: blocks of a
// command, a line "----", and the narration it must produce, separated by
// blank lines. Commands: run ALG [scenario=ID] [seed=S] k=v…  |  step [N]  |  end  |
// back [N]  |  crash P | recover P | act P NAME | drop MSG | deliver MSG |
// fire P TIMER | cut A B | restore A B | plug P | unplug P | summary.
// go test -run Transcripts -update rewrites them.
func Transcripts(t *testing.T, alg *algo.Algorithm) {
	TranscriptsOf(t, "testdata/*.txt", func(id string) (*algo.Algorithm, error) {
		if id != alg.ID {
			return nil, fmt.Errorf("this folder's transcripts run %s, not %s", alg.ID, id)
		}
		return alg, nil
	})
}

// TranscriptsOf replays the transcripts that glob names, finding their
// algorithms with lookup.
func TranscriptsOf(t *testing.T, glob string, lookup Lookup) {
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no transcripts match %s", glob)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) { runTranscript(t, lookup, f) })
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

func runTranscript(t *testing.T, lookup Lookup, file string) {
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
		got, err := transcriptCommand(t, lookup, &tl, b.cmd)
		if err != nil {
			got = []string{"error: " + err.Error()}
		} else if got == nil && tl != nil {
			lo, hi := before, tl.Seq()
			if hi < lo { // moved back: show where we are
				got = []string{fmt.Sprintf("at event %d", hi)}
			} else {
				got = Narration(tl, lo, hi)
			}
		}
		if bi > 0 || header != "" {
			out.WriteString("\n")
		}
		fmt.Fprintf(&out, "%s\n----\n", b.cmd)
		for _, l := range got {
			out.WriteString(l + "\n")
		}
		if !*Update && strings.Join(got, "\n") != strings.Join(b.want, "\n") {
			failed = true
			t.Errorf("%s: %s\n got:\n  %s\nwant:\n  %s", file, b.cmd, strings.Join(got, "\n  "), strings.Join(b.want, "\n  "))
		}
	}
	if *Update {
		if err := os.WriteFile(file, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if failed {
		t.Log("run `go test -run Transcripts -update` in the folder to rewrite, then review the diff against the lecture")
	}
}

func transcriptCommand(t *testing.T, lookup Lookup, tlp **timeline.Timeline, cmd string) ([]string, error) {
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
		a, err := lookup(f[1])
		if err != nil {
			return nil, err
		}
		// scenario=<id> starts from a scenario (its parameters and seed), so
		// the transcript pins the scenario as the page offers it.
		req := launch.Request{Query: map[string]string{}}
		for _, kv := range f[2:] {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "seed":
				seed := mustInt(t, v)
				req.Seed = &seed
			case "scenario":
				req.Scenario = v
			default:
				req.Query[k] = v
			}
		}
		tl, _, err := launch.Open(a, req, 1_000_000)
		if err != nil {
			return nil, err
		}
		*tlp = tl
		return append([]string{}, Narration(tl, 0, tl.Seq())...), nil
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
