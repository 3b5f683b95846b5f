// The messages in flight, as every view draws them: one token per message,
// kept by its id (data-msg) from the frame it is sent in to the frame it
// is gone from, coloured by its type (and marked when manual scheduling
// may deliver it next), placed at the fraction of its way; messages queued
// at the same place on one link take the next slot. What a token looks like
// and where a fraction of its way is, the view says. Many messages (a
// 1,000-process ring plays hundreds at once) may be drawn in bulk instead:
// a dot each, the dots of one look as one <path>, so that a frame changes a
// few elements, not hundreds; they then have no element of their own (no
// tab stop or name: those are for runs with few), and the pointer finds
// the one nearest to it (nearest).

import {svg, set, cls} from "../../app/dom.js";
import {typeClass} from "../../i18n/vocab.js";
import {msgFraction, spreadQueue} from "./geometry.js";
import {bulkSwitch} from "./bulk.js";

/**
 * createFlights keeps the tokens of a view in layer. The view gives:
 *   prepare(flights, frame, many) → ctx once per drawing, before the tokens
 *                                   (what all of them share: sizes, a naming
 *                                   rule); many: whether they are many (bulk.js)
 *   shape(f, ctx) → key             what the token looks like; a token whose
 *                                   key changes is made again
 *   make(m, f, ctx)                 draws the token's inside into m.g (and may
 *                                   keep more on m, e.g. m.track)
 *   place(m, f, fraction, slot, ctx) puts it where it is
 *   keep(f) → bool                  whether to draw the message (default: all)
 *   after(drawn, ctx)               once all are placed: drawn is [{m, f}] in
 *                                   frame order (to place labels together)
 *   eps                             how close two fractions share a place
 *   at(f, fraction, slot, ctx) → {x, y} where a token is; given it, a ctx
 *                                   with bulk set and r (the dots' radius)
 *                                   draws the messages in bulk
 *   className                       a class of every token besides msg and its type's
 * and alg() → the registry entry (for the type's colour).
 */
export function createFlights(layer, {alg, prepare = () => null, shape = () => "", make, place, keep = () => true, after = null, eps = 0.08, remove = null, className = "", at = null}) {
	const base = className ? `msg ${className} ` : "msg ";
	let tokens = new Map(); // id → {g, key, stamp, …}
	const bulk = new Map(); // the messages drawn in bulk: their class → its <path>
	// and where: the ids and centres of the dots (kept from frame to frame, no object a message)
	const dots = {n: 0, ids: [], xy: new Float64Array(0)};
	let dotR = 0;
	let stamp = 0;
	let last = null; // {time, manual, playing}: what the tokens were last drawn for
	const count = bulkSwitch();

	/**
	 * update draws the frame's messages; changes (model.js) say whether any
	 * came or went (none given: draw them all). Nothing is done when none did
	 * and the time and the manual mode are as before.
	 */
	function update(frame, changes, opts = {}) {
		const manual = !!opts.manual;
		const playing = !!opts.playing; // (bulk.js: the switch's hysteresis only while playing)
		const all = !changes || changes.whole || !last;
		if (!all && !changes.flights && last.time === frame.time && last.manual === manual && last.playing === playing) return;
		last = {time: frame.time, manual, playing};
		stamp++;
		const fl = frame.flights.filter(keep);
		const fr = fl.map((f) => msgFraction(frame.time, f.sentAt, f.arrive));
		const slot = spreadQueue(fl, fr, eps);
		const ctx = prepare(fl, frame, count.many(fl.length, playing));
		if (at && ctx && ctx.bulk) return drawBulk(fl, fr, slot, ctx, manual);
		clearBulk();
		const drawn = after ? [] : null;
		for (let i = 0; i < fl.length; i++) {
			const f = fl[i];
			const key = shape(f, ctx);
			let m = tokens.get(f.id);
			if (m && m.key !== key) {
				drop(m);
				m = null;
			}
			if (!m) {
				m = {g: svg("g", {"data-msg": f.id}, layer), key};
				tokens.set(f.id, m);
				make(m, f, ctx);
			}
			m.stamp = stamp;
			cls(m.g, `${base}${typeClass(alg(), f.type)}${manual && f.deliverable ? " deliverable" : ""}`);
			place(m, f, fr[i], slot[i], ctx);
			if (drawn) drawn.push({m, f});
		}
		if (after) after(drawn, ctx);
		for (const [id, m] of tokens) {
			if (m.stamp !== stamp) {
				drop(m);
				tokens.delete(id);
			}
		}
	}

	// drawBulk draws every message as a dot, one path per look (type,
	// deliverable): a dot is a round cap of a line of no length, which the
	// browser rasterises in half the time of two arcs
	function drawBulk(fl, fr, slot, ctx, manual) {
		for (const m of tokens.values()) drop(m);
		tokens = new Map();
		const r = ctx.r;
		const paths = new Map(); // class → [subpath]
		dots.n = 0;
		if (dots.xy.length < 2 * fl.length) dots.xy = new Float64Array(4 * fl.length);
		dotR = r;
		for (let i = 0; i < fl.length; i++) {
			const f = fl[i];
			const p = at(f, fr[i], slot[i], ctx);
			const c = `${base}bulk tok ${typeClass(alg(), f.type)}${manual && f.deliverable ? " deliverable" : ""}`;
			let list = paths.get(c);
			if (!list) paths.set(c, (list = []));
			list.push(`M${p.x.toFixed(1)},${p.y.toFixed(1)}h0`);
			dots.ids[dots.n] = f.id;
			dots.xy[2 * dots.n] = p.x;
			dots.xy[2 * dots.n + 1] = p.y;
			dots.n++;
		}
		for (const [c, e] of bulk) if (!paths.has(c)) e.remove(), bulk.delete(c);
		for (const [c, list] of paths) {
			let e = bulk.get(c);
			if (!e) bulk.set(c, (e = svg("path", {class: c, "data-msgs": ""}, layer)));
			// (a token's size: its radius and half its outline; one that may be delivered next, larger)
			set(e, "style", `stroke-width:${2 * r + (c.endsWith(" deliverable") ? 5 : 2)}px`);
			set(e, "d", list.join(""));
		}
	}

	function clearBulk() {
		for (const e of bulk.values()) e.remove();
		bulk.clear();
		dots.n = 0;
	}

	/** nearest is the id of the message drawn in bulk nearest to (x, y) within reach of its dot, else null. */
	function nearest(x, y) {
		let best = null;
		let bestD = (dotR + 3) ** 2;
		for (let i = 0; i < dots.n; i++) {
			const dd = (dots.xy[2 * i] - x) ** 2 + (dots.xy[2 * i + 1] - y) ** 2;
			if (dd <= bestD) (best = dots.ids[i]), (bestD = dd);
		}
		return best;
	}

	function drop(m) {
		m.g.remove();
		if (m.track) m.track.remove();
		if (remove) remove(m);
	}

	/** clear forgets every token (a new run, a new layout). */
	function clear() {
		for (const m of tokens.values()) drop(m);
		tokens = new Map();
		clearBulk();
		last = null;
		count.reset();
	}

	return {update, clear, nearest, get size() {
		return tokens.size || dots.n;
	}};
}
