// The graph view's layout: positions for any connected graph by stress
// majorization (SMACOF) on the graph's hop distances, started from pivot
// coordinates, so that the picture is a function of the topology alone:
// the same edges always give the same picture, and stepping through a run
// never moves a process. Pure: numbers only, no DOM.

/** hops is the matrix of hop distances (BFS from every position); unreachable: n. */
export function hops(n, edges) {
	const adj = Array.from({length: n}, () => []);
	for (const [a, b] of edges) {
		adj[a].push(b);
		adj[b].push(a);
	}
	const d = [];
	for (let s = 0; s < n; s++) {
		const row = new Array(n).fill(-1);
		row[s] = 0;
		const queue = [s];
		for (let i = 0; i < queue.length; i++) {
			const u = queue[i];
			for (const v of adj[u]) {
				if (row[v] < 0) {
					row[v] = row[u] + 1;
					queue.push(v);
				}
			}
		}
		d.push(row.map((x) => (x < 0 ? n : x)));
	}
	return d;
}

// farthest is the position farthest from every one in from (the smallest
// of those hops away from the nearest), the lowest position on a tie.
function farthest(d, from) {
	let best = 0;
	let bestD = -1;
	for (let i = 0; i < d.length; i++) {
		const near = Math.min(...from.map((p) => d[p][i]));
		if (near > bestD) {
			best = i;
			bestD = near;
		}
	}
	return best;
}

// pivots starts the layout: x from two far-apart positions, y from two more
// far from both (a grid comes out as a grid, turned by 45°), plus a small
// deterministic nudge so that no two positions coincide.
function pivots(d) {
	const n = d.length;
	const a = farthest(d, [0]);
	const b = farthest(d, [a]);
	const c = farthest(d, [a, b]);
	const e = farthest(d, [c]);
	const xs = new Float64Array(n);
	const ys = new Float64Array(n);
	for (let i = 0; i < n; i++) {
		xs[i] = (d[a][i] - d[b][i]) / 2 + 0.05 * Math.cos(i * 2.399963);
		ys[i] = (d[c][i] - d[e][i]) / 2 + 0.05 * Math.sin(i * 2.399963);
	}
	return {xs, ys};
}

/**
 * stressLayout places n positions so that their distances follow the hop
 * distances (SMACOF with weights d⁻², a fixed number of rounds). Returns
 * {xs, ys} in units of one hop.
 */
export function stressLayout(n, edges, rounds = 300) {
	if (n === 1) return {xs: Float64Array.of(0), ys: Float64Array.of(0)};
	const d = hops(n, edges);
	let {xs, ys} = pivots(d);
	const wsum = new Float64Array(n);
	const dist = new Float64Array(n * n);
	const weight = new Float64Array(n * n);
	for (let i = 0; i < n; i++) {
		for (let j = 0; j < n; j++) {
			if (i === j) continue;
			dist[i * n + j] = d[i][j];
			weight[i * n + j] = 1 / (d[i][j] * d[i][j]);
			wsum[i] += weight[i * n + j];
		}
	}
	for (let r = 0; r < rounds; r++) {
		const nx = new Float64Array(n);
		const ny = new Float64Array(n);
		let moved = 0;
		for (let i = 0; i < n; i++) {
			let sx = 0;
			let sy = 0;
			for (let j = 0; j < n; j++) {
				if (i === j) continue;
				const w = weight[i * n + j];
				const dx = xs[i] - xs[j];
				const dy = ys[i] - ys[j];
				const len = Math.sqrt(dx * dx + dy * dy) || 1e-9;
				sx += w * (xs[j] + (dist[i * n + j] * dx) / len);
				sy += w * (ys[j] + (dist[i * n + j] * dy) / len);
			}
			nx[i] = sx / wsum[i];
			ny[i] = sy / wsum[i];
			moved = Math.max(moved, Math.abs(nx[i] - xs[i]), Math.abs(ny[i] - ys[i]));
		}
		xs = nx;
		ys = ny;
		if (moved < 1e-4) break;
	}
	spread(xs, ys, 0.6);
	return {xs, ys};
}

// spread pushes apart, in a fixed number of sweeps, every two positions
// closer than gap hops: a graph of small diameter (a random one) puts many
// positions at the same distances, which stress alone lets coincide.
function spread(xs, ys, gap, sweeps = 60) {
	const n = xs.length;
	for (let s = 0; s < sweeps; s++) {
		let pushed = false;
		for (let i = 0; i < n; i++) {
			for (let j = i + 1; j < n; j++) {
				let dx = xs[j] - xs[i];
				let dy = ys[j] - ys[i];
				let len = Math.hypot(dx, dy);
				if (len >= gap) continue;
				if (len < 1e-9) {
					dx = Math.cos(i + j);
					dy = Math.sin(i + j);
					len = 1;
				}
				const k = (gap - len) / (2 * len);
				xs[i] -= dx * k;
				ys[i] -= dy * k;
				xs[j] += dx * k;
				ys[j] += dy * k;
				pushed = true;
			}
		}
		if (!pushed) break;
	}
}

// turned is the layout turned by angle a (radians) about the origin.
function turned(raw, a) {
	const c = Math.cos(a);
	const s = Math.sin(a);
	return {xs: Array.from(raw.xs, (x, i) => c * x - s * raw.ys[i]), ys: Array.from(raw.xs, (x, i) => s * x + c * raw.ys[i])};
}

function span(vs) {
	let lo = Infinity;
	let hi = -Infinity;
	for (const v of vs) {
		lo = Math.min(lo, v);
		hi = Math.max(hi, v);
	}
	return {lo, len: Math.max(hi - lo, 1e-9)};
}

/**
 * fitLayout fits a layout into a w×h box with a margin: turned by the
 * angle (in steps of 3°, the smallest on a tie) that lets it be drawn
 * largest, then stretched along the box's free side by at most STRETCH.
 * r is the node radius that keeps the closest two apart. Returns {xs, ys,
 * r, font, labelFont, idInside, edge} (edge: the shortest distance between
 * two positions, which decides how much a message token may say).
 */
export function fitLayout(raw, w, h, {margin = 40, top = 12} = {}) {
	const STRETCH = 1.8;
	const n = raw.xs.length;
	const bw = w - 2 * margin;
	const bh = h - 2 * margin - top;
	let best = null;
	for (let k = 0; k < 60; k++) {
		const tr = turned(raw, (k * Math.PI) / 60);
		const sx = span(tr.xs);
		const sy = span(tr.ys);
		const s = Math.min(bw / sx.len, bh / sy.len);
		if (!best || s > best.s * 1.0001) best = {tr, sx, sy, s};
	}
	const {tr, sx, sy} = best;
	const s = n === 1 ? 1 : best.s;
	const kx = n === 1 ? 1 : Math.min(STRETCH, bw / (s * sx.len));
	const ky = n === 1 ? 1 : Math.min(STRETCH, bh / (s * sy.len));
	const ox = (w - s * kx * sx.len) / 2 - s * kx * sx.lo;
	const oy = top + (h - top - s * ky * sy.len) / 2 - s * ky * sy.lo;
	const xs = tr.xs.map((x) => ox + s * kx * x);
	const ys = tr.ys.map((y) => oy + s * ky * y);
	let closest = Infinity;
	for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) closest = Math.min(closest, Math.hypot(xs[i] - xs[j], ys[i] - ys[j]));
	if (!Number.isFinite(closest)) closest = Math.min(w, h) / 2;
	const r = Math.max(6, Math.min(24, closest * 0.28));
	return {xs, ys, r, font: Math.min(17, Math.max(13, r * 0.9)), labelFont: 14, idInside: r >= 11, edge: closest};
}

/**
 * edgeEnds is the part of the segment a→b outside both nodes (radius r
 * plus gap): {x1, y1, x2, y2, ux, uy} with the unit vector a→b.
 */
export function edgeEnds(L, a, b, gap = 2) {
	const dx = L.xs[b] - L.xs[a];
	const dy = L.ys[b] - L.ys[a];
	const len = Math.hypot(dx, dy) || 1;
	const ux = dx / len;
	const uy = dy / len;
	const k = L.r + gap;
	return {x1: L.xs[a] + ux * k, y1: L.ys[a] + uy * k, x2: L.xs[b] - ux * k, y2: L.ys[b] - uy * k, ux, uy, len};
}

/**
 * msgPos is where a message a→b is at fraction fr, shifted off the line to
 * its right (both directions stay apart). A token of size sz ({w, h}) runs
 * between the nodes' edges: its centre stays half its extent along the edge
 * (and 2 px) clear of both bodies, so that it never covers a process's ID;
 * on an edge too short for that it waits at the middle.
 */
export function msgPos(L, a, b, fr, offset, sz = null) {
	const e = edgeEnds(L, a, b, 0);
	const ext = sz ? (Math.abs(e.ux) * sz.w + Math.abs(e.uy) * sz.h) / 2 + 2 : 0;
	const way = Math.max(0, e.len - 2 * L.r - 2 * ext);
	const d = way > 0 ? L.r + ext + way * fr : e.len / 2;
	const x = L.xs[a] + e.ux * d;
	const y = L.ys[a] + e.uy * d;
	return {x: x - e.uy * offset, y: y + e.ux * offset};
}
