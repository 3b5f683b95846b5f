// The stamps on the space-time diagram's events: Lamport times L, vector
// times V or the total order (T, i), as the server stamped every event of
// the run (docs/protocol.md, `events`: `stamps`). The page computes no
// clock: it writes what each event carries.

import {svg, set, text} from "../app/dom.js";
import {procOf} from "./time.js";

/** The ways to label events; a run offers vector only if its stamps carry vectors. */
export const STAMP_MODES = ["none", "lamport", "vector", "total"];

/**
 * stampText writes an event's stamp in a mode: L as a number, V as the
 * lecture writes vectors, (T, i) with the process's ID; "" for none.
 */
export function stampText(stamp, mode, id) {
	if (!stamp) return "";
	switch (mode) {
		case "lamport":
			return String(stamp.l);
		case "vector":
			return stamp.v ? vectorText(stamp.v) : "";
		case "total":
			return `(${stamp.l},${id})`;
	}
	return "";
}

/** vectorText writes a vector as (2,1,0). */
export function vectorText(v) {
	return `(${v.join(",")})`;
}

/** hasVectors says whether any of the first events' stamps has a vector. */
export function hasVectors(log) {
	for (let s = 1; s <= Math.min(log.length, 200); s++) {
		const st = log.stamp(s);
		if (st) return !!st.v;
	}
	return false;
}

/**
 * createStampLabels keeps a text above each drawn event that has a stamp,
 * in the current mode: place(seq, x, y, gap, edges) after the event's dot
 * is placed (gap: the dot's radius; edges {l, r}: the drawing's),
 * drop(seq) when it leaves the picture.
 */
export function createStampLabels(layer) {
	let mode = "none";
	let run = null;
	let log = null;
	const labels = new Map(); // seq → text element

	function setRun(r, eventLog) {
		run = r;
		log = eventLog;
		clearAll();
	}

	function clearAll() {
		for (const el of labels.values()) el.remove();
		labels.clear();
	}

	function place(seq, x, y, gap, edges) {
		const e = log && log.at(seq);
		const p = e ? procOf(e) : null;
		const label = mode === "none" || p === null ? "" : stampText(log.stamp(seq), mode, run.nodes[p] ? run.nodes[p].id : p);
		let el = labels.get(seq);
		if (!label) {
			if (el) el.remove(), labels.delete(seq);
			return;
		}
		if (!el) {
			el = svg("text", {class: "st-stamp", "data-stamp": seq}, layer);
			labels.set(seq, el);
		}
		text(el, label);
		// near an edge a label ends (or starts) at its event instead of centring on it
		const half = label.length * 3.5;
		const end = edges && x + half > edges.r;
		const start = edges && !end && x - half < edges.l;
		set(el, "text-anchor", end ? "end" : start ? "start" : "middle");
		set(el, "x", end ? x + gap : start ? x - gap : x);
		set(el, "y", y - gap - 3 - 11 * stackedUnder(seq, e, p));
	}

	// stackedUnder counts the stamped events drawn at the same point before
	// seq (a multicast's sends): its label goes above theirs.
	function stackedUnder(seq, e, p) {
		let k = 0;
		for (let s = seq - 1; s >= 1; s--) {
			const f = log.at(s);
			if (!f || f.time !== e.time) break;
			if (procOf(f) === p && log.stamp(s)) k++;
		}
		return k;
	}

	function drop(seq) {
		const el = labels.get(seq);
		if (el) el.remove(), labels.delete(seq);
	}

	/** setMode changes what the labels say; the caller places the events again. */
	function setMode(m) {
		mode = STAMP_MODES.includes(m) ? m : "none";
		if (mode === "none") clearAll();
	}

	return {setRun, place, drop, setMode, clear: clearAll, mode: () => mode};
}
