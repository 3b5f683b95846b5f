// The quorum grid's matrix beside the cards: a row S_i per process, a cell
// for each member of its quorum (filled where E_i holds the member), the
// bands of the selected rows and of the columns both quorums share, and
// the column numbers; its caption names the selection's sets.

import {svg, set, text, cls, clear} from "../../app/dom.js";
import {t} from "../../i18n/i18n.js";
import {cardOf} from "./gridlayout.js";

/**
 * fillMatrix draws the matrix into mx (grid.js's elements: cellLayer,
 * colLayer, bandA, bandB, cols, rows, and cells, what the cells were drawn
 * for: syncCells) with layout m (gridLayout's matrix) for the quorums, the
 * frame's nodes (the members each holds: its grants), the highlight H and
 * the selected a and b.
 */
export function fillMatrix(mx, m, run, {quorums, nodes, H, a, b}) {
	syncCells(mx, m, run, quorums, nodes);
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

// syncCells draws the cells row by row, each row S_i in a <g> of its own,
// drawn again only when its content changed; it is looked at only when
// process i's node or quorum is another object than last time (a delta
// replaces the nodes a step changed: the others cost a comparison a frame)
function syncCells(mx, m, run, quorums, nodes) {
	const c = (mx.cells ||= {g: [], node: [], q: [], key: []});
	for (let i = 0; i < run.n; i++) {
		const nd = nodes[i];
		const q = quorums[i] || [];
		if (c.g[i] && c.node[i] === nd && c.q[i] === q) continue;
		c.node[i] = nd;
		c.q[i] = q;
		const granted = new Set(nd ? cardOf(run.alg, nd).grants : []);
		const key = q.map((j) => (granted.has(j) ? `+${j}` : j)).join(",");
		if (c.g[i] && key === c.key[i]) continue;
		c.key[i] = key;
		c.g[i] ||= svg("g", {"data-cells": i}, mx.cellLayer);
		drawRow(c.g[i], m, run.n, i, q, granted);
	}
}

// drawRow draws a cell for every member j of the quorum S_i
function drawRow(layer, m, n, i, q, granted) {
	clear(layer);
	const inset = m.cell >= 8 ? 1.5 : 0;
	for (const j of q) {
		if (j < 0 || j >= n) continue;
		svg("rect", {
			class: "m-cell" + (granted.has(j) ? " granted" : ""),
			"data-cell": `${i},${j}`,
			x: m.x + j * m.cell + inset,
			y: m.y + i * m.cell + inset,
			width: m.cell - 2 * inset,
			height: m.cell - 2 * inset,
			rx: Math.min(3, m.cell * 0.15),
		}, layer);
	}
}

/** matrixCaption names the selection's sets: S5 = {1, 5, 6, 7} or S1 ∩ S5 = {1}. */
export function matrixCaption(run, a, b, H) {
	const idOf = (p) => (run.nodes[p] ? run.nodes[p].id : p);
	const ids = (set) => "{" + [...set].sort((x, y) => x - y).map(idOf).join(", ") + "}";
	if (a === null) return t("grid.pick");
	if (b === null) return `S${idOf(a)} = ${ids(H.a)}`;
	return `S${idOf(a)} ∩ S${idOf(b)} = ${ids(H.both)}`;
}
