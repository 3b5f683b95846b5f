// How the panel and the tooltips write a process's variables and a run's
// outcome. Positions become the processes' labels (P11, not 10), records the
// lecture's notation ("P11 (1,11)"), explanations their text. Pure: no DOM;
// the server's values are only formatted, never interpreted.

import {fmt} from "./dom.js";

/** Variables and outcome fields whose numbers are process positions. */
const POSITION_LISTS = new Set(["quorum", "granted", "inquired", "failed", "neighbours", "echoed", "firstToKnow", "cycle", "elected", "roots"]);
const POSITIONS = new Set(["parent", "root", "node"]);

/**
 * formatValue writes one value; `name` is its variable or field name and
 * `label(p)` a position's label (null: positions stay numbers). `yesNo` gives
 * the words for booleans.
 */
export function formatValue(name, v, label = null, yesNo = ["yes", "no"]) {
	if (v === null || v === undefined) return "—";
	if (typeof v === "boolean") return v ? yesNo[0] : yesNo[1];
	const pos = (p) => (label && Number.isInteger(p) && p >= 0 ? label(p) : String(p));
	if (Array.isArray(v)) {
		if (v.length === 0) return "—";
		if (label && POSITION_LISTS.has(name) && v.every(Number.isInteger)) return v.length ? v.map(pos).join(", ") : "—";
		// FireWire's buses after a split: a set of devices each
		if (label && name === "parts" && v.every((xs) => Array.isArray(xs) && xs.every(Number.isInteger))) return v.map((xs) => `{${xs.map(pos).join(", ")}}`).join(" ");
		if (isStamp(v) && (name === "request" || name === "ts")) return `(${v[0]},${v[1]})`;
		return "[" + v.map((x) => formatValue("", x, label, yesNo)).join(", ") + "]";
	}
	if (typeof v === "object") {
		// a cycle of waits reads as arrows in every language (its sentence is the violation's)
		if (Array.isArray(v.cycle) && v.cycle.length) return [...v.cycle, v.cycle[0]].map(pos).join(" → ");
		// one side of an ME3 pair: who, and when the request was made
		if ("node" in v && "requestedTime" in v && !("enterTime" in v)) return `${pos(v.node)} (t = ${v.requestedTime})`;
		if (typeof v.text === "string") return v.text;
		if ("node" in v && isStamp(v.ts)) return `${pos(v.node)} (${v.ts[0]},${v.ts[1]})`;
		if ("peer" in v && "state" in v) return `${pos(v.peer)}: ${v.state}`;
		return JSON.stringify(v);
	}
	if (label && POSITIONS.has(name) && Number.isInteger(v)) return v < 0 ? "—" : pos(v);
	// a mean reads as 10.67, not 10.666666666666666
	return typeof v === "number" ? fmt(v) : String(v);
}

function isStamp(v) {
	return Array.isArray(v) && v.length === 2 && v.every(Number.isInteger);
}

/**
 * Columns of a mutual-exclusion entries table as the lecture reads it:
 * who, when requested, entered and left (virtual time), the messages and the
 * two delays. The event numbers stay in the data (a row click seeks to the
 * entry).
 */
const ENTRY_COLUMNS = ["node", "requestedTime", "enterTime", "exitTime", "messages", "clientDelay", "syncDelay"];

/** tableColumns picks the columns a records table shows. */
export function tableColumns(key, rows) {
	const cols = Object.keys(rows[0]);
	if (key === "entries" && cols.includes("enterTime")) return ENTRY_COLUMNS.filter((c) => cols.includes(c));
	// ME3 pairs: the request that happened before, and the one that entered first
	if (key === "me3" && cols.includes("earlier")) return ["earlier", "later"];
	return cols;
}

/** hiddenOutcome says which outcome fields a view already draws better than a line of text. */
export function hiddenOutcome(view, key) {
	return (view === "grid" && key === "quorums") || (view === "tree" && (key === "edges" || key === "attached" || key === "parent"));
}
