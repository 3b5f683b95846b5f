// The app's state: the run shown, its frame and events, what the pointer
// and the lecturer chose, and what the address bar says. app.js holds one;
// the parts read it.

import {EventLog} from "./events.js";
import {SPEEDS} from "./controls.js";
import {store} from "./store.js";

/** createState is the state before any run. */
export function createState() {
	return {
		run: null, // the `run` message
		frame: null, // the client's frame: the last whole `frame` with the `delta`s since applied (model.js)
		changes: null, // what changed in the frame since it was last drawn (model.js)
		log: new EventLog(),
		selected: null, // a process pinned by a click
		hover: null, // a process under the pointer
		tip: null, // what the hover tooltip shows: {h, x, y}
		playing: false,
		speed: SPEEDS.includes(Number(store.get("speed"))) ? Number(store.get("speed")) : 2,
		manual: false,
		roles: [],
		query: {}, // what the address bar shows; acts: the user's actions (docs/api.md, deep links)
		actsCount: 0, // how many actions acts holds
		fromFile: null, // for an imported trace: 0, or the count of its actions when too many for a link
	};
}

/**
 * takeRun makes run r the state's: no frame, events, selection or tooltip
 * yet, the query its own; attached: an imported trace (its actions' count
 * comes later).
 */
export function takeRun(state, r, attached) {
	state.run = r;
	state.frame = null;
	state.changes = null;
	state.selected = null;
	state.hover = null;
	state.tip = null;
	state.roles = [];
	state.log.clear();
	state.query = {...(r.query || {algorithm: r.algorithm.id})};
	state.fromFile = attached ? 0 : null;
}
