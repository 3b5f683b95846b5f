// Small DOM helpers. Views keep their elements and change attributes only
// when a value differs (set/text remember the last value written), so a
// frame costs DOM work in proportion to what changed.

import {lang} from "../i18n/i18n.js";

export const SVGNS = "http://www.w3.org/2000/svg";

/** svg creates an SVG element with attributes, appended to parent if given. */
export function svg(tag, attrs, parent) {
	const e = document.createElementNS(SVGNS, tag);
	if (attrs) for (const k in attrs) e.setAttribute(k, attrs[k]);
	if (parent) parent.appendChild(e);
	return e;
}

/** el creates an HTML element with attributes (text: textContent) and children. */
export function el(tag, attrs, ...children) {
	const e = document.createElement(tag);
	if (attrs) {
		for (const k in attrs) {
			const v = attrs[k];
			if (v === undefined || v === null || v === false) continue;
			if (k === "text") e.textContent = v;
			else if (k === "class") e.className = v;
			else if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
			else e.setAttribute(k, v === true ? "" : v);
		}
	}
	for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
	return e;
}

/** set writes an attribute if it differs from the value last written. */
export function set(e, name, value) {
	const cache = e.__dv || (e.__dv = {});
	const v = typeof value === "number" ? String(Math.round(value * 100) / 100) : String(value);
	if (cache[name] === v) return;
	cache[name] = v;
	e.setAttribute(name, v);
}

/** afterPaint runs fn once the next frame is painted: work the picture on screen does not wait for. */
export function afterPaint(fn) {
	requestAnimationFrame(() => setTimeout(fn, 0));
}

/** text writes textContent if it differs from the text last written. */
export function text(e, value) {
	const v = String(value);
	if (e.__dt === v) return;
	e.__dt = v;
	e.textContent = v;
}

/** cls sets the class attribute (SVG or HTML) if it changed. */
export function cls(e, value) {
	set(e, "class", value);
}

/** clear removes every child. */
export function clear(e) {
	while (e.firstChild) e.removeChild(e.firstChild);
}

/** fmt writes a number for people: whole numbers as they are, others with up to 2 decimals. */
export function fmt(x) {
	if (typeof x !== "number" || !Number.isFinite(x)) return String(x);
	// a whole number below a thousand is written alike in every language: no
	// Intl (whose first use loads the locale's data, tens of milliseconds
	// before a deep link's first picture)
	if (Number.isInteger(x) && Math.abs(x) < 1000) return String(x);
	// groups of thousands by a thin space in every language (as SI, DIN 1333
	// and the RAE allow), the decimal sign the language's: 1.97 · 1,97
	return numberFormat(lang())
		.formatToParts(x)
		.map((p) => (p.type === "group" ? "\u202f" : p.value))
		.join("");
}

// the letters and digits Unicode has as subscripts
const SUBSCRIPT = {n: "ₙ", i: "ᵢ", j: "ⱼ", k: "ₖ", m: "ₘ", x: "ₓ", t: "ₜ", s: "ₛ", p: "ₚ", 0: "₀", 1: "₁", 2: "₂", 3: "₃", 4: "₄", 5: "₅", 6: "₆", 7: "₇", 8: "₈", 9: "₉"};

/** formulaText writes a formula's one-character subscripts as subscripts: n·H_n → n·Hₙ. */
export function formulaText(f) {
	return String(f ?? "").replace(/_([a-z0-9])(?![a-z0-9])/g, (m, c) => SUBSCRIPT[c] || m);
}

const formats = new Map(); // language → Intl.NumberFormat
function numberFormat(l) {
	let f = formats.get(l);
	if (!f) formats.set(l, (f = new Intl.NumberFormat(l, {maximumFractionDigits: 2})));
	return f;
}

/**
 * pointerTarget is what a delegated pointer event hit: the first of `rules`
 * ([selector, make]) whose selector matches the target or an ancestor, made
 * from that element's data attributes; null when none does. The views list
 * their rules most specific first (a message drawn over a node wins).
 */
export function pointerTarget(ev, rules) {
	const t = ev.target;
	if (!t || !t.closest) return null;
	for (const [selector, make] of rules) {
		const e = t.closest(selector);
		if (e) return make(e.dataset);
	}
	return null;
}

/** Rules every view shares: a message in flight, then a process. */
export const MSG_TARGET = ["[data-msg]", (d) => ({kind: "msg", id: Number(d.msg)})];
export const NODE_TARGET = ["[data-node]", (d) => ({kind: "node", pos: Number(d.node)})];
