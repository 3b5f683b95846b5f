// The run's view on the stage: made when a run first needs it (its module
// loads then, ../views/index.js by the registry's `view`), one per module,
// and the one of the run shown; and the roles its legend lists. The app
// knows no view by name.

import * as views from "../views/index.js";
import {everything} from "./model.js";
import {clear} from "./dom.js";

/**
 * createStageView holds the views made in canvas; root is the app's
 * element (its data-view names the view shown). state is the app's (its
 * run, frame, roles, changes and selection); ui is what the pointer opens
 * (interact.js); send writes a session message; render() asks for a
 * drawing; legendBox is where the legend goes.
 */
export function createStageView({canvas, root, state, ui, send, render, legendBox}) {
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
	const modules = new Map(); // view name → its module, once loaded
	let view = null; // the last view made ready, once its module has loaded
	let viewRun = null; // the run it has been given
	let unseen = []; // frames that came before the view: {nodes, outcome} as they were
	let waiting = null; // the run whose view's module is loading

	/** load loads a view's module (by name); the promise settles with it. */
	function load(name) {
		return views.load(name).then((mod) => (modules.set(name, mod), mod));
	}

	/**
	 * use makes r's view ready: its module loaded, made once, given the run;
	 * at once if the module is in (preload), so that the run's first
	 * drawing has its view.
	 */
	function use(r) {
		viewRun = null;
		unseen = [];
		const name = r.algorithm.view;
		if (modules.has(name)) return take(r, modules.get(name));
		legend(); // (the last run's goes)
		waiting = r;
		return load(name)
			.then((mod) => state.run === r && take(r, mod)) // (unless another run came meanwhile)
			.finally(() => {
				if (waiting === r) (waiting = null), render(); // (a module that failed: the rest is drawn)
			});
	}

	function take(r, mod) {
		waiting = null;
		let v = made.get(mod);
		if (!v) made.set(mod, (v = mod.create(canvas, handlers)));
		for (const other of made.values()) if (other !== v) other.show(false);
		view = v;
		root.dataset.view = r.algorithm.view || "";
		// shown first: the run is laid out as it is seen (not once hidden, then again)
		v.show(true);
		v.setRun(r);
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
		/**
		 * preload loads a view's module before a run needs it (a deep link's,
		 * named by the page); mod is the module when the page has it already
		 * (boot.js): a run then has its view at once.
		 */
		preload(name, mod) {
			if (mod) modules.set(name, mod);
			else load(name).catch(() => {}); // (use asks again, and fails there)
		},
		shown,
		seeRoles,
		legend,
		/** loading says whether the run shown waits for its view's module (its drawing then waits too) */
		loading: () => waiting !== null && waiting === state.run,
		/** the last view made ready (a pointer's event comes from it) */
		get view() {
			return view;
		},
	};
}
