// Pure geometry of the tree view (and of the topology editor): a tidy layered
// layout of a forest without crossings, its fit into a box, the places of
// free ports around a device; the tree as data and the editor's edits are
// treegraph.js's. Numbers and arrays in, numbers and arrays out: no DOM.

import {addLeaf, adjacency, bfs, canonEdges, checkTree, components, defaultTree, degrees, formatEdges, parseEdges, relink, removeLeaf} from "./treegraph.js";

// the data side lives in treegraph.js; the view and the editors take it from here too
export {adjacency, components, canonEdges, degrees, checkTree, defaultTree, addLeaf, removeLeaf, relink, formatEdges, parseEdges};

/**
 * treeCenter is the position of a part with the smallest eccentricity (the
 * middle of a longest path), the smaller position on a tie: the root that
 * gives an undirected tree its flattest drawing.
 */
export function treeCenter(adj, include, part) {
	let best = part[0];
	let bestE = Infinity;
	for (const v of part) {
		const d = bfs(adj, include, v);
		let e = 0;
		for (const u of part) e = Math.max(e, d[u]);
		if (e < bestE) {
			bestE = e;
			best = v;
		}
	}
	return best;
}

/**
 * rootAt orients a part away from root: parent (−1 for the root) and the
 * children of each position in ascending order, and the depth.
 */
export function rootAt(adj, include, root) {
	const n = adj.length;
	const parent = new Array(n).fill(-1);
	const depth = new Array(n).fill(-1);
	const children = Array.from({length: n}, () => []);
	const q = [root];
	depth[root] = 0;
	for (let i = 0; i < q.length; i++) {
		const v = q[i];
		for (const w of adj[v]) {
			if (depth[w] < 0 && include[w]) {
				depth[w] = depth[v] + 1;
				parent[w] = v;
				children[v].push(w);
				q.push(w);
			}
		}
	}
	return {parent, depth, children, order: q};
}

/**
 * tidy lays out one rooted tree in layers (Reingold–Tilford): every subtree
 * keeps its shape, siblings are pushed apart until their contours are at
 * least `sep` apart on every level, and a parent sits midway over its first
 * and last child. Returns x per position (in units, the leftmost at 0) for
 * the positions of the tree, and its width.
 */
export function tidy(children, root, sep = 1) {
	const rel = new Map(); // position → x relative to its parent
	// contour of a subtree: per level below its root, [leftmost, rightmost] relative to the root
	function place(v) {
		const kids = children[v];
		if (!kids.length) return [[0, 0]];
		let acc = null;
		const offs = [];
		for (const c of kids) {
			const cc = place(c);
			let shift = 0;
			if (acc) {
				shift = -Infinity;
				for (let i = 0; i < Math.min(acc.length, cc.length); i++) shift = Math.max(shift, acc[i][1] - cc[i][0] + sep);
				for (let i = 0; i < cc.length; i++) {
					if (i < acc.length) acc[i][1] = cc[i][1] + shift;
					else acc.push([cc[i][0] + shift, cc[i][1] + shift]);
				}
			} else {
				acc = cc.map((l) => [l[0], l[1]]);
			}
			offs.push(shift);
		}
		const mid = (offs[0] + offs[offs.length - 1]) / 2;
		kids.forEach((c, i) => rel.set(c, offs[i] - mid));
		return [[0, 0], ...acc.map((l) => [l[0] - mid, l[1] - mid])];
	}
	const contour = place(root);
	const x = new Map([[root, 0]]);
	const stack = [root];
	while (stack.length) {
		const v = stack.pop();
		for (const c of children[v]) {
			x.set(c, x.get(v) + rel.get(c));
			stack.push(c);
		}
	}
	let lo = Infinity;
	let hi = -Infinity;
	for (const l of contour) (lo = Math.min(lo, l[0])), (hi = Math.max(hi, l[1]));
	for (const [k, v] of x) x.set(k, v - lo);
	return {x, width: hi - lo};
}

/**
 * forestLayout lays out the included positions of a forest: each part is
 * rooted at its preferred root (the first of `roots` in it), else at its
 * centre, laid out tidily, and the parts stand side by side, `gap` units
 * apart. x and y (the depth) are in units, NaN for positions left out.
 */
export function forestLayout(n, edges, include, roots = [], gap = 1.5) {
	const inc = Array.from({length: n}, (_, i) => include === undefined || !!include[i]);
	const adj = adjacency(n, edges);
	const x = new Array(n).fill(NaN);
	const y = new Array(n).fill(NaN);
	const parent = new Array(n).fill(-1);
	const treeRoots = [];
	let left = 0;
	let depth = 0;
	for (const part of components(adj, inc)) {
		const root = roots.find((r) => r >= 0 && r < n && part.includes(r)) ?? treeCenter(adj, inc, part);
		const R = rootAt(adj, inc, root);
		const T = tidy(R.children, root);
		for (const v of part) {
			x[v] = left + T.x.get(v);
			y[v] = R.depth[v];
			parent[v] = R.parent[v];
			depth = Math.max(depth, R.depth[v]);
		}
		treeRoots.push(root);
		left += T.width + gap;
	}
	const width = treeRoots.length ? left - gap : 0;
	return {x, y, parent, roots: treeRoots, width, depth};
}

/**
 * fitLayout maps a forest layout into a w×h box, keeping `pad` = {l, r, t, b}
 * free: the scale per unit is limited so that a small tree does not sprawl,
 * and the node radius and type follow the spacing. Returns pixel positions
 * xs, ys (NaN for positions left out), r, font.
 */
export function fitLayout(F, w, h, pad = {l: 40, r: 40, t: 40, b: 40}, maxUnit = 190) {
	const iw = Math.max(10, w - pad.l - pad.r);
	const ih = Math.max(10, h - pad.t - pad.b);
	const sx = F.width > 0 ? Math.min(maxUnit, iw / F.width) : maxUnit;
	// a shallow tree may stand taller: its few cables carry the messages
	const sy = F.depth > 0 ? Math.min(maxUnit * (F.depth <= 2 ? 1.3 : 0.8), ih / F.depth) : maxUnit;
	const r = Math.max(9, Math.min(30, sx * 0.3, sy * 0.24));
	const x0 = pad.l + (iw - F.width * sx) / 2;
	const y0 = pad.t + (ih - F.depth * sy) / 2;
	const n = F.x.length;
	const xs = new Float64Array(n);
	const ys = new Float64Array(n);
	for (let i = 0; i < n; i++) {
		xs[i] = x0 + F.x[i] * sx;
		ys[i] = y0 + F.y[i] * sy;
	}
	return {n, w, h, xs, ys, r, sx, sy, font: Math.max(12, Math.min(24, r * 0.9))};
}

/** angleTo is the direction from (x0, y0) to (x1, y1), in radians (SVG's y down). */
export function angleTo(x0, y0, x1, y1) {
	return Math.atan2(y1 - y0, x1 - x0);
}

// the smallest difference between two directions
function angDist(a, b) {
	const d = Math.abs(a - b) % (2 * Math.PI);
	return d > Math.PI ? 2 * Math.PI - d : d;
}

/**
 * freePortAngles places k free ports around a device whose cables leave in
 * the directions `used`: each goes where it is farthest from every cable and
 * port placed before (candidates every 15°, preferring the lower half on a
 * tie, where a new device would hang; or from `prefer`, e.g. a badge's
 * upper right).
 */
export function freePortAngles(used, k, prefer = Math.PI / 2) {
	const taken = [...used];
	const out = [];
	for (let j = 0; j < k; j++) {
		let best = prefer;
		let bestD = -1;
		for (let s = 0; s < 24; s++) {
			// start at the preferred direction and alternate either side of it
			const a = prefer + (s % 2 ? 1 : -1) * Math.ceil(s / 2) * (Math.PI / 12);
			let d = Math.PI;
			for (const u of taken) d = Math.min(d, angDist(a, u));
			if (d > bestD + 1e-9) {
				bestD = d;
				best = a;
			}
		}
		out.push(best);
		taken.push(best);
	}
	return out;
}

/**
 * edgeEnds trims the segment between two device centres to their rims (r
 * plus gap at each end) and shifts it `offset` px to the right of the
 * direction of travel.
 */
export function edgeEnds(x0, y0, x1, y1, r, gap = 0, offset = 0) {
	const dx = x1 - x0;
	const dy = y1 - y0;
	const len = Math.hypot(dx, dy) || 1;
	const ux = dx / len;
	const uy = dy / len;
	const trim = Math.min(r + gap, len * 0.45);
	const nx = -uy * offset;
	const ny = ux * offset;
	return {x1: x0 + ux * trim + nx, y1: y0 + uy * trim + ny, x2: x1 - ux * trim + nx, y2: y1 - uy * trim + ny, len};
}

/**
 * pillTrack is the way of a message's w×h label from the device at
 * (x0, y0) to the one at (x1, y1), offset px to the right of the way: it
 * starts and ends where the label just clears a circle of radius R round
 * either device (the body and its ports), so that it never covers them.
 * On a cable too short for that it stays in the middle. Returns
 * {x1, y1, x2, y2}: the label's centre at the start and at the end.
 */
export function pillTrack(x0, y0, x1, y1, R, w, h, offset = 0) {
	const dx = x1 - x0;
	const dy = y1 - y0;
	const len = Math.hypot(dx, dy) || 1;
	const ux = dx / len;
	const uy = dy / len;
	const nx = -uy * offset;
	const ny = ux * offset;
	// clear: how far along the way the label's box must be from (cx, cy), going (sx, sy)
	const clear = (cx, cy, sx, sy) => {
		for (let t = 0; t <= len; t += 1) {
			const bx = Math.max(0, Math.abs(sx * t + nx) - w / 2);
			const by = Math.max(0, Math.abs(sy * t + ny) - h / 2);
			if (Math.hypot(bx, by) >= R) return t;
		}
		return len;
	};
	let t0 = clear(x0, y0, ux, uy);
	let t1 = clear(x1, y1, -ux, -uy);
	if (t0 + t1 > len) t0 = t1 = len / 2;
	return {x1: x0 + ux * t0 + nx, y1: y0 + uy * t0 + ny, x2: x1 - ux * t1 + nx, y2: y1 - uy * t1 + ny};
}

/** lerp interpolates every coordinate of two position arrays (NaN ends take the other end). */
export function lerpPositions(a, b, t) {
	const out = new Float64Array(b.length);
	for (let i = 0; i < b.length; i++) {
		const x0 = i < a.length && Number.isFinite(a[i]) ? a[i] : b[i];
		out[i] = x0 + (b[i] - x0) * t;
	}
	return out;
}

/** ease is a smooth start and stop for t in [0, 1]. */
export function ease(t) {
	const u = t < 0 ? 0 : t > 1 ? 1 : t;
	return u * u * (3 - 2 * u);
}

/**
 * placeBox chooses where a w×h label goes: the first of the candidate
 * centres that overlaps none of the obstacle boxes [x0, y0, x1, y1] and
 * stays inside the bounds box, else the one that overlaps least (leaving
 * the bounds counts ten times). Returns the index of the candidate.
 */
export function placeBox(cands, w, h, obstacles, bounds) {
	const area = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
	let best = 0;
	let bestScore = Infinity;
	for (let i = 0; i < cands.length; i++) {
		const [cx, cy] = cands[i];
		const box = [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2];
		let score = 10 * (w * h - area(box, bounds));
		for (const o of obstacles) score += area(box, o);
		if (score < 1e-9) return i;
		if (score < bestScore) {
			bestScore = score;
			best = i;
		}
	}
	return best;
}
