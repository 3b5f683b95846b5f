import {test, eq, ok, near} from "./harness.js";
import {
	gridRows, gridLayout, cardExit, gridLine, gridMsgPos, varsOf, tsText, textWidth, fitText, lockVariants, queueText,
	slotsOf, slotBoxes, highlight, quorumsOf, listText,
} from "../gridlayout.js";
import {PLANE, fixtureFrame} from "./gridfixture.js";

test("gridRows: a grid quorum system is ⌈√n⌉ wide, row by row from the left", () => {
	eq(gridRows(16, "grid"), {rows: [4, 4, 4, 4], cols: 4, centred: false});
	eq(gridRows(10, "grid"), {rows: [4, 4, 2], cols: 4, centred: false});
	eq(gridRows(13, "grid"), {rows: [4, 4, 4, 1], cols: 4, centred: false}, "a grid of 13 keeps its rows and columns");
});

test("gridRows: the planes of 7 and 13 are symmetric; others ⌈√n⌉ wide, centred", () => {
	eq(gridRows(13, "projective"), {rows: [4, 5, 4], cols: 5, centred: true});
	eq(gridRows(7, "projective"), {rows: [2, 3, 2], cols: 3, centred: true});
	eq(gridRows(21, "projective"), {rows: [5, 5, 5, 5, 1], cols: 5, centred: true});
	eq(gridRows(5, "majority"), {rows: [3, 2], cols: 3, centred: true});
	eq(gridRows(1), {rows: [1], cols: 1, centred: true});
	eq(gridRows(0), {rows: [], cols: 0, centred: false});
	for (const n of [1, 2, 3, 7, 13, 20, 31, 57, 91]) {
		const a = gridRows(n, "projective");
		eq(a.rows.reduce((x, y) => x + y, 0), n, `every process placed, n=${n}`);
		ok(a.rows.every((k) => k <= a.cols), `no row wider than cols, n=${n}`);
	}
});

// overlap says whether two cards of the layout overlap (with their gap)
function cardsApart(L) {
	for (let i = 0; i < L.n; i++) {
		for (let j = i + 1; j < L.n; j++) {
			const dx = Math.abs(L.xs[i] - L.xs[j]);
			const dy = Math.abs(L.ys[i] - L.ys[j]);
			if (dx < L.cw + L.gap - 1e-6 && dy < L.ch + L.gap - 1e-6) return `cards ${i} and ${j} overlap`;
		}
	}
	return "";
}

test("gridLayout: cards inside the box, apart, clear of the matrix", () => {
	for (const [w, h] of [[723, 345], [1340, 620], [500, 700], [300, 240]]) {
		for (const [n, q] of [[13, "projective"], [16, "grid"], [7, "projective"], [31, "projective"], [91, "projective"], [25, "grid"]]) {
			const L = gridLayout(n, w, h, {quorums: q});
			const what = `n=${n} ${w}×${h}`;
			eq(cardsApart(L), "", what);
			const m = L.matrix;
			const mLeft = m.x - m.labelW;
			const mTop = m.y - m.headH;
			for (let p = 0; p < n; p++) {
				ok(L.xs[p] - L.cw / 2 >= 0 && L.xs[p] + L.cw / 2 <= w + 1e-6, `${what}: card ${p} inside horizontally`);
				ok(L.ys[p] - L.ch / 2 >= L.top - 1e-6 && L.ys[p] + L.ch / 2 <= h + 1e-6, `${what}: card ${p} inside vertically`);
				const clear = L.side === "side" ? L.xs[p] + L.cw / 2 <= mLeft : L.ys[p] + L.ch / 2 <= mTop;
				ok(clear, `${what}: card ${p} clear of the matrix (${L.side})`);
			}
			ok(m.x + n * m.cell <= w + 1e-6 && m.y + n * m.cell + m.capH <= h + 1e-6, `${what}: matrix inside`);
		}
	}
});

test("gridLayout: the 13-process plane at 1024×768 says everything, a wide box gives more room", () => {
	const small = gridLayout(13, 723, 345, {quorums: "projective"});
	eq(small.mode, "full", "1024×768: full cards");
	ok(small.font >= 11, `legible type, got ${small.font}`);
	ok(small.matrix.cell >= 14, `matrix cells at least 14 px, got ${small.matrix.cell}`);
	eq(small.side, "side", "the matrix beside the cards in a wide box");
	const big = gridLayout(13, 1340, 620, {quorums: "projective"});
	ok(big.font > small.font && big.cw > small.cw, "1920×1080: larger cards and type");
	const tall = gridLayout(13, 480, 900, {quorums: "projective"});
	eq(tall.side, "below", "the matrix under the cards in a tall box");
});

test("gridLayout: 4-5-4 rows, the middle row one card wider, rows centred", () => {
	const L = gridLayout(13, 800, 400, {quorums: "projective"});
	near(L.ys[0], L.ys[3]);
	near(L.ys[4], L.ys[8]);
	ok(L.ys[4] > L.ys[0] && L.ys[9] > L.ys[4], "three rows downwards");
	near((L.xs[0] + L.xs[3]) / 2, L.xs[6], 1e-6, "the top row centred over the middle one");
	near(L.xs[1] - L.xs[0], L.cw + L.gap, 1e-6, "pitch = card + gap");
	near(L.xs[0], (L.xs[4] + L.xs[5]) / 2, 1e-6, "hex-like: offset by half a card");
});

test("gridLayout: a grid quorum system's rows start at the left", () => {
	const L = gridLayout(10, 800, 400, {quorums: "grid"});
	near(L.xs[0], L.xs[4]);
	near(L.xs[0], L.xs[8]);
	near(L.xs[9], L.xs[1]);
});

test("gridLayout: many processes become dots; the matrix thins its labels", () => {
	const L = gridLayout(91, 723, 345, {quorums: "projective"});
	ok(L.mode === "small" || L.mode === "dot", `n=91: small cards, got ${L.mode}`);
	ok(L.matrix.labelEvery > 1, "n=91: sparse matrix labels");
	ok(L.matrix.cell >= 2, `cells at least 2 px at 723×345, got ${L.matrix.cell}`);
});

test("cardExit and gridLine: a message runs from edge to edge", () => {
	near(cardExit(100, 60, 1, 0), 50);
	near(cardExit(100, 60, 0, 1), 30);
	near(cardExit(100, 60, Math.SQRT1_2, Math.SQRT1_2), 30 / Math.SQRT1_2);
	const L = {xs: [100, 300], ys: [100, 100], cw: 80, ch: 60};
	const ln = gridLine(L, 0, 1, 0, 3);
	eq([ln.x1, ln.y1, ln.x2, ln.y2], [143, 100, 257, 100]);
	const off = gridLine(L, 0, 1, 5, 3);
	eq(off.y1, 105, "offset to the right of travel (down when going right, SVG y-down)");
	const back = gridLine(L, 1, 0, 5, 3);
	eq(back.y1, 95, "the other direction on the other side");
	const p = gridMsgPos(L, 0, 1, 0.5, 0, 3);
	eq([p.x, p.y], [200, 100]);
	eq(gridMsgPos(L, 0, 1, -1, 0, 3).x, 143, "clamped at the start");
	eq(gridMsgPos(L, 0, 1, 2, 0, 3).x, 257, "clamped at the end");
	const self = gridLine(L, 0, 0);
	ok(self.y1 < 100 - 30, "a message to itself hops above the card");
});

test("varsOf, tsText, lockVariants: what a card says about the lock", () => {
	const f = fixtureFrame();
	const v = varsOf(f.nodes[4]);
	eq(v.request, [1, 5]);
	eq(v.lock, {node: 1, ts: [1, 2]});
	eq(tsText([3, 7]), "(3,7)");
	eq(tsText(null), "");
	const label = (p) => `P${p + 1}`;
	eq(lockVariants({node: 6, ts: [3, 7]}, label), ["P7 (3,7)", "(3,7)", "P7"]);
	eq(lockVariants(null, label), []);
	eq(varsOf({}), {});
});

test("textWidth and fitText: the longest variant that fits", () => {
	ok(textWidth("(3,7)", 10) < textWidth("P7 (3,7)", 10));
	ok(textWidth("WW", 10) > textWidth("ii", 10) * 0.99, "no narrower than a fixed estimate for capitals");
	eq(fitText(["P7 (3,7)", "(3,7)"], 1000, 12), "P7 (3,7)");
	eq(fitText(["P7 (3,7)", "(3,7)"], textWidth("(3,7)", 12), 12), "(3,7)");
	ok(fitText(["P7 (3,7)", "(3,7)"], 20, 12).endsWith("…"), "shortened when nothing fits");
});

test("queueText: oldest first, as many as fit, +k for the rest", () => {
	const q = [{node: 8, ts: [2, 9]}, {node: 12, ts: [3, 13]}, {node: 11, ts: [3, 12]}];
	eq(queueText(q, 1000, 12), "(2,9) (3,13) (3,12)", "the process's own order, untouched");
	eq(queueText(q, textWidth("(2,9) +2", 12), 12), "(2,9) +2");
	eq(queueText(q, textWidth("(2,9)+2", 12), 12), "(2,9)+2");
	eq(queueText(q, 10, 12), "(2,9)…");
	eq(queueText([], 100, 12), "");
	eq(queueText(null, 100, 12), "");
});

test("listText: names as fit, in their order, +k", () => {
	const names = ["P1", "P5", "P7", "P12"];
	eq(listText(names, 1000, 12, ","), "P1,P5,P7,P12");
	eq(listText(names, textWidth("P1,P5 +2", 12), 12, ","), "P1,P5 +2");
	eq(listText(names, textWidth("P1 +3", 12), 12, ","), "P1 +3");
	eq(listText([], 100, 12), "");
});

test("slotsOf and slotBoxes: E_i as filled slots out of |S_i|", () => {
	eq(slotsOf([0, 4, 5, 6], [0, 5, 6]), [
		{member: 0, filled: true}, {member: 4, filled: false}, {member: 5, filled: true}, {member: 6, filled: true},
	]);
	eq(slotsOf(null, null), []);
	const b = slotBoxes(4, 100, 15);
	eq(b.xs.length, 4);
	near(b.size, 15);
	ok(b.xs[0] >= 0 && b.xs[3] + b.size <= 100 + 1e-9, "inside the line");
	near(b.xs[0], 100 - (b.xs[3] + b.size), 1e-9, "centred");
	const tight = slotBoxes(9, 60, 15);
	ok(tight.xs[8] + tight.size <= 60 + 1e-9 && tight.size < 15, "nine slots shrink to fit");
	eq(slotBoxes(0, 50, 10), {size: 0, xs: []});
});

test("highlight: a quorum, two quorums and their intersection", () => {
	const h1 = highlight(PLANE, 0, null);
	eq(h1.a, new Set([0, 1, 2, 3]));
	eq(h1.b, new Set());
	eq(h1.both, new Set());
	const h2 = highlight(PLANE, 0, 4);
	eq(h2.both, new Set([0]), "S1 ∩ S5 = {1}");
	const h3 = highlight(PLANE, 1, 2);
	eq(h3.both, new Set([7]), "S2 ∩ S3 = {8}");
	eq(highlight(PLANE, 3, 3).b, new Set(), "the same process twice is one selection");
	eq(highlight(PLANE, null, null).a, new Set());
	// every two quorums of the lecture's plane meet in exactly one process
	for (let i = 0; i < 13; i++) for (let j = i + 1; j < 13; j++) eq(highlight(PLANE, i, j).both.size, 1, `S${i + 1} ∩ S${j + 1}`);
});

test("quorumsOf: from the vars, else from the outcome", () => {
	const f = fixtureFrame();
	eq(quorumsOf(f), PLANE);
	const bare = {...f, nodes: f.nodes.map((nd) => ({...nd, vars: []}))};
	eq(quorumsOf(bare), PLANE, "the outcome's quorums");
	eq(quorumsOf({nodes: [{vars: []}], outcome: null}), [[]]);
});
