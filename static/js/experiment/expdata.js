// Experiment rows (POST /api/experiments, or the session's experimentResult)
// turned into what the plots draw: the measures a row offers, mean/min/max
// per x, the theory's curves for the same x, histogram bins; and the request
// built from the page's fields. Pure: no DOM. This is presentation only:
// every number comes from the server's rows.

import {formulaIsValue, logTicks, niceTicks, numberFormat, tickFormat} from "./expaxes.js";
import {MAX_EVENTS, finished, paramValue, parseValues, requestOf, runsOf, stoppedCount} from "./exprequest.js";

// the axes and the request are expaxes.js's and exprequest.js's; the tab takes them from here
export {MAX_EVENTS, finished, formulaIsValue, logTicks, niceTicks, numberFormat, paramValue, parseValues, requestOf, runsOf, stoppedCount, tickFormat};

/**
 * listFields are the measures inside an outcome's records, as "<field>.<record
 * field>": the record fields the algorithm declares as measures (use
 * "measure"; not ids or times).
 */
function listFields(alg) {
	const out = [];
	for (const o of (alg && alg.outcome) || []) {
		for (const f of o.fields || []) if (f.use === "measure") out.push([o.name, f.name]);
	}
	return out;
}

/**
 * measures lists what can be plotted from rows, in a fixed order: all
 * messages, each message type, numeric outcome fields, the measures in
 * the outcome's records ("outcome.<field>.<record field>", as alg, the
 * registry entry, declares them), events, virtual time. Each is {key, kind,
 * name}: kind "sent" | "type" | "outcome" | "list" | "events" | "time".
 */
export function measures(rows, alg = null) {
	const declared = listFields(alg);
	const types = [];
	const fields = [];
	const lists = [];
	for (const r of rows) {
		for (const k of Object.keys((r.messages && r.messages.byType) || {})) if (!types.includes(k)) types.push(k);
		const o = r.outcome;
		if (!o || typeof o !== "object" || Array.isArray(o)) continue;
		for (const [k, v] of Object.entries(o)) {
			if (typeof v === "number" && Number.isFinite(v)) {
				if (!fields.includes(k)) fields.push(k);
			} else if (Array.isArray(v)) {
				for (const e of v) {
					if (!e || typeof e !== "object") continue;
					for (const [o, f] of declared) {
						const key = `${k}.${f}`;
						if (o === k && typeof e[f] === "number" && !lists.includes(key)) lists.push(key);
					}
				}
			}
		}
	}
	types.sort();
	return [
		{key: "messages.sent", kind: "sent", name: "sent"},
		...types.map((ty) => ({key: "messages.byType." + ty, kind: "type", name: ty})),
		...fields.map((f) => ({key: "outcome." + f, kind: "outcome", name: f})),
		...lists.map((f) => ({key: "outcome." + f, kind: "list", name: f})),
		{key: "events", kind: "events", name: "events"},
		{key: "time", kind: "time", name: "time"},
	];
}

/**
 * valuesOf is a row's values of a measure: one number for a scalar (a
 * message type the run did not send counts 0), every record's field for a
 * per-entry list, none when the row lacks it.
 */
export function valuesOf(row, key) {
	if (key === "messages.sent") return num(row.messages && row.messages.sent);
	if (key === "events") return num(row.events);
	if (key === "time") return num(row.time);
	if (key.startsWith("messages.byType.")) {
		if (!row.messages) return [];
		const by = row.messages.byType || {};
		const v = by[key.slice("messages.byType.".length)];
		return v === undefined ? [0] : num(v);
	}
	if (key.startsWith("outcome.")) {
		const o = row.outcome;
		if (!o || typeof o !== "object") return [];
		const path = key.slice("outcome.".length);
		if (path in o) return num(o[path]);
		const dot = path.indexOf(".");
		if (dot < 0) return [];
		const list = o[path.slice(0, dot)];
		const f = path.slice(dot + 1);
		if (!Array.isArray(list)) return [];
		return list.filter((e) => e && typeof e[f] === "number" && Number.isFinite(e[f])).map((e) => e[f]);
	}
	return [];
}

function num(v) {
	return typeof v === "number" && Number.isFinite(v) ? [v] : [];
}

/**
 * theoryKey is the measure a theory bound predicts: the server's `measure`
 * when the bound carries one ("" for a reference), else read from its
 * `counts` text: a message type named alone, "all messages …", or an
 * explicit "outcome.<field>"; null when it counts nothing a row measures (a
 * lower bound for any algorithm, say).
 */
export function theoryKey(bound, types) {
	if (bound && typeof bound === "object") {
		if (typeof bound.measure === "string") return bound.measure || null;
		bound = bound.counts;
	}
	const c = String(bound || "").trim();
	if (types.includes(c)) return "messages.byType." + c;
	if (/^outcome\.\w+(\.\w+)?$/.test(c)) return c;
	if (/^all messages\b/.test(c)) return "messages.sent";
	return null;
}

/**
 * counts says whether a bound of measure k speaks about measure key: the
 * same measure, or an outcome field declared as the mean of a record field
 * (mean "<field>.<record field>") for that field's values.
 */
function counts(k, key, alg) {
	if (k === null) return false;
	if (k === key) return true;
	return ((alg && alg.outcome) || []).some((o) => o.mean && k === "outcome." + o.name && key === "outcome." + o.mean);
}

/** typesOf lists the message types any row sent. */
function typesOf(rows) {
	const out = [];
	for (const r of rows) for (const k of Object.keys((r.messages && r.messages.byType) || {})) if (!out.includes(k)) out.push(k);
	return out;
}

/**
 * groupOf names a row's series: the values of the varied parameters other
 * than x, as "name = value" joined by " · " ("" when x is the only one).
 */
export function groupOf(row, groupBy) {
	return groupBy.map((p) => `${p} = ${show((row.params || {})[p])}`).join(" · ");
}

function show(v) {
	if (Array.isArray(v)) return v.join(",");
	if (v && typeof v === "object") return typeof v.min === "number" && typeof v.max === "number" ? (v.min === v.max ? String(v.min) : `${v.min}-${v.max}`) : JSON.stringify(v);
	return String(v);
}

/**
 * seriesOf aggregates rows into one series per group: for every x (the
 * varied parameter's value, ascending) the mean, min and max of the
 * measure over all seeds (every value of a per-entry list counts), and how
 * many values there were. Rows without the measure are left out.
 */
export function seriesOf(rows, x, key, groupBy = []) {
	const groups = new Map(); // group → Map(x → values)
	for (const r of rows) {
		const xv = (r.params || {})[x];
		if (typeof xv !== "number") continue;
		const vs = valuesOf(r, key);
		if (!vs.length) continue;
		const g = groupOf(r, groupBy);
		if (!groups.has(g)) groups.set(g, new Map());
		const byX = groups.get(g);
		if (!byX.has(xv)) byX.set(xv, []);
		byX.get(xv).push(...vs);
	}
	const out = [];
	for (const [group, byX] of groups) {
		const points = [...byX.keys()]
			.sort((a, b) => a - b)
			.map((xv) => {
				const vs = byX.get(xv);
				let sum = 0;
				let min = Infinity;
				let max = -Infinity;
				for (const v of vs) {
					sum += v;
					if (v < min) min = v;
					if (v > max) max = v;
				}
				return {x: xv, mean: sum / vs.length, min, max, count: vs.length};
			});
		out.push({group, points});
	}
	return out;
}

/**
 * theoryOf is the theory's curves for a measure: every bound of the rows'
 * `theory` whose measure is that one, with its value at every x. A bound
 * that predicts no measured value (a reference such as a lower bound for
 * any algorithm, measure "") is not drawn: above or below the measurement
 * it would read as a prediction. Bounds are told apart by name and
 * formula; the same bound evaluated differently in two groups gives two
 * curves (group set), else one.
 */
export function theoryOf(rows, x, key, groupBy = [], alg = null) {
	const types = typesOf(rows);
	const curves = new Map(); // name|formula|group → curve
	for (const r of rows) {
		const xv = (r.params || {})[x];
		if (typeof xv !== "number") continue;
		for (const b of r.theory || []) {
			if (typeof b.value !== "number" || !Number.isFinite(b.value)) continue;
			if (!counts(theoryKey(b, types), key, alg)) continue;
			const g = groupOf(r, groupBy);
			const id = `${b.name}|${b.formula}|${g}`;
			if (!curves.has(id)) curves.set(id, {name: b.name, formula: b.formula, counts: b.counts, when: b.when || "", group: g, byX: new Map()});
			const c = curves.get(id);
			if (!c.byX.has(xv)) c.byX.set(xv, []);
			c.byX.get(xv).push(b.value);
		}
	}
	const list = [...curves.values()].map((c) => ({
		name: c.name,
		formula: c.formula,
		counts: c.counts,
		when: c.when,
		group: c.group,
		points: [...c.byX.keys()].sort((a, b) => a - b).map((xv) => ({x: xv, value: mean(c.byX.get(xv))})),
	}));
	// one curve for a bound that is the same in every group
	const out = [];
	for (const c of list) {
		const same = out.find((o) => o.name === c.name && o.formula === c.formula && samePoints(o.points, c.points));
		if (same) {
			same.group = "";
			continue;
		}
		out.push(c);
	}
	return out;
}

function mean(vs) {
	return vs.reduce((a, b) => a + b, 0) / vs.length;
}

function samePoints(a, b) {
	return a.length === b.length && a.every((p, i) => p.x === b[i].x && Math.abs(p.value - b[i].value) <= 1e-9 * Math.max(1, Math.abs(p.value)));
}

/**
 * defaultMeasure picks what a plot shows first: the preset's y if rows
 * have it, else the measure most of the theory's bounds count, else all
 * messages.
 */
export function defaultMeasure(rows, preferred, alg = null) {
	const ms = measures(rows, alg);
	if (preferred && ms.some((m) => m.key === preferred)) return preferred;
	const types = typesOf(rows);
	const votes = new Map();
	const first = rows.find((r) => (r.theory || []).length);
	for (const b of (first && first.theory) || []) {
		const k = theoryKey(b, types);
		if (k && ms.some((m) => m.key === k)) votes.set(k, (votes.get(k) || 0) + 1);
	}
	let best = "messages.sent";
	let n = 0;
	for (const [k, v] of votes) {
		if (v > n) {
			best = k;
			n = v;
		}
	}
	return best;
}

/**
 * histogram bins values: one bin per whole number when they are all whole
 * and span at most maxBins, else `bins` equal bins over [min, max]. Each
 * bin is {x0, x1, count} (x1 exclusive, the last one inclusive). Also
 * returns the mean and how many values there were.
 */
export function histogram(values, bins = 20, maxBins = 60) {
	const vs = values.filter((v) => typeof v === "number" && Number.isFinite(v));
	if (!vs.length) return {bins: [], mean: null, count: 0};
	let lo = Infinity;
	let hi = -Infinity;
	for (const v of vs) {
		if (v < lo) lo = v;
		if (v > hi) hi = v;
	}
	const out = [];
	if (vs.every(Number.isInteger) && hi - lo + 1 <= maxBins) {
		for (let x = lo; x <= hi; x++) out.push({x0: x - 0.5, x1: x + 0.5, count: 0});
		for (const v of vs) out[v - lo].count++;
	} else {
		const w = hi > lo ? (hi - lo) / bins : 1;
		for (let i = 0; i < bins; i++) out.push({x0: lo + i * w, x1: lo + (i + 1) * w, count: 0});
		for (const v of vs) out[Math.min(bins - 1, Math.floor((v - lo) / w))].count++;
	}
	return {bins: out, mean: mean(vs), count: vs.length};
}

/** logSuits says whether x values call for a log scale: all positive and spanning a factor of 16 or more. */
export function logSuits(xs) {
	if (!xs.length || xs.some((x) => !(x > 0))) return false;
	return Math.max(...xs) / Math.min(...xs) >= 16;
}

/**
 * integerAxis is the x axis of a histogram of whole numbers (unit bins):
 * a domain at least `least` wide around the bins and the theory's values,
 * and whole-number ticks, at most about `most` of them, at a step of 1, 2,
 * 5, 10, 20, 50, …; null when the bins are not unit bins.
 */
export function integerAxis(bins, extra = [], least = 10, most = 12) {
	if (!bins.length || !bins.every((b) => b.x1 - b.x0 === 1 && Number.isInteger(b.x0 + 0.5))) return null;
	let lo = Math.min(bins[0].x0, ...extra.map((v) => v - 0.5));
	let hi = Math.max(bins[bins.length - 1].x1, ...extra.map((v) => v + 0.5));
	if (hi - lo < least) {
		const pad = (least - (hi - lo)) / 2;
		// counts are not negative: no room below zero for bins that start there
		const floor = lo >= -0.5 ? -0.5 : -Infinity;
		lo = Math.max(floor, lo - pad);
		hi = lo + least;
	}
	let step = 1;
	for (let k = 0; (hi - lo) / step > most; k++) step = [1, 2, 5][k % 3] * 10 ** Math.floor(k / 3) * [2, 2.5, 2][k % 3];
	const ticks = [];
	for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) ticks.push(v);
	return {domain: [lo, hi], ticks};
}

/**
 * spreadLabels moves labels wanted at pixel heights ys apart so that no two
 * are closer than gap, keeping their order and staying within [lo, hi]
 * where room allows; it returns the heights in the order given.
 */
export function spreadLabels(ys, gap, lo = -Infinity, hi = Infinity) {
	const idx = ys.map((_, i) => i).sort((a, b) => ys[a] - ys[b] || a - b);
	const out = ys.slice();
	let prev = -Infinity;
	for (const i of idx) {
		out[i] = Math.max(out[i], prev + gap, lo);
		prev = out[i];
	}
	let next = Infinity;
	for (let k = idx.length - 1; k >= 0; k--) {
		const i = idx[k];
		out[i] = Math.min(out[i], next - gap, hi);
		next = out[i];
	}
	return out;
}

/**
 * theoryValues are the theory's values for a histogram of a measure: the
 * bounds that count it (no references) and have one value across all the
 * rows given (the same parameters but the seed), as [{name, formula,
 * counts, when, value}].
 */
export function theoryValues(rows, key, alg = null) {
	const types = typesOf(rows);
	const out = new Map();
	const dropped = new Set();
	for (const r of rows) {
		for (const b of r.theory || []) {
			if (typeof b.value !== "number" || !Number.isFinite(b.value) || !counts(theoryKey(b, types), key, alg)) continue;
			const id = `${b.name}|${b.formula}`;
			const had = out.get(id);
			if (!had) out.set(id, {name: b.name, formula: b.formula, counts: b.counts, when: b.when || "", value: b.value, distribution: b.distribution || null});
			else if (Math.abs(had.value - b.value) > 1e-9 * Math.max(1, Math.abs(b.value))) dropped.add(id);
		}
	}
	return [...out].filter(([id]) => !dropped.has(id)).map(([, v]) => v);
}

/**
 * expectedCounts turns a predicted distribution ([{x, p}]) into the counts
 * a histogram of `count` values should show ([{x, count}]), keeping the
 * values inside the bins' range.
 */
export function expectedCounts(distribution, hist) {
	if (!distribution || !hist.bins.length) return [];
	const lo = hist.bins[0].x0;
	const hi = hist.bins[hist.bins.length - 1].x1;
	return distribution.filter((d) => d.x >= lo && d.x <= hi).map((d) => ({x: d.x, count: d.p * hist.count}));
}
