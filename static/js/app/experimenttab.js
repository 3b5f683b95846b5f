// The Experiment tab, with the plotting library, loads when it is first
// opened: a lecture that never opens it never loads them. Until then the
// tab's button and the arrow keys between the tabs load it.

/** lazyExperiment wires the tabs; make(module) makes the tab from its module. It returns {get tab}: the tab once made (null before). */
export function lazyExperiment({tabRun, tabExperiment, make}) {
	let tab = null;
	let loading = null;
	function load() {
		loading ||= import("../experiment/experiment.js").then((m) => (tab = make(m)));
		return loading;
	}
	const open = (name) => load().then((e) => e.setTab(name));
	tabExperiment.addEventListener("click", () => !tab && open("experiment"));
	for (const b of [tabRun, tabExperiment]) {
		b.addEventListener("keydown", (ev) => {
			if (tab || (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight")) return;
			const other = b === tabRun ? tabExperiment : tabRun;
			open(other === tabRun ? "run" : "experiment").then(() => other.focus());
			ev.preventDefault();
		});
	}
	return {
		get tab() {
			return tab;
		},
	};
}
