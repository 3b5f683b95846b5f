// The stage's two tabs, Run and Experiment: arrow keys move between them,
// and while the Experiment tab shows, the run's keys do not drive the
// hidden run.

// the run's keys (space, arrows, Home, End, + and −)
const RUN_KEYS = [" ", "Spacebar", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End", "+", "=", "-", "_"];

/**
 * wireTabs makes the tab buttons switch the stage; onExperiment is called
 * each time the Experiment tab is shown. It returns {setTab, isShown}.
 */
export function wireTabs({stage, section, tabs, onExperiment}) {
	function setTab(name) {
		const exp = name === "experiment";
		stage.dataset.tab = exp ? "experiment" : "run";
		section.hidden = !exp;
		for (const b of tabs) {
			const on = b.dataset.tab === name;
			b.setAttribute("aria-selected", String(on));
			b.tabIndex = on ? 0 : -1;
		}
		if (exp) onExperiment();
	}
	for (const b of tabs) {
		b.addEventListener("click", () => setTab(b.dataset.tab));
		b.addEventListener("keydown", (ev) => {
			if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return;
			const other = tabs.find((x) => x !== b);
			setTab(other.dataset.tab);
			other.focus();
			ev.preventDefault();
		});
	}
	const isShown = () => !section.hidden;
	window.addEventListener(
		"keydown",
		(ev) => {
			const tg = ev.target;
			if (!isShown() || !RUN_KEYS.includes(ev.key) || (tg && tg.closest && tg.closest("input, select, textarea, [role=tab]"))) return;
			ev.stopPropagation();
		},
		true,
	);
	return {setTab, isShown};
}
