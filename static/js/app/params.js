// Parameters as text, the way deep links and the server's `query` carry them
// (docs/protocol.md: lists comma-separated, lists of lists like 0,1;1,2,
// ranges like 1-5): formatting,
// checking against a registry description, and the address bar. Pure: no DOM.

/** formatValue writes a parameter's JSON value as query text ("" for none). */
export function formatValue(spec, v) {
	if (v === null || v === undefined) return "";
	switch (spec.type) {
		case "bool":
			return v ? "true" : "false";
		case "ints":
			return Array.isArray(v) ? v.join(",") : String(v);
		case "lists": {
			// a list of records may come as objects with the spec's fields
			const list = (xs) => (Array.isArray(xs) ? xs.join(",") : xs && typeof xs === "object" && spec.fields ? spec.fields.map((f) => fieldNumber(spec, f, xs[f])).join(",") : String(xs));
			return Array.isArray(v) ? v.map(list).join(";") : String(v);
		}
		case "range":
			if (typeof v === "object") return v.min === v.max ? String(v.min) : `${v.min}-${v.max}`;
			return String(v);
		default:
			return String(v);
	}
}

/**
 * fieldNumber is a record's field as the text form holds it: a word as its
 * index among the field's words, a left-out optional field as −1.
 */
function fieldNumber(spec, f, x) {
	if (x === undefined) return -1;
	const words = spec.words && spec.words[f];
	return words && typeof x === "string" ? words.indexOf(x) : x;
}

/** baseTexts is every parameter's starting text: the scenario's value, else the default. */
export function baseTexts(alg, scenario) {
	const out = {};
	for (const s of alg.params) {
		const sv = scenario && scenario.params ? scenario.params[s.name] : undefined;
		out[s.name] = formatValue(s, sv !== undefined ? sv : s.default);
	}
	return out;
}

const WHOLE = /^[+-]?\d+$/;

/**
 * checkText checks a parameter's text against its description. It returns
 * null when the text is acceptable, else {key, vars} naming an i18n message.
 * Empty text is acceptable: it means the default (or, for a list, none).
 */
export function checkText(spec, text) {
	const s = String(text ?? "").trim();
	const name = spec.name;
	if (s === "") return null;
	const bounds = (x) => {
		if (spec.min !== undefined && spec.min !== null && x < spec.min) return {key: "form.err.min", vars: {name, min: spec.min}};
		if (spec.max !== undefined && spec.max !== null && x > spec.max) return {key: "form.err.max", vars: {name, max: spec.max}};
		return null;
	};
	switch (spec.type) {
		case "int":
			if (!WHOLE.test(s)) return {key: "form.err.whole", vars: {name}};
			return bounds(Number(s));
		case "float": {
			const x = Number(s);
			if (!Number.isFinite(x)) return {key: "form.err.number", vars: {name}};
			return bounds(x);
		}
		case "bool":
			return s === "true" || s === "false" ? null : {key: "form.err.number", vars: {name}};
		case "enum":
			return (spec.options || []).includes(s) ? null : {key: "form.options", vars: {list: (spec.options || []).join(", ")}};
		case "ints": {
			for (const part of s.split(",")) {
				const p = part.trim();
				if (!WHOLE.test(p)) return {key: "form.err.list", vars: {name}};
				const e = bounds(Number(p));
				if (e) return e;
			}
			return null;
		}
		case "lists": {
			for (const list of s.split(";")) {
				if (list.trim() === "") continue;
				for (const part of list.split(",")) {
					const p = part.trim();
					if (!WHOLE.test(p)) return {key: "form.err.lists", vars: {name}};
					const e = bounds(Number(p));
					if (e) return e;
				}
			}
			return null;
		}
		case "range": {
			const r = parseRange(s);
			if (!r) return {key: "form.err.whole", vars: {name}};
			return bounds(r.min) || bounds(r.max) || (r.min > r.max ? {key: "form.err.range", vars: {name}} : null);
		}
	}
	return null;
}

/** parseRange reads "a-b" or "a" as {min, max}; null if it is neither. */
export function parseRange(s) {
	const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(s);
	if (!m) return null;
	const min = Number(m[1]);
	return {min, max: m[2] === undefined ? min : Number(m[2])};
}

/** normalize writes acceptable text in one canonical form ("3, 5" → "3,5", "2-2" → "2"). */
export function normalize(spec, text) {
	const s = String(text ?? "").trim();
	if (s === "") return "";
	switch (spec.type) {
		case "int":
		case "float":
			return Number.isFinite(Number(s)) ? String(Number(s)) : s;
		case "ints":
			return s
				.split(",")
				.map((p) => p.trim())
				.map((p) => (WHOLE.test(p) ? String(Number(p)) : p))
				.join(",");
		case "lists":
			return s
				.split(";")
				.map((l) => normalize({type: "ints"}, l))
				.join(";");
		case "range": {
			const r = parseRange(s);
			return r ? formatValue(spec, r) : s;
		}
	}
	return s;
}

/**
 * queryOf is what a run request sends: the parameters whose text differs
 * from the base (the scenario's values, else the defaults), normalised.
 */
export function queryOf(alg, scenario, texts) {
	const base = baseTexts(alg, scenario);
	const out = {};
	for (const s of alg.params) {
		if (!(s.name in texts)) continue;
		const v = normalize(s, texts[s.name]);
		if (v !== normalize(s, base[s.name])) out[s.name] = v;
	}
	return out;
}

const RESERVED = ["algorithm", "scenario", "seed", "acts", "step", "lang", "present", "embed", "spacetime"];

/**
 * parseLocation reads a deep link's query string: the algorithm, scenario,
 * seed, the user's actions (`acts`, docs/api.md: deep links), cursor step,
 * page language, presenter mode (present=1), the page without its chrome
 * for a slide (embed=1, spacetime=0 leaving out the diagram), and every
 * other key as a parameter's text.
 */
export function parseLocation(search) {
	const sp = new URLSearchParams(search);
	const out = {algorithm: sp.get("algorithm") || "", scenario: sp.get("scenario") || "", seed: null, acts: sp.get("acts") || "", step: null, lang: sp.get("lang") || "", present: sp.get("present") === "1", embed: sp.get("embed") === "1", spacetime: sp.get("spacetime") !== "0", query: {}};
	const seed = sp.get("seed");
	if (seed !== null && /^\d+$/.test(seed.trim())) out.seed = Number(seed);
	const step = sp.get("step");
	if (step !== null && /^\d+$/.test(step.trim())) out.step = Number(step);
	for (const [k, v] of sp) {
		if (!RESERVED.includes(k)) out.query[k] = v;
	}
	return out;
}

/**
 * linkOpen is the `open` of a parsed deep link (docs/protocol.md): its
 * run, at its step. The page's head sends it before the app has loaded
 * (boot.js), the app otherwise (app.js): the same message.
 */
export function linkOpen(link) {
	const msg = {type: "open", algorithm: link.algorithm, query: link.acts ? {...link.query, acts: link.acts} : link.query};
	if (link.seed !== null) msg.seed = link.seed;
	if (link.scenario) msg.scenario = link.scenario;
	if (link.step !== null) msg.step = link.step;
	return msg;
}

/**
 * buildSearch writes the address bar's query: algorithm, scenario, the
 * parameters in the registry's order (any others after), seed, the user's
 * actions (query.acts), step, present=1 in presenter mode, and embed=1
 * (and spacetime=0) when page.embed (and not page.spacetime). Commas and
 * dashes stay readable.
 */
export function buildSearch(alg, query, step, present, page = {}) {
	const parts = [];
	const add = (k, v) => parts.push(enc(k) + "=" + enc(v));
	const q = {...query};
	if (q.algorithm) add("algorithm", q.algorithm);
	if (q.scenario) add("scenario", q.scenario);
	const names = alg ? alg.params.map((p) => p.name) : [];
	for (const n of names) if (n in q && !RESERVED.includes(n)) add(n, q[n]);
	for (const k of Object.keys(q).sort()) if (!names.includes(k) && !RESERVED.includes(k)) add(k, q[k]);
	if (q.seed !== undefined && q.seed !== null && q.seed !== "") add("seed", q.seed);
	if (q.acts) add("acts", q.acts);
	if (step !== undefined && step !== null) add("step", step);
	if (present) add("present", 1);
	if (page.embed) add("embed", 1);
	if (page.embed && page.spacetime === false) add("spacetime", 0);
	return parts.length ? "?" + parts.join("&") : "";
}

function enc(v) {
	return encodeURIComponent(String(v)).replace(/%2C/gi, ",");
}

/** seedOK says whether text is a valid seed (0 … 2⁵³−1). */
export function seedOK(text) {
	const s = String(text).trim();
	return s === "" || (/^\d+$/.test(s) && Number(s) <= Number.MAX_SAFE_INTEGER);
}

/** paramOfError finds the parameter a server error names ("parameter n: …"). */
export function paramOfError(text) {
	const m = /^parameter (\w+):/.exec(String(text));
	return m ? m[1] : null;
}

