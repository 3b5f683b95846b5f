// The vocabulary an algorithm declares (algo/vocab.go), as the registry
// and the `run` message carry it: each role's tone and second cue, each
// variable's and outcome field's kind and use, each message type's colour,
// glyph and short label, and the algorithm's words for them by language.
// The views draw from these declarations and name no algorithm, role,
// message type or variable. Pure: no DOM.

import {lang} from "./i18n.js";

const cache = new WeakMap();

/** vocab indexes an algorithm's declarations (cached per registry entry). */
export function vocab(alg) {
	if (!alg || typeof alg !== "object") return index({});
	let v = cache.get(alg);
	if (!v) cache.set(alg, (v = index(alg)));
	return v;
}

function index(alg) {
	const types = alg.messageTypes || [];
	const byName = (list) => new Map((list || []).map((x) => [x.name, x]));
	const byUse = (list) => new Map((list || []).filter((x) => x.use).map((x) => [x.use, x]));
	const looks = new Map();
	types.forEach((ty, i) => looks.set(ty, {type: ty, color: i % 8, glyph: GLYPH_ORDER[i % GLYPH_ORDER.length], short: ""}));
	for (const l of alg.looks || []) looks.set(l.type, {...l, short: l.short || ""});
	return {
		alg,
		roles: byName(alg.roles),
		vars: byName(alg.vars),
		outcome: byName(alg.outcome),
		varUse: byUse(alg.vars),
		outcomeUse: byUse(alg.outcome),
		looks,
		labels: alg.labels || {},
	};
}

// undeclared message types get a glyph by their place (the declarations give one to every type)
const GLYPH_ORDER = ["circle", "square", "diamond", "up", "down", "cross", "star", "ring"];

/** UNKNOWN_ROLE is how an undeclared role looks: the palette's "other" colour and a diamond. */
const UNKNOWN_ROLE = {tone: "other", icon: "diamond", halo: "", rare: false, unknown: true};

/** roleLook is a role's declared look: {tone, icon, halo, rare} (unknown roles: a diamond). */
export function roleLook(alg, role) {
	const r = vocab(alg).roles.get(role);
	return r ? {tone: r.tone, icon: r.icon || "", halo: r.halo || "", rare: !!r.rare, unknown: false} : UNKNOWN_ROLE;
}

/** toneClass is the CSS class that colours a role: tone-<its tone>. */
export function toneClass(alg, role) {
	return "tone-" + roleLook(alg, role).tone;
}

/** nodeClass is the class list of a process drawn in a role: node, its tone, its halo. */
export function nodeClass(alg, role, extra = "") {
	const look = roleLook(alg, role);
	return `node tone-${look.tone}${look.halo ? " halo-" + look.halo : ""}${extra}`;
}

/** msgLook is a message type's declared look: {color 0–7, glyph, short}. */
export function msgLook(alg, type) {
	return vocab(alg).looks.get(type) || {type, color: 7, glyph: "ring", short: ""};
}

/** typeClass is the CSS class that colours a message type: mt-<its colour>. */
export function typeClass(alg, type) {
	return "mt-" + (msgLook(alg, type).color % 8);
}

/** shortOf is a message type's short label on a short edge (its declared short form, else the type). */
export function shortOf(alg, type) {
	return msgLook(alg, type).short || String(type);
}

/** label is one of the algorithm's words (role.<name>, var.<name>, outcome.<name>) in the page's language, else English, else null. */
export function label(alg, key) {
	const L = vocab(alg).labels;
	const l = L[lang()] && L[lang()][key];
	return l || (L.en && L.en[key]) || null;
}

/** roleName is a role's name in the page's language (the role itself when the algorithm has no word for it). */
export function roleName(alg, role) {
	return label(alg, "role." + role) ?? String(role);
}

/** outcomeName is an outcome field's (or a table column's) name in the page's language. */
export function outcomeName(alg, field) {
	return label(alg, "outcome." + field) ?? String(field);
}

/** varDecl is a process variable's declaration ({kind: "value"} when undeclared). */
export function varDecl(alg, name) {
	return vocab(alg).vars.get(name) || {name, kind: "value"};
}

/** outcomeDecl is an outcome field's declaration ({kind: "value"} when undeclared). */
export function outcomeDecl(alg, name) {
	return vocab(alg).outcome.get(name) || {name, kind: "value"};
}

/** varOfUse is the declaration of the variable that stands for a view's concept, or null. */
export function varOfUse(alg, use) {
	return vocab(alg).varUse.get(use) || null;
}

/** outcomeOfUse is the declaration of the outcome field that stands for a view's concept, or null. */
export function outcomeOfUse(alg, use) {
	return vocab(alg).outcomeUse.get(use) || null;
}

/** varsOfUse lists the variables that stand for a concept, in their declared order (stored flags: one per message type). */
export function varsOfUse(alg, use) {
	return ((alg && alg.vars) || []).filter((v) => v.use === use);
}

/** nodeVar reads a node's variable by name (undefined when it has none). */
export function nodeVar(nd, name) {
	for (const v of (nd && nd.vars) || []) if (v.name === name) return v.value;
	return undefined;
}

/** useOf reads the node's variable that stands for a concept (undefined when none does). */
export function useOf(alg, nd, use) {
	const d = varOfUse(alg, use);
	return d ? nodeVar(nd, d.name) : undefined;
}

/** outcomeUse reads the frame's outcome field that stands for a concept (undefined when none does). */
export function outcomeUse(alg, frame, use) {
	const d = outcomeOfUse(alg, use);
	const o = frame && frame.outcome;
	return d && o && typeof o === "object" ? o[d.name] : undefined;
}

/** fieldOfKind is the first declared field of a record of a kind (or one of kinds), or null. */
export function fieldOfKind(decl, ...kinds) {
	return ((decl && decl.fields) || []).find((f) => kinds.includes(f.kind)) || null;
}

/** fieldOfUse is the declared field of a record that stands for a concept, or null. */
export function fieldOfUse(decl, use) {
	return ((decl && decl.fields) || []).find((f) => f.use === use) || null;
}

/** paramOfUse is the parameter spec that feeds an editor of the form (param.Uses), or null. */
export function paramOfUse(alg, use) {
	return ((alg && alg.params) || []).find((p) => p.use === use) || null;
}
