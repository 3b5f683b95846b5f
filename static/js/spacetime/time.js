// The space-time diagram's geometry and the trace's causal structure
// (happened-before). Pure.

import {msgFraction, niceCeil} from "../views/kit/geometry.js";

/**
 * stScale maps virtual time to x and a process to the y of its line, for a
 * diagram w×h showing time domain [t0, t1]. pad = {l, r, t, b}.
 */
export function stScale(n, w, h, t0, t1, pad) {
	const width = Math.max(1, w - pad.l - pad.r);
	const height = Math.max(1, h - pad.t - pad.b);
	const kx = width / Math.max(1e-9, t1 - t0);
	const rowH = n > 1 ? height / (n - 1) : height;
	const y0 = n > 1 ? pad.t : pad.t + height / 2;
	return {
		n, w, h, t0, t1, pad, kx, rowH,
		x: (t) => pad.l + (t - t0) * kx,
		y: (p) => y0 + p * rowH,
		labelEvery: rowH >= 16 ? 1 : niceCeil(16 / Math.max(rowH, 1e-9)),
		lines: rowH >= 3,
		dot: Math.max(1, Math.min(7, rowH * 0.3)),
		// arrows thin out with the rows, so that a thousand processes stay lines, not a wall
		stroke: Math.max(0.4, Math.min(2.2, rowH * 0.5)),
	};
}

/**
 * timeDomain chooses the time range the diagram shows. [lo, hi] must be
 * visible; the previous domain is kept while it still holds them and is not
 * much wider, so that the picture pages instead of squeezing every frame.
 */
export function timeDomain(prev, lo, hi) {
	const need = Math.max(1, hi - lo);
	if (prev && prev[0] <= lo && prev[1] >= hi && prev[1] - prev[0] <= 3 * need + 2) return prev;
	return [lo, lo + niceCeil(need * 1.25)];
}

/** stInFlight is the dashed partial arrow of a message in flight at time now. */
export function stInFlight(S, fl, now) {
	const f = msgFraction(now, fl.sentAt, fl.arrive);
	const ya = S.y(fl.from);
	const yb = S.y(fl.to);
	return {x1: S.x(fl.sentAt), y1: ya, x2: S.x(Math.max(now, fl.sentAt)), y2: ya + (yb - ya) * f};
}

// ---- the trace's causal structure ----

/**
 * procOf is the process on whose line an event lies for causality: the
 * sender of a send, the receiver of a delivery, the node of a local event;
 * null for a drop (no process acts) and for events about the whole run.
 */
export function procOf(e) {
	switch (e.kind) {
		case "send":
			return e.from;
		case "deliver":
			return e.to;
		case "drop":
		case "end":
			return null;
		default:
			return e.node ?? null;
	}
}

/** rowOf is the line an event is drawn on (a drop on its receiver's). */
export function rowOf(e) {
	if (e.kind === "drop") return e.to;
	return procOf(e);
}

/**
 * causalPast gives the seqs of the events that happen before event `seq`
 * (Lamport's happened-before: earlier on the same process, or the sending
 * of a message received, transitively), looking no further back than lo.
 * at(seq) returns the event with that seq.
 */
export function causalPast(at, seq, lo = 1) {
	const past = new Set();
	const e0 = at(seq);
	if (!e0) return past;
	const hot = new Set(); // processes with a later event in the past
	const wanted = new Set(); // messages whose send is in the past
	const p0 = procOf(e0);
	if (p0 !== null) hot.add(p0);
	if ((e0.kind === "deliver" || e0.kind === "drop") && e0.msg) wanted.add(e0.msg.id);
	for (let s = seq - 1; s >= lo; s--) {
		const e = at(s);
		if (!e) continue;
		const p = procOf(e);
		const isPast = (p !== null && hot.has(p)) || (e.kind === "send" && wanted.has(e.msg.id));
		if (!isPast) continue;
		past.add(s);
		if (p !== null) hot.add(p);
		if (e.kind === "deliver") wanted.add(e.msg.id);
	}
	return past;
}

/**
 * causalFuture gives the seqs of the events that event `seq` happens before,
 * up to hi.
 */
export function causalFuture(at, seq, hi) {
	const future = new Set();
	const e0 = at(seq);
	if (!e0) return future;
	const hot = new Set();
	const sent = new Set();
	const p0 = procOf(e0);
	if (p0 !== null) hot.add(p0);
	if (e0.kind === "send") sent.add(e0.msg.id);
	for (let s = seq + 1; s <= hi; s++) {
		const e = at(s);
		if (!e) continue;
		const p = procOf(e);
		const viaMsg = (e.kind === "deliver" || e.kind === "drop") && sent.has(e.msg.id);
		if (!((p !== null && hot.has(p)) || viaMsg)) continue;
		future.add(s);
		if (p !== null) hot.add(p);
		if (e.kind === "send") sent.add(e.msg.id);
	}
	return future;
}
