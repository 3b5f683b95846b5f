// Drawing the run: at most once per animation frame, only what changed in
// the frame since the last drawing (model.js); while a run plays, the words
// (narration, panel) ten times a second; the address bar a quarter of a
// second after the run moves (two seconds while it plays).

import {t} from "../i18n/i18n.js";
import {text} from "./dom.js";
import {noChanges} from "./model.js";

const $ = (id) => document.getElementById(id);

/**
 * createDrawing returns {render, addressBar, waiting}: render() asks for a
 * drawing at the next animation frame, addressBar() for the address bar to
 * follow the run, waiting() whether a drawing is asked for and not done.
 * state is the app's; parts are what draws (controls, stage, ui,
 * spacetime, narration, panel); drawn() follows a drawing of a run's view;
 * search() is the address bar's query for the run shown, or null to leave
 * it as it is; next() follows every drawing (a frame held for it,
 * framepace.js).
 */
export function createDrawing({state, parts, drawn, search, next}) {
	const {controls, stage, ui, spacetime, narration, panel} = parts;
	const stWindow = $("st-window"), topoNote = $("topo-note");
	let queued = false;
	function render() {
		if (queued) return;
		queued = true;
		requestAnimationFrame(() => {
			queued = false;
			draw();
			next();
		});
	}

	let wordsAt = 0; // when the narration and the panel were last written
	let wordsTimer = null;
	function draw() {
		// a run's first picture waits for its view's module: the page is
		// then laid out and painted once, with the view (stageview.js draws
		// when it is in)
		if (stage.loading()) return;
		const f = state.frame;
		controls.update({hasRun: !!state.run, frame: f, playing: state.playing, manual: state.manual, speed: state.speed});
		if (!state.run || !f) return;
		// what changed in the frame since the last drawing (null: anything may have)
		const changes = state.changes;
		state.changes = noChanges();
		const view = stage.shown();
		if (view) {
			view.update(f, {manual: state.manual, playing: state.playing, selected: state.selected, hover: state.hover}, changes);
			drawn();
		}
		if (state.tip) ui.showTip();
		const st = spacetime.update(f, changes, state.playing);
		// a long run shows a window of time: say which
		text(stWindow, st && st.domain[0] > 0 ? "· " + t("view.window", {t0: st.domain[0], t1: st.domain[1]}) : "");
		// While a run plays, the words (narration, panel) follow ten times a
		// second: nobody reads sixty, and the drawings keep every frame.
		const now = performance.now();
		if (!state.playing || now - wordsAt >= 100) {
			wordsAt = now;
			narration.update(f, state.playing);
			panel.update(f, {focus: state.hover ?? state.selected, pinned: state.selected !== null && state.hover === null});
		} else if (!wordsTimer) {
			// the last frame's words, even if no frame follows
			wordsTimer = setTimeout(() => ((wordsTimer = null), render()), 100 - (now - wordsAt));
		}
		controls.updateMarks(state.log, f.steps);
		text(topoNote, view ? view.note() : "");
	}

	let addrTimer = null;
	function addressBar() {
		if (addrTimer) return;
		addrTimer = setTimeout(() => {
			addrTimer = null;
			const s = search();
			if (s !== null && s !== location.search) history.replaceState(null, "", location.pathname + s + location.hash);
			// (while a run plays, every two seconds: replaceState took up to a
			// tenth of the main thread of a large run playing fast)
		}, state.playing ? 2000 : 250);
	}

	return {render, addressBar, waiting: () => queued};
}
