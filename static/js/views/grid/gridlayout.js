// Pure geometry and text for the quorum grid view (grid.js): where the
// process cards and the quorum matrix go, how much a card can say, where a
// message is on its way between two cards, and which cells a selection
// highlights. No DOM here, so the test page can check it all.

import {clamp01, niceCeil} from "../kit/geometry.js";
import {useOf, outcomeUse, varOfUse, varsOfUse, fieldOfKind, nodeVar} from "../../i18n/vocab.js";

import {tsText, textWidth, fitText, lockVariants, fitLine, lockLines, cardRows, listText, queueText, slotsOf, slotBoxes} from "./gridtext.js";
export {deadlockCycle, cycleArrows} from "./gridcycle.js";

// the card texts belong to gridtext.js, a deadlock's cycle to gridcycle.js;
// grid.js and the tests take them from here
export {tsText, textWidth, fitText, lockVariants, fitLine, lockLines, cardRows, listText, queueText, slotsOf, slotBoxes};

/**
 * gridRows arranges n processes in rows: the count per row and whether the
 * rows are centred. Quorums that are the rows and columns of a grid
 * (grid true, see isGridQuorums) are ⌈√n⌉ wide, row by row from the left,
 * so that a quorum (row ∪ column) reads as a cross; otherwise the
 * projective planes of 7 and 13 processes get the symmetric 2-3-2 and
 * 4-5-4, and anything else is ⌈√n⌉ wide with a centred last row.
 */
export function gridRows(n, grid = false) {
	if (n <= 0) return {rows: [], cols: 0, centred: false};
	if (!grid && n === 13) return {rows: [4, 5, 4], cols: 5, centred: true};
	if (!grid && n === 7) return {rows: [2, 3, 2], cols: 3, centred: true};
	const cols = Math.ceil(Math.sqrt(n));
	const rows = [];
	for (let left = n; left > 0; left -= cols) rows.push(Math.min(cols, left));
	return {rows, cols, centred: !grid};
}

/**
 * isGridQuorums says whether every process's quorum is its row and its
 * column when the processes fill the rows of a ⌈√n⌉-wide grid: such
 * quorums are drawn as that grid.
 */
export function isGridQuorums(quorums) {
	const n = quorums.length;
	if (n < 2) return false;
	const w = Math.ceil(Math.sqrt(n));
	for (let p = 0; p < n; p++) {
		const q = new Set(quorums[p] || []);
		let k = 0;
		for (let x = 0; x < n; x++) {
			const inIt = Math.floor(x / w) === Math.floor(p / w) || x % w === p % w;
			if (inIt !== q.has(x)) return false;
			if (inIt) k++;
		}
		if (k !== q.size) return false;
	}
	return true;
}

// The card's text lines in font units, top to bottom: title, E_i slots,
// lock, queue, flags; with padding this is a "full" card's height.
const FULL_LINES = 6.7;

/**
 * gridLayout places the process cards and the quorum matrix in a w×h box
 * (top px kept free for the view's title): the matrix beside the cards in
 * a wide box, below them in a tall one, whichever gives larger cards.
 * Returns the cards' centres (xs, ys) and size (cw, ch), the gap between
 * them, the type size and how much a card says (mode), and the matrix's
 * cell size and place.
 */
export function gridLayout(n, w, h, opts = {}) {
	// room for the view's title above, and for the selection's frames
	// (10 px outside a card) all round
	const top = opts.top ?? 34;
	const pad = opts.pad ?? 13;
	const arr = gridRows(n, !!opts.grid);
	const rowsN = Math.max(1, arr.rows.length);
	const colsN = Math.max(1, arr.cols);
	const side = place(n, w, h, top, pad, colsN, rowsN, "side");
	const below = place(n, w, h, top, pad, colsN, rowsN, "below");
	let P = score(below) > score(side) * 1.05 ? below : side;
	// read from afar (opts.minFont, presenter mode): the cards take the
	// whole box when beside the matrix they would say less than that
	const minFont = opts.minFont || 0;
	if (minFont && n <= 120 && cardsFont(n, P) < minFont) {
		const alone = place(n, w, h, top, pad, colsN, rowsN, "none");
		if (cardsFont(n, alone) > cardsFont(n, P)) P = alone;
	}
	// card centres, each row centred in the cards' box when the arrangement is
	const xs = new Float64Array(n);
	const ys = new Float64Array(n);
	const pitchX = P.cw + P.gap;
	const pitchY = P.ch + P.gap;
	const gridW = colsN * P.cw + (colsN - 1) * P.gap;
	const gridH = rowsN * P.ch + (rowsN - 1) * P.gap;
	const x0 = P.gx + (P.gw - gridW) / 2 + P.cw / 2;
	const y0 = P.gy + (P.gh - gridH) / 2 + P.ch / 2;
	let p = 0;
	arr.rows.forEach((k, r) => {
		const shift = arr.centred ? ((colsN - k) * pitchX) / 2 : 0;
		for (let c = 0; c < k && p < n; c++, p++) {
			xs[p] = x0 + shift + c * pitchX;
			ys[p] = y0 + r * pitchY;
		}
	});
	// the largest type at which a full card still says everything; else
	// as before, by the card's size, with fewer lines
	const big = n > 120 || P.cw < 70 ? null : cardFont(n, P.cw, P.ch);
	let font = big ?? clampNum(Math.min(P.ch / FULL_LINES, P.cw / 6.6), 11, 22);
	let mode = n > 120 || P.cw < 22 || P.ch < 18 ? "dot" : big !== null ? "full" : P.cw >= 44 && P.ch >= 40 ? "medium" : "small";
	// (a card that holds its title and lock line at minFont says them at that size)
	if (minFont && font < minFont && mode !== "dot" && mediumFits(n, P.cw, P.ch, minFont)) [font, mode] = [minFont, "medium"];
	return {n, w, h, top, arrangement: arr, xs, ys, cw: P.cw, ch: P.ch, gap: P.gap, font, mode, minFont, matrix: P.m, side: P.kind, labelEvery: 1, dense: false, dot: mode === "dot"};
}

// cardsFont is the type size a placement's cards get (as gridLayout sizes it),
// or the read-from-afar size when a "medium" card holds it.
function cardsFont(n, P) {
	const big = P.cw < 70 ? null : cardFont(n, P.cw, P.ch);
	return big ?? Math.min(P.ch / FULL_LINES, P.cw / 6.6);
}

/**
 * mediumFits says whether a cw×ch card of n processes holds its title with
 * the role badge beside it, the slots and a lock line (at least the
 * holder's name) at font f: a "medium" card.
 */
export function mediumFits(n, cw, ch, f) {
	const inner = cw - 2 * Math.max(5, f * 0.45);
	const name = `P${n}`;
	const lock = textWidth(name, f) + f * 1.15 * 1.25;
	return textWidth(name, f * 1.2) + f * 1.5 <= inner && lock <= inner && ch >= f * (3.55 + 0.5);
}

/**
 * cardFont is the largest type size (11 to 24 px, in quarter steps) at
 * which a cw×ch card of n processes says everything for the longest
 * names: the lock's holder and timestamp (on two lines if need be), the
 * queue and the stored flags, each on its line; null when not even 11 px
 * does.
 */
export function cardFont(n, cw, ch) {
	const name = (p) => `P${p + 1}`;
	const lock = {node: n - 1, ts: [1, n]};
	const full = lockVariants(lock, name)[0];
	for (let f = 24; f >= 11; f -= 0.25) {
		if (ch < f * FULL_LINES - 1) continue;
		const inner = cw - 2 * Math.max(5, f * 0.45);
		// the title and the role badge side by side
		if (textWidth(name(n - 1), f * 1.3) + f * 1.6 > inner) continue;
		const room = inner - f * 1.15 * 1.25;
		const one = lockLines(lock, name, room, f, 1);
		const wrap = one.lines[0] !== full;
		const rows = cardRows(ch, f, {queue: true, flags: true, wrap});
		const said = lockLines(lock, name, room, f, rows.lockRows).lines.join(" ");
		if (said === full && rows.queue !== null && rows.flags !== null) return f;
	}
	return null;
}

// place splits the box between cards and matrix ("side": matrix on the
// right; "below": under the cards) and sizes both.
function place(n, w, h, top, pad, colsN, rowsN, kind) {
	const W = Math.max(60, w - 2 * pad);
	const H = Math.max(60, h - top - pad);
	const mfont = n > 40 ? 11 : n > 20 ? 12 : 13;
	const labelW = Math.ceil(mfont * 0.62 * ("S" + n).length + 8);
	const headH = Math.ceil(mfont * 1.5);
	const capH = Math.ceil(mfont * 3.2); // the caption under the matrix: the selection's sets, a hint
	// the matrix gets at most a third of the room along the split
	const share = kind === "side" ? 0.35 : 0.42;
	const mw = kind === "side" ? W * share : W;
	const mh = kind === "side" ? H : H * share;
	const cell = Math.max(1, Math.min(30, Math.floor(Math.min((mw - labelW) / n, (mh - headH - capH) / n))));
	const m = {cell, font: mfont, labelW, headH, capH, w: labelW + n * cell, h: headH + n * cell + capH};
	m.labelEvery = cell >= mfont * 1.05 ? 1 : niceCeil((mfont * 1.05) / cell);
	// column numbers must fit their cell side by side
	const digits = String(n).length;
	m.colFont = Math.min(mfont, Math.max(8, (cell * m.labelEvery * 0.9) / (0.64 * digits)));
	const gapM = 18;
	let gx, gy, gw, gh;
	if (kind === "none") {
		// no matrix: the cards take the box, a caption's line under them
		m.capH = Math.ceil(mfont * 1.8);
		[gx, gy, gw, gh] = [pad, top, W, H - m.capH];
		Object.assign(m, {hidden: true, cell: 0, x: pad + W / 2 + labelW / 2, y: top + H - m.capH});
	} else if (kind === "side") {
		gx = pad;
		gy = top;
		gw = W - m.w - gapM;
		gh = H;
		m.x = pad + W - m.w + labelW;
		m.y = top + Math.max(0, (H - m.h) / 2) + headH;
	} else {
		gx = pad;
		gy = top;
		gw = W;
		gh = H - m.h - gapM;
		m.x = pad + (W - m.w) / 2 + labelW;
		m.y = top + H - m.h + headH;
	}
	// cards with gaps of about a sixth of a card between them (room for the
	// messages' tracks), a card no wider than 1.9 of its height nor taller
	// than 1.3 of its width
	// (without the matrix, read from afar: narrower gaps, larger cards)
	const g = kind === "none" ? 0.1 : 0.15;
	let cw = gw / (colsN + (colsN - 1) * g);
	let ch = gh / (rowsN + (rowsN - 1) * g);
	cw = Math.min(cw, ch * 1.9, 240);
	ch = Math.min(ch, cw * 1.3, 170);
	let gap = clampNum(Math.min(cw, ch) * g, 4, 30);
	// (a gap at its minimum may take more than the share assumed)
	cw = Math.min(cw, (gw - (colsN - 1) * gap) / colsN);
	ch = Math.min(ch, (gh - (rowsN - 1) * gap) / rowsN);
	if (cw < 2 || ch < 2) {
		// no room at all: 2 px cards, the gaps shrink instead
		cw = Math.max(2, cw);
		ch = Math.max(2, ch);
		const fit = (room, k, size) => (k > 1 ? (room - k * size) / (k - 1) : gap);
		gap = Math.max(0, Math.min(gap, fit(gw, colsN, cw), fit(gh, rowsN, ch)));
	}
	return {kind, m, gx, gy, gw: Math.max(0, gw), gh: Math.max(0, gh), cw, ch, gap};
}

// score rates a placement by how much a card can hold: its width, and its
// height relative to a full card's lines.
function score(P) {
	return Math.min(P.cw, P.ch * 1.2) * (P.m.cell >= 8 ? 1 : 0.8);
}

function clampNum(x, lo, hi) {
	return x < lo ? lo : x > hi ? hi : x;
}

/**
 * cardExit is how far from a card's centre a line in direction (ux, uy)
 * (a unit vector) leaves the card's cw×ch rectangle.
 */
export function cardExit(cw, ch, ux, uy) {
	const ax = Math.abs(ux);
	const ay = Math.abs(uy);
	const tx = ax > 1e-9 ? cw / 2 / ax : Infinity;
	const ty = ay > 1e-9 ? ch / 2 / ay : Infinity;
	return Math.min(tx, ty);
}

/**
 * gridLine is the straight way of a message from card `from` to card `to`:
 * from edge to edge (plus gap px), shifted `offset` px to the right of the
 * direction of travel so that the two directions between a pair stay apart.
 */
export function gridLine(L, from, to, offset = 0, gap = 3) {
	const x0 = L.xs[from];
	const y0 = L.ys[from];
	const dx = L.xs[to] - x0;
	const dy = L.ys[to] - y0;
	const len = Math.hypot(dx, dy);
	if (len < 1e-9) {
		// to itself: a short hop above the card
		const y = y0 - L.ch / 2 - gap - 6;
		return {x1: x0 - L.cw / 4, y1: y, x2: x0 + L.cw / 4, y2: y};
	}
	const ux = dx / len;
	const uy = dy / len;
	const trim = Math.min(cardExit(L.cw, L.ch, ux, uy) + gap, len * 0.45);
	const nx = -uy * offset;
	const ny = ux * offset;
	return {x1: x0 + ux * trim + nx, y1: y0 + uy * trim + ny, x2: x0 + dx - ux * trim + nx, y2: y0 + dy - uy * trim + ny};
}

/** gridMsgPos is where a message is drawn at fraction f of its way along gridLine. */
export function gridMsgPos(L, from, to, f, offset = 0, gap = 3) {
	const c = gridLine(L, from, to, offset, gap);
	const t = clamp01(f);
	return {x: c.x1 + (c.x2 - c.x1) * t, y: c.y1 + (c.y2 - c.y1) * t};
}

// ---- what a card says ----

/**
 * cardOf reads what a process's card shows, by the uses its algorithm
 * declares: members (its quorum), grants (the members that have locked for
 * it), lock ({node, ts} of the request it has locked for, or null), queue
 * (the waiting requests' stamps, oldest first), flags ([{type, from}]: the
 * stored messages of each flagged type and their senders, in the declared
 * order), request (its own pending request's stamp, or null).
 */
export function cardOf(alg, nd) {
	const list = (v) => (Array.isArray(v) ? v : []);
	const lockDecl = varOfUse(alg, "lockedFor");
	const lockVal = lockDecl ? nodeVar(nd, lockDecl.name) : null;
	let lock = null;
	if (lockVal && typeof lockVal === "object") {
		const who = fieldOfKind(lockDecl, "position");
		const ts = fieldOfKind(lockDecl, "stamp");
		lock = {node: who ? lockVal[who.name] : null, ts: ts ? lockVal[ts.name] : null};
	}
	const queueDecl = varOfUse(alg, "waitQueue");
	const stampField = fieldOfKind(queueDecl, "stamp");
	const queue = queueDecl ? list(nodeVar(nd, queueDecl.name)).map((r) => (r && stampField ? r[stampField.name] : null)) : [];
	const flags = varsOfUse(alg, "storedFlags").map((d) => ({type: d.message || d.name, from: list(nodeVar(nd, d.name))}));
	const members = useOf(alg, nd, "members");
	const request = useOf(alg, nd, "ownRequest");
	return {members: Array.isArray(members) ? members : null, grants: list(useOf(alg, nd, "grants")), lock, queue, flags, request: request ?? null};
}

/**
 * highlight says what a selection of one or two processes highlights: the
 * quorums of a and b (sets of positions; empty for none) and their
 * intersection. quorums[p] is S_p as positions.
 */
export function highlight(quorums, a, b) {
	const qa = new Set(a !== null && a !== undefined ? quorums[a] || [] : []);
	const qb = new Set(b !== null && b !== undefined && b !== a ? quorums[b] || [] : []);
	const both = new Set([...qa].filter((x) => qb.has(x)));
	return {a: qa, b: qb, both};
}

// NO_QUORUM is the quorum of a process without one: the same array at every
// frame, so that a cell's identity test (grid.js) sees it unchanged
const NO_QUORUM = Object.freeze([]);

/**
 * quorumsOf reads every process's quorum from the frame: its variable that
 * stands for its members, else the outcome's table of every quorum.
 */
export function quorumsOf(alg, frame) {
	const table = outcomeUse(alg, frame, "memberTable");
	const fromOutcome = Array.isArray(table) ? table : [];
	return ((frame && frame.nodes) || []).map((nd, p) => {
		const q = useOf(alg, nd, "members");
		return Array.isArray(q) ? q : fromOutcome[p] || NO_QUORUM;
	});
}
