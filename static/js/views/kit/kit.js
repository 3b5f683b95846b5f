// The view kit: what every view is made of, so that a view is only its own
// drawing. A view module (listed in ../index.js) exports one constructor,
//
//	create(host, handlers) → view
//
// host: the box the view draws in (an element sized by the page; the view
// puts its SVG inside). handlers: what the page does with the pointer:
//	onNodeClick(pos, ev), onMsgClick(flight, ev), onLinkClick(from, to, ev),
//	onHover(h, ev) (h: {kind: "node", pos} | {kind: "msg", flight} |
//	{kind: "link", from, to} | null), onHoverMove(ev), onBackground(ev),
//	onSelect(pos | null) (pin a process without a menu), act(action) (send an
//	engine action: a view's own menu entries).
//
// view — every member a function (CONTRACT; the kit's view() fills in the
// defaults):
//	setRun(run)                  a new run (the `run` message): nothing of the last stays
//	update(frame, opts, changes) draw the frame; opts {manual, selected, hover};
//	                             changes from model.js (null: anything may have changed)
//	layout()                     the box's size changed
//	legend(box, frame, roles)    write the legend (roles: those seen so far)
//	exportSVG(caption) → string  the drawing as a standalone SVG file
//	drawn(frame) → bool[] | null which processes it draws (null: all; a list
//	                             changed is a new array: the space-time diagram
//	                             reads only a list it has not seen)
//	menuItems(pos) → items       the view's own entries in a process's menu
//	note() → string              a line under the drawing ("" for none)
//	show(on)                     show or hide the view (the page shows one)
//
// The kit gives a view its SVG skeleton (defs, a background, one group per
// layer, an overlay with the selection ring), delegated pointer handling,
// the legend of roles and message types (legend.js), the messages in
// flight (flights.js), the SVG export, and the keyboard: its processes and
// messages focusable, named, and opening their menus (focus.js).

import {svg, set, pointerTarget, MSG_TARGET, NODE_TARGET} from "../../app/dom.js";
import {svgSnapshot} from "../../app/io.js";
import {t} from "../../i18n/i18n.js";
import {ensureSprite} from "./icons.js";
import {renderLegend} from "./legend.js";
import {createFocus} from "./focus.js";
import {viewScale} from "./scale.js";

/** CONTRACT lists what every view returns. */
export const CONTRACT = ["setRun", "update", "layout", "legend", "exportSVG", "drawn", "menuItems", "note", "show"];

/** LINK_TARGET: a link or cable (data-link = from, data-link-to = to). */
export const LINK_TARGET = ["[data-link]", (d) => ({kind: "link", from: Number(d.link), to: d.linkTo === undefined ? null : Number(d.linkTo)})];

/**
 * createKit builds a view's SVG in host: spec.id and spec.testid name it
 * (an SVG of that id already in host, put there by the page, is taken
 * over), spec.defs are its own <defs> (markers), spec.layers the classes of
 * its groups from bottom to top. spec.targets are the pointer's targets,
 * most specific first (default: a message, a process, a link); spec.click
 * (tg, ev) may take a click first (true: done). spec.onLayout is called when
 * the box's size changed while the view is shown.
 */
export function createKit(host, spec) {
	ensureSprite();
	let root = spec.id ? host.querySelector(`svg#${spec.id}`) : null;
	if (!root) {
		root = svg("svg", {id: spec.id, xmlns: "http://www.w3.org/2000/svg", role: "group"});
		host.append(root);
	}
	if (spec.testid) root.dataset.testid = spec.testid;
	if (spec.className) root.classList.add(...spec.className.split(/\s+/));
	const labelledBy = host.closest("[aria-labelledby]");
	if (labelledBy) root.setAttribute("aria-labelledby", labelledBy.getAttribute("aria-labelledby"));
	root.setAttribute("hidden", "");
	root.innerHTML =
		`<defs>${spec.defs || ""}</defs>` +
		'<rect class="bg" x="0" y="0" width="100%" height="100%"/>' +
		(spec.layers || []).map((l) => `<g class="${l}"></g>`).join("") +
		'<g class="k-overlay"><circle class="selring" r="0" visibility="hidden"/></g>';
	const layers = {};
	for (const l of spec.layers || []) layers[l] = root.querySelector("." + l.split(/\s+/)[0]);
	const selring = root.querySelector(".selring");

	const kit = {
		root,
		layers,
		frame: null, // the frame drawn last
		run: null, // the run drawn
		msgAt: null, // (x, y) → the id of the message drawn in bulk there, or null (flights.js nearest)
		box: {w: 0, h: 0}, // the host's size, kept by a ResizeObserver (measured once before it reports)
		laid: "", // the size the view was last laid out for (boxKey)
		/** size is the drawing's size: the box's over the view scale, at least min. */
		size(minW = 200, minH = 200, fallbackW = 600, fallbackH = 600) {
			const z = viewScale();
			measure();
			const w = Math.round(Math.max(minW, (kit.box.w || fallbackW) / z));
			const h = Math.round(Math.max(minH, (kit.box.h || fallbackH) / z));
			set(root, "viewBox", `0 0 ${w} ${h}`);
			return {w, h};
		},
		/** boxKey says the box's size and scale, which a layout is for. */
		boxKey() {
			measure();
			return `${Math.round(kit.box.w)}x${Math.round(kit.box.h)}@${viewScale()}`;
		},
		/** select rings a process at (x, y) with radius r; select(null) hides the ring. */
		select(x, y, r) {
			if (x === null || x === undefined) return set(selring, "visibility", "hidden");
			set(selring, "visibility", "visible");
			set(selring, "cx", x);
			set(selring, "cy", y);
			set(selring, "r", r);
		},
		get shown() {
			return !root.hasAttribute("hidden");
		},
	};

	// ---- the pointer, delegated: the handlers get positions and ids ----
	const targets = spec.targets || [MSG_TARGET, NODE_TARGET, LINK_TARGET];
	const targetOf = (ev) => bulkTarget(ev) || pointerTarget(ev, targets);
	// a message drawn in bulk (flights.js) has no element: the one nearest
	// to the pointer, which kit.msgAt(x, y) finds in the drawing's units
	function bulkTarget(ev) {
		if (!kit.msgAt || !ev.target || !ev.target.closest || !ev.target.closest("[data-msgs]")) return null;
		const m = root.getScreenCTM();
		if (!m) return null;
		const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
		const id = kit.msgAt(p.x, p.y);
		return id === null ? null : {kind: "msg", id};
	}
	const flightOf = (id) => (kit.frame ? kit.frame.flights.find((x) => x.id === id) : null);
	const handlers = spec.handlers;
	root.addEventListener("click", (ev) => {
		const tg = targetOf(ev);
		if (spec.click && spec.click(tg, ev)) return;
		if (!tg || !kit.frame) return handlers.onBackground && handlers.onBackground(ev);
		if (tg.kind === "msg") {
			const f = flightOf(tg.id);
			if (f) handlers.onMsgClick(f, ev);
		} else if (tg.kind === "link") handlers.onLinkClick(tg.from, tg.to, ev);
		else if (tg.pos !== undefined) handlers.onNodeClick(tg.pos, ev);
	});
	let hoverKey = "";
	root.addEventListener("pointermove", (ev) => {
		const tg = targetOf(ev);
		const key = !tg ? "" : tg.kind === "msg" ? "m" + tg.id : tg.kind === "link" ? `l${tg.from}>${tg.to}` : "n" + tg.pos;
		if (key === hoverKey) return handlers.onHoverMove && tg && handlers.onHoverMove(ev);
		hoverKey = key;
		if (!tg || !kit.frame) return handlers.onHover(null, ev);
		if (tg.kind === "msg") {
			const f = flightOf(tg.id);
			handlers.onHover(f ? {kind: "msg", flight: f} : null, ev);
		} else if (tg.kind === "link") handlers.onHover({kind: "link", from: tg.from, to: tg.to}, ev);
		else handlers.onHover({kind: "node", pos: tg.pos}, ev);
	});
	root.addEventListener("pointerleave", (ev) => {
		hoverKey = "";
		handlers.onHover(null, ev);
	});

	// ---- the box's size ----
	// Until the observer first reports (after the next layout), the box is
	// read once from the page: reading it at every call would lay the page
	// out again for each (a run's first drawing asks several times), and a
	// layout for the size the observer then reports would be done twice.
	function measure() {
		if (!kit.box.w) kit.box = {w: host.clientWidth, h: host.clientHeight};
	}
	new ResizeObserver((entries) => {
		const r = entries[entries.length - 1].contentRect;
		kit.box = {w: r.width, h: r.height};
		const key = kit.boxKey();
		if (kit.shown && spec.onLayout && kit.laid !== key) (kit.laid = key), spec.onLayout();
		if (kit.focus) kit.focus.refresh(); // a layout may draw the items anew
	}).observe(host);

	kit.focus = createFocus(kit, handlers, root.querySelector(".k-overlay"));
	return kit;
}

/**
 * view completes a view's members with the kit's defaults: the legend of
 * roles and message types, the SVG export, no hidden processes, no menu
 * entries of its own, no note, showing and hiding the SVG.
 */
export function view(kit, members) {
	const v = {
		legend(box, frame, roles) {
			const alg = kit.run && kit.run.algorithm;
			if (!alg) return;
			renderLegend(box, alg, roles, alg.messageTypes || [], t);
		},
		exportSVG(caption) {
			return svgSnapshot(kit.root, caption);
		},
		drawn: () => null,
		menuItems: () => [],
		note: () => "",
		show(on) {
			kit.root.toggleAttribute("hidden", !on);
			// (the box may have changed while the view was hidden)
			if (on && members.layout) requestAnimationFrame(() => kit.laid !== kit.boxKey() && v.layout());
		},
	};
	// (descriptors, so that a view's getters stay getters)
	Object.defineProperties(v, Object.getOwnPropertyDescriptors(members));
	for (const k of CONTRACT) if (typeof v[k] !== "function") throw new Error(`a view lacks ${k}`);
	// the keyboard's items follow the drawing (focus.js): found again after
	// whatever may draw them anew
	// (and the size a new run or a layout drew for is noted)
	const {setRun, update, layout, show} = v;
	v.setRun = (r) => ((kit.laid = kit.boxKey()), setRun(r), kit.focus.reset());
	v.layout = (...args) => ((kit.laid = kit.boxKey()), layout(...args), kit.focus.refresh());
	for (const [k, f] of [["update", update], ["show", show]]) v[k] = (...args) => (f(...args), kit.focus.refresh());
	return v;
}
