package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"distviz/causal"
	"distviz/engine"
	"distviz/narrate"
	"distviz/timeline"
)

// runs are scenarios of several kinds: rings, a tree, a graph, a complete
// graph with crashes, mutual exclusion, clocks, multicast, a bus.
var runs = [][2]string{
	{"chang-roberts", "worst-case"},
	{"tree-echo", "several-starters"},
	{"echo-election", ""},
	{"bully", ""},
	{"ricart-agrawala", ""},
	{"logical-clocks", ""},
	{"positive-ack", ""},
	{"firewire", ""},
}

// shivizEvent is one event as ShiViz reads it from the log.
type shivizEvent struct {
	host  string
	clock map[string]uint32
	text  string
}

// parseShiViz reads a log as ShiViz does: the parser regex on the first
// line, the (empty) execution delimiter on the second, then the log, which
// the regex must cover match after match with nothing left over.
func parseShiViz(t *testing.T, log string) []shivizEvent {
	t.Helper()
	head, rest, _ := strings.Cut(log, "\n")
	delim, body, _ := strings.Cut(rest, "\n")
	if head != ShiVizRegex || delim != "" {
		t.Fatalf("the log opens with %q and %q, want the regex and an empty line", head, delim)
	}
	re := regexp.MustCompile("(?m)" + head) // ShiViz applies it with the m flag
	var out []shivizEvent
	at := 0
	for _, m := range re.FindAllStringSubmatchIndex(body, -1) {
		if m[0] != at {
			t.Fatalf("the regex skips %q", body[at:m[0]])
		}
		at = m[1] + 1 // the event's line ends with a newline
		ev := shivizEvent{host: body[m[re.SubexpIndex("host")*2]:m[re.SubexpIndex("host")*2+1]],
			text: body[m[re.SubexpIndex("event")*2]:m[re.SubexpIndex("event")*2+1]]}
		clock := body[m[re.SubexpIndex("clock")*2]:m[re.SubexpIndex("clock")*2+1]]
		if err := json.Unmarshal([]byte(clock), &ev.clock); err != nil {
			t.Fatalf("clock %s: %v", clock, err)
		}
		out = append(out, ev)
	}
	if at != len(body) {
		t.Fatalf("the regex leaves %q", body[min(at, len(body)):])
	}
	return out
}

// The log parses with ShiViz's regex, and every event's vector clock is
// the engine's stamp (package causal) of the same event, in order.
func TestShiVizClocksAreTheStamps(t *testing.T) {
	for _, r := range runs {
		t.Run(r[0], func(t *testing.T) {
			tl := scenario(t, r[0], r[1])
			got := parseShiViz(t, written(t, shiviz, Source{TL: tl}))
			want := stampedEvents(tl)
			if len(got) != len(want) || len(got) == 0 {
				t.Fatalf("%d events in the log, %d stamped by the engine", len(got), len(want))
			}
			english := narrate.For(tl.Alg, tl.Nodes).In(narrate.English)
			for i, w := range want {
				p := owner(&w.e)
				if got[i].host != tl.Nodes[p].Label {
					t.Fatalf("event %d (seq %d): host %s, want %s", i, w.e.Seq, got[i].host, tl.Nodes[p].Label)
				}
				wantClock := map[string]uint32{}
				for q, x := range w.st.V {
					if x > 0 {
						wantClock[tl.Nodes[q].Label] = x
					}
				}
				if fmt.Sprint(got[i].clock) != fmt.Sprint(wantClock) {
					t.Fatalf("event %d (seq %d): clock %v, the engine's %v", i, w.e.Seq, got[i].clock, wantClock)
				}
				if !strings.HasPrefix(got[i].text, english.Event(&w.e)) {
					t.Fatalf("event %d: text %q, want the narration %q", i, got[i].text, english.Event(&w.e))
				}
			}
			shivizAccepts(t, got)
		})
	}
}

// shivizAccepts checks what ShiViz's model checks of a log: each host's own
// entries count its events from 1 by 1, and every entry names a host of the
// log within its count of events.
func shivizAccepts(t *testing.T, evs []shivizEvent) {
	t.Helper()
	count := map[string]uint32{}
	for _, e := range evs {
		count[e.host]++
		if e.clock[e.host] != count[e.host] {
			t.Fatalf("%s's event %d has its own entry %d", e.host, count[e.host], e.clock[e.host])
		}
	}
	for _, e := range evs {
		for h, x := range e.clock {
			if x < 1 || x > count[h] {
				t.Fatalf("%s's clock %v: entry %s = %d, but %s has %d events", e.host, e.clock, h, x, h, count[h])
			}
		}
	}
}

type stampedEvent struct {
	e  engine.Event
	st causal.Stamp
}

// stampedEvents stamps the run's events as the page's stamps are made.
func stampedEvents(tl *timeline.Timeline) []stampedEvent {
	st := causal.New(tl.Head().N())
	at := func(seq int64) (engine.Event, bool) {
		if seq < 1 || seq > tl.Len() {
			return engine.Event{}, false
		}
		return tl.Event(seq), true
	}
	var out []stampedEvent
	for seq := int64(1); seq <= tl.Len(); seq++ {
		e := tl.Event(seq)
		if s, ok := st.Stamp(e, at); ok {
			out = append(out, stampedEvent{e, s})
		}
	}
	return out
}

// A run beyond causal.MaxVector processes has no vector clocks to write.
func TestShiVizRefusesLargeRuns(t *testing.T) {
	big := openWith(t, "chang-roberts", `{"n": 40}`)
	if err := WriteShiViz(&bytes.Buffer{}, Source{TL: big}); err == nil || !strings.Contains(err.Error(), "32") {
		t.Errorf("40 processes: %v, want a refusal naming the limit", err)
	}
}

// An export up to an event stops there.
func TestShiVizStopsAtLast(t *testing.T) {
	tl := scenario(t, "chang-roberts", "worst-case")
	all := parseShiViz(t, written(t, shiviz, Source{TL: tl}))
	some := parseShiViz(t, written(t, shiviz, Source{TL: tl, Last: tl.Len() / 2}))
	if len(some) == 0 || len(some) >= len(all) || fmt.Sprint(some) != fmt.Sprint(all[:len(some)]) {
		t.Errorf("up to event %d: %d events, not a beginning of the %d", tl.Len()/2, len(some), len(all))
	}
}

func shiviz(b *bytes.Buffer, src Source) error { return WriteShiViz(b, src) }

// A label ShiViz's regex would split is made one word, a repeated one
// distinct, and an event's text stays on its line.
func TestShiVizNamesAndLines(t *testing.T) {
	tl := scenario(t, "chang-roberts", "worst-case")
	tl.Nodes[0].Label, tl.Nodes[1].Label, tl.Nodes[2].Label = "P 0", `P"1{}`, "P 0"
	got := hostNames(tl)
	if got[0] != "P_0" || got[1] != "P_1__" || got[2] != "P_0#2" {
		t.Errorf("hosts %q", got[:3])
	}
	if s := oneLine("a\nb\rc\u2028d\u2029e"); s != "a b c d e" {
		t.Errorf("one line: %q", s)
	}
	shivizAccepts(t, parseShiViz(t, written(t, shiviz, Source{TL: tl})))
}
