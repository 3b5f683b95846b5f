// Happened-before between two events of the diagram, with its reason: the
// chain of messages from one to the other, or, for concurrent events, the
// two vector entries that disagree (from the stamps the server sent). Pure:
// it reads the event log (app/events.js) and returns data.

import {procOf, causalPast, causalFuture} from "./time.js";

/**
 * chain finds a path from event a to event b (a < b) along process lines
 * and messages, and returns the deliveries of the messages it takes, in
 * order; null when there is none. A step along a's process is preferred
 * to a message, so the chain has no detour.
 */
export function chain(log, a, b) {
	const ea = log.at(a);
	const eb = log.at(b);
	if (!ea || !eb || a >= b) return null;
	const from = new Map(); // seq → the seq it was reached from
	const via = new Map(); // seq → true when reached over a message
	const lastOn = new Map(); // process → its last reached event
	const pa = procOf(ea);
	if (pa === null) return null;
	lastOn.set(pa, a);
	const reached = new Set([a]);
	for (let s = a + 1; s <= b; s++) {
		const e = log.at(s);
		if (!e) continue;
		const p = procOf(e);
		if (p === null) continue;
		if (lastOn.has(p)) {
			from.set(s, lastOn.get(p));
		} else if (e.kind === "deliver" && e.msg && reached.has(log.sendSeq.get(e.msg.id))) {
			from.set(s, log.sendSeq.get(e.msg.id));
			via.set(s, true);
		} else {
			continue;
		}
		reached.add(s);
		lastOn.set(p, s);
	}
	if (!reached.has(b)) return null;
	const msgs = [];
	for (let s = b; s !== a; s = from.get(s)) if (via.get(s)) msgs.push(s);
	return msgs.reverse();
}

/**
 * relation says how events a and b are related: {kind: "same" | "before"
 * (a → b) | "after" (b → a) | "concurrent"}, with for an order the chain
 * of deliveries (empty: both on one process), and for concurrent events
 * the vector entries i, j with V(a)[i] > V(b)[i] and V(a)[j] < V(b)[j]
 * when both have vector stamps.
 */
export function relation(log, a, b) {
	if (a === b) return {kind: "same"};
	const [lo, hi] = a < b ? [a, b] : [b, a];
	const c = chain(log, lo, hi);
	if (c) return {kind: a < b ? "before" : "after", chain: c};
	const out = {kind: "concurrent"};
	const va = log.stamp(a)?.v;
	const vb = log.stamp(b)?.v;
	if (va && vb) {
		const i = va.findIndex((x, k) => x > vb[k]);
		const j = va.findIndex((x, k) => x < vb[k]);
		if (i >= 0 && j >= 0) out.entries = {i, j};
	}
	return out;
}

/**
 * concurrentWith lists the events in [lo, hi] on a process line that are
 * concurrent with event seq: neither in its causal past nor in its future.
 * Only stamped events count when the run has stamps (notes and the like
 * are no events of their own).
 */
export function concurrentWith(log, seq, lo, hi) {
	const at = (s) => log.at(s);
	const past = causalPast(at, seq, lo);
	const future = causalFuture(at, seq, hi);
	const stamped = log.stamp(seq) !== null;
	const out = [];
	for (let s = lo; s <= hi; s++) {
		if (s === seq || past.has(s) || future.has(s)) continue;
		const e = log.at(s);
		if (!e || procOf(e) === null || e.kind === "drop") continue;
		if (stamped && log.stamp(s) === null) continue;
		out.push(s);
	}
	return out;
}

/**
 * snap takes a click on an event that is no event of Lamport's (a note,
 * the timer of a step that sends) to the stamped event of the same step on
 * the same process: the one before it, else the one after; seq itself
 * when there is none (a run without stamps).
 */
export function snap(log, seq) {
	const e = log.at(seq);
	if (!e || log.stamp(seq) !== null) return seq;
	const p = procOf(e);
	const step = log.step(seq);
	const same = (s) => log.at(s) && log.step(s) === step && procOf(log.at(s)) === p && log.stamp(s) !== null;
	for (let s = seq - 1; s >= 1 && log.step(s) === step; s--) if (same(s)) return s;
	for (let s = seq + 1; s <= log.length && log.step(s) === step; s++) if (same(s)) return s;
	return seq;
}
