// The keyboard in a view: its processes and messages are focusable, one
// tab stop for the whole drawing (a roving tabindex: the item last focused
// keeps it), ← → ↑ ↓ move among them (processes by position, then the
// messages), Enter or Space opens the menu a click opens. Each item is
// named for screen readers from what the server declares (its label, role,
// the messages on their way to it). Every view gets this from the kit: it
// finds the items by the pointer's own hooks (data-node, data-msg), so a
// view draws nothing for it. The focus ring is drawn in the kit's overlay,
// in the drawing's units, so that presenter mode enlarges it with the rest.

import {svg, set} from "../../app/dom.js";
import {namer} from "./names.js";

const PAD = 5; // the ring's distance from the item, in the drawing's units
const AWAY_EVERY = 250; // ms between two refreshes while the focus is elsewhere (a playing run changes every frame)
const NAMES_STILL = 300; // ms the drawing stands still before every item is named again (the focused and new ones at once)

/**
 * createFocus makes the items of kit.root focusable. handlers are the
 * view's (kit.js): onNodeClick and onMsgClick open the menus, onHover shows
 * the tooltip of the item in focus. overlay is the group the ring goes in.
 */
export function createFocus(kit, handlers, overlay) {
	const root = kit.root;
	root.dataset.roving = "";
	root.setAttribute("role", "group"); // not an image: it holds focusable items
	root.setAttribute("tabindex", "-1"); // the items are the tab stop, not the drawing
	// the ring: a halo of the background under the accent, so that it shows on any fill
	const ring = svg("g", {class: "focusring", visibility: "hidden"}, overlay);
	const ringRects = [svg("rect", {class: "fr-halo", rx: 6}, ring), svg("rect", {class: "fr-line", rx: 6}, ring)];
	let current = null; // the key ("n3", "m17") of the item with the tab stop
	let inside = false; // the focus is (or was, before its item went) in the view
	let items = []; // [{key, el, node, msg, to}] as last found
	let pending = false; // a refresh is due
	let refreshedAt = -Infinity;
	let checked = null; // the tab stop's element last found shown
	let naming = 0; // a timer to name them all

	// one element per process: its group (.node) if it has one, else a label
	const rank = (e) => (e.classList.contains("node") ? 0 : e.tagName === "text" ? 1 : 2);

	function find() {
		const nodes = new Map();
		for (const e of root.querySelectorAll("[data-node]")) {
			const p = Number(e.dataset.node);
			const had = nodes.get(p);
			if (!had || rank(e) < rank(had)) nodes.set(p, e);
		}
		const out = [...nodes.keys()].sort((a, b) => a - b).map((p) => ({key: "n" + p, el: nodes.get(p), node: p}));
		const flights = new Map((kit.frame ? kit.frame.flights : []).map((f) => [f.id, f]));
		const msgs = new Map();
		for (const e of root.querySelectorAll("[data-msg]")) {
			const id = Number(e.dataset.msg);
			if (flights.has(id) && !msgs.has(id)) msgs.set(id, e);
		}
		for (const id of [...msgs.keys()].sort((a, b) => a - b)) out.push({key: "m" + id, el: msgs.get(id), msg: flights.get(id), to: flights.get(id).to});
		return out;
	}

	const shown = (e) => e.isConnected && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";

	/** refresh finds the items again, names them, and keeps the tab stop and the focus on one. */
	function refresh() {
		pending = false;
		refreshedAt = performance.now();
		if (!kit.run || !kit.frame) return;
		const before = new Map(items.map((it) => [it.key, it]));
		items = find();
		let tab = items.find((it) => it.key === current);
		// (whether it is shown costs layout: asked again only of another
		// element, and not before a run's first picture, when the first item
		// takes the tab stop and nameAll hands it on if that one is hidden)
		if (!before.size && !tab) tab = items[0] || null;
		else if (!tab || (!isFocused(tab) && tab.el !== checked && !shown(tab.el))) tab = replacement(before.get(current));
		current = tab ? tab.key : null;
		checked = tab && before.size ? tab.el : null; // (the first picture's: unchecked)
		for (const it of items) {
			set(it.el, "tabindex", it === tab ? 0 : -1);
			set(it.el, "role", "button");
			set(it.el, "aria-haspopup", "dialog");
		}
		// new items at once, and the tab stop while the focus is in the view;
		// all others (and the tab stop) soon: naming reads the layout, which
		// would be worked out twice a frame while a run plays. A run's first
		// drawing names none at once: it is on screen sooner, and all are
		// named once it stands still
		if (before.size) name(items.filter((it) => (it === tab && inside) || !it.el.hasAttribute("aria-label")));
		nameAll();
		// the item in focus went (a message delivered, a card drawn again): its successor takes the focus
		const lost = !document.activeElement || document.activeElement === document.body;
		if (inside && tab && lost) tab.el.focus({preventScroll: true});
		place();
	}

	// name writes the items' names. Reading what is shown costs layout: the
	// names of all are written once the drawing stands still (not while a
	// run plays, when nobody reads them); data-naming says they are due.
	function name(list) {
		const names = namer(kit.run, kit.frame);
		for (const it of list) if (it.el.isConnected) set(it.el, "aria-label", it.msg ? names.msg(it.msg, it.el) : names.node(it.node, it.el));
	}

	function nameAll() {
		clearTimeout(naming);
		if (!("naming" in root.dataset)) root.dataset.naming = "";
		// (a run playing on a busy machine may draw less often than that: it
		// stands still only if the frame is the one named for)
		const seq = kit.frame && kit.frame.seq;
		naming = setTimeout(() => {
			naming = 0;
			if (kit.frame && kit.frame.seq !== seq) return nameAll();
			if (kit.shown && kit.frame) name(items);
			delete root.dataset.naming;
			// the tab stop hidden meanwhile (a tree's device unplugged): another takes it
			const tab = items.find((it) => it.key === current);
			if (tab && !isFocused(tab) && !shown(tab.el)) (checked = null), schedule();
		}, NAMES_STILL);
	}

	// replacement is the item after one that went: a message's destination, else the first shown
	function replacement(gone) {
		const to = gone && gone.to !== undefined ? items.find((it) => it.key === "n" + gone.to) : null;
		if (to && shown(to.el)) return to;
		return items.find((it) => shown(it.el)) || null;
	}

	const isFocused = (it) => document.activeElement === it.el;

	// place draws the ring round the item in focus (only for the keyboard's focus)
	function place() {
		const it = items.find((x) => x.key === current);
		const e = it && it.el;
		if (!e || document.activeElement !== e || !e.matches(":focus-visible")) return set(ring, "visibility", "hidden");
		const m = root.getScreenCTM();
		if (!m) return;
		const inv = m.inverse();
		const r = e.getBoundingClientRect();
		const a = new DOMPoint(r.left, r.top).matrixTransform(inv);
		const b = new DOMPoint(r.right, r.bottom).matrixTransform(inv);
		for (const rr of ringRects) {
			set(rr, "x", Math.min(a.x, b.x) - PAD);
			set(rr, "y", Math.min(a.y, b.y) - PAD);
			set(rr, "width", Math.abs(b.x - a.x) + 2 * PAD);
			set(rr, "height", Math.abs(b.y - a.y) + 2 * PAD);
		}
		set(ring, "visibility", "visible");
	}

	const itemOf = (target) => items.find((it) => it.el === target) || null;

	function move(dir) {
		const list = items.filter((it) => shown(it.el));
		if (!list.length) return;
		const i = list.findIndex((it) => it.key === current);
		const next = list[i < 0 ? 0 : (i + dir + list.length) % list.length];
		focusItem(next);
	}

	// stop gives the tab stop to an item
	function stop(it) {
		const old = items.find((x) => x.key === current);
		if (old) set(old.el, "tabindex", -1);
		current = it.key;
		set(it.el, "tabindex", 0);
	}

	function focusItem(it) {
		stop(it);
		it.el.focus({preventScroll: true});
	}

	// where the item is on the screen, for the menu and the tooltip
	function at(it) {
		const r = it.el.getBoundingClientRect();
		return {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, target: it.el, keyboard: true};
	}

	function open(it) {
		if (it.msg) {
			const f = kit.frame.flights.find((x) => x.id === it.msg.id);
			if (f) handlers.onMsgClick(f, at(it));
		} else handlers.onNodeClick(it.node, at(it));
	}

	root.addEventListener("keydown", (ev) => {
		const it = itemOf(ev.target);
		if (!it || ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || ev.shiftKey) return;
		if (ev.key === "ArrowRight" || ev.key === "ArrowDown") move(+1);
		else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") move(-1);
		else if (ev.key === "Enter" || ev.key === " ") open(it);
		else return;
		ev.preventDefault();
	});
	// a click on an item opens its menu without giving it the focus: the
	// run's arrows stay the run's (a click on the background focuses the
	// drawing, which leaves them to the run too)
	root.addEventListener("mousedown", (ev) => {
		const e = ev.target.closest && ev.target.closest("[tabindex]");
		if (e && e !== root && root.contains(e) && document.activeElement !== e) ev.preventDefault();
	});
	document.addEventListener("focusin", (ev) => {
		inside = root.contains(ev.target);
		const it = inside ? itemOf(ev.target) : null;
		if (it) {
			if (current !== it.key) stop(it);
			if (it.el.matches(":focus-visible") && handlers.onHover) handlers.onHover(it.msg ? {kind: "msg", flight: it.msg} : {kind: "node", pos: it.node}, at(it));
		}
		place();
	});
	root.addEventListener("focusout", (ev) => {
		if (itemOf(ev.target) && handlers.onHover) handlers.onHover(null, ev);
		// a blur leaves the view; an item that went (removed) keeps the focus in it for its successor
		const e = ev.target;
		queueMicrotask(() => e.isConnected && (inside = root.contains(document.activeElement)));
		requestAnimationFrame(place);
	});
	document.addEventListener("pointerdown", (ev) => {
		if (!root.contains(ev.target)) inside = false;
	});

	// schedule refreshes at the next frame while the focus is in the view,
	// else at most every AWAY_EVERY ms
	function schedule() {
		if (pending) return;
		pending = true;
		const wait = inside ? 0 : refreshedAt + AWAY_EVERY - performance.now();
		if (wait <= 0) requestAnimationFrame(refresh);
		else setTimeout(() => requestAnimationFrame(refresh), wait);
	}

	return {
		refresh: schedule,
		/** reset forgets the item in focus (a new run). */
		reset() {
			current = null;
			items = [];
			schedule();
		},
	};
}
