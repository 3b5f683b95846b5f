// The run's title in the top bar (with the mark of a changed or imported
// run) and the reference below the app, in the page's language.

import {t, tr} from "../i18n/i18n.js";
import {el} from "./dom.js";

const $ = (id) => document.getElementById(id);

// runTitle names the run in the top bar: algorithm · scenario (and the seed
// on hover), and whether the user has changed it (its acts) or it is a
// file's that no link reproduces.
export function writeRunTitle(state) {
	const r = state.run;
	if (!r) return;
	const sc = (r.algorithm.scenarios || []).find((s) => s.id === (r.query || {}).scenario);
	const changed = state.fromFile ? t("run.fromFile") : state.query.acts ? t("run.changed") : null;
	const parts = [tr(r.algorithm, r.algorithm.name), sc ? tr(r.algorithm, sc.name) : null].filter(Boolean);
	const title = parts.join(" · ");
	const rt = $("run-title");
	// the mark comes first: a narrow top bar cuts the title's end (there the
	// algorithm and the scenario take a line each, tabs.css)
	const words = parts.flatMap((p, i) => [...(i ? [el("span", {class: "rt-sep", text: " · "})] : []), el("span", {class: "rt-part", text: p})]);
	rt.replaceChildren(...(changed ? [el("span", {class: "run-changed", "data-testid": "run-changed", text: changed}), " "] : []), ...words);
	rt.dataset.changed = changed ? "true" : "false";
	const why = state.fromFile ? t("run.fromFileNote", {k: state.fromFile}) : state.query.acts ? t("run.changedTitle", {k: state.actsCount}) : "";
	rt.title = `${title}${changed ? " · " + changed : ""} · ${t("form.seed")} ${r.seed}${why ? "\n" + why : ""}`;
	document.title = `${tr(r.algorithm, r.algorithm.name)} · distviz`;
}

// reference translates the server-rendered list of algorithms below the app:
// each marked element keeps its English text in data-en.
export function translateReference(registry) {
	for (const e of document.querySelectorAll("[data-tr-alg]")) {
		if (e.dataset.en === undefined) e.dataset.en = e.textContent;
		const v = tr(registry.find((a) => a.id === e.dataset.trAlg), e.dataset.en);
		if (e.textContent !== v) e.textContent = v; // (in English: nothing to lay out again)
	}
}
