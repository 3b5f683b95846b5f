// Barriers in the space-time diagram, pure: an algorithm's outcome may
// declare (use "barriers") records of processes crossing barriers, such as
// a group view each member installs; the diagram joins the crossings of one
// barrier by a line. The records' fields are found by their declarations:
// the position, the time (use seekTime) and the barrier (use barrierOf).

import {fieldOfKind, fieldOfUse} from "../i18n/vocab.js";

/**
 * barrierLines groups the records into barriers: [{id, points: [{node,
 * time}] ordered by position}], ordered by id. A barrier crossed by a single
 * process (the first view of the group) draws nothing: it is no change.
 */
export function barrierLines(decl, records) {
	if (!decl || !Array.isArray(records)) return [];
	const node = fieldOfKind(decl, "position");
	const time = fieldOfUse(decl, "seekTime");
	const of = fieldOfUse(decl, "barrierOf");
	if (!node || !time || !of) return [];
	const byId = new Map();
	for (const r of records) {
		const id = r[of.name];
		if (!byId.has(id)) byId.set(id, []);
		byId.get(id).push({node: r[node.name], time: r[time.name]});
	}
	const out = [];
	for (const [id, points] of byId) {
		if (points.length < 2 || points.every((p) => p.time === 0)) continue;
		points.sort((a, b) => a.node - b.node);
		out.push({id, points});
	}
	return out.sort((a, b) => a.id - b.id);
}
