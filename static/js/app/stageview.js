// The run's view on the stage: made when a run first needs it (its module
// loads then, ../views/index.js by the registry's `view`), one per module,
// and the one of the run shown; and the roles its legend lists. The app
// knows no view by name.

import * as views from "../views/index.js";
import {everything} from "./model.js";
import {clear} from "./dom.js";

/**
 * createStageView holds the views made in canvas. state is the app's (its
 * run, frame, roles, changes and selection); ui is what the pointer opens
 * (interact.js); send writes a session message; render() asks for a
 * drawing; legendBox is where the legend goes.
 */
export function createStageView({canvas, app, state, ui, send, render, legendBox}) {
	// what the views do with the pointer (views/kit/kit.js): the same for every view
	const handlers = {
		onNodeClick: (pos, ev) => ui.nodeMenu(pos, ev, view.menuItems(pos)),
		onMsgClick: (f, ev) => ui.msgMenu(f, ev.clientX, ev.clientY),
		onLinkClick: ui.linkMenu,
		onHover: ui.hoverTopology,
		onHoverMove: ui.moveTip,
		onBackground: () => {
			if (state.selected !== null) {
				state.selected = null;
				render();
			}
		},
		onSelect: (p) => {
			state.selected = p;
			render();
		},
		act: (action) => send({type: "action", action}),
	};
	const made = new Map(); // view module → the view made from it
	let view = null; // the last view made ready, once its module has loaded
	let viewRun = null; // the run it has been given
	let unseen = []; // frames that came before the view: {nodes, outcome} as they were

	/** use makes r's view ready: its module loaded, made once, given the run. */
	async function use(r) {
		viewRun = null;
		unseen = [];
		const mod = await views.load(r.algorithm.view);
		if (state.run !== r) return; // another run came meanwhile
		let v = made.get(mod);
		if (!v) made.set(mod, (v = mod.create(canvas, handlers)));
		for (const other of made.values()) if (other !== v) other.show(false);
		view = v;
		app.dataset.view = r.algorithm.view || "";
		v.setRun(r);
		v.show(true);
		viewRun = r;
		state.changes = everything();
		for (const f of unseen) seeRoles(f, everything());
		unseen = [];
		legend();
		render();
	}

	/** shown is the view of the run shown, or null while its module loads. */
	const shown = () => (view && viewRun === state.run ? view : null);

	/**
	 * seeRoles adds the roles of the processes that changed to those the
	 * legend shows (once the view is there: a process it does not draw, an
	 * empty device slot, is not in the legend); true when one was new.
	 */
	function seeRoles(f, changes) {
		const v = shown();
		if (!v) {
			unseen.push({nodes: f.nodes.slice(), outcome: f.outcome});
			return false;
		}
		const isDrawn = v.drawn(f);
		let added = false;
		const see = (nd) => {
			if ((isDrawn && !isDrawn[nd.pos]) || state.roles.includes(nd.role)) return;
			state.roles.push(nd.role);
			added = true;
		};
		if (changes.whole || (isDrawn && changes.outcome)) f.nodes.forEach(see);
		else for (const p of changes.nodes) see(f.nodes[p]);
		return added;
	}

	function legend() {
		clear(legendBox);
		const v = shown();
		if (v) v.legend(legendBox, state.frame, state.roles);
	}

	return {
		use,
		shown,
		seeRoles,
		legend,
		/** the last view made ready (a pointer's event comes from it) */
		get view() {
			return view;
		},
	};
}
