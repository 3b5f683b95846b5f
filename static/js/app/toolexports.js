// The run in the formats other tools read, made by the server (GET
// /api/runs/{id}/export, docs/api.md): a ShiViz log, the topology as
// Graphviz DOT, the space-time diagram as TikZ. A button each beside the
// other exports; each downloads the run up to the step on the screen, or
// says why the server refused.

import {el} from "./dom.js";
import {t} from "../i18n/i18n.js";
import {download} from "./io.js";

/** TOOL_EXPORTS are the formats the buttons ask for, in order, with their texts' keys. */
export const TOOL_EXPORTS = [
	{format: "shiviz", key: "io.exportShiviz"},
	{format: "dot", key: "io.exportDot"},
	{format: "tikz", key: "io.exportTikz"},
];

/** exportURL is where a stored run's export in a format, up to a step (if one is given), comes from. */
export function exportURL(id, format, step) {
	const q = new URLSearchParams({format});
	if (Number.isInteger(step) && step >= 0) q.set("step", String(step));
	return `/api/runs/${encodeURIComponent(id)}/export?${q}`;
}

/** fileNameOf reads the file's name from a Content-Disposition header, else fallback. */
export function fileNameOf(disposition, fallback) {
	const m = /filename="?([^";]+)"?/.exec(disposition || "");
	return m ? m[1] : fallback;
}

/**
 * addToolExports puts a button per format after the element `after`.
 * current() is the run on the screen as {id, step} (null: none);
 * status(text, bad) reports.
 */
export function addToolExports(after, current, status) {
	let at = after;
	for (const {format, key} of TOOL_EXPORTS) {
		const b = el("button", {type: "button", id: "export-" + format, class: "button", "data-testid": "export-" + format, "data-i18n": key, "data-i18n-title": key + "Title", text: t(key), title: t(key + "Title")});
		b.addEventListener("click", () => fetchExport(format, current(), status));
		at.after(b);
		at = b;
	}
}

async function fetchExport(format, run, status) {
	if (!run) return status(t("io.noRun"), true);
	try {
		const res = await fetch(exportURL(run.id, format, run.step));
		if (!res.ok) {
			let body = null;
			try {
				body = await res.json();
			} catch {
				body = null;
			}
			throw new Error((body && body.error) || `${res.status} ${res.statusText}`);
		}
		download(await res.blob(), fileNameOf(res.headers.get("Content-Disposition"), `run-${format}.txt`));
		status("", false);
	} catch (e) {
		status(t("io.exportFailed", {error: String(e.message || e)}), true);
	}
}
