package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"distviz/causal"
	"distviz/narrate"
	"distviz/timeline"
)

// ShiVizRegex is the parser ShiViz needs for the log, as GoVector writes
// it: a line with the host and its vector clock as JSON, then a line with
// the event's text. The file's first line gives it, the second (empty) says
// the log holds one execution, as ShiViz reads an uploaded log.
const ShiVizRegex = `(?<host>\S*) (?<clock>{.*})\n(?<event>.*)`

// refuseShiViz refuses runs whose events have no vector stamps.
func refuseShiViz(tl *timeline.Timeline) error {
	if n := tl.Head().N(); n > causal.MaxVector {
		return fmt.Errorf("a ShiViz log needs vector clocks, and the server keeps them for runs of at most %d processes; this run has %d (the dot and tikz exports have no such limit)",
			causal.MaxVector, n)
	}
	return nil
}

// WriteShiViz writes the run as a ShiViz (GoVector) log: every send,
// receive and local event (package causal) as its process's label, its
// vector clock {"P0": 2, "P3": 1} (zero entries left out, as GoVector does)
// and its narration in English, each on one line. ShiViz requires what the
// stamps are: each host's own entry counts its events 1, 2, 3, …
func WriteShiViz(w io.Writer, src Source) error {
	lock := src.locker()
	lock.Lock()
	err := refuseShiViz(src.TL)
	hosts := hostNames(src.TL)
	keys := make([]string, len(hosts))
	for i, h := range hosts {
		k, _ := json.Marshal(h) // a string always encodes
		keys[i] = string(k)
	}
	english := narrate.For(src.TL.Alg, src.TL.Nodes).In(narrate.English)
	lock.Unlock()
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(ShiVizRegex + "\n\n")
	var line []byte
	err = each(src, func(it *item) error {
		if !it.stamped || it.st.V == nil {
			return nil
		}
		line = appendHost(line[:0], hosts, keys, owner(&it.e), it.st.V)
		line = append(line, oneLine(eventText(english, it))...)
		line = append(line, '\n')
		_, err := bw.Write(line)
		return err
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// appendHost writes the host line: the label, a space and the clock, whose
// keys are the labels as JSON strings.
func appendHost(b []byte, hosts, keys []string, p int, v []uint32) []byte {
	b = append(b, hosts[p]...)
	b = append(b, " {"...)
	first := true
	for q, x := range v {
		if x == 0 {
			continue
		}
		if !first {
			b = append(b, ", "...)
		}
		first = false
		b = append(b, keys[q]...)
		b = append(b, ':', ' ')
		b = strconv.AppendUint(b, uint64(x), 10)
	}
	return append(b, "}\n"...)
}

// eventText narrates an event and what its process noted in the step.
func eventText(english narrate.Narrator, it *item) string {
	s := english.Event(&it.e)
	for _, t := range it.notes {
		s += " — " + english.Text(t)
	}
	return s
}

// hostNames are the processes' labels as ShiViz hosts: no white space (the
// regex ends a host at the first), no quotes or backslashes (a clock's keys
// are JSON), distinct (a repeated label gets its position).
func hostNames(tl *timeline.Timeline) []string {
	n := tl.Head().N()
	out := make([]string, n)
	seen := map[string]bool{}
	for p := range out {
		label := "P" + strconv.Itoa(p)
		if p < len(tl.Nodes) && tl.Nodes[p].Label != "" {
			label = tl.Nodes[p].Label
		}
		label = strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || r == '"' || r == '\\' || r == '{' || r == '}' {
				return '_'
			}
			return r
		}, label)
		if seen[label] {
			label += "#" + strconv.Itoa(p)
		}
		seen[label] = true
		out[p] = label
	}
	return out
}

// oneLine keeps a text on one line: the regex's event is the rest of it,
// up to what JavaScript's "." does not match.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
}
