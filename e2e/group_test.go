package e2e

import (
	"fmt"
	"testing"
)

// The group view (positive-ack, nack): the sender on the left, a row per
// receiver with its lane of delivered, held-back and missing messages.
const (
	selGroup     = `[data-testid="group"]`
	selGroupNode = selGroup + ` [data-node]`
	nackNoLoss   = "/?algorithm=nack&scenario=no-loss" // P0 multicasts 3 messages to P1–P4
)

// groupMsg selects a message drawn in the group view.
func groupMsg(id int) string { return fmt.Sprintf(`%s [data-msg="%d"]`, selGroup, id) }

// jsFlightOf is the id of the first message in flight of a type to (or from) a
// position, -1 if none: read from the frame the page shows.
func jsFlightOf(typ, end string, pos int) string {
	return fmt.Sprintf(`(() => {
	const f = window.distviz.state.frame.flights.find(x => x.type === %q && x.%s === %d);
	return f ? f.id : -1;
})()`, typ, end, pos)
}

// jsLane lists a receiver's boxes as drawn: "seq:state".
func jsLane(pos int) string {
	return fmt.Sprintf(`[...document.querySelectorAll('%s [data-lane="%d"] [data-seq]')].map(e => e.dataset.seq + ":" + e.dataset.state)`, selGroup, pos)
}

// TestGroupDropCopyNackRepair drops the copy of message 1 to P2 by clicking
// it, and watches P2 hold message 2 back behind the gap, send the NACK, and
// receive the REPAIR that fills it; at the end every receiver has 1, 2, 3.
func TestGroupDropCopyNackRepair(t *testing.T) {
	p := newPage(t)
	p.open(nackNoLoss)
	p.waitFor("5 processes drawn in the group view", fmt.Sprintf(`document.querySelectorAll(%s).length === 5`, jsString(selGroupNode)))
	p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
	p.forward() // P0 starts and multicasts message 1
	id := eval[int](p, jsFlightOf("DATA", "to", 2))
	if id < 0 {
		p.fatalf("no copy of DATA to P2 in flight after the first step")
	}
	p.waitFor("the copy to P2 drawn", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(groupMsg(id))))
	// the copies leave the sender together and overlap there: click this one
	// by its own element (a pointer at its centre could hit a sibling)
	eval[bool](p, fmt.Sprintf(`document.querySelector(%s).dispatchEvent(new MouseEvent("click", {bubbles: true}))`, jsString(groupMsg(id))))
	p.waitFor("the message's menu", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(menuItem("drop"))))
	p.click(menuItem("drop"))
	p.waitFor("the copy gone", fmt.Sprintf(`!document.querySelector(%s)`, jsString(groupMsg(id))))

	// step until P2 sends its NACK, and see it drawn and P2's lane with the gap
	nack := -1
	for range 40 {
		if nack = eval[int](p, jsFlightOf("NACK", "from", 2)); nack >= 0 {
			break
		}
		p.forward()
	}
	if nack < 0 {
		p.fatalf("P2 sent no NACK within 40 steps")
	}
	p.waitFor("the NACK drawn", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(groupMsg(nack))))
	if lane := eval[[]string](p, jsLane(2)); fmt.Sprint(lane) != "[1:miss 2:hold]" {
		p.fatalf("P2's lane while it waits for the repair: %v, want message 1 missing and 2 held back", lane)
	}
	repair := -1
	for range 40 {
		if repair = eval[int](p, jsFlightOf("REPAIR", "to", 2)); repair >= 0 {
			break
		}
		p.forward()
	}
	if repair < 0 {
		p.fatalf("the sender sent no REPAIR to P2 within 40 steps")
	}
	p.waitFor("the REPAIR drawn", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(groupMsg(repair))))
	p.press(hookLast)
	p.waitFor("P2's lane complete", fmt.Sprintf(`JSON.stringify(%s) === '["1:ok","2:ok","3:ok"]'`, jsLane(2)))
	if missing := eval[[]int](p, `window.distviz.state.frame.outcome.missing`); len(missing) != 0 {
		p.fatalf("receivers %v miss a message at the end", missing)
	}
}

// TestGroupSuppressionPreset runs SRM's preset from the Experiment tab: NACKs
// per loss against n, one line with suppression and one without; the one
// without lies above.
func TestGroupSuppressionPreset(t *testing.T) {
	p := newPage(t)
	p.open("/?algorithm=srm&scenario=subtree-loss")
	p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
	p.press(hookTabExperiment)
	p.waitFor("the Experiment tab", fmt.Sprintf(`!document.querySelector(%s).hidden`, jsString(tid("experiment"))))
	eval[bool](p, `(() => { const s = document.querySelector('[data-testid="exp-preset"]'); s.value = 'suppression'; s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`)
	p.fill(hookExpSeeds, "3")
	p.press(hookExpRun)
	p.waitFor("the experiment's plot", jsExp+`.result !== null && document.querySelector(`+jsString(tid(hookExpPlot))+`) !== null`)
	s := eval[expState](p, jsExp)
	if s.Data == nil || len(s.Data.Series) != 2 {
		p.fatalf("want two series (with and without suppression), got %+v", s.Data)
	}
	mean := map[string]float64{}
	for _, sr := range s.Data.Series {
		last := sr.Points[len(sr.Points)-1]
		mean[sr.Group] = last.Mean
	}
	with, ok1 := mean["suppression = true"]
	without, ok2 := mean["suppression = false"]
	if !ok1 || !ok2 || with > 2 || without < 4*with {
		p.fatalf("NACKs per loss at the largest n: %v, want near 1 with suppression and far more without", mean)
	}
}
