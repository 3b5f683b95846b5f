// Branches: acting in the past forks the run and the server drops the
// future it had. The run before each action is fully named by its link's
// acts (docs/api.md, deep links), so the page keeps every version the user
// left, a small tree of forks sharing their first actions, and opens one
// again on request (the branch button's list, or U: back to the version the
// last action left). Versions of another run (other parameters or seed)
// are forgotten when it opens.

import {el} from "./dom.js";
import {t, tr} from "../i18n/i18n.js";

/**
 * createBranches adds the branch button after `after` (in the controls).
 * menu: the page's popover menu; open(acts, step) opens a version; step()
 * is the cursor.
 */
export function createBranches({after, menu, open, step}) {
	let base = ""; // the run's link without acts: versions belong to it
	let current = ""; // acts of the version shown
	let alg = null;
	let nodes = [];
	const versions = []; // [{acts, step}], the order they were left in
	const button = el("button", {type: "button", id: "branches", class: "branches", "data-testid": "branches", hidden: true});
	// a fork: two lines from one point (drawn, not a glyph the fonts may lack)
	button.innerHTML = `<svg class="bi branch-icon" viewBox="0 0 24 24" aria-hidden="true"><circle cx="6" cy="5" r="2.5"/><circle cx="6" cy="19" r="2.5"/><circle cx="18" cy="6" r="2.5"/><path d="M6 7.5v9M18 8.5c0 6-12 3-12 8"/></svg>`;
	const count = el("span", {class: "branch-count"});
	button.append(count);
	after.after(button);
	button.addEventListener("click", (ev) => {
		const r = button.getBoundingClientRect();
		list(ev.clientX || r.left, ev.clientY || r.top);
	});

	function relabel() {
		const k = versions.filter((v) => v.acts !== current).length;
		button.hidden = k === 0;
		count.textContent = String(k);
		button.title = t("branch.title", {k});
		button.setAttribute("aria-label", t("branch.title", {k}));
	}

	/** run takes a new run: its link (without acts) decides whether the versions still apply. */
	function run(r, query) {
		const {acts, ...rest} = query;
		const key = JSON.stringify(Object.entries(rest).sort());
		if (key !== base) versions.length = 0;
		base = key;
		alg = r.algorithm;
		nodes = r.nodes || [];
		current = acts || "";
		relabel();
	}

	/** leaving records the version shown, at the cursor, before an action or a branch replaces it. */
	function leaving() {
		const i = versions.findIndex((v) => v.acts === current);
		if (i >= 0) versions.splice(i, 1);
		versions.push({acts: current, step: step()});
	}

	/** acts takes the acts of the version shown now. */
	function acts(text) {
		current = text || "";
		relabel();
	}

	/** undo opens the version left last; false when there is none. */
	function undo() {
		const v = versions.findLast((x) => x.acts !== current);
		if (!v) return false;
		leaving();
		open(v.acts, v.step);
		return true;
	}

	function list(x, y) {
		const items = versions
			.filter((v) => v.acts !== current)
			.reverse()
			.map((v) => ({label: describe(v.acts), hint: t("branch.atStep", {k: v.step ?? "…"}), testid: "branch", type: "branch", action: () => (leaving(), open(v.acts, v.step))}));
		menu.open(x, y, {kind: "branches", title: t("branch.list"), note: t("branch.note"), items});
	}

	// describe names a version by its last action: "P6 crashed at step 6 (2 actions)".
	function describe(text) {
		if (!text) return t("branch.none");
		const items = text.split(",");
		const [step, type, a, b] = items[items.length - 1].split(".");
		const label = (p) => (nodes[p] ? nodes[p].label : "P" + p);
		const action = alg && (alg.actions || []).find((x) => x.id === b);
		const what =
			type === "act" && action
				? `${label(a)}: ${tr(alg, action.label)}`
				: t("branch.act." + type, {p: label(a), m: a, q: b !== undefined ? label(b) : "", name: b ?? ""});
		return t("branch.version", {what, k: step, n: items.length});
	}

	return {run, leaving, acts, undo, relabel};
}
