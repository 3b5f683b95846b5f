// Lighting up an event's causal past and future in the space-time
// diagram: the event, the events and messages before it (c-past) and after
// it (c-future).

import {causalPast, causalFuture} from "./time.js";

/**
 * lightCausality clears what lit holds (the elements lit before) and lights
 * seq's past and future among the drawn events ({root, els: seq → {dot,
 * arrow}, log, lo, hi}); seq null lights nothing. It returns {past, future}.
 */
export function lightCausality(lit, {root, els, log, lo, hi}, seq) {
	for (const e of lit) e.classList.remove("c-past", "c-future", "c-focus");
	lit.length = 0;
	root.classList.toggle("causal", seq !== null);
	if (seq === null) return;
	const at = (s) => log.at(s);
	const past = causalPast(at, seq, lo);
	const future = causalFuture(at, seq, hi);
	const mark = (el, c) => {
		if (!el) return;
		el.classList.add(c);
		lit.push(el);
	};
	const o = els.get(seq);
	if (o) mark(o.dot, "c-focus"), mark(o.arrow, "c-past");
	for (const s of past) {
		const p = els.get(s);
		if (p) mark(p.dot, "c-past"), mark(p.arrow, "c-past");
	}
	for (const s of future) {
		const f = els.get(s);
		if (!f) continue;
		mark(f.dot, "c-future");
		// a delivery in the future whose send is the focus or in the future
		if (f.arrow) {
			const ss = log.sendSeq.get(log.at(s).msg.id);
			if (ss === seq || future.has(ss)) mark(f.arrow, "c-future");
		}
	}
	return {past, future};
}
