import {test, eq, ok, near} from "./harness.js";
import {clamp01, msgFraction, niceCeil, fitFont, tokenText, tokenSize, spreadQueue} from "../views/kit/geometry.js";
import {circleLayout, ringArc, ringMsgPos, chordLine, chordMsgPos, labelPos, labelWidth, reach, tokenRadius, stepOut, nearNode} from "../views/ring/circle.js";
import {stScale, timeDomain, stInFlight, procOf, rowOf, causalPast, causalFuture} from "../spacetime/time.js";
import {markBuckets} from "../app/marks.js";

test("clamp01", () => {
	eq(clamp01(-1), 0);
	eq(clamp01(0.25), 0.25);
	eq(clamp01(3), 1);
});

test("msgFraction: the fraction of the way, clamped", () => {
	eq(msgFraction(0, 0, 10), 0);
	eq(msgFraction(5, 0, 10), 0.5);
	eq(msgFraction(10, 0, 10), 1);
	eq(msgFraction(12, 0, 10), 1, "after arrival");
	eq(msgFraction(3, 5, 15), 0, "before sending");
	near(msgFraction(20, 10, 40), 1 / 3);
});

test("msgFraction: a message without delay is drawn halfway", () => {
	eq(msgFraction(4, 4, 4), 0.5);
	eq(msgFraction(4, 4, 3), 0.5);
});

test("niceCeil: 1, 2, 5 times a power of ten", () => {
	eq(niceCeil(0), 1);
	eq(niceCeil(1), 1);
	eq(niceCeil(1.5), 2);
	eq(niceCeil(3), 5);
	eq(niceCeil(7), 10);
	eq(niceCeil(10), 10);
	eq(niceCeil(11), 20);
	eq(niceCeil(420), 500);
});

test("circleLayout: position 0 on top, clockwise, on the circle", () => {
	const L = circleLayout(4, 400, 400, {margin: 100});
	eq(L.R, 100);
	near(L.xs[0], 200);
	near(L.ys[0], 100);
	near(L.xs[1], 300, 1e-9, "position 1 is to the right (clockwise)");
	near(L.ys[1], 200);
	near(L.xs[2], 200);
	near(L.ys[2], 300);
	near(L.xs[3], 100);
	for (let i = 0; i < 4; i++) near(Math.hypot(L.xs[i] - L.cx, L.ys[i] - L.cy), L.R);
});

test("circleLayout: nodes shrink with n and never overlap while legible", () => {
	let prev = Infinity;
	for (const n of [2, 8, 30, 100, 1000]) {
		const L = circleLayout(n, 600, 600);
		ok(L.r <= prev, `r shrinks at n=${n}`);
		prev = L.r;
		const spacing = (2 * Math.PI * L.R) / n;
		if (!L.dense) ok(2 * L.r < spacing, `no overlap at n=${n}`);
		else ok(2 * L.r <= spacing + 1e-9 || L.r === 2, `a dense ring's nodes touch at most, n=${n}`);
	}
	const small = circleLayout(8, 600, 600);
	ok(small.idInside && small.labelEvery === 1, "n=8: IDs inside, every label");
	const big = circleLayout(1000, 600, 600);
	ok(big.dense && !big.idInside, "n=1000: dense, no text inside nodes");
	ok(big.r >= 2, "n=1000: nodes at least 2 px");
	ok(big.labelEvery >= 50 && [50, 100, 200].includes(big.labelEvery), `n=1000: sparse labels, got ${big.labelEvery}`);
});

test("circleLayout: the margin grows to keep outer labels inside the box", () => {
	for (const n of [3, 8, 30, 100, 1000]) {
		const L = circleLayout(n, 500, 420, {margin: 20, top: 18});
		for (let i = 0; i < n; i += L.labelEvery) {
			const p = labelPos(L, i);
			ok(p.y + L.labelFont / 2 <= 420 && p.y - L.labelFont / 2 >= 18, `n=${n}: label ${i} inside, y=${p.y}`);
		}
	}
});

test("circleLayout: top keeps room above", () => {
	const L = circleLayout(8, 400, 400, {margin: 60, top: 40});
	eq(L.cy, 220);
	eq(L.R, 120);
});

test("labelPos: outside the ring", () => {
	const L = circleLayout(8, 600, 600);
	const p = labelPos(L, 2);
	ok(Math.hypot(p.x - L.cx, p.y - L.cy) > L.R + L.r);
});

test("fitFont: long IDs get smaller type", () => {
	eq(fitFont("7", 30, 20), 20);
	ok(fitFont("1000000000", 30, 20) < 10);
});

test("ringArc: a clockwise arc between neighbours", () => {
	const L = circleLayout(4, 400, 400, {margin: 100});
	const d = ringArc(L, 0, 1);
	ok(/^M[\d.]+,[\d.]+A100,100 0 0 1 [\d.]+,[\d.]+$/.test(d), d);
	const two = circleLayout(2, 400, 400, {margin: 100});
	ok(ringArc(two, 0, 1).includes(" 0 0 1 "), "n=2: half a circle each way, not a large arc");
});

test("ringMsgPos: moves clockwise from the sender to the receiver", () => {
	const L = circleLayout(4, 400, 400, {margin: 100});
	const a = ringMsgPos(L, 0, 1, 0);
	const m = ringMsgPos(L, 0, 1, 0.5);
	const b = ringMsgPos(L, 0, 1, 1);
	ok(a.x > 200 && a.y < 200 && a.x < m.x, "starts just after position 0");
	near(m.x, 200 + 100 * Math.cos(-Math.PI / 4), 1e-6);
	near(m.y, 200 + 100 * Math.sin(-Math.PI / 4), 1e-6);
	ok(b.y < 200 && b.x < 300, "ends just before position 1");
	const inner = ringMsgPos(L, 0, 1, 0.5, 20);
	near(Math.hypot(inner.x - 200, inner.y - 200), 80, 1e-6, "inner track");
	const far = ringMsgPos(L, 0, 1, 0, 0, 20);
	ok(Math.atan2(far.y - 200, far.x - 200) > Math.atan2(a.y - 200, a.x - 200), "a larger gap starts later");
});

test("ringMsgPos: a link that skips a crashed successor spans two steps", () => {
	const L = circleLayout(4, 400, 400, {margin: 100});
	const m = ringMsgPos(L, 0, 2, 0.5, 10);
	near(m.x, 200 + 90, 1e-6);
	near(m.y, 200, 1e-6);
	const wrap = ringMsgPos(L, 3, 0, 0.5, 10);
	ok(wrap.x < 200 && wrap.y < 200, "3→0 wraps through the top-left");
});

test("chordLine: trimmed at the nodes, the two directions apart", () => {
	const L = circleLayout(4, 400, 400, {margin: 100});
	const c = chordLine(L, 0, 2, 0);
	near(c.x1, 200);
	near(c.y1, 100 + L.r + 3);
	near(c.y2, 300 - L.r - 6);
	const there = chordLine(L, 0, 2, 6);
	const back = chordLine(L, 2, 0, 6);
	ok(there.x1 < 200 && back.x1 > 200, "offset to the right of travel: apart");
	const gapped = chordLine(L, 0, 2, 0, 10);
	near(gapped.y1, c.y1 + 10, 1e-9, "a gap keeps tokens off the nodes");
	near(chordMsgPos(L, 0, 2, 0, 0, 10).y, c.y1 + 10);
	const mid = chordMsgPos(L, 0, 2, 0.5, 0);
	near(mid.x, 200);
	ok(Math.abs(mid.y - 200) < 2);
});

test("tokenText and tokenSize", () => {
	eq(tokenText("ELECTION(7)"), "ELECTION(7)");
	eq(tokenText("ELECTION(4,3,2,0,1,7,9)", 10), "ELECTION(…");
	const s = tokenSize("ABC", 10);
	ok(s.w > 20 && s.h > 10);
});

test("spreadQueue: messages at the same place on a link get slots", () => {
	const fl = [{from: 0, to: 1}, {from: 0, to: 1}, {from: 1, to: 2}, {from: 0, to: 1}];
	eq(spreadQueue(fl, [0.5, 0.52, 0.5, 0.9]), [0, 1, 0, 0]);
});

test("stScale: time to x, process to y", () => {
	const S = stScale(3, 500, 300, 0, 100, {l: 50, r: 50, t: 20, b: 80});
	eq(S.x(0), 50);
	eq(S.x(100), 450);
	eq(S.x(50), 250);
	eq(S.y(0), 20);
	eq(S.y(2), 220);
	eq(S.labelEvery, 1);
	const dense = stScale(1000, 500, 300, 0, 10, {l: 50, r: 10, t: 10, b: 10});
	ok(!dense.lines && dense.labelEvery >= 50, "1000 processes: no lines, sparse labels");
});

test("timeDomain: pages instead of squeezing", () => {
	const d1 = timeDomain(null, 0, 10);
	eq(d1, [0, 20]);
	eq(timeDomain(d1, 0, 15), d1, "kept while it holds");
	eq(timeDomain(d1, 0, 25), [0, 50], "grows when outgrown");
	eq(timeDomain([0, 1000], 0, 10), [0, 20], "shrinks when far too wide");
	eq(timeDomain(null, 5, 5), [5, 7]);
});

test("stInFlight: dashed to now at the message's fraction", () => {
	const S = stScale(2, 300, 200, 0, 100, {l: 0, r: 0, t: 0, b: 0});
	const a = stInFlight(S, {from: 0, to: 1, sentAt: 0, arrive: 40}, 10);
	eq(a.x1, 0);
	eq(a.x2, 30);
	eq(a.y1, 0);
	eq(a.y2, 50);
});

// A small trace: P0 sends m1 to P1 and m2 to P2; P1 delivers m1, sends m3 to P2;
// P2 delivers m2, then m3; m4 from P2 to P0 is dropped.
const trace = [
	{seq: 1, time: 0, kind: "start", node: 0},
	{seq: 2, time: 0, kind: "send", from: 0, to: 1, msg: {id: 1}},
	{seq: 3, time: 0, kind: "send", from: 0, to: 2, msg: {id: 2}},
	{seq: 4, time: 1, kind: "deliver", from: 0, to: 1, msg: {id: 1}},
	{seq: 5, time: 1, kind: "send", from: 1, to: 2, msg: {id: 3}},
	{seq: 6, time: 2, kind: "deliver", from: 0, to: 2, msg: {id: 2}},
	{seq: 7, time: 2, kind: "note", node: 2, text: "…"},
	{seq: 8, time: 3, kind: "deliver", from: 1, to: 2, msg: {id: 3}},
	{seq: 9, time: 3, kind: "send", from: 2, to: 0, msg: {id: 4}},
	{seq: 10, time: 4, kind: "drop", from: 2, to: 0, msg: {id: 4}, reason: "crashed"},
	{seq: 11, time: 4, kind: "timer", node: 1, timer: "t"},
	{seq: 12, time: 5, kind: "end"},
];
const at = (s) => trace[s - 1];

test("procOf and rowOf", () => {
	eq(procOf(trace[1]), 0);
	eq(procOf(trace[3]), 1);
	eq(procOf(trace[9]), null, "a drop is no process's event");
	eq(rowOf(trace[9]), 0, "but it is drawn on the receiver's line");
	eq(procOf(trace[11]), null);
});

test("causalPast: process order and messages, transitively", () => {
	eq(causalPast(at, 8), new Set([1, 2, 3, 4, 5, 6, 7]), "P2's delivery of m3");
	eq(causalPast(at, 6), new Set([1, 2, 3]), "P2's delivery of m2: P0's events up to the send of m2");
	eq(causalPast(at, 4), new Set([1, 2]), "P0's later send of m2 is concurrent");
	eq(causalPast(at, 1), new Set());
	eq(causalPast(at, 10), new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]), "a drop has its send's past");
	eq(causalPast(at, 11), new Set([1, 2, 4, 5]), "P1's timer");
	eq(causalPast(at, 8, 5), new Set([5, 6, 7]), "not before lo");
});

test("causalFuture: what an event can influence", () => {
	eq(causalFuture(at, 2, 12), new Set([3, 4, 5, 6, 7, 8, 9, 10, 11]), "the send of m1, and P0's later send");
	eq(causalFuture(at, 3, 12), new Set([6, 7, 8, 9, 10]), "the send of m2");
	eq(causalFuture(at, 11, 12), new Set(), "the last event on P1");
	eq(causalFuture(at, 2, 5), new Set([3, 4, 5]), "not after hi");
	eq(causalFuture(at, 9, 12), new Set([10]));
});

test("causal past and future are converse", () => {
	for (let a = 1; a <= trace.length; a++) {
		const fut = causalFuture(at, a, trace.length);
		for (let b = 1; b <= trace.length; b++) {
			eq(causalPast(at, b).has(a), fut.has(b), `${a} → ${b}`);
		}
	}
});

test("markBuckets: one mark per bucket, violations win", () => {
	const marks = [
		{step: 0, kind: "note", seq: 1},
		{step: 50, kind: "note", seq: 2},
		{step: 50, kind: "violation", seq: 3},
		{step: 51, kind: "note", seq: 4},
		{step: 100, kind: "note", seq: 5},
		{step: 200, kind: "note", seq: 6},
	];
	const b = markBuckets(marks, 101, 100, 4);
	eq(b.map((m) => m.kind), ["note", "violation", "note"]);
	eq(b[1].seq, 3);
	eq(b[2].x, 100);
});

test("nearNode: a label that would cover its sender or receiver", () => {
	const L = {xs: [100, 400], ys: [100, 100], r: 30};
	ok(nearNode({x: 150, y: 100}, L, 0, 1, 80, 22), "just left the sender: covers it");
	ok(nearNode({x: 350, y: 100}, L, 0, 1, 80, 22), "about to arrive: covers the receiver");
	ok(!nearNode({x: 250, y: 100}, L, 0, 1, 80, 22), "half way: clear");
	ok(!nearNode({x: 100, y: 160}, L, 0, 1, 80, 22), "beside the sender, clear of its body (a gap of 19 px)");
	ok(nearNode({x: 100, y: 140}, L, 0, 1, 80, 22), "closer than radius + margin");
});

// An outer label's box (its estimated width, an em high) keeps clear of
// the circle and all drawn on it (reach: the band of messages on a crowded
// ring), and inside the box: left and right of the circle too, where a
// label is wider than high (presenter mode's 1,000-process ring: P200,
// P700 and P800 ran into the band).
test("labelPos: outer labels clear of the ring and what is on it, inside the box", () => {
	for (const [w, h] of [[392, 262], [580, 440], [300, 520], [1000, 300]]) {
		for (const n of [5, 8, 30, 100, 1000]) {
			const label = (i) => `P${i}`;
			const L = circleLayout(n, w, h, {margin: n > 40 ? 40 : 46, top: 18, labelChars: label(n - 1).length});
			const clear = L.R + reach(L);
			for (let i = 0; i < n; i += L.labelEvery) {
				const lw = labelWidth(label(i), L.labelFont);
				const lh = L.labelFont;
				const p = labelPos(L, i, lw);
				// the point of the label's box nearest the centre
				const nx = Math.max(p.x - lw / 2, Math.min(L.cx, p.x + lw / 2));
				const ny = Math.max(p.y - lh / 2, Math.min(L.cy, p.y + lh / 2));
				const at = `${w}×${h}, n=${n}, label ${label(i)}`;
				ok(Math.hypot(nx - L.cx, ny - L.cy) >= clear + 4 - 1e-9, `${at}: ${Math.hypot(nx - L.cx, ny - L.cy).toFixed(1)} from the centre, the ring reaches ${clear.toFixed(1)}`);
				ok(p.x - lw / 2 >= 0 && p.x + lw / 2 <= w && p.y - lh / 2 >= 18 && p.y + lh / 2 <= h, `${at}: inside the box, at ${p.x.toFixed(1)},${p.y.toFixed(1)}`);
			}
		}
	}
	const dense = circleLayout(1000, 392, 262, {margin: 40, top: 18});
	ok(reach(dense) >= tokenRadius(dense) + 3 && reach(dense) >= dense.r + stepOut(dense), "a crowded ring reaches past its tokens and its stepped-out processes");
});
