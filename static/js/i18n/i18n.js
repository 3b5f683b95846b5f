// User-visible text in English, German and Spanish. Message names (ELECTION,
// ANSWER, …), parameter names and process labels stay as the lectures print
// them. t(key, vars) fills {placeholders}; apply(root) writes the text of
// every element marked data-i18n (and data-i18n-title, -aria, -placeholder).

import {LECTURE_STRINGS} from "./lecture.js";
import {EN} from "./strings/en.js";
import {DE} from "./strings/de.js";
import {ES} from "./strings/es.js";
import {LANGS} from "./langs.js";

export {LANGS, pickLang} from "./langs.js";
export const LANG_NAMES = {en: "English", de: "Deutsch", es: "Español"};

export const STRINGS = {en: EN, de: DE, es: ES};

let current = "en";

export function setLang(lang) {
	current = LANGS.includes(lang) ? lang : "en";
}

export function lang() {
	return current;
}

for (const l of LANGS) Object.assign(STRINGS[l], LECTURE_STRINGS[l]);

/** has says whether the page has a text under key. */
export function has(key) {
	return key in STRINGS.en;
}

/** t gives the text of key in the current language with {vars} filled in. */
export function t(key, vars) {
	const s = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
	return vars ? fill(s, vars) : s;
}

/**
 * tr gives one of an algorithm's registry texts (its name, summary, parameter
 * help, scenarios, actions, invariants, theory) in the current language: the
 * translation the server sends in alg.i18n[lang], keyed by the English text,
 * or the English text itself when there is none.
 */
export function tr(alg, text) {
	if (!text || current === "en") return text;
	const m = alg && alg.i18n ? alg.i18n[current] : null;
	return (m && m[text]) || text;
}

/** fill replaces {name} by vars[name]; unknown names stay as they are. */
export function fill(s, vars) {
	return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** missing lists, per language, the keys English has and it lacks (and extra ones). */
export function completeness() {
	const out = {};
	const en = Object.keys(STRINGS.en);
	for (const l of LANGS) {
		const keys = Object.keys(STRINGS[l]);
		out[l] = {
			missing: en.filter((k) => !(k in STRINGS[l])),
			extra: keys.filter((k) => !(k in STRINGS.en)),
			placeholders: en.filter((k) => k in STRINGS[l] && placeholders(STRINGS.en[k]) !== placeholders(STRINGS[l][k])),
		};
	}
	return out;
}

function placeholders(s) {
	return (s.match(/\{\w+\}/g) || []).sort().join(",");
}

/** apply writes the translations into every marked element under root. */
export function apply(root) {
	// A text that is already right is left alone: the page's first apply,
	// in English, writes nothing, and the page is not laid out again for it.
	const put = (el, prop, v) => el[prop] !== v && (el[prop] = v);
	for (const el of root.querySelectorAll("[data-i18n]")) put(el, "textContent", t(el.dataset.i18n));
	for (const el of root.querySelectorAll("[data-i18n-title]")) put(el, "title", t(el.dataset.i18nTitle));
	for (const el of root.querySelectorAll("[data-i18n-aria]")) {
		const v = t(el.dataset.i18nAria);
		if (el.getAttribute("aria-label") !== v) el.setAttribute("aria-label", v);
	}
	for (const el of root.querySelectorAll("[data-i18n-placeholder]")) put(el, "placeholder", t(el.dataset.i18nPlaceholder));
}
