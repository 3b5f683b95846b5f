// The experiment request built from the page's fields, and the runs it
// asks for and finished. Pure: no DOM; expdata.js re-exports it.

/**
 * parseValues reads the values to vary a parameter over: whole numbers
 * separated by commas or spaces, "a-b" for every number from a to b, each
 * within the parameter's bounds; duplicates dropped, order kept. It returns
 * {values} or {error: {key, vars}} naming an i18n message.
 */
export function parseValues(spec, text, max = 200) {
	const parts = String(text || "")
		.split(/[,;\s]+/)
		.map((s) => s.trim())
		.filter(Boolean);
	if (!parts.length) return {error: {key: "exp.err.values", vars: {name: spec.name}}};
	const out = [];
	for (const p of parts) {
		const m = /^(\d+)(?:-(\d+))?$/.exec(p);
		if (!m) return {error: {key: "exp.err.values", vars: {name: spec.name}}};
		const a = Number(m[1]);
		const b = m[2] === undefined ? a : Number(m[2]);
		if (b < a) return {error: {key: "exp.err.values", vars: {name: spec.name}}};
		for (let v = a; v <= b; v++) {
			if (spec.min !== undefined && spec.min !== null && v < spec.min) return {error: {key: "form.err.min", vars: {name: spec.name, min: spec.min}}};
			if (spec.max !== undefined && spec.max !== null && v > spec.max) return {error: {key: "form.err.max", vars: {name: spec.name, max: spec.max}}};
			if (!out.includes(v)) out.push(v);
			if (out.length > max) return {error: {key: "exp.err.tooMany", vars: {max}}};
		}
	}
	return {values: out};
}

/**
 * paramValue turns a parameter's form text into its JSON value (as the
 * experiment request carries parameters); undefined for empty text (the
 * default).
 */
export function paramValue(spec, text) {
	const s = String(text ?? "").trim();
	if (s === "") return undefined;
	switch (spec.type) {
		case "int":
		case "float":
			return Number(s);
		case "bool":
			return s === "true";
		case "ints":
			return s.split(",").map((p) => Number(p.trim()));
		case "lists":
			return s.split(";").map((l) => (l.trim() === "" ? [] : l.split(",").map((p) => Number(p.trim()))));
		case "range": {
			const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(s);
			if (!m) return s;
			return {min: Number(m[1]), max: Number(m[2] === undefined ? m[1] : m[2])};
		}
	}
	return s;
}

/**
 * MAX_EVENTS is the event limit the page asks for each run of an
 * experiment: the most the server allows (docs/api.md), so that ordinary
 * experiments end by themselves instead of at the default 100,000 events.
 */
export const MAX_EVENTS = 1000000;

/**
 * requestOf builds the experiment request (docs/api.md, POST
 * /api/experiments): the base parameters as JSON values without the varied
 * ones, the seeds, what to vary, and the largest event limit.
 */
export function requestOf(alg, texts, {vary, from, count}) {
	const params = {};
	for (const spec of alg.params) {
		if (spec.name in vary || !(spec.name in texts)) continue;
		const v = paramValue(spec, texts[spec.name]);
		if (v !== undefined) params[spec.name] = v;
	}
	return {algorithm: alg.id, params, seeds: {from, count}, vary, maxEvents: MAX_EVENTS};
}

/**
 * finished keeps the rows of runs that ended by themselves: a run that
 * stopped at its event limit (terminated false) measured only a part of
 * the work, and drawn as a measurement it would flatten the curve at the
 * limit.
 */
export function finished(rows) {
	return rows.filter((r) => r.terminated !== false);
}

/** stoppedCount is how many rows stopped at their event limit. */
export function stoppedCount(rows) {
	return rows.filter((r) => r.terminated === false).length;
}

/** runsOf is how many runs a request asks for: seeds × every combination of the varied values × cases. */
export function runsOf(req) {
	let n = req.seeds.count;
	for (const vs of Object.values(req.vary || {})) n *= vs.length;
	if (req.cases && req.cases.length) n *= req.cases.length;
	return n;
}

/** defaultValues are the values a parameter is first varied over: powers of two for n, else its default doubled twice; within its bounds. */
export function defaultValues(spec) {
	const lo = spec.min ?? 0;
	const hi = spec.max ?? Infinity;
	const want = spec.name === "n" ? [4, 8, 16, 32, 64] : [spec.default, 2 * spec.default, 4 * spec.default].map((x) => Math.max(lo, x || lo));
	const out = [...new Set(want.filter((x) => x >= lo && x <= hi))];
	return out.length ? out : [lo];
}

/** presetX is the parameter a preset plots along x ("" for none: a histogram of all runs). */
export function presetX(p) {
	return (p.plot && p.plot.x) || "";
}

/** presetValues are the values of x a preset runs: from vary, else from its cases. */
export function presetValues(p, x) {
	if (!x) return [];
	if (p.vary && p.vary[x]) return p.vary[x];
	return [...new Set((p.cases || []).map((c) => c[x]).filter((v) => v !== undefined))];
}
