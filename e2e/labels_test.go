package e2e

import (
	"fmt"
	"testing"
)

// labelStats is what jsLabelStats measures in the topology at one event.
type labelStats struct {
	Drawn    int      // messages drawn
	Readable int      // of them with a label that is shown, inside the view and says what the message carries
	Overlaps []string // pairs of labels that overlap, and labels over a process
	Wrong    []string // labels that do not say what their message carries
}

// jsLabelStats measures the labels of the messages in flight: shown (not
// hidden), inside the drawing, the text inside its pill, saying the
// message's content (what its label in the frame has in parentheses, with
// or without them), not
// over another label or a process.
const jsLabelStats = `(() => {
	const svg = document.querySelector('[data-testid="topology"]');
	const sb = svg.getBoundingClientRect();
	const flights = new Map(window.distviz.state.frame.flights.map(f => [f.id, f]));
	const out = {Drawn: 0, Readable: 0, Overlaps: [], Wrong: []};
	const boxes = [];
	for (const m of svg.querySelectorAll('[data-msg]')) {
		out.Drawn++;
		const lab = m.querySelector('.tok-label');
		if (!lab) continue;
		const text = lab.querySelector('text');
		const pill = lab.querySelector('rect').getBoundingClientRect();
		const tb = text.getBoundingClientRect();
		if (getComputedStyle(text).visibility === 'hidden' || tb.width === 0) continue;
		if (pill.left < sb.left - 1 || pill.right > sb.right + 1 || pill.top < sb.top - 1 || pill.bottom > sb.bottom + 1) continue;
		if (tb.left < pill.left - 1 || tb.right > pill.right + 1) continue;
		const f = flights.get(Number(m.dataset.msg));
		const said = [...text.querySelectorAll('tspan')].map(s => s.textContent).join('');
		// the whole label, or what the message carries: (3,2,1) or 3,2,1
		const content = /\((.*)\)$/.exec(f.label);
		if (content && !said.endsWith(content[0]) && said !== content[1] || !content && said !== f.label) {
			out.Wrong.push(said + ' for ' + f.label);
			continue;
		}
		out.Readable++;
		boxes.push([f.label, pill]);
	}
	const cut = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
		Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
	for (let i = 0; i < boxes.length; i++) {
		for (let j = i + 1; j < boxes.length; j++) {
			if (cut(boxes[i][1], boxes[j][1]) > 4) out.Overlaps.push(boxes[i][0] + ' over ' + boxes[j][0]);
		}
		for (const nd of svg.querySelectorAll('[data-node] .body')) {
			const c = nd.getBoundingClientRect();
			const r = c.width / 2, cx = c.left + r, cy = c.top + r;
			const b = boxes[i][1];
			const dx = Math.max(b.left - cx, 0, cx - b.right), dy = Math.max(b.top - cy, 0, cy - b.bottom);
			if (Math.hypot(dx, dy) < r - 1) out.Overlaps.push(boxes[i][0] + ' over P' + nd.parentNode.dataset.node);
		}
	}
	return out;
})()`

// TestMessageLabels steps through runs where every message used to hide its
// label (delay 1 keeps each beside a process) and checks at every event
// that every message in flight shows what it carries, readably, with no
// label over another or over a process.
func TestMessageLabels(t *testing.T) {
	for _, c := range []struct {
		name, link string
		n, steps   int
	}{
		{"chang-roberts worst case", "/?algorithm=chang-roberts&scenario=worst-case", 8, 40},
		{"ring-list lecture", "/?algorithm=ring-list&scenario=lecture", 8, 16},
		{"bully lecture", "/?algorithm=bully&scenario=lecture", 8, 18},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := openRun(t, c.link, c.n)
			drawn, readable := 0, 0
			for i := 0; i < c.steps; i++ {
				s := eval[labelStats](p, jsLabelStats)
				drawn += s.Drawn
				readable += s.Readable
				if len(s.Overlaps) > 0 || len(s.Wrong) > 0 {
					t.Errorf("event %d: overlapping %v, wrong %v", p.step(), s.Overlaps, s.Wrong)
				}
				if s.Readable != s.Drawn {
					t.Errorf("event %d: %d of %d messages drawn show what they carry", p.step(), s.Readable, s.Drawn)
				}
				if eval[bool](p, fmt.Sprintf(`document.querySelector(%s).disabled`, jsString(tid(hookForward)))) {
					break
				}
				p.forward()
			}
			t.Logf("%s: %d of %d messages drawn showed a readable label", c.name, readable, drawn)
			if drawn == 0 {
				t.Fatal("no message was drawn")
			}
		})
	}
}
