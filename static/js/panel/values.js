// How the panel and the tooltips write a process's variables and a run's
// outcome: each value by the kind its algorithm declares for it
// (algo/vocab.go). Positions become the processes' labels (P11, not 10),
// stamps the lecture's (3,7), records their declared notation ("P11 (1,11)").
// Pure: no DOM; the server's values are only formatted, never interpreted.

import {fmt} from "../app/dom.js";

const NONE = "—";

/**
 * formatValue writes one value as its declaration ({kind, fields, format};
 * vocab.js varDecl/outcomeDecl) says. label(p) names a position (null:
 * positions stay numbers); yesNo gives the words for flags.
 */
export function formatValue(decl, v, label = null, yesNo = ["yes", "no"]) {
	if (v === null || v === undefined) return NONE;
	if (typeof v === "boolean") return v ? yesNo[0] : yesNo[1];
	const d = decl || {kind: "value"};
	// without labels positions stay numbers
	const pos = (p) => (Number.isInteger(p) && p >= 0 ? label(p) : String(p));
	const ints = (xs) => Array.isArray(xs) && xs.every(Number.isInteger);
	switch (d.kind) {
		case "position":
			if (label && Number.isInteger(v)) return v < 0 ? NONE : pos(v);
			break;
		case "positions":
			if (label && ints(v)) return v.length ? v.map(pos).join(", ") : NONE;
			break;
		case "partition":
			if (label && Array.isArray(v) && v.every(ints)) return v.length ? v.map((xs) => `{${xs.map(pos).join(", ")}}`).join(" ") : NONE;
			break;
		case "cycle":
			if (label && ints(v)) return v.length ? [...v, v[0]].map(pos).join(" → ") : NONE;
			break;
		case "stamp":
			if (isStamp(v)) return stampText(v);
			break;
		case "number":
		case "duration":
			if (typeof v === "number") return fmt(v);
			break;
		case "flag":
			break;
		case "text":
			return String(v);
		case "record":
			if (typeof v === "object" && !Array.isArray(v)) return recordText(d, v, label, yesNo);
			break;
		case "records":
			if (Array.isArray(v)) return v.length ? "[" + v.map((r) => formatValue({...d, kind: "record"}, r, label, yesNo)).join(", ") + "]" : NONE;
			break;
	}
	return plain(v);
}

// plain writes a value of no declared kind: numbers as numbers, lists in brackets, objects as JSON
function plain(v) {
	if (Array.isArray(v)) return v.length ? "[" + v.map(plain).join(", ") + "]" : NONE;
	if (v && typeof v === "object") return JSON.stringify(v);
	// a mean reads as 10.67, not 10.666666666666666
	return typeof v === "number" ? fmt(v) : String(v);
}

/**
 * recordText writes a record on one line: its declared format with each
 * {field} written by that field's kind, else its visible fields one after
 * the other.
 */
function recordText(d, r, label, yesNo) {
	const fields = d.fields || [];
	const field = (name) => fields.find((f) => f.name === name) || {name, kind: "value"};
	if (d.format) return d.format.replace(/\{(\w+)\}/g, (m, k) => (k in r ? formatValue(field(k), r[k], label, yesNo) : m));
	const shown = fields.filter((f) => !f.hidden && f.name in r);
	if (!shown.length) return JSON.stringify(r);
	return shown.map((f) => formatValue(f, r[f.name], label, yesNo)).join(" ");
}

function isStamp(v) {
	return Array.isArray(v) && v.length === 2 && v.every(Number.isInteger);
}

/** stampText writes a stamp [seq, id] as the lecture does: (3,7); "" for none. */
export function stampText(ts) {
	return isStamp(ts) ? `(${ts[0]},${ts[1]})` : "";
}

/**
 * tableColumns are the columns of a table of records: the declared fields
 * that are not hidden, in their declared order; without a declaration, the
 * first row's keys.
 */
export function tableColumns(decl, rows) {
	const present = new Set(rows.flatMap((r) => (r && typeof r === "object" ? Object.keys(r) : [])));
	const fields = (decl && decl.fields) || [];
	if (!fields.length) return [...present].map((name) => ({name, kind: "value"}));
	return fields.filter((f) => !f.hidden && present.has(f.name));
}
