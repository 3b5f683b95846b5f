// An experiment's result as the tab keeps it: its rows, the runs plotted,
// and how the plot starts. Pure: no DOM.

import * as D from "./expdata.js";

/**
 * resultOf makes the experiment r's result of its rows: the runs that
 * finished are plotted, and the plot starts as the preset asks (else a line
 * over x, or a histogram when nothing is varied). partial: cancelled.
 */
export function resultOf(r, rows, msg, partial) {
	const used = D.finished(rows);
	const pp = (r.preset && r.preset.plot) || {};
	const groupBy = pp.series && pp.series !== r.x ? [pp.series] : [];
	const xs = [...new Set(used.map((row) => (row.params || {})[r.x]))].filter((v) => typeof v === "number");
	return {
		alg: r.alg,
		req: r.req,
		x: r.x,
		groupBy,
		rows,
		used,
		stopped: D.stoppedCount(rows),
		runs: msg.runs ?? rows.length,
		planned: msg.planned ?? msg.runs ?? rows.length,
		truncated: !!msg.truncated,
		partial,
		plot: {
			kind: pp.kind === "histogram" || !r.x ? "histogram" : "line",
			y: D.defaultMeasure(used.length ? used : rows, pp.y, r.alg),
			log: pp.log !== undefined ? !!pp.log : D.logSuits(xs),
			at: xs.length ? String(Math.max(...xs)) : "all",
		},
	};
}
