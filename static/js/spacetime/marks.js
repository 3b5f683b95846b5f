// What the space-time diagram draws, given its state (spacetime.js holds
// it: the run, the event log, the scale S, the window's elements by seq):
// an event's dot and arrow, a message in flight, the stays, the barriers
// and the axes. Each function reads the state and writes the SVG only.

import {stInFlight, rowOf} from "./time.js";
import {niceCeil} from "../views/kit/geometry.js";
import {svg, set, clear} from "../app/dom.js";
import {msgLook, outcomeUse, outcomeOfUse} from "../i18n/vocab.js";
import {barrierLines} from "./barriers.js";
import {stays} from "./spans.js";

function typeIndex(st, type) {
	return msgLook(st.run.alg, type).color % 8;
}

// hiddenMsg: a filtered type, or an end without a lane
function hiddenMsg(st, type, from, to) {
	return st.hidden.types.has(type) || (st.rowIndex && !(st.rowIndex.has(from) && st.rowIndex.has(to)));
}

/** makeEvent makes the elements of event s (a dot, an arrow for a delivery or drop) and places them. */
export function makeEvent(st, s) {
	const e = st.log.at(s);
	if (!e) return;
	const {g} = st;
	const row = rowOf(e);
	const o = {dot: null, arrow: null};
	const drop = e.kind === "drop";
	if ((e.kind === "deliver" || drop) && e.msg) {
		const k = typeIndex(st, e.msg.type);
		o.arrow = svg("line", {
			class: `st-arrow mt-${k}${drop ? " dropped" : ""}`,
			"data-seq": s,
			"marker-end": drop ? "url(#st-drop)" : `url(#st-arrow-${k})`,
		}, g.arrows);
	}
	if (drop) {
		// the arrow's cross marks it
	} else if (e.kind === "crash" && row !== null && row !== undefined) {
		o.dot = svg("path", {class: "st-ev ev-crash", "data-seq": s}, g.dots);
	} else if ((row !== null && row !== undefined) || e.kind === "send" || e.kind === "violation") {
		o.dot = svg("circle", {class: "st-ev ev-" + e.kind, "data-seq": s}, g.dots);
	}
	st.els.set(s, o);
	placeEvent(st, s);
}

/** placeEvent moves event s's elements to where the scale puts them. */
export function placeEvent(st, s) {
	const o = st.els.get(s);
	const e = st.log.at(s);
	if (!o || !e) return;
	const {S, order} = st;
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
		if (S.rowH >= 14 || st.run.n === 1) st.hb.place(s, x, y, S.dot, {l: S.pad.l - 8, r: st.size.w - S.pad.r});
	}
	if (o.arrow) placeArrow(st, o.arrow, e, s, x, y);
}

function placeArrow(st, arrow, e, s, x, y) {
	const {S, order, log} = st;
	const ss = log.sendSeq.get(e.msg.id);
	const se = ss ? log.at(ss) : null;
	const y0 = S.y(e.from);
	const x0 = order ? S.x(ss || s) : S.x(se ? se.time : e.time);
	// stop short of the dot so the arrowhead stays visible
	const dx = x - x0;
	const dy = y - y0;
	const len = Math.hypot(dx, dy) || 1;
	const back = e.kind === "drop" ? 0 : Math.min(S.dot + 1, len * 0.3);
	set(arrow, "display", hiddenMsg(st, e.msg.type, e.from, rowOf(e)) ? "none" : "inline");
	set(arrow, "x1", x0);
	set(arrow, "y1", y0);
	set(arrow, "x2", x - (dx / len) * back);
	set(arrow, "y2", y - (dy / len) * back);
}

// flightLine is where message fl in flight is drawn, dashed from its send
// to now (by order: from its send's column to the cursor's)
function flightLine(st, fl, now) {
	const {S, order, lastFrame} = st;
	if (!order) return stInFlight(S, fl, now);
	const ss = st.log.sendSeq.get(fl.id) ?? lastFrame.seq;
	return stInFlight(S, {...fl, sentAt: ss, arrive: 2 * (lastFrame.seq + 0.5) - ss}, lastFrame.seq + 0.5);
}

/** placeFlight draws message fl in flight, a line of its own (st.flights). */
export function placeFlight(st, fl, now) {
	let line = st.flights.get(fl.id);
	if (!line) {
		line = svg("line", {class: `st-flight mt-${typeIndex(st, fl.type)}`, "data-flight": fl.id}, st.g.flights);
		st.flights.set(fl.id, line);
	}
	set(line, "display", hiddenMsg(st, fl.type, fl.from, fl.to) ? "none" : "inline");
	const a = flightLine(st, fl, now);
	set(line, "x1", a.x1);
	set(line, "y1", a.y1);
	set(line, "x2", a.x2);
	set(line, "y2", a.y2);
}

/**
 * drawFlightsInBulk draws the messages in flight as one path a colour
 * (st.bulk: colour → path), for when they are many: a large ring plays
 * hundreds at once, and a line each meant hundreds of elements to move at
 * every frame, which the time moving does.
 */
export function drawFlightsInBulk(st, frame, now) {
	const parts = new Map(); // colour → path data
	for (const fl of frame.flights) {
		if (hiddenMsg(st, fl.type, fl.from, fl.to)) continue;
		const a = flightLine(st, fl, now);
		const k = typeIndex(st, fl.type);
		if (!parts.has(k)) parts.set(k, []);
		parts.get(k).push(`M${a.x1.toFixed(1)},${a.y1.toFixed(1)}L${a.x2.toFixed(1)},${a.y2.toFixed(1)}`);
	}
	for (const [k, path] of st.bulk) if (!parts.has(k)) path.remove(), st.bulk.delete(k);
	for (const [k, d] of parts) {
		if (!st.bulk.has(k)) st.bulk.set(k, svg("path", {class: `st-flight mt-${k}`, "data-flights": k}, st.g.flights));
		set(st.bulk.get(k), "d", d.join(""));
	}
}

/** drawStays draws the outcome's stays up to the cursor as bars on their processes' lines (one still going ends at the cursor). */
export function drawStays(st, frame) {
	const {spans, S, order, log, rowIndex} = st;
	clear(spans);
	const list = stays(st.run.alg, frame.outcome);
	if (!list.length) return;
	const xAt = (s) => (order ? S.x(s) : S.x(log.at(s) ? log.at(s).time : frame.time));
	const xNow = order ? S.x(Math.min(frame.seq, log.length) + 0.5) : S.x(frame.time);
	const h = Math.max(4, Math.min(14, S.rowH * 0.45));
	for (const it of list) {
		if (it.from > frame.seq || (rowIndex && !rowIndex.has(it.node))) continue;
		const x0 = xAt(it.from);
		const x1 = it.to !== null && it.to <= frame.seq ? xAt(it.to) : xNow;
		const y = S.y(it.node);
		const r = svg("rect", {class: "st-stay", "data-stay": it.node, x: x0.toFixed(1), y: (y - h / 2).toFixed(1), width: Math.max(2, x1 - x0).toFixed(1), height: h.toFixed(1), rx: (h / 3).toFixed(1)}, spans);
		svg("title", {}, r).textContent = it.title;
	}
}

/**
 * drawBarriers joins the processes' crossings of one barrier (a group view
 * installed, as the outcome declares them) by a line; it returns the key of
 * what it drew and draws nothing when key and picture are unchanged.
 */
export function drawBarriers(st, frame, moved, key0) {
	const lines = barrierLines(outcomeOfUse(st.run.alg, "barriers"), outcomeUse(st.run.alg, frame, "barriers"));
	const key = JSON.stringify(lines);
	if (!moved && key === key0) return key;
	const {g, S} = st;
	clear(g.barriers);
	for (const b of lines) {
		const pts = b.points.map((q) => `${S.x(q.time).toFixed(1)},${S.y(q.node).toFixed(1)}`).join(" ");
		svg("polyline", {class: "st-barrier", points: pts, "data-barrier": b.id}, g.barriers);
		const top = b.points[0];
		const tx = svg("text", {class: "st-barrier-label", x: S.x(top.time) + 3, y: S.y(top.node) - 6}, g.barriers);
		tx.textContent = "v" + b.id;
	}
	return key;
}

/** drawAxes draws the process lines with their labels and the time ticks (about one per 70 px). */
export function drawAxes(st) {
	const {g, S, size, domain, run} = st;
	clear(g.axis);
	clear(g.ticks);
	for (const p of st.rows || run.nodes.keys()) {
		const y = S.y(p);
		if (S.lines) svg("line", {class: "st-line", x1: S.pad.l - 6, x2: size.w - S.pad.r, y1: y, y2: y}, g.axis);
		if (p % S.labelEvery === 0) {
			const t = svg("text", {class: "st-label", x: S.pad.l - 10, y, "data-row": p}, g.axis);
			t.textContent = run.nodes[p].label;
		}
	}
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
