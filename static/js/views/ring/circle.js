// The ring view's geometry: processes on a circle, a ring's arcs and a
// complete graph's chords, and where a message is drawn along them. Pure.

import {clamp01, niceCeil} from "../kit/geometry.js";

// the room between what is drawn on the circle and an outer label
const LABEL_GAP = 4;
// an outer label's width a character, in em (bold digits and capitals)
const LABEL_EM = 0.68;

/**
 * circleLayout places n processes clockwise on a circle inside a w×h box,
 * position 0 at the top, and sizes nodes and type for the density: node
 * radius r shrinks with n (never below 2 px), the ID is written inside a
 * node only while it stays legible, and outer labels are kept for every
 * `labelEvery`-th position when they would otherwise collide. A label left
 * or right of the circle takes its width (opts.labelChars: the longest's).
 */
export function circleLayout(n, w, h, opts = {}) {
	const margin = opts.margin ?? 44; // room for outer labels and badges
	const top = opts.top ?? 0; // room kept free above (a title)
	const cx = w / 2;
	const cy = top + (h - top) / 2;
	// node size and type follow the room on the circle; the margin then
	// grows if the outer labels need more
	const size = (R) => {
		const maxR = opts.maxNodeR ?? Math.min(30, R * 0.16);
		const spacing = (2 * Math.PI * R) / Math.max(n, 1);
		let r = Math.min(maxR, spacing * 0.36);
		// a crowded ring becomes a band of role colours: nodes touch
		if (r < 9) r = Math.max(2, Math.min(9, spacing * 0.5));
		return {r, spacing, labelFont: Math.max(12, Math.min(18, r * 0.6 + 6))};
	};
	let R = Math.max(10, Math.min(w, h - top) / 2 - margin);
	let z = size(R);
	const out = reach({r: z.r, dense: z.spacing * 0.36 < 9}) + LABEL_GAP;
	const need = Math.max(z.r + z.labelFont * 1.6 + 6, out + z.labelFont);
	const needX = Math.max(need, out + (opts.labelChars ?? 0) * z.labelFont * LABEL_EM);
	if (need > margin || needX > margin) {
		R = Math.max(10, Math.min(w / 2 - Math.max(margin, needX), (h - top) / 2 - Math.max(margin, need)));
		z = size(R);
	}
	const {r, spacing, labelFont} = z;
	const font = Math.min(26, r * 0.95);
	const idInside = font >= 11 && spacing * 0.36 >= 9;
	// outer labels need about 3.2 em of arc each
	const labelEvery = spacing >= labelFont * 3.2 ? 1 : niceCeil((labelFont * 3.2) / spacing);
	const xs = new Float64Array(n);
	const ys = new Float64Array(n);
	const angles = new Float64Array(n);
	for (let i = 0; i < n; i++) {
		const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
		angles[i] = a;
		xs[i] = cx + R * Math.cos(a);
		ys[i] = cy + R * Math.sin(a);
	}
	return {n, w, h, cx, cy, R, r, font, idInside, labelFont, labelEvery, dense: spacing * 0.36 < 9, xs, ys, angles};
}

/** tokenRadius is the radius of a message's token on the circle (its dot when drawn in bulk too). */
export function tokenRadius(L) {
	return L.dense ? Math.max(3.5, Math.min(7, L.r * 0.9)) : Math.max(6, Math.min(9, L.r * 0.3));
}

/** haloRadius is the radius of the ring around a process whose role has a halo. */
export function haloRadius(L) {
	return L.r + Math.max(4, L.r * 0.22);
}

/** stepOut is how far outside a crowded ring a process whose role has a halo is drawn (no room for the halo). */
export function stepOut(L) {
	return Math.max(3, L.r * 1.5);
}

/**
 * reach is how far past the circle what is drawn on it goes: a process
 * with its halo (on a crowded ring: stepped out), a token with its
 * outline (3 px when it may be delivered next; in bulk, a band of them).
 */
export function reach(L) {
	return Math.max(L.dense ? L.r + stepOut(L) : haloRadius(L), tokenRadius(L) + 3);
}

/** labelWidth is about the width of an outer label s in its type. */
export function labelWidth(s, font) {
	return s.length * font * LABEL_EM;
}

/**
 * labelPos is where a process's outer label (w px wide, default none; its
 * letters an em high) goes: outside the circle and what is drawn on it
 * (reach), the side of its box nearest the circle LABEL_GAP further, so
 * that a label left or right of the circle is pushed out by half its width.
 */
export function labelPos(L, i, w = 0) {
	const c = Math.cos(L.angles[i]);
	const s = Math.sin(L.angles[i]);
	const d = L.R + reach(L) + LABEL_GAP + (w / 2) * Math.abs(c) + L.labelFont * 0.5 * Math.abs(s);
	return {x: L.cx + d * c, y: L.cy + d * s};
}

// ringSpan is the clockwise angle from position `from` to position `to`
// (a whole step for a neighbour; more when a ring skips crashed successors).
function ringSpan(n, from, to) {
	const k = (((to - from) % n) + n) % n || n;
	return (2 * Math.PI * k) / n;
}

// ringTrim is the angle a node of radius r covers on the circle, plus a gap.
function ringTrim(L, span, gap) {
	const t = (L.r + gap) / L.R;
	return Math.min(t, span * 0.3);
}

/**
 * ringArc is the SVG path of the directed link from→to along the ring
 * (clockwise, as the messages travel), trimmed so that it starts and ends
 * at the nodes' edges (leaving room for the arrowhead).
 */
export function ringArc(L, from, to) {
	const span = ringSpan(L.n, from, to);
	const a0 = L.angles[from] + ringTrim(L, span, 2);
	const a1 = L.angles[from] + span - ringTrim(L, span, 5);
	const x0 = L.cx + L.R * Math.cos(a0);
	const y0 = L.cy + L.R * Math.sin(a0);
	const x1 = L.cx + L.R * Math.cos(a1);
	const y1 = L.cy + L.R * Math.sin(a1);
	const large = a1 - a0 > Math.PI ? 1 : 0;
	return `M${f2(x0)},${f2(y0)}A${f2(L.R)},${f2(L.R)} 0 ${large} 1 ${f2(x1)},${f2(y1)}`;
}

/**
 * ringMsgPos is where a message from→to at fraction f of its way is drawn:
 * on the ring's arc (track = 0) or on a track inside the ring (track > 0,
 * in px), which keeps tokens clear of crowded nodes. On the arc, the way
 * starts and ends `gap` px from the nodes' edges.
 */
export function ringMsgPos(L, from, to, f, track = 0, gap = 4) {
	const span = ringSpan(L.n, from, to);
	const trim = track > 0 ? 0 : ringTrim(L, span, gap);
	const a = L.angles[from] + trim + (span - 2 * trim) * clamp01(f);
	const rad = L.R - track;
	return {x: L.cx + rad * Math.cos(a), y: L.cy + rad * Math.sin(a)};
}

/**
 * chordLine is the straight link from→to between two processes on the
 * circle, trimmed at both nodes and shifted `offset` px to the right of the
 * direction of travel, so that the two directions of a chord stay apart;
 * gap px more are kept free at both ends (for tokens).
 */
export function chordLine(L, from, to, offset = 0, gap = 0) {
	const x0 = L.xs[from];
	const y0 = L.ys[from];
	const x1 = L.xs[to];
	const y1 = L.ys[to];
	const dx = x1 - x0;
	const dy = y1 - y0;
	const len = Math.hypot(dx, dy) || 1;
	const ux = dx / len;
	const uy = dy / len;
	const trim = Math.min(L.r + 3 + gap, len * 0.3);
	// the right-hand normal of (ux, uy) in SVG's y-down coordinates
	const nx = -uy * offset;
	const ny = ux * offset;
	return {
		x1: x0 + ux * trim + nx,
		y1: y0 + uy * trim + ny,
		x2: x1 - ux * (trim + 3) + nx,
		y2: y1 - uy * (trim + 3) + ny,
	};
}

/** chordMsgPos is where a message is drawn at fraction f along chordLine. */
export function chordMsgPos(L, from, to, f, offset = 0, gap = 0) {
	const c = chordLine(L, from, to, offset, gap);
	const t = clamp01(f);
	return {x: c.x1 + (c.x2 - c.x1) * t, y: c.y1 + (c.y2 - c.y1) * t};
}

/**
 * nearNode says whether a message's w×h label centred at p would cover
 * the body (radius L.r, and a 4 px margin) of its sender or receiver:
 * then the view shows the token without its text.
 */
export function nearNode(p, L, from, to, w, h) {
	for (const q of [from, to]) {
		const dx = Math.max(0, Math.abs(p.x - L.xs[q]) - w / 2);
		const dy = Math.max(0, Math.abs(p.y - L.ys[q]) - h / 2);
		if (Math.hypot(dx, dy) < L.r + 4) return true;
	}
	return false;
}

function f2(x) {
	return Math.round(x * 100) / 100;
}
