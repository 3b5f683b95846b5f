package e2e

import "fmt"

// The page's test hooks: the only markup the tests rely on. Keep them in step
// with templates/index.templ and static/js/.
const (
	selTopology = `[data-testid="topology"]`                    // the processes-and-messages SVG
	selNode     = selTopology + ` [data-node]`                  // a process's group; the value is its position
	selMsg      = selTopology + ` [data-msg]`                   // a message in flight; the value is its id
	selLink     = selTopology + ` path.link[data-link]`         // a ring's link (each has a wider hit path too)
	selMenuItem = `[data-testid="menu"] [data-testid="act-%s"]` // an entry of a process's or message's menu
)

// tid selects an element by its data-testid.
func tid(name string) string { return fmt.Sprintf(`[data-testid=%q]`, name) }

// The data-testids of the lecture view.
const (
	hookStep       = "step"         // <output>: the step counter ("Step 6 / 25"); its data-seq is the event at the cursor
	hookEvents     = "events-count" // how many events exist
	hookPlay       = "play"
	hookPause      = "pause"
	hookForward    = "step-forward"
	hookBack       = "back"
	hookFirst      = "first"
	hookLast       = "last"
	hookScrubber   = "scrubber" // <input type=range> over the steps 0 … steps−1
	hookSpeed      = "speed"    // <select> of steps per second
	hookLang       = "lang"     // <select> en, de, es
	hookTheme      = "theme"
	hookPresenter  = "presenter"
	hookSetup      = "setup-toggle" // shows the set-up panel (hidden on narrow screens)
	hookExportJSON = "export-json"  // <a download> of the run's trace
	hookExportSVG  = "export-svg"
	hookImport     = "import" // <input type=file>
	hookManual     = "manual" // <input type=checkbox>: manual scheduling
	hookNarration  = "narration"
	hookInvariants = "invariants"
	hookCounters   = "counters"
	hookMenu       = "menu" // the click menu of a process or message
	hookJSResults  = "js-test-results"
)

// allHooks are the data-testids the lecture view must have.
var allHooks = []string{hookStep, hookEvents, hookPlay, hookPause, hookForward, hookBack, hookFirst, hookLast,
	hookScrubber, hookSpeed, hookLang, hookTheme, hookPresenter, hookSetup, hookExportJSON, hookExportSVG,
	hookImport, hookManual, hookNarration, hookInvariants, hookCounters, hookMenu}

// node selects the group of the process at position pos.
func node(pos int) string { return fmt.Sprintf(`%s [data-node="%d"]`, selTopology, pos) }

// msg selects the drawing of the message with id id.
func msg(id int) string { return fmt.Sprintf(`%s [data-msg="%d"]`, selTopology, id) }

// menuItem selects an entry of the open menu: crash, recover, deliver, drop, …
func menuItem(action string) string { return fmt.Sprintf(selMenuItem, action) }

// jsStep reads the event at the cursor, the data-seq of data-testid=step;
// -1 when it is missing.
const jsStep = `(() => {
	const el = document.querySelector('[data-testid="step"]');
	return el && el.dataset.seq !== undefined ? Number(el.dataset.seq) : -1;
})()`

// jsEndDrawn holds once the run's end is in the state and drawn: the
// state's frame changes at once, the page draws it at the next animation
// frame (the event shown is written in the same drawing as the views).
const jsEndDrawn = `(() => {
	const f = window.distviz.state.frame;
	return !!f && f.ended && f.atEnd && ` + jsStep + ` === f.seq;
})()`

// jsCrashed reports whether the process at a position shows both cues of a
// crash: the role's colour (class tone-crashed) and the cross.
func jsCrashed(pos int) string {
	return fmt.Sprintf(`(() => {
	const el = document.querySelector(%s);
	return !!el && el.classList.contains('tone-crashed') && !!el.querySelector('.cross');
})()`, jsString(node(pos)))
}

// jsMsgIDs lists the ids of the messages drawn, in increasing order.
const jsMsgIDs = `[...document.querySelectorAll('[data-testid="topology"] [data-msg]')]
	.map(e => Number(e.dataset.msg)).sort((a, b) => a - b)`

// jsDeliverable lists the ids of the messages drawn as deliverable (manual
// scheduling highlights them).
const jsDeliverable = `[...document.querySelectorAll('[data-testid="topology"] [data-msg].deliverable')]
	.map(e => Number(e.dataset.msg)).sort((a, b) => a - b)`
