// The registry (GET /api/algorithms, which the browser keeps and revalidates
// by its ETag): the algorithms the form offers. Until it has come the form
// waits; a deep link's run does not: the run carries its algorithm's entry
// (add), and the registry is asked for once the run is on screen (afterPaint).

import {t} from "../i18n/i18n.js";
import {afterPaint} from "./dom.js";

/**
 * createRegistry returns {list, add, load, afterPaint}. list is filled in
 * place when the registry comes; then relabel() follows and the form
 * (form(), made after) shows the run's algorithm, the deep link's (link()),
 * or the first; its error when the registry cannot come (it is asked again
 * next time). An offline file holds its run's entry only.
 */
export function createRegistry({offline, form, link, relabel}) {
	const list = [];
	let loading = null; // a promise, once asked for
	let asked = false; // a drawing has asked for it

	function ask() {
		if (offline) return Promise.resolve([offline.run.algorithm]);
		return fetch("/api/algorithms").then((r) => {
			if (!r.ok) throw new Error(`GET /api/algorithms: ${r.status}`);
			return r.json();
		});
	}

	/** load fetches the registry once and fills the form; the promise settles then. */
	function load() {
		loading ||= ask()
			.then((all) => {
				const had = list.length > 0; // the entry of a run that came first
				list.splice(0, list.length, ...all);
				relabel();
				form().relabel();
				const l = link();
				if (had) return; // the form shows the run already
				if (l.algorithm && list.some((a) => a.id === l.algorithm)) {
					form().select(l.algorithm, {scenarioID: l.scenario, texts: l.query, seedValue: l.seed});
				} else {
					form().select(list[0] ? list[0].id : "");
				}
			})
			.catch((e) => {
				loading = null; // ask again next time
				form().showError(t("err.server", {error: e.message}));
			});
		return loading;
	}

	return {
		list,
		load,
		/** add puts a run's entry in while the registry has not come. */
		add(entry) {
			if (!list.some((a) => a.id === entry.id)) list.push(entry);
		},
		/** afterPaint asks for the registry after the next paint, once: a deep link's run is drawn first. */
		afterPaint() {
			if (loading || asked) return;
			asked = true;
			afterPaint(load);
		},
	};
}
