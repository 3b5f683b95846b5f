// Pure geometry: every function here returns numbers or strings and touches
// no DOM, so the views stay thin and the test page can check the arithmetic.

/** clamp01 limits x to [0, 1]. */
export function clamp01(x) {
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

/**
 * msgFraction is how far along its link a message is drawn at `time`:
 * (time − sentAt) / (arrive − sentAt), clamped to [0, 1]. A message with no
 * delay (arrive ≤ sentAt) is drawn halfway, so that it stays visible.
 */
export function msgFraction(time, sentAt, arrive) {
	if (!(arrive > sentAt)) return 0.5;
	return clamp01((time - sentAt) / (arrive - sentAt));
}

/** niceCeil rounds x up to 1, 2 or 5 times a power of ten (at least 1). */
export function niceCeil(x) {
	if (!(x > 1)) return 1;
	const p = Math.pow(10, Math.floor(Math.log10(x)));
	for (const m of [1, 2, 5, 10]) {
		if (m * p >= x - 1e-9) return m * p;
	}
	return 10 * p;
}

/**
 * circleLayout places n processes clockwise on a circle inside a w×h box,
 * position 0 at the top, and sizes nodes and type for the density: node
 * radius r shrinks with n (never below 2 px), the ID is written inside a
 * node only while it stays legible, and outer labels are kept for every
 * `labelEvery`-th position when they would otherwise collide.
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
	const need = z.r + z.labelFont * 1.6 + 6;
	if (need > margin) {
		R = Math.max(10, Math.min(w, h - top) / 2 - need);
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

/** fitFont is the largest type (≤ base) that fits `text` inside a node of radius r. */
export function fitFont(text, r, base) {
	const len = Math.max(1, String(text).length);
	return Math.min(base, (1.7 * r) / (0.62 * len));
}

/** labelPos is where a process's outer label goes: outside the circle, past its node. */
export function labelPos(L, i) {
	const d = L.R + L.r + L.labelFont * 0.9 + 4;
	return {x: L.cx + d * Math.cos(L.angles[i]), y: L.cy + d * Math.sin(L.angles[i])};
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

/** tokenText shortens a message label to at most max characters. */
export function tokenText(label, max = 14) {
	const s = String(label);
	return s.length <= max ? s : s.slice(0, max - 1) + "…";
}

/** tokenSize estimates a labelled token's box without measuring the DOM. */
export function tokenSize(text, font) {
	return {w: Math.ceil(String(text).length * font * 0.62 + font * 0.9), h: Math.ceil(font * 1.45)};
}

/**
 * spreadQueue gives each of several messages at the same place on the same
 * link its own slot: it returns, per flight, how many earlier flights on
 * that link are within `eps` of its fraction (0 for the first).
 */
export function spreadQueue(flights, fractions, eps = 0.08) {
	const byLink = new Map();
	const out = new Array(flights.length).fill(0);
	for (let i = 0; i < flights.length; i++) {
		const key = flights[i].from + ">" + flights[i].to;
		let list = byLink.get(key);
		if (!list) byLink.set(key, (list = []));
		let k = 0;
		for (const j of list) if (Math.abs(fractions[j] - fractions[i]) < eps) k++;
		out[i] = k;
		list.push(i);
	}
	return out;
}

// ---- space-time (Lamport) diagram ----

/**
 * stScale maps virtual time to x and a process to the y of its line, for a
 * diagram w×h showing time domain [t0, t1]. pad = {l, r, t, b}.
 */
export function stScale(n, w, h, t0, t1, pad) {
	const width = Math.max(1, w - pad.l - pad.r);
	const height = Math.max(1, h - pad.t - pad.b);
	const kx = width / Math.max(1e-9, t1 - t0);
	const rowH = n > 1 ? height / (n - 1) : height;
	const y0 = n > 1 ? pad.t : pad.t + height / 2;
	return {
		n, w, h, t0, t1, pad, kx, rowH,
		x: (t) => pad.l + (t - t0) * kx,
		y: (p) => y0 + p * rowH,
		labelEvery: rowH >= 16 ? 1 : niceCeil(16 / Math.max(rowH, 1e-9)),
		lines: rowH >= 3,
		dot: Math.max(1, Math.min(7, rowH * 0.3)),
		// arrows thin out with the rows, so that a thousand processes stay lines, not a wall
		stroke: Math.max(0.4, Math.min(2.2, rowH * 0.5)),
	};
}

/**
 * timeDomain chooses the time range the diagram shows. [lo, hi] must be
 * visible; the previous domain is kept while it still holds them and is not
 * much wider, so that the picture pages instead of squeezing every frame.
 */
export function timeDomain(prev, lo, hi) {
	const need = Math.max(1, hi - lo);
	if (prev && prev[0] <= lo && prev[1] >= hi && prev[1] - prev[0] <= 3 * need + 2) return prev;
	return [lo, lo + niceCeil(need * 1.25)];
}

/** stInFlight is the dashed partial arrow of a message in flight at time now. */
export function stInFlight(S, fl, now) {
	const f = msgFraction(now, fl.sentAt, fl.arrive);
	const ya = S.y(fl.from);
	const yb = S.y(fl.to);
	return {x1: S.x(fl.sentAt), y1: ya, x2: S.x(Math.max(now, fl.sentAt)), y2: ya + (yb - ya) * f};
}

// ---- the trace's causal structure ----

/**
 * procOf is the process on whose line an event lies for causality: the
 * sender of a send, the receiver of a delivery, the node of a local event;
 * null for a drop (no process acts) and for events about the whole run.
 */
export function procOf(e) {
	switch (e.kind) {
		case "send":
			return e.from;
		case "deliver":
			return e.to;
		case "drop":
		case "end":
			return null;
		default:
			return e.node ?? null;
	}
}

/** rowOf is the line an event is drawn on (a drop on its receiver's). */
export function rowOf(e) {
	if (e.kind === "drop") return e.to;
	return procOf(e);
}

/**
 * causalPast gives the seqs of the events that happen before event `seq`
 * (Lamport's happened-before: earlier on the same process, or the sending
 * of a message received, transitively), looking no further back than lo.
 * at(seq) returns the event with that seq.
 */
export function causalPast(at, seq, lo = 1) {
	const past = new Set();
	const e0 = at(seq);
	if (!e0) return past;
	const hot = new Set(); // processes with a later event in the past
	const wanted = new Set(); // messages whose send is in the past
	const p0 = procOf(e0);
	if (p0 !== null) hot.add(p0);
	if ((e0.kind === "deliver" || e0.kind === "drop") && e0.msg) wanted.add(e0.msg.id);
	for (let s = seq - 1; s >= lo; s--) {
		const e = at(s);
		if (!e) continue;
		const p = procOf(e);
		const isPast = (p !== null && hot.has(p)) || (e.kind === "send" && wanted.has(e.msg.id));
		if (!isPast) continue;
		past.add(s);
		if (p !== null) hot.add(p);
		if (e.kind === "deliver") wanted.add(e.msg.id);
	}
	return past;
}

/**
 * causalFuture gives the seqs of the events that event `seq` happens before,
 * up to hi.
 */
export function causalFuture(at, seq, hi) {
	const future = new Set();
	const e0 = at(seq);
	if (!e0) return future;
	const hot = new Set();
	const sent = new Set();
	const p0 = procOf(e0);
	if (p0 !== null) hot.add(p0);
	if (e0.kind === "send") sent.add(e0.msg.id);
	for (let s = seq + 1; s <= hi; s++) {
		const e = at(s);
		if (!e) continue;
		const p = procOf(e);
		const viaMsg = (e.kind === "deliver" || e.kind === "drop") && sent.has(e.msg.id);
		if (!((p !== null && hot.has(p)) || viaMsg)) continue;
		future.add(s);
		if (p !== null) hot.add(p);
		if (e.kind === "send") sent.add(e.msg.id);
	}
	return future;
}

// ---- the scrubber ----

/**
 * markBuckets thins timeline marks to at most one per `px` pixels of a
 * track `width` px wide over steps 0..steps−1; a violation wins its bucket.
 * marks: [{step, kind: "note"|"violation", seq}]. Returns [{x, kind, seq}].
 */
export function markBuckets(marks, steps, width, px = 4) {
	const out = new Map();
	const span = Math.max(1, steps - 1);
	for (const m of marks) {
		if (m.step < 0 || m.step > span) continue;
		const x = (m.step / span) * width;
		const b = Math.round(x / px);
		const prev = out.get(b);
		if (!prev || (prev.kind !== "violation" && m.kind === "violation")) out.set(b, {x, kind: m.kind, seq: m.seq});
	}
	return [...out.values()].sort((a, b) => a.x - b.x);
}

function f2(x) {
	return Math.round(x * 100) / 100;
}
