// The space-time (Lamport) diagram: a line per process, time to the right,
// events as dots, an arrow per message from its send to its delivery (a
// drop ends in a cross; a message in flight is dashed up to now). It shows
// the events up to the cursor only, within a time window that pages, and
// keeps its elements by seq: a frame adds and removes only what entered or
// left the window.

import {stScale, stInFlight, rowOf} from "./time.js";
import {niceCeil} from "../views/kit/geometry.js";
import {viewScale} from "../views/kit/scale.js";
import {svg, set, clear} from "../app/dom.js";
import {msgLook, outcomeUse, outcomeOfUse} from "../i18n/vocab.js";
import {createHbQuery} from "./hbquery.js";
import {barrierLines} from "./barriers.js";
import {stays} from "./spans.js";
import {createFilter} from "./filter.js";
import {skeleton} from "./skeleton.js";
import {wireZoom} from "./zoom.js";
import {eventWindow} from "./window.js";
import {lightCausality} from "./lighting.js";

// The events drawn at most: fewer when there are many processes, whose
// rows are too thin to tell a thousand arrows apart anyway.
const limitFor = (n) => (n <= 100 ? 1500 : Math.max(400, Math.round(150000 / n)));

export function createSpacetime(root, handlers) {
	const g = skeleton(root);

	let run = null;
	let S = null;
	let domain = null;
	let lo = 1;
	let hi = 0; // elements exist for seqs in [lo, hi]
	let els = new Map(); // seq → {dot, arrow}
	let flights = new Map(); // msg id → line
	let log = null;
	let lastFrame = null;
	let size = {w: 0, h: 0};
	const highlighted = []; // the elements lit (lighting.js changes it in place)
	let box = {w: 0, h: 0};
	let hovered = null; // the seq under the pointer
	// the events' stamps and the happened-before query (hbquery.js), in a bar below the drawing
	const hb = createHbQuery(root.parentElement, g.stamps, {
		dotOf: (s) => (els.has(s) ? els.get(s).dot : null),
		replaceAll: () => {
			for (const s of els.keys()) place(s);
		},
	});
	// by order: one column per event instead of virtual time on x
	let order = false;
	// the lanes drawn: the positions handlers.lanes(frame) says are present
	// (an empty device slot has none); rowIndex maps a position to its lane
	let rows = null;
	let rowIndex = null;
	let lanesKey = "";
	// the window the lecturer zoomed or panned to ([x0, x1] in the units of
	// x: time, or events by order); null: the window follows the cursor
	let zoomed = null;
	// stays as bars on the process lines (a critical section: spans.js),
	// under the arrows
	const spans = svg("g", {class: "st-spans"});
	g.arrows.before(spans);
	// what the lecturer filtered out: positions and message types
	let hidden = {procs: new Set(), types: new Set()};
	const title = root.closest(".view") && root.closest(".view").querySelector(".view-title");
	const filter = title ? createFilter(title, (h) => {
		hidden = h;
		lanesKey = "\u0000"; // (the lanes are read again)
		redraw();
	}) : null;

	function setRun(r, eventLog) {
		run = {n: r.nodes.length, nodes: r.nodes, alg: r.algorithm};
		log = eventLog;
		reset();
		hb.setRun(run, eventLog);
		if (filter) filter.setRun(r.nodes.map((nd) => nd.label), r.algorithm.messageTypes || []);
		hidden = {procs: new Set(), types: new Set()};
	}

	function reset() {
		clear(g.barriers);
		barrierKey = "";
		clear(g.arrows);
		clear(g.dots);
		clear(g.flights);
		els = new Map();
		flights = new Map();
		lo = 1;
		hi = 0;
		domain = null;
		S = null;
		lastFrame = null;
		hb.reset();
		lanesKey = "";
		rows = rowIndex = null;
	}

	/** truncate forgets the drawn events from seq on (the run forked). */
	function truncate(from) {
		for (let s = Math.max(from, lo); s <= hi; s++) drop(s);
		if (hi >= from) hi = Math.max(lo - 1, from - 1);
	}

	function typeIndex(type) {
		return msgLook(run.alg, type).color % 8;
	}

	// update draws a frame; changes (model.js) say what changed since the
	// last (none given: anything may have).
	let lastTime = null;
	let barrierKey = ""; // what the barriers were drawn for
	function update(frame, changes) {
		if (!run) return;
		const all = !changes || changes.whole || lastFrame === null;
		lastFrame = frame;
		// the size comes from the ResizeObserver: reading it here would force a layout every frame
		if (!box.w) box = {w: root.clientWidth, h: root.clientHeight};
		// magnified as the views are (views/kit/kit.js, viewScale)
		const z = viewScale();
		const w = Math.round(Math.max(160, (box.w || 400) / z));
		const h = Math.round(Math.max(120, (box.h || 300) / z));
		const relaned = lanes(frame);
		const resized = w !== size.w || h !== size.h || relaned;
		if (resized) {
			size = {w, h};
			set(root, "viewBox", `0 0 ${w} ${h}`);
		}
		const cur = Math.min(frame.seq, log.length);
		const win = eventWindow({log, frame, cur, limit: limitFor(run.n), order, zoomed, prev: domain});
		const from = win.from;
		const d = win.domain;
		const domainChanged = !domain || d[0] !== domain[0] || d[1] !== domain[1] || d.order !== domain.order;
		domain = d;
		// (the title is above the drawing; an event at the right edge keeps its whole dot)
		const pad = {l: labelWidth(), r: 20, t: 16, b: 30};
		if (domainChanged || resized || !S) {
			S = laneScale(stScale(rows ? rows.length : run.n, w, h, domain[0], domain[1], pad));
			root.style.setProperty("--st-stroke", S.stroke + "px");
			set(g.clip, "x", pad.l - 8);
			set(g.clip, "y", 0);
			set(g.clip, "width", Math.max(0, w - pad.l + 8 - pad.r + 10));
			set(g.clip, "height", h - pad.b + 6);
			drawAxes();
		}
		syncEvents(from, cur, domainChanged || resized);
		lo = from;
		hi = cur;
		syncFlights(frame, changes, all || domainChanged || resized || frame.time !== lastTime);
		drawBarriers(frame, domainChanged || resized);
		lastTime = frame.time;
		hb.frame(lo, hi);
		drawStays(frame);
		const x = order ? S.x(cur + 0.5) : S.x(frame.time);
		set(g.now, "x1", x);
		set(g.now, "x2", x);
		set(g.now, "y1", 4);
		set(g.now, "y2", h - pad.b + 4);
		return {domain, lo, hi};
	}

	// drawBarriers joins the processes' crossings of one barrier (a group
	// view installed, as the outcome declares them) by a line
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
				if (moved) place(s);
			} else {
				make(s);
			}
		}
	}

	// syncFlights draws the messages in flight dashed to now: every one when
	// the time or the picture moved (all), else those that came and went
	function syncFlights(frame, changes, all) {
		if (all) {
			const seen = new Set();
			for (const fl of frame.flights) {
				seen.add(fl.id);
				placeFlight(fl, frame.time);
			}
			for (const [id, line] of flights) {
				if (!seen.has(id)) {
					line.remove();
					flights.delete(id);
				}
			}
		} else if (changes.flights) {
			for (const id of changes.removed) {
				const line = flights.get(id);
				if (line) line.remove(), flights.delete(id);
			}
			if (changes.added.size) for (const fl of frame.flights) if (changes.added.has(fl.id)) placeFlight(fl, frame.time);
		}
	}

	function drawBarriers(frame, moved) {
		const lines = barrierLines(outcomeOfUse(run.alg, "barriers"), outcomeUse(run.alg, frame, "barriers"));
		const key = JSON.stringify(lines);
		if (!moved && key === barrierKey) return;
		barrierKey = key;
		clear(g.barriers);
		for (const b of lines) {
			const pts = b.points.map((q) => `${S.x(q.time).toFixed(1)},${S.y(q.node).toFixed(1)}`).join(" ");
			svg("polyline", {class: "st-barrier", points: pts, "data-barrier": b.id}, g.barriers);
			const top = b.points[0];
			const tx = svg("text", {class: "st-barrier-label", x: S.x(top.time) + 3, y: S.y(top.node) - 6}, g.barriers);
			tx.textContent = "v" + b.id;
		}
	}

	function placeFlight(fl, now) {
		let line = flights.get(fl.id);
		if (!line) {
			const k = typeIndex(fl.type);
			line = svg("line", {class: `st-flight mt-${k}`, "data-flight": fl.id}, g.flights);
			flights.set(fl.id, line);
		}
		// (by order: from its send's column to the cursor's)
		const ss = order ? (log.sendSeq.get(fl.id) ?? lastFrame.seq) : 0;
		set(line, "display", hidden.types.has(fl.type) || (rowIndex && !(rowIndex.has(fl.from) && rowIndex.has(fl.to))) ? "none" : "inline");
		const a = order ? stInFlight(S, {...fl, sentAt: ss, arrive: 2 * (lastFrame.seq + 0.5) - ss}, lastFrame.seq + 0.5) : stInFlight(S, fl, now);
		set(line, "x1", a.x1);
		set(line, "y1", a.y1);
		set(line, "x2", a.x2);
		set(line, "y2", a.y2);
	}

	// drawStays draws the outcome's stays up to the cursor as bars on
	// their processes' lines (one still going ends at the cursor)
	function drawStays(frame) {
		clear(spans);
		const list = stays(run.alg, frame.outcome);
		if (!list.length) return;
		const xAt = (s) => (order ? S.x(s) : S.x(log.at(s) ? log.at(s).time : frame.time));
		const xNow = order ? S.x(Math.min(frame.seq, log.length) + 0.5) : S.x(frame.time);
		const h = Math.max(4, Math.min(14, S.rowH * 0.45));
		for (const st of list) {
			if (st.from > frame.seq || (rowIndex && !rowIndex.has(st.node))) continue;
			const x0 = xAt(st.from);
			const x1 = st.to !== null && st.to <= frame.seq ? xAt(st.to) : xNow;
			const y = S.y(st.node);
			const r = svg("rect", {class: "st-stay", "data-stay": st.node, x: x0.toFixed(1), y: (y - h / 2).toFixed(1), width: Math.max(2, x1 - x0).toFixed(1), height: h.toFixed(1), rx: (h / 3).toFixed(1)}, spans);
			svg("title", {}, r).textContent = st.title;
		}
	}

	// lanes reads which processes are present; true when that changed
	function lanes(frame) {
		const shown = handlers.lanes ? handlers.lanes(frame) : null;
		const present = (p) => (!Array.isArray(shown) || shown[p]) && !hidden.procs.has(p);
		const all = [...run.nodes.keys()];
		const list = all.every(present) ? null : all.filter(present);
		const key = list ? list.join(",") : "";
		if (key === lanesKey) return false;
		lanesKey = key;
		rows = list;
		rowIndex = list ? new Map(list.map((p, i) => [p, i])) : null;
		return true;
	}

	// laneScale makes a scale of lanes one of positions (an absent process's
	// events go below the drawing, out of its clip)
	function laneScale(L) {
		if (!rowIndex) return L;
		const yLane = L.y;
		return {...L, y: (p) => (rowIndex.has(p) ? yLane(rowIndex.get(p)) : L.h + 50)};
	}

	/** setOrder draws one column per event (true) or virtual time (false) on x. */
	function setOrder(on) {
		if (order === !!on) return;
		order = !!on;
		zoomed = null;
		redraw();
	}

	// redraw draws the last frame anew, every event
	function redraw() {
		if (lastFrame) {
			const f = lastFrame;
			for (let s = lo; s <= hi; s++) drop(s);
			lo = 1;
			hi = 0;
			S = null;
			update(f);
		}
	}

	function labelWidth() {
		const longest = run.nodes.reduce((m, nd) => Math.max(m, nd.label.length), 2);
		return Math.min(90, 14 + longest * 9);
	}

	function drawAxes() {
		clear(g.axis);
		clear(g.ticks);
		for (const p of rows || run.nodes.keys()) {
			const y = S.y(p);
			if (S.lines) svg("line", {class: "st-line", x1: S.pad.l - 6, x2: size.w - S.pad.r, y1: y, y2: y}, g.axis);
			if (p % S.labelEvery === 0) {
				const t = svg("text", {class: "st-label", x: S.pad.l - 10, y, "data-row": p}, g.axis);
				t.textContent = run.nodes[p].label;
			}
		}
		// time ticks: about one per 70 px
		const span = domain[1] - domain[0];
		const step = niceCeil(span / Math.max(1, (size.w - S.pad.l - S.pad.r) / 70));
		const y = size.h - S.pad.b + 8;
		for (let t = Math.ceil(domain[0] / step) * step; t <= domain[1] + 1e-9; t += step) {
			const x = S.x(t);
			svg("line", {class: "st-tick", x1: x, x2: x, y1: y - 4, y2: y}, g.ticks);
			const tx = svg("text", {class: "st-ticklabel", x, y: y + 14}, g.ticks);
			tx.textContent = String(t);
		}
	}

	function make(s) {
		const e = log.at(s);
		if (!e) return;
		const row = rowOf(e);
		const o = {dot: null, arrow: null};
		if ((e.kind === "deliver" || e.kind === "drop") && e.msg) {
			const k = typeIndex(e.msg.type);
			const drop = e.kind === "drop";
			o.arrow = svg("line", {
				class: `st-arrow mt-${k}${drop ? " dropped" : ""}`,
				"data-seq": s,
				"marker-end": drop ? "url(#st-drop)" : `url(#st-arrow-${k})`,
			}, g.arrows);
		}
		if (e.kind === "drop") {
			// the arrow's cross marks it
		} else if (row !== null && row !== undefined && e.kind !== "send") {
			o.dot = e.kind === "crash" ? svg("path", {class: "st-ev ev-crash", "data-seq": s}, g.dots) : svg("circle", {class: "st-ev ev-" + e.kind, "data-seq": s}, g.dots);
		} else if (e.kind === "send") {
			o.dot = svg("circle", {class: "st-ev ev-send", "data-seq": s}, g.dots);
		} else if (e.kind === "violation") {
			o.dot = svg("circle", {class: "st-ev ev-violation", "data-seq": s}, g.dots);
		}
		els.set(s, o);
		place(s);
	}

	function place(s) {
		const o = els.get(s);
		const e = log.at(s);
		if (!o || !e) return;
		const x = order ? S.x(s) : S.x(e.time);
		const row = rowOf(e);
		const y = row === null || row === undefined ? S.pad.t - 6 : S.y(row);
		if (o.dot) {
			if (e.kind === "crash") {
				const c = Math.max(5, S.dot + 2);
				set(o.dot, "d", `M${x - c},${y - c}L${x + c},${y + c}M${x + c},${y - c}L${x - c},${y + c}`);
			} else {
				set(o.dot, "cx", x);
				set(o.dot, "cy", y);
				set(o.dot, "r", e.kind === "note" || e.kind === "violation" ? S.dot + 1.5 : S.dot);
			}
			if (S.rowH >= 14 || run.n === 1) hb.place(s, x, y, S.dot, {l: S.pad.l - 8, r: size.w - S.pad.r});
		}
		if (o.arrow) {
			const ss = log.sendSeq.get(e.msg.id);
			const se = ss ? log.at(ss) : null;
			const t0 = se ? se.time : e.time;
			const y0 = S.y(e.from);
			const x0 = order ? S.x(ss || s) : S.x(t0);
			// stop short of the dot so the arrowhead stays visible
			const dx = x - x0;
			const dy = y - y0;
			const len = Math.hypot(dx, dy) || 1;
			const back = e.kind === "drop" ? 0 : Math.min(S.dot + 1, len * 0.3);
			// (a filtered type, or an end without a lane: no arrow)
			const off = hidden.types.has(e.msg.type) || (rowIndex && !(rowIndex.has(e.from) && rowIndex.has(row)));
			set(o.arrow, "display", off ? "none" : "inline");
			set(o.arrow, "x1", x0);
			set(o.arrow, "y1", y0);
			set(o.arrow, "x2", x - (dx / len) * back);
			set(o.arrow, "y2", y - (dy / len) * back);
		}
	}

	function drop(s) {
		const o = els.get(s);
		if (!o) return;
		if (s === hovered) {
			// the pointer's event is leaving the picture: so does its highlight
			hovered = null;
			highlight(null);
			handlers.onHoverEvent && handlers.onHoverEvent(null);
		}
		if (o.dot) o.dot.remove();
		if (o.arrow) o.arrow.remove();
		els.delete(s);
		hb.drop(s);
	}

	// hovering an event lights up its causal past and future (lighting.js)
	function highlight(seq) {
		return lightCausality(highlighted, {root, els, log, lo, hi}, seq);
	}

	root.addEventListener("pointerover", (ev) => {
		const t = ev.target.closest && ev.target.closest(".st-ev[data-seq]");
		if (!t) return;
		const seq = Number(t.dataset.seq);
		hovered = seq;
		highlight(seq);
		handlers.onHoverEvent && handlers.onHoverEvent(log.at(seq), ev);
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
		view: () => (S && domain ? {domain, kx: S.kx, padL: S.pad.l, width: size.w, least: order ? 4 : 1e-3} : null),
		set: (w) => {
			zoomed = w;
			redraw();
		},
	});

	const ro = new ResizeObserver((entries) => {
		const r = entries[entries.length - 1].contentRect;
		box = {w: r.width, h: r.height};
		if (lastFrame) update(lastFrame);
	});
	ro.observe(root);

	return {setRun, update, truncate, reset, highlight, setOrder, get order() {
		return order;
	}};
}
