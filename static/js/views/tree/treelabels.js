// Where a device's label goes: beside it where no cable, port or badge is
// (the spot spotsOf found), unless that box would cover another device or
// a label placed before it, or leave the view; then the first of eight
// directions around the device that is clear, then the same eight a label's
// height further out (a crowded tree: the projector, many leaves), else the
// least covered of them all.
// Deterministic: devices in order of position, directions in a fixed order.

const AROUND = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => (k * Math.PI) / 4 - Math.PI / 2);

/**
 * labelPlaces gives each device's label its place (pos → {a, d}: the
 * direction, and the device's radius as labelAt takes it).
 * spots is spotsOf's map; size(pos) is its label's {w, h} (w 0: none);
 * R the radius a device takes with its ports; box the view's {w, h};
 * blocks more boxes to keep clear of ([x0, y0, x1, y1]: the role badges).
 */
export function labelPlaces(spots, X, Y, r, R, box, blocks, size) {
	const taken = [...blocks];
	for (const p of spots.keys()) taken.push([X[p] - R, Y[p] - R, X[p] + R, Y[p] + R]);
	const out = new Map();
	for (const [p, s] of spots) {
		const {w, h} = size(p);
		if (!w) continue;
		let best = null;
		const tries = [[s.label, r], ...AROUND.map((a) => [a, r]), ...AROUND.map((a) => [a, r + h])];
		// (further out only to uncover a good part of the label: it may
		// then meet what is not in taken, a "1st" tag or the view's title)
		const far = 0.2 * w * h;
		for (const [a, d] of tries) {
			const b = labelBox(X[p], Y[p], a, d, w, h);
			const score = covered(b, taken) + 4 * outside(b, box) + (d > r ? far : 0);
			if (!best || score < best.score) best = {a, d, b, score};
			if (score === 0) break;
		}
		out.set(p, {a: best.a, d: best.d});
		taken.push(best.b);
	}
	return out;
}

/** labelAt is where a label at angle a is drawn, relative to its device: {x, y, anchor}. */
export function labelAt(a, r) {
	const c = Math.cos(a);
	return {x: c * (r + 6), y: Math.sin(a) * (r + 12), anchor: c < -0.3 ? "end" : c > 0.3 ? "start" : "middle"};
}

function labelBox(x0, y0, a, r, w, h) {
	const at = labelAt(a, r);
	const x = x0 + at.x;
	const left = at.anchor === "end" ? x - w : at.anchor === "start" ? x : x - w / 2;
	const y = y0 + at.y;
	return [left, y - h / 2, left + w, y + h / 2];
}

function covered(b, boxes) {
	let sum = 0;
	for (const o of boxes) {
		const w = Math.min(b[2], o[2]) - Math.max(b[0], o[0]);
		const h = Math.min(b[3], o[3]) - Math.max(b[1], o[1]);
		if (w > 0 && h > 0) sum += w * h;
	}
	return sum;
}

function outside(b, box) {
	const w = b[2] - b[0];
	const h = b[3] - b[1];
	// (a margin of 4 inside the view's edges)
	const inW = Math.max(0, Math.min(b[2], box.w - 4) - Math.max(b[0], 4));
	const inH = Math.max(0, Math.min(b[3], box.h - 4) - Math.max(b[1], 4));
	return w * h - inW * inH;
}
