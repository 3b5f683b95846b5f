// The quorum grid's matrix beside the cards: a row S_i per process, a cell
// for each member of its quorum (filled where E_i holds the member), the
// bands of the selected rows and of the columns both quorums share, and
// the column numbers; its caption names the selection's sets.

import {svg, set, text, cls, clear} from "../../app/dom.js";
import {t} from "../../i18n/i18n.js";

/**
 * fillMatrix draws the matrix into mx (grid.js's elements: cellLayer,
 * colLayer, bandA, bandB, cols, rows, and key, what the cells were drawn
 * for) with layout m (gridLayout's matrix) for the quorums, the members
 * each process holds (granted), the highlight H and the selected a and b.
 */
export function fillMatrix(mx, m, run, {quorums, granted, H, a, b}) {
	const key = JSON.stringify([quorums, granted.map((s) => [...s])]);
	if (key !== mx.key) {
		mx.key = key;
		drawCells(mx.cellLayer, m, run.n, quorums, granted);
	}
	const band = (e, p) => {
		if (p === null || p >= run.n) return set(e, "visibility", "hidden");
		set(e, "visibility", "visible");
		set(e, "y", m.y + p * m.cell);
	};
	band(mx.bandA, a);
	band(mx.bandB, b);
	clear(mx.colLayer);
	for (const j of H.both) svg("rect", {class: "m-colband", x: m.x + j * m.cell, y: m.y - m.headH, width: m.cell, height: run.n * m.cell + m.headH}, mx.colLayer);
	// (a column of the selection says its number even where the narrow
	// matrix names only every other one; then all in a type that fits a cell)
	const every = (p) => p % m.labelEvery === 0 || p === run.n - 1;
	const marked = (p) => H.a.has(p) || H.b.has(p);
	const extra = mx.cols.some((_, p) => marked(p) && !every(p));
	for (let p = 0; p < run.n; p++) {
		cls(mx.cols[p], "m-col" + (H.both.has(p) ? " both" : H.a.has(p) ? " in-a" : H.b.has(p) ? " in-b" : ""));
		const id = String(run.nodes[p] ? run.nodes[p].id : p);
		text(mx.cols[p], every(p) || marked(p) ? id : "");
		set(mx.cols[p], "font-size", (extra ? Math.min(m.colFont, (m.cell * 0.95) / (0.62 * id.length)) : m.colFont).toFixed(1));
		cls(mx.rows[p], "m-row" + (p === a ? " row-a" : p === b ? " row-b" : ""));
	}
}

// drawCells draws a cell for every member j of every quorum S_i
function drawCells(layer, m, n, quorums, granted) {
	clear(layer);
	const inset = m.cell >= 8 ? 1.5 : 0;
	quorums.forEach((q, i) => {
		for (const j of q) {
			if (j < 0 || j >= n) continue;
			svg("rect", {
				class: "m-cell" + (granted[i].has(j) ? " granted" : ""),
				"data-cell": `${i},${j}`,
				x: m.x + j * m.cell + inset,
				y: m.y + i * m.cell + inset,
				width: m.cell - 2 * inset,
				height: m.cell - 2 * inset,
				rx: Math.min(3, m.cell * 0.15),
			}, layer);
		}
	});
}

/** matrixCaption names the selection's sets: S5 = {1, 5, 6, 7} or S1 ∩ S5 = {1}. */
export function matrixCaption(run, a, b, H) {
	const idOf = (p) => (run.nodes[p] ? run.nodes[p].id : p);
	const ids = (set) => "{" + [...set].sort((x, y) => x - y).map(idOf).join(", ") + "}";
	if (a === null) return t("grid.pick");
	if (b === null) return `S${idOf(a)} = ${ids(H.a)}`;
	return `S${idOf(a)} ∩ S${idOf(b)} = ${ids(H.both)}`;
}
