// The group view's geometry, pure (numbers and strings, no DOM): the
// senders in a column on the left, one row per receiver on the right, each
// row a lane of boxes, one per message number: delivered, held back, or a
// gap the receiver knows of; the messages travel between the column and
// the rows.

/**
 * splitMembers sorts the positions into the senders (processes that deliver
 * nothing: no delivered sequence among their variables) and the receivers,
 * each ascending. delivers(p) says whether p has a delivered sequence.
 */
export function splitMembers(n, delivers) {
	const senders = [];
	const receivers = [];
	for (let p = 0; p < n; p++) (delivers(p) ? receivers : senders).push(p);
	return {senders, receivers};
}

/**
 * groupLayout places the senders and the receivers' rows in a box of w×h:
 * per position its centre {x, y}; r the nodes' radius; the lanes' extent
 * (laneX0 … laneX1) and box size; font the labels' size; labelInside when
 * a node is large enough for its label; dense when a row is too low for
 * numbers in the boxes.
 */
export function groupLayout(senders, receivers, w, h, opts = {}) {
	const margin = opts.margin ?? 14;
	const top = opts.top ?? 26;
	const bottom = opts.bottom ?? margin; // room under the last row (a caption)
	const rows = Math.max(1, receivers.length);
	const rowH = (h - top - bottom) / rows;
	const r = Math.max(3, Math.min(20, rowH * 0.36));
	const dense = rowH < 22;
	const font = Math.max(9, Math.min(14, rowH * 0.42));
	const labelInside = r >= 13; // else the labels stand left of the nodes
	const sx = margin + r + (labelInside ? 4 : 26);
	const rx = Math.round(Math.min(w * 0.42, sx + Math.max(140, w * 0.3)));
	const pos = [];
	receivers.forEach((p, i) => (pos[p] = {x: rx, y: top + (i + 0.5) * rowH}));
	const sh = (h - top - bottom) / Math.max(1, senders.length);
	senders.forEach((p, i) => (pos[p] = {x: sx, y: top + (i + 0.5) * sh}));
	const ctrlW = dense ? 0 : Math.max(48, font * 5);
	const laneX0 = rx + r + 12;
	const laneX1 = Math.max(laneX0 + 20, w - margin - ctrlW);
	const box = Math.max(4, Math.min(26, rowH * 0.62));
	return {pos, r, rowH, dense, labelInside, font, laneX0, laneX1, box, ctrlX: laneX1 + 8, top, w, h};
}

/**
 * laneCells lists a receiver's boxes in message order: every number up to
 * the highest it has delivered, holds or misses, each "ok", "hold"
 * or "miss". At most max boxes: the last ones, and cut says how many
 * earlier ones are left out.
 */
export function laneCells(delivered, held, gaps, max) {
	const state = new Map();
	for (const s of delivered || []) state.set(s, "ok");
	for (const s of held || []) state.set(s, "hold");
	for (const s of gaps || []) if (!state.has(s)) state.set(s, "miss");
	const last = state.size ? Math.max(...state.keys()) : 0;
	const cells = [];
	for (let s = 1; s <= last; s++) cells.push({seq: s, state: state.get(s) || "miss"});
	const keep = Math.max(1, max);
	const cut = Math.max(0, cells.length - keep);
	return {cells: cells.slice(cut), cut};
}

/** lanePlaces is how many boxes of size box fit between x0 and x1 (with a gap of a quarter box). */
export function lanePlaces(x0, x1, box) {
	return Math.max(1, Math.floor((x1 - x0 + box * 0.25) / (box * 1.25)));
}

/**
 * alongLink is the point at fraction fr of the way from a to b, moved off
 * the line by side (pixels, to the left of the direction of travel), so that
 * the messages of the two directions keep apart.
 */
export function alongLink(a, b, fr, side) {
	const dx = b.x - a.x;
	const dy = b.y - a.y;
	const len = Math.hypot(dx, dy) || 1;
	return {x: a.x + dx * fr + (dy / len) * side, y: a.y + dy * fr - (dx / len) * side};
}

/**
 * linkCurve is how a link between a and b is drawn: straight between the
 * columns; between two rows of one column a curve that bulges out to the
 * left (bend pixels), clear of the rows between. at(fr, side) is the point
 * at fraction fr of the way from a to b, side pixels off it; d the SVG path.
 */
export function linkCurve(a, b, bend) {
	if (Math.abs(a.x - b.x) > 1) {
		return {d: `M${a.x},${a.y}L${b.x},${b.y}`, at: (fr, side) => alongLink(a, b, fr, side)};
	}
	const cx = a.x - bend;
	const cy = (a.y + b.y) / 2;
	const at = (fr, side) => {
		const u = 1 - fr;
		return {x: u * u * a.x + 2 * u * fr * cx + fr * fr * b.x - side, y: u * u * a.y + 2 * u * fr * cy + fr * fr * b.y};
	};
	return {d: `M${a.x},${a.y}Q${cx},${cy} ${b.x},${b.y}`, at};
}

/** innerLabel is what a small token says: the body of TYPE(body) when short, else the type's first letter. */
export function innerLabel(label, type) {
	const m = /\((.*)\)$/.exec(label || "");
	if (m && m[1].length <= 5) return m[1];
	return String(type || "").slice(0, 1);
}
