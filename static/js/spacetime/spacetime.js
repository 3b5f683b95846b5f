// The space-time (Lamport) diagram: a line per process, time to the right,
// events as dots, an arrow per message from its send to its delivery (a
// drop ends in a cross; a message in flight is dashed up to now). It shows
// the events up to the cursor only, within a time window that pages, and
// keeps its elements by seq: a frame adds and removes only what entered or
// left the window. What an element looks like is marks.js's.

import {stScale} from "./time.js";
import {viewScale} from "../views/kit/scale.js";
import {bulkSwitch} from "../views/kit/bulk.js";
import {set, clear, svg} from "../app/dom.js";
import {createHbQuery} from "./hbquery.js";
import {createFilter} from "./filter.js";
import {skeleton} from "./skeleton.js";
import {wireZoom} from "./zoom.js";
import {eventWindow} from "./window.js";
import {lightCausality} from "./lighting.js";
import {makeEvent, placeEvent, placeFlight, drawFlightsInBulk, drawStays, drawBarriers, drawAxes} from "./marks.js";

// The events drawn at most: fewer when there are many processes, whose
// rows are too thin to tell a thousand arrows apart anyway.
const limitFor = (n) => (n <= 100 ? 1500 : Math.max(200, Math.round(150000 / n)));

export function createSpacetime(root, handlers) {
	const g = skeleton(root);
	// what marks.js draws from: the run, the log, the scale, the window's elements
	const st = {
		g,
		run: null,
		log: null,
		S: null,
		domain: null,
		lastFrame: null,
		size: {w: 0, h: 0},
		els: new Map(), // seq → {dot, arrow}
		flights: new Map(), // msg id → line
		bulk: new Map(), // colour → path: the flights when they are many (marks.js)
		// by order: one column per event instead of virtual time on x
		order: false,
		// the lanes drawn: the positions handlers.lanes(frame) says are present
		// (an empty device slot has none); rowIndex maps a position to its lane
		rows: null,
		rowIndex: null,
		// what the lecturer filtered out: positions and message types
		hidden: {procs: new Set(), types: new Set()},
		// stays as bars on the process lines (a critical section: spans.js), under the arrows
		spans: svg("g", {class: "st-spans"}),
		hb: null,
	};
	g.arrows.before(st.spans);
	let lo = 1;
	let hi = 0; // elements exist for seqs in [lo, hi]
	const highlighted = []; // the elements lit (lighting.js changes it in place)
	let box = {w: 0, h: 0};
	let hovered = null; // the seq under the pointer
	// what the lanes were read from: the view's list of processes drawn
	// (null: all), the filter, and the lanes as a key (lanes)
	let lanesRead = {shown: null, hidden: null, key: ""};
	const flightCount = bulkSwitch(); // whether the messages in flight are many
	// the window the lecturer zoomed or panned to ([x0, x1] in the units of
	// x: time, or events by order); null: the window follows the cursor
	let zoomed = null;
	// the events' stamps and the happened-before query (hbquery.js), in a bar below the drawing
	const hb = createHbQuery(root.parentElement, g.stamps, {
		dotOf: (s) => (st.els.has(s) ? st.els.get(s).dot : null),
		replaceAll: () => {
			for (const s of st.els.keys()) placeEvent(st, s);
		},
	});
	st.hb = hb;
	const title = root.closest(".view") && root.closest(".view").querySelector(".view-title");
	const filter = title ? createFilter(title, (h) => {
		st.hidden = h;
		lanesRead = {shown: null, hidden: null, key: "\u0000"}; // (the lanes are read again)
		redraw();
	}) : null;

	function setRun(r, eventLog) {
		st.run = {n: r.nodes.length, nodes: r.nodes, alg: r.algorithm};
		st.log = eventLog;
		reset();
		hb.setRun(st.run, eventLog);
		if (filter) filter.setRun(r.nodes.map((nd) => nd.label), r.algorithm.messageTypes || []);
		st.hidden = {procs: new Set(), types: new Set()};
	}

	function reset() {
		clear(g.barriers);
		barrierKey = "";
		clear(g.arrows);
		clear(g.dots);
		clear(g.flights);
		st.els = new Map();
		st.flights = new Map();
		st.bulk = new Map();
		lo = 1;
		hi = 0;
		st.domain = null;
		st.S = null;
		st.lastFrame = null;
		hb.reset();
		lanesRead = {shown: null, hidden: null, key: ""};
		st.rows = st.rowIndex = null;
		flightCount.reset();
	}

	/** truncate forgets the drawn events from seq on (the run forked). */
	function truncate(from) {
		for (let s = Math.max(from, lo); s <= hi; s++) drop(s);
		if (hi >= from) hi = Math.max(lo - 1, from - 1);
	}

	// update draws a frame; changes (model.js) say what changed since the
	// last (none given: anything may have); playing: whether the run plays
	// (bulk.js; none given: as at the last update, e.g. a new layout's).
	let lastTime = null;
	let barrierKey = ""; // what the barriers were drawn for
	let playingNow = false;
	function update(frame, changes, playing = playingNow) {
		if (!st.run) return;
		playingNow = playing;
		const all = !changes || changes.whole || st.lastFrame === null;
		st.lastFrame = frame;
		const resized = resize(frame);
		const {w, h} = st.size;
		const cur = Math.min(frame.seq, st.log.length);
		const win = eventWindow({log: st.log, frame, cur, limit: limitFor(st.run.n), order: st.order, zoomed, prev: st.domain});
		const d = win.domain;
		const prev = st.domain;
		const domainChanged = !prev || d[0] !== prev[0] || d[1] !== prev[1] || d.order !== prev.order;
		st.domain = d;
		// (the title is above the drawing; an event at the right edge keeps its whole dot)
		const pad = {l: labelWidth(), r: 20, t: 16, b: 30};
		if (domainChanged || resized || !st.S) {
			st.S = laneScale(stScale(st.rows ? st.rows.length : st.run.n, w, h, d[0], d[1], pad));
			root.style.setProperty("--st-stroke", st.S.stroke + "px");
			set(g.clip, "x", pad.l - 8);
			set(g.clip, "y", 0);
			set(g.clip, "width", Math.max(0, w - pad.l + 8 - pad.r + 10));
			set(g.clip, "height", h - pad.b + 6);
			drawAxes(st);
		}
		syncEvents(win.from, cur, domainChanged || resized);
		lo = win.from;
		hi = cur;
		syncFlights(frame, changes, all || domainChanged || resized || frame.time !== lastTime);
		barrierKey = drawBarriers(st, frame, domainChanged || resized, barrierKey);
		lastTime = frame.time;
		hb.frame(lo, hi);
		drawStays(st, frame);
		const x = st.order ? st.S.x(cur + 0.5) : st.S.x(frame.time);
		set(g.now, "x1", x);
		set(g.now, "x2", x);
		set(g.now, "y1", 4);
		set(g.now, "y2", h - pad.b + 4);
		return {domain: d, lo, hi};
	}

	// resize fits the viewBox to the box, magnified as the views are
	// (views/kit/kit.js, viewScale); true when the picture changed size or lanes
	function resize(frame) {
		// the size comes from the ResizeObserver: reading it here would force a layout every frame
		if (!box.w) box = {w: root.clientWidth, h: root.clientHeight};
		const z = viewScale();
		const w = Math.round(Math.max(160, (box.w || 400) / z));
		const h = Math.round(Math.max(120, (box.h || 300) / z));
		const relaned = lanes(frame);
		if (w === st.size.w && h === st.size.h && !relaned) return false;
		st.size = {w, h};
		set(root, "viewBox", `0 0 ${w} ${h}`);
		return true;
	}

	// syncEvents drops the events that left the window [from, cur], makes
	// those that entered it, and places the others again when the picture moved
	function syncEvents(from, cur, moved) {
		// drop what left the window, add what entered
		if (from > hi || cur < lo) {
			for (let s = lo; s <= hi; s++) drop(s);
			lo = from;
			hi = from - 1;
		}
		for (let s = lo; s < Math.min(from, hi + 1); s++) drop(s);
		for (let s = cur + 1; s <= hi; s++) drop(s);
		const oldLo = Math.max(lo, from);
		const oldHi = Math.min(hi, cur);
		for (let s = from; s <= cur; s++) {
			if (s >= oldLo && s <= oldHi) {
				if (moved) placeEvent(st, s);
			} else {
				makeEvent(st, s);
			}
		}
	}

	// syncFlights draws the messages in flight dashed to now: every one when
	// the time or the picture moved (all), else those that came and went;
	// many of them in one path a colour (marks.js, views/kit/bulk.js)
	function syncFlights(frame, changes, all) {
		if (flightCount.many(frame.flights.length, playingNow)) {
			for (const line of st.flights.values()) line.remove();
			st.flights.clear();
			if (all || changes.flights || !st.bulk.size) drawFlightsInBulk(st, frame, frame.time);
			return;
		}
		if (st.bulk.size) {
			for (const path of st.bulk.values()) path.remove();
			st.bulk.clear();
			all = true;
		}
		if (all) {
			const seen = new Set();
			for (const fl of frame.flights) {
				seen.add(fl.id);
				placeFlight(st, fl, frame.time);
			}
			for (const [id, line] of st.flights) {
				if (!seen.has(id)) {
					line.remove();
					st.flights.delete(id);
				}
			}
		} else if (changes.flights) {
			for (const id of changes.removed) {
				const line = st.flights.get(id);
				if (line) line.remove(), st.flights.delete(id);
			}
			if (changes.added.size) for (const fl of frame.flights) if (changes.added.has(fl.id)) placeFlight(st, fl, frame.time);
		}
	}

	// lanes reads which processes are present; true when that changed. A
	// frame whose view gives the same list as the last (null: every process,
	// as most views say) and no change of the filter reads none of them.
	function lanes(frame) {
		const got = handlers.lanes ? handlers.lanes(frame) : null;
		const shown = Array.isArray(got) ? got : null;
		if (shown === lanesRead.shown && st.hidden === lanesRead.hidden) return false;
		const present = (p) => (!shown || shown[p]) && !st.hidden.procs.has(p);
		const all = [...st.run.nodes.keys()];
		const list = all.every(present) ? null : all.filter(present);
		const key = list ? list.join(",") : "";
		const was = lanesRead.key;
		lanesRead = {shown, hidden: st.hidden, key};
		if (key === was) return false;
		st.rows = list;
		st.rowIndex = list ? new Map(list.map((p, i) => [p, i])) : null;
		return true;
	}

	// laneScale makes a scale of lanes one of positions (an absent process's
	// events go below the drawing, out of its clip)
	function laneScale(L) {
		const {rowIndex} = st;
		if (!rowIndex) return L;
		const yLane = L.y;
		return {...L, y: (p) => (rowIndex.has(p) ? yLane(rowIndex.get(p)) : L.h + 50)};
	}

	/** setOrder draws one column per event (true) or virtual time (false) on x. */
	function setOrder(on) {
		if (st.order === !!on) return;
		st.order = !!on;
		zoomed = null;
		redraw();
	}

	// redraw draws the last frame anew, every event
	function redraw() {
		if (st.lastFrame) {
			const f = st.lastFrame;
			for (let s = lo; s <= hi; s++) drop(s);
			lo = 1;
			hi = 0;
			st.S = null;
			update(f);
		}
	}

	function labelWidth() {
		const longest = st.run.nodes.reduce((m, nd) => Math.max(m, nd.label.length), 2);
		return Math.min(90, 14 + longest * 9);
	}

	function drop(s) {
		const o = st.els.get(s);
		if (!o) return;
		if (s === hovered) {
			// the pointer's event is leaving the picture: so does its highlight
			hovered = null;
			highlight(null);
			handlers.onHoverEvent && handlers.onHoverEvent(null);
		}
		if (o.dot) o.dot.remove();
		if (o.arrow) o.arrow.remove();
		st.els.delete(s);
		hb.drop(s);
	}

	// hovering an event lights up its causal past and future (lighting.js)
	function highlight(seq) {
		return lightCausality(highlighted, {root, els: st.els, log: st.log, lo, hi}, seq);
	}

	root.addEventListener("pointerover", (ev) => {
		const t = ev.target.closest && ev.target.closest(".st-ev[data-seq]");
		if (!t) return;
		const seq = Number(t.dataset.seq);
		hovered = seq;
		highlight(seq);
		handlers.onHoverEvent && handlers.onHoverEvent(st.log.at(seq), ev);
	});
	root.addEventListener("pointerout", (ev) => {
		const t = ev.target.closest && ev.target.closest(".st-ev[data-seq]");
		if (!t) return;
		hovered = null;
		highlight(null);
		handlers.onHoverEvent && handlers.onHoverEvent(null, ev);
	});
	root.addEventListener("click", (ev) => {
		if (zoom.wasDrag()) return;
		const t = ev.target.closest && ev.target.closest("[data-seq]");
		if (t && !hb.click(Number(t.dataset.seq))) handlers.onSeek(Number(t.dataset.seq));
	});

	// zoom with the wheel, pan by dragging, a double click to follow the cursor again (zoom.js)
	const zoom = wireZoom(root, {
		view: () => (st.S && st.domain ? {domain: st.domain, kx: st.S.kx, padL: st.S.pad.l, width: st.size.w, least: st.order ? 4 : 1e-3} : null),
		set: (w) => {
			zoomed = w;
			redraw();
		},
	});

	const ro = new ResizeObserver((entries) => {
		const r = entries[entries.length - 1].contentRect;
		box = {w: r.width, h: r.height};
		if (st.lastFrame) update(st.lastFrame);
	});
	ro.observe(root);

	return {setRun, update, truncate, reset, highlight, setOrder, get order() {
		return st.order;
	}};
}
