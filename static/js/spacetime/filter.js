// The space-time diagram's filter: which processes have a lane and which
// message types have arrows, chosen in a small panel under the diagram's
// title (a <details>, so that it opens and closes without scripting).

import {el, clear} from "../app/dom.js";
import {t} from "../i18n/i18n.js";

/**
 * createFilter puts the filter into host (the diagram's title) and calls
 * onChange({procs, types}) with the sets hidden whenever a box changes.
 */
export function createFilter(host, onChange) {
	const box = el("details", {class: "st-filter", "data-testid": "st-filter"});
	const summary = el("summary", {class: "tool small", "data-i18n": "st.filter", text: t("st.filter")});
	const body = el("div", {class: "st-filter-body"});
	box.append(summary, body);
	host.append(box);
	let hidden = {procs: new Set(), types: new Set()};

	/** setRun lists the run's processes (labels) and message types, all shown. */
	function setRun(labels, types) {
		hidden = {procs: new Set(), types: new Set()};
		clear(body);
		body.append(group("st.filterProcs", labels.map((l, p) => [p, l]), hidden.procs, "proc"));
		if (types.length) body.append(group("st.filterTypes", types.map((ty) => [ty, ty]), hidden.types, "type"));
		summary.textContent = t("st.filter");
	}

	function group(key, items, set, kind) {
		const fs = el("fieldset", {class: "st-filter-group"}, el("legend", {"data-i18n": key, text: t(key)}));
		for (const [value, label] of items) {
			const cb = el("input", {type: "checkbox", checked: "", "data-filter": kind, value: String(value)});
			cb.addEventListener("change", () => {
				if (cb.checked) set.delete(value);
				else set.add(value);
				const k = hidden.procs.size + hidden.types.size;
				summary.textContent = k ? `${t("st.filter")} (${k})` : t("st.filter");
				onChange(hidden);
			});
			fs.append(el("label", {}, cb, " " + label));
		}
		return fs;
	}

	return {setRun};
}
