// A deadlock's cycle of waits in the quorum grid view (grid.js): which
// processes the outcome names, and the arrows from each to the one it waits
// for, around the cards. Pure, like gridlayout.js, which re-exports it.

import {gridLine} from "./gridlayout.js";
import {outcomeUse, outcomeOfUse, fieldOfKind} from "../../i18n/vocab.js";

/**
 * deadlockCycle reads the cycle of waits from the frame's outcome: the
 * field declared as the wait cycle (use waitCycle), a cycle itself or a
 * record with a field of kind cycle. The positions in order, only valid
 * ones, or [] when the outcome reports no deadlock.
 */
export function deadlockCycle(alg, frame, n) {
	const d = outcomeUse(alg, frame, "waitCycle");
	let cyc = Array.isArray(d) ? d : null;
	if (!cyc && d && typeof d === "object") {
		const f = fieldOfKind(outcomeOfUse(alg, "waitCycle"), "cycle");
		cyc = f && Array.isArray(d[f.name]) ? d[f.name] : null;
	}
	if (!cyc) return [];
	const c = cyc.filter((p) => Number.isInteger(p) && p >= 0 && p < n);
	return c.length >= 2 ? c : [];
}

/**
 * cycleArrows are the arrows of a cycle of waits: from each process to the
 * one it waits for (cycle[i] → cycle[i+1], the last back to the first).
 * Each is a curve from card edge to card edge, bent a little to the left
 * of the way (off the messages' straight tracks; two opposite ones stay
 * apart); where that would cross another card, it runs from the top (or
 * bottom) of one card to the top (bottom) of the other through the gap
 * between the rows instead. Each: {from, to, d (an SVG path), mx, my
 * (its middle)}.
 */
export function cycleArrows(L, cycle, gap = 6) {
	const out = [];
	const k = cycle.length;
	if (k < 2) return out;
	const taken = []; // the points of the arrows drawn so far: the next keeps off them
	for (let i = 0; i < k; i++) {
		const a = cycle[i];
		const b = cycle[(i + 1) % k];
		let best = null;
		for (const [j, c] of arrowCandidates(L, a, b, gap).entries()) {
			const pts = curvePoints(c);
			const cost = arrowCost(L, a, b, pts, taken) * 100 + j;
			if (!best || cost < best.cost) best = {cost, c, pts};
		}
		const c = best.c;
		taken.push(...best.pts);
		const f = (x) => x.toFixed(1);
		out.push({
			from: a,
			to: b,
			d: `M${f(c.x1)},${f(c.y1)} Q${f(c.cx)},${f(c.cy)} ${f(c.x2)},${f(c.y2)}`,
			mx: (c.x1 + 2 * c.cx + c.x2) / 4,
			my: (c.y1 + 2 * c.cy + c.y2) / 4,
		});
	}
	return out;
}

// arrowCandidates: the ways an arrow a → b may take, the preferred first
function arrowCandidates(L, a, b, gap) {
	const ln = gridLine(L, a, b, 0, gap);
	const dx = ln.x2 - ln.x1;
	const dy = ln.y2 - ln.y1;
	const len = Math.hypot(dx, dy) || 1;
	const bent = (bend) => ({
		x1: ln.x1, y1: ln.y1, x2: ln.x2, y2: ln.y2,
		// the left of the way (SVG y down): (dy, −dx)
		cx: (ln.x1 + ln.x2) / 2 + (dy / len) * bend,
		cy: (ln.y1 + ln.y2) / 2 - (dx / len) * bend,
	});
	const out = [bent(Math.min(40, len * 0.18))];
	const h = L.ch / 2 + gap;
	const rise = Math.max(8, (L.gap || 0) * 0.45);
	for (const k of [1, 2]) {
		for (const side of [-1, 1]) {
			const ya = L.ys[a] + side * h;
			const yb = L.ys[b] + side * h;
			const edge = side < 0 ? Math.min(ya, yb) : Math.max(ya, yb);
			out.push({x1: L.xs[a], y1: ya, x2: L.xs[b], y2: yb, cx: (L.xs[a] + L.xs[b]) / 2, cy: edge + side * 2 * k * rise});
		}
	}
	for (const m of [0.4, -0.4, 0.7, -0.7]) out.push(bent(len * m));
	return out;
}

// curvePoints samples a quadratic curve {x1, y1, cx, cy, x2, y2}
function curvePoints(c) {
	const pts = [];
	for (let j = 1; j < 32; j++) {
		const u = j / 32;
		const v = 1 - u;
		pts.push([v * v * c.x1 + 2 * u * v * c.cx + u * u * c.x2, v * v * c.y1 + 2 * u * v * c.cy + u * u * c.y2]);
	}
	return pts;
}

// arrowCost counts the other cards a curve (its points) crosses, its
// points outside the box and those on an arrow already drawn
function arrowCost(L, a, b, pts, taken = []) {
	let out = 0;
	let strip = 0;
	let shared = 0;
	pts.forEach(([x, y], j) => {
		if (x < 2 || y < 2 || (L.w && x > L.w - 2) || (L.h && y > L.h - 2)) out++;
		// the strip above the cards holds the view's title: rather not there
		else if (L.top && y < L.top - 4) strip++;
		// (near its ends an arrow may meet another one: they share a card)
		const inner = j >= pts.length * 0.2 && j < pts.length * 0.8;
		if (inner && taken.some(([u, v]) => Math.abs(u - x) < 7 && Math.abs(v - y) < 7)) shared++;
	});
	let cards = 0;
	for (let p = 0; p < L.xs.length; p++) {
		if (p === a || p === b) continue;
		if (pts.some(([x, y]) => Math.abs(x - L.xs[p]) < L.cw / 2 + 2 && Math.abs(y - L.ys[p]) < L.ch / 2 + 2)) cards++;
	}
	// crossing a card is worst; running along another arrow or under the title costs less
	return cards * 20 + out + Math.min(6, shared * 0.5) + (strip ? 2 : 0);
}
