package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// firstEvent is a process's first event in a ShiViz log.
var firstEvent = regexp.MustCompile(`\nP\d+ \{"P\d+": 1\}\n`)

// TestToolExports downloads the run on the screen in the formats other
// tools read: the DOT is the state at the step shown (its title names the
// event), the ShiViz log opens with ShiViz's regex and stops at that
// event, and the TikZ picture is a whole LaTeX document.
func TestToolExports(t *testing.T) {
	p := openRun(t, "/?algorithm=bully&scenario=lecture&step=8", 8)
	p.showSetup()
	seq := p.step()
	dot := string(p.download(tid("export-dot")))
	if !strings.Contains(dot, "digraph distviz {") || !strings.Contains(dot, fmt.Sprintf("after event %d\"", seq)) {
		t.Errorf("the DOT of event %d:\n%.400s", seq, dot)
	}
	log := string(p.download(tid("export-shiviz")))
	if !strings.HasPrefix(log, `(?<host>\S*) (?<clock>{.*})\n(?<event>.*)`+"\n\n") || !firstEvent.MatchString(log) {
		t.Errorf("the ShiViz log:\n%.400s", log)
	}
	whole := len(string(p.download(tid("export-tikz"))))
	p.press(hookLast)
	p.waitFor("the end of the run", fmt.Sprintf(`document.querySelector(%s).disabled`, jsString(tid(hookLast))))
	tikz := string(p.download(tid("export-tikz")))
	if !strings.HasSuffix(tikz, "\\end{tikzpicture}\n\\end{document}\n") || len(tikz) <= whole {
		t.Errorf("the TikZ picture at the end (%d bytes, %d at event %d):\n%.400s", len(tikz), whole, seq, tikz)
	}
}
