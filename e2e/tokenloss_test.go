package e2e

import (
	"fmt"
	"testing"
)

// TestTokenLostInThePage loses the token by hand, as a lecturer would: in
// token-ring-election's ring where the token just circulates, click the
// TOKEN in flight and drop it. The ring falls silent, a token-loss timer
// (TVT) expires, the election runs and its winner makes a new token: the
// outcome says one token, regenerated once, and the run breaks nothing.
func TestTokenLostInThePage(t *testing.T) {
	p := newPage(t)
	p.open("/?algorithm=token-ring-election&scenario=circulates")
	p.waitFor("the first frame", fmt.Sprintf(`%s >= 0 && !document.querySelector(%s).disabled`, jsStep, jsString(tid(hookScrubber))))
	token := -1
	for range 20 {
		if token = eval[int](p, jsFlightOf("TOKEN", "to", 3)); token >= 0 {
			break
		}
		p.forward()
	}
	if token < 0 {
		p.fatalf("no TOKEN on its way to P3 within 20 steps")
	}
	p.waitFor("the TOKEN drawn", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(msg(token))))
	eval[bool](p, fmt.Sprintf(`document.querySelector(%s).dispatchEvent(new MouseEvent("click", {bubbles: true}))`, jsString(msg(token))))
	p.waitFor("the message's menu", fmt.Sprintf(`!!document.querySelector(%s)`, jsString(menuItem("drop"))))
	p.click(menuItem("drop"))
	p.waitFor("the TOKEN gone", fmt.Sprintf(`!document.querySelector(%s)`, jsString(msg(token))))
	p.press(hookLast)
	p.waitFor("the run's end", jsEndDrawn)
	o := eval[map[string]any](p, `window.distviz.state.frame.outcome`)
	if o["tokens"] != 1.0 || o["regenerated"] != 1.0 || o["elections"] == 0.0 {
		p.fatalf("outcome after the drop %v: want one token, regenerated once, after an election", o)
	}
	if v := eval[int](p, `(window.distviz.state.frame.violations || []).length`); v != 0 {
		p.fatalf("%d violations: a TVT longer than a round trip makes no second token", v)
	}
}
