// The stays the server declares (an outcome's records with a position, the
// event a stay begins at — use seekEvent — and the event it ends at — use
// spanEnd, null while it lasts), drawn as bars on the process lines: a
// critical section in mutual exclusion. Pure.

import {fieldOfUse, outcomeName} from "../i18n/vocab.js";

/** stays lists {node, from, to, title} of every declared stay in an outcome. */
export function stays(alg, outcome) {
	const out = [];
	if (!outcome || !alg) return out;
	for (const decl of alg.outcome || []) {
		if (decl.kind !== "records") continue;
		const start = fieldOfUse(decl, "seekEvent");
		const end = fieldOfUse(decl, "spanEnd");
		const who = (decl.fields || []).find((f) => f.kind === "position");
		const recs = outcome[decl.name];
		if (!start || !end || !who || !Array.isArray(recs)) continue;
		const title = outcomeName(alg, decl.name);
		for (const r of recs) {
			if (!r || !Number.isInteger(r[who.name]) || !Number.isInteger(r[start.name])) continue;
			out.push({node: r[who.name], from: r[start.name], to: Number.isInteger(r[end.name]) ? r[end.name] : null, title});
		}
	}
	return out;
}
