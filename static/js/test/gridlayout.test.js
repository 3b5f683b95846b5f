import {test, eq, ok, near} from "./harness.js";
import {
	gridRows, gridLayout, cardExit, gridLine, gridMsgPos, cardOf, tsText, textWidth, fitText, fitLine, lockVariants, lockLines,
	cardRows, cardFont, queueText, slotsOf, slotBoxes, highlight, quorumsOf, isGridQuorums, listText, cycleArrows, deadlockCycle,
} from "../views/grid/gridlayout.js";
import {PLANE, fixtureFrame, ALGORITHM} from "./gridfixture.js";
import {twoLines} from "../views/grid/gridtext.js";

test("gridRows: a grid quorum system is ⌈√n⌉ wide, row by row from the left", () => {
	eq(gridRows(16, true), {rows: [4, 4, 4, 4], cols: 4, centred: false});
	eq(gridRows(10, true), {rows: [4, 4, 2], cols: 4, centred: false});
	eq(gridRows(13, true), {rows: [4, 4, 4, 1], cols: 4, centred: false}, "a grid of 13 keeps its rows and columns");
});

// gridQuorums: a ⌈√n⌉-wide grid's row ∪ column per position, as a quorum system of rows and columns is
function gridQuorums(n) {
	const w = Math.ceil(Math.sqrt(n));
	return Array.from({length: n}, (_, p) => [...Array(n).keys()].filter((x) => Math.floor(x / w) === Math.floor(p / w) || x % w === p % w));
}

test("isGridQuorums: quorums that are a grid's rows and columns", () => {
	for (const n of [4, 9, 10, 13, 16]) ok(isGridQuorums(gridQuorums(n)), `the grid of ${n}`);
	ok(!isGridQuorums(PLANE), "the projective plane of 13 is not");
	ok(!isGridQuorums(Array.from({length: 5}, (_, p) => [p, (p + 1) % 5, (p + 2) % 5].sort())), "majorities are not");
	ok(!isGridQuorums([[0]]) && !isGridQuorums([]), "one process or none: no grid");
	const q = gridQuorums(9);
	q[4] = q[4].slice(1);
	ok(!isGridQuorums(q), "one member missing");
});

test("gridRows: the planes of 7 and 13 are symmetric; others ⌈√n⌉ wide, centred", () => {
	eq(gridRows(13), {rows: [4, 5, 4], cols: 5, centred: true});
	eq(gridRows(7), {rows: [2, 3, 2], cols: 3, centred: true});
	eq(gridRows(21), {rows: [5, 5, 5, 5, 1], cols: 5, centred: true});
	eq(gridRows(5), {rows: [3, 2], cols: 3, centred: true});
	eq(gridRows(1), {rows: [1], cols: 1, centred: true});
	eq(gridRows(0), {rows: [], cols: 0, centred: false});
	for (const n of [1, 2, 3, 7, 13, 20, 31, 57, 91]) {
		const a = gridRows(n);
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
		for (const [n, grid] of [[13, false], [16, true], [7, false], [31, false], [91, false], [25, true]]) {
			const L = gridLayout(n, w, h, {grid});
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
	const small = gridLayout(13, 723, 345, {});
	eq(small.mode, "full", "1024×768: full cards");
	ok(small.font >= 11, `legible type, got ${small.font}`);
	ok(small.matrix.cell >= 14, `matrix cells at least 14 px, got ${small.matrix.cell}`);
	eq(small.side, "side", "the matrix beside the cards in a wide box");
	const big = gridLayout(13, 1340, 620, {});
	ok(big.font > small.font && big.cw > small.cw, "1920×1080: larger cards and type");
	const tall = gridLayout(13, 480, 900, {});
	eq(tall.side, "below", "the matrix under the cards in a tall box");
});

test("gridLayout: 4-5-4 rows, the middle row one card wider, rows centred", () => {
	const L = gridLayout(13, 800, 400, {});
	near(L.ys[0], L.ys[3]);
	near(L.ys[4], L.ys[8]);
	ok(L.ys[4] > L.ys[0] && L.ys[9] > L.ys[4], "three rows downwards");
	near((L.xs[0] + L.xs[3]) / 2, L.xs[6], 1e-6, "the top row centred over the middle one");
	near(L.xs[1] - L.xs[0], L.cw + L.gap, 1e-6, "pitch = card + gap");
	near(L.xs[0], (L.xs[4] + L.xs[5]) / 2, 1e-6, "hex-like: offset by half a card");
});

test("gridLayout: a grid quorum system's rows start at the left", () => {
	const L = gridLayout(10, 800, 400, {grid: true});
	near(L.xs[0], L.xs[4]);
	near(L.xs[0], L.xs[8]);
	near(L.xs[9], L.xs[1]);
});

test("gridLayout: many processes become dots; the matrix thins its labels", () => {
	const L = gridLayout(91, 723, 345, {});
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

test("cardOf, tsText, lockVariants: what a card says, read by the declared uses", () => {
	const f = fixtureFrame();
	const v = cardOf(ALGORITHM, f.nodes[4]);
	eq(v.request, [1, 5]);
	eq(v.lock, {node: 1, ts: [1, 2]});
	eq(v.members, PLANE[4]);
	eq(v.grants, [0, 5, 6]);
	eq(v.queue, [[1, 5]], "the waiting requests' stamps");
	eq(v.flags, [{type: "INQUIRE", from: [0]}, {type: "FAILED", from: [4]}], "the stored flags with their message types, in declared order");
	const renamed = {...ALGORITHM, vars: ALGORITHM.vars.map((d) => ({...d, name: "x" + d.name}))};
	const node = {...f.nodes[4], vars: f.nodes[4].vars.map((x) => ({...x, name: "x" + x.name}))};
	eq(cardOf(renamed, node), v, "by use, whatever the variables are called");
	eq(cardOf({}, f.nodes[4]), {members: null, grants: [], lock: null, queue: [], flags: [], request: null}, "nothing declared: an empty card");
	eq(tsText([3, 7]), "(3,7)");
	eq(tsText(null), "");
	const label = (p) => `P${p + 1}`;
	eq(lockVariants({node: 6, ts: [3, 7]}, label), ["P7 (3,7)", "(3,7)", "P7"]);
	eq(lockVariants(null, label), []);
});

test("textWidth and fitText: the longest variant that fits", () => {
	ok(textWidth("(3,7)", 10) < textWidth("P7 (3,7)", 10));
	ok(textWidth("WW", 10) > textWidth("ii", 10) * 0.99, "no narrower than a fixed estimate for capitals");
	eq(fitText(["P7 (3,7)", "(3,7)"], 1000, 12), "P7 (3,7)");
	eq(fitText(["P7 (3,7)", "(3,7)"], textWidth("(3,7)", 12), 12), "(3,7)");
	ok(fitText(["P7 (3,7)", "(3,7)"], 20, 12).endsWith("…"), "shortened when nothing fits");
});

test("fitLine: the longest variant, a little smaller rather than a shorter one", () => {
	eq(fitLine(["P7 (3,7)", "(3,7)"], 1000, 12), {text: "P7 (3,7)", font: 12});
	const w = textWidth("P7 (3,7)", 12);
	const r = fitLine(["P7 (3,7)", "(3,7)"], w * 0.9, 12);
	eq(r.text, "P7 (3,7)", "10% too wide: the same words, smaller");
	near(r.font, 12 * 0.9, 1e-9);
	eq(fitLine(["P7 (3,7)", "(3,7)"], textWidth("(3,7)", 12), 12).text, "(3,7)", "far too wide: the short form");
	eq(fitLine(["P7 (3,7)"], 10, 12).text.endsWith("…"), true, "nothing fits: shortened");
});

test("lockLines: the holder and the timestamp, on one line or two, the short form last", () => {
	const label = (p) => `P${p + 1}`;
	const lock = {node: 6, ts: [3, 7]};
	eq(lockLines(lock, label, 1000, 14, 1), {lines: ["P7 (3,7)"], font: 14}, "room: one line");
	const w1 = textWidth("(3,7)", 14) + 1;
	eq(lockLines(lock, label, w1, 14, 2), {lines: ["P7", "(3,7)"], font: 14}, "narrow, two rows: holder above timestamp");
	eq(lockLines(lock, label, w1, 14, 1).lines, ["(3,7)"], "narrow, one row: the timestamp");
	const tight = lockLines(lock, label, textWidth("P7 (3,7)", 14) * 0.85, 14, 1);
	eq(tight.lines, ["P7 (3,7)"], "15% too wide: smaller, still both");
	ok(tight.font >= 14 * 0.8 && tight.font < 14, `font ${tight.font}`);
	eq(lockLines(null, label, 100, 14, 2).lines, []);
	// the 1920×1080 plane: a card of the lecture's 13 holds holder and timestamp
	const L = gridLayout(13, 1141, 537, {});
	const f = L.font;
	const inner = L.cw - 2 * Math.max(5, f * 0.45) - f * 1.15 * 1.25;
	const rows = cardRows(L.ch, f, {queue: true, flags: true, wrap: true});
	const got = lockLines({node: 12, ts: [1, 13]}, label, inner, f, rows.lockRows);
	eq(got.lines.join(" "), "P13 (1,13)", `1920×1080 with queue and flags: holder and timestamp (font ${f.toFixed(1)}, card ${L.cw.toFixed(0)}×${L.ch.toFixed(0)})`);
});

test("cardRows: lock, queue and flags as the height allows; the lock wraps only with room", () => {
	const f = 10;
	const at = (r) => [r.lock, r.lockRows, r.queue, r.flags].map((x) => (x === null ? null : Math.round(x * 10) / 10));
	eq(at(cardRows(1000, f, {queue: true, flags: true, wrap: true})), [35.5, 2, 58.5, 70], "room: two lock lines, queue, flags");
	eq(at(cardRows(67, f, {queue: true, flags: true, wrap: true})), [35.5, 1, 47, 58.5], "6.7 lines: no second lock line, queue and flags stay");
	eq(at(cardRows(67, f, {queue: true, flags: false, wrap: true})), [35.5, 2, 58.5, null], "no flags: the lock wraps");
	eq(at(cardRows(45, f, {queue: true, flags: true, wrap: true})), [35.5, 1, null, null], "a medium card: the lock only");
	eq(cardRows(67, f, {queue: false, flags: false, wrap: false}).lockRows, 1, "no need, no wrap");
});

test("cardFont: the largest type at which the longest names still fit", () => {
	const f = cardFont(13, 127, 148);
	ok(f !== null && f >= 17, `1920×1080's cards: at least 17 px, got ${f}`);
	ok(cardFont(13, 127, 148 * 1.5) >= f, "a taller card: no smaller type");
	eq(cardFont(13, 40, 40), null, "too small to say everything");
});

test("gridLayout: type sized by the card's height, larger than before at 1280×800", () => {
	// the box the 13-process plane gets at 1280×800 (689×393)
	const L = gridLayout(13, 689, 393, {});
	ok(L.font >= 12.5, `at least 12.5 px (11.3 before), got ${L.font.toFixed(1)}`);
	ok(L.font <= L.ch / 6.7 + 1e-9, "the full card's lines fit its height");
});

test("queueText: oldest first, as many as fit, +k for the rest", () => {
	const q = [[2, 9], [3, 13], [3, 12]];
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

test("quorumsOf: from the members' variable, else from the outcome's table", () => {
	const f = fixtureFrame();
	eq(quorumsOf(ALGORITHM, f), PLANE);
	const bare = {...f, nodes: f.nodes.map((nd) => ({...nd, vars: []}))};
	eq(quorumsOf(ALGORITHM, bare), PLANE, "the outcome's quorums");
	eq(quorumsOf(ALGORITHM, {nodes: [{vars: []}], outcome: null}), [[]]);
	eq(quorumsOf({}, f), PLANE.map(() => []), "nothing declared: no quorums");
	const none = quorumsOf({}, f);
	ok(none[0] === none[1] && none[0] === quorumsOf({}, f)[0], "no quorum is the same array at every frame (grid.js's cells test identity)");
});

test("deadlockCycle: the outcome's cycle of waits, only when it reports one", () => {
	const A = ALGORITHM;
	eq(deadlockCycle(A, {outcome: {deadlock: {cycle: [0, 1, 3, 2], text: "…"}}}, 13), [0, 1, 3, 2]);
	eq(deadlockCycle(A, {outcome: {deadlock: null}}, 13), []);
	eq(deadlockCycle(A, {outcome: null}, 13), []);
	eq(deadlockCycle(A, {}, 13), []);
	eq(deadlockCycle(A, {outcome: {deadlock: {cycle: [0, 99, 2]}}}, 13), [0, 2], "positions outside the run dropped");
	const bare = {outcome: [{name: "waits", kind: "cycle", use: "waitCycle"}]};
	eq(deadlockCycle(bare, {outcome: {waits: [3, 1]}}, 13), [3, 1], "a cycle declared as the outcome field itself");
	eq(deadlockCycle({}, {outcome: {deadlock: {cycle: [0, 1]}}}, 13), [], "nothing declared: no cycle");
});

test("cycleArrows: from each waiting process to the one it waits for, wrapping, edge to edge", () => {
	const L = {xs: [100, 300, 300], ys: [100, 100, 300], cw: 80, ch: 60};
	const arrows = cycleArrows(L, [0, 1, 2]);
	eq(arrows.map((a) => [a.from, a.to]), [[0, 1], [1, 2], [2, 0]], "cycle[i] → cycle[i+1], the last back to the first");
	const start = (a) => a.d.match(/^M([-\d.]+),([-\d.]+)/).slice(1).map(Number);
	const end = (a) => a.d.match(/ ([-\d.]+),([-\d.]+)$/).slice(1).map(Number);
	eq(start(arrows[0]), [146, 100], "leaves P1's card at its right edge (+6)");
	eq(end(arrows[0]), [254, 100], "ends before P2's card");
	ok(arrows[0].my < 100, "bent to the left of the way (up when going right)");
	const two = cycleArrows(L, [0, 1]);
	ok(two[0].my < 100 && two[1].my > 100, "two opposite arrows between a pair stay apart");
	eq(cycleArrows(L, [0]), []);
});

test("cycleArrows: an arrow past a card between its ends bends round it", () => {
	// three cards in a row: P1 → P3 must not cross P2
	const L = {xs: [100, 250, 400], ys: [200, 200, 200], cw: 100, ch: 120};
	const [a] = cycleArrows(L, [0, 2]);
	ok(Math.abs(a.my - 200) > 60 + 2, `the middle clears P2's card (y ${a.my.toFixed(1)})`);
});

test("twoLines: a caption too wide for one line, broken at the balancing space", () => {
	const es = "Pulse un proceso o una fila Sᵢ";
	eq(twoLines("S5 = {1, 5, 6, 7}", 400, 14), ["S5 = {1, 5, 6, 7}"], "fits: one line");
	const ls = twoLines(es, 150, 14);
	eq(ls.length, 2);
	eq(ls.join(""), es, "the lines read as the text");
	for (const l of ls) ok(textWidth(l.trimEnd(), 14) <= 150, `"${l}" fits 150 px`);
	eq(twoLines("Unbreakable", 10, 14), ["Unbreakable"], "no space: one line");
});
