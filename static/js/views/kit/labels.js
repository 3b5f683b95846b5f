// Where the labels of the messages in flight go: each beside its token,
// clear of the processes, of the other tokens and of the labels placed
// before it, inside the view. Greedy in the order given (the caller gives
// the messages oldest first, so a label keeps its place while later ones
// come and go); a label that finds no free place takes the one it overlaps
// least. Pure: boxes and numbers, no DOM.

// The candidate places around a token, cheapest first: the preferred
// direction at growing distances, then turning away from it.
const TURNS = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6].map((k) => (k * Math.PI) / 6);
const STEPS = [0, 8, 18, 30, 44, 60, 80, 104, 132, 164];
const CANDIDATES = TURNS.flatMap((a, i) => STEPS.map((d, j) => ({a, d, cost: d + i * 9 + j}))).sort((x, y) => x.cost - y.cost);

/** box is the rectangle of a w×h label centred at (x, y). */
export function box(x, y, w, h) {
	return {x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2};
}

/** overlap is the area two boxes share (0 when they do not touch). */
export function overlap(a, b) {
	const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
	const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
	return w > 0 && h > 0 ? w * h : 0;
}

/**
 * placeLabels places labels: items [{x, y, w, h, ux, uy, keep}] (the token
 * at x, y, the label's size, the direction it prefers, a unit vector; keep:
 * the label may sit on the token itself when that is free), obstacles
 * [box] to keep clear of, bounds {x0, y0, x1, y1} to stay inside; gap is the
 * room between a token and its label. It returns per item {x, y, free}: the
 * label's centre and whether it found a place clear of everything.
 */
export function placeLabels(items, obstacles, bounds, gap = 6) {
	const placed = [];
	const out = [];
	for (const it of items) {
		const a0 = Math.atan2(it.uy, it.ux);
		// (a label that may sit where it is, keep: it stays when that is free)
		if (it.keep) {
			const b = box(it.x, it.y, it.w, it.h);
			if (b.x0 >= bounds.x0 && b.x1 <= bounds.x1 && b.y0 >= bounds.y0 && b.y1 <= bounds.y1 && hits(b, obstacles) + hits(b, placed) === 0) {
				placed.push(b);
				out.push({x: it.x, y: it.y, free: true});
				continue;
			}
		}
		let best = null;
		let bestCost = Infinity;
		for (const c of CANDIDATES) {
			const a = a0 + c.a;
			const ux = Math.cos(a);
			const uy = Math.sin(a);
			// the label's nearest edge gap + d px from the token
			const reach = Math.abs(ux) * (it.w / 2) + Math.abs(uy) * (it.h / 2) + gap + c.d;
			const x = clampTo(it.x + ux * reach, bounds.x0 + it.w / 2, bounds.x1 - it.w / 2);
			const y = clampTo(it.y + uy * reach, bounds.y0 + it.h / 2, bounds.y1 - it.h / 2);
			const b = box(x, y, it.w, it.h);
			const hit = hits(b, obstacles) + hits(b, placed);
			if (hit === 0) {
				best = {x, y, b};
				bestCost = 0;
				break;
			}
			const cost = hit * 10 + c.cost;
			if (cost < bestCost) {
				best = {x, y, b};
				bestCost = cost;
			}
		}
		placed.push(best.b);
		out.push({x: best.x, y: best.y, free: bestCost === 0});
	}
	return out;
}

function hits(b, boxes) {
	let s = 0;
	for (const o of boxes) s += overlap(b, o);
	return s;
}

function clampTo(v, lo, hi) {
	return lo > hi ? (lo + hi) / 2 : v < lo ? lo : v > hi ? hi : v;
}

/**
 * msgText is what a message's label says: its whole label when short,
 * else the type's short form and the content, broken after commas into
 * lines of at most max characters (a list stays whole, however long).
 */
export function msgText(label, short, max = 16) {
	const s = String(label);
	if (s.length <= max) return [s];
	const m = /^([^(]*)\((.*)\)$/.exec(s);
	if (!m) return [s.slice(0, max - 1) + "…"];
	const head = (short || m[1]).trim();
	const parts = m[2].split(",");
	const lines = [];
	let cur = head + "(";
	for (let i = 0; i < parts.length; i++) {
		const piece = parts[i] + (i < parts.length - 1 ? "," : ")");
		if (cur.length + piece.length > max && cur.length > 0 && cur !== head + "(") {
			lines.push(cur);
			cur = "";
		}
		cur += piece;
	}
	if (parts.length === 0) cur += ")";
	lines.push(cur);
	return lines;
}

/** labelSize estimates a label's box: lines of text at font px, padded. */
export function labelSize(lines, font) {
	const longest = Math.max(1, ...lines.map((l) => l.length));
	return {w: Math.ceil(longest * font * 0.6 + font * 0.8), h: Math.ceil(lines.length * font * 1.2 + font * 0.35)};
}
