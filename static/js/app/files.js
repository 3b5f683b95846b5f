// The page's files: the run's exports (the trace, the offline file, the
// whole view as SVG or PNG, the space-time diagram alone, and the formats
// other tools read) and the import of a trace (chosen or dropped), with the
// status line under them.

import * as i18n from "../i18n/i18n.js";
import {t, tr} from "../i18n/i18n.js";
import {traceURL, offlineURL, fileName, importTrace, download, onFileDrop, svgSnapshot} from "./io.js";
import {wholeViewSVG, svgToPNG} from "./snapshot.js";
import {addToolExports} from "./toolexports.js";
import {el} from "./dom.js";

const $ = (id) => document.getElementById(id);

/**
 * createFiles wires the export and import controls. state is the page's
 * (run, frame); attach(id) takes over an imported run (session.js);
 * shown() is the view drawing the run (null while none does); onRefused follows a refused import;
 * offline: the page is an offline file (nothing to drop). It returns
 * {setRun, status}: setRun(run, scenario) readies the links for a new run,
 * status(msg, bad) writes the status line.
 */
export function createFiles({state, attach, shown, onRefused, offline}) {
	function ioStatus(msg, bad) {
		const s = $("io-status");
		s.textContent = msg;
		s.classList.toggle("bad", !!bad);
	}

	$("export-json").after(el("a", {id: "export-html", class: "button", "data-testid": "export-html", "aria-disabled": "true", "data-i18n": "io.exportHtml", "data-i18n-title": "io.exportHtmlTitle", text: t("io.exportHtml"), title: t("io.exportHtmlTitle")}));
	for (const id of ["export-json", "export-html"]) {
		$(id).addEventListener("click", (ev) => {
			if (!state.run) {
				ev.preventDefault();
				ioStatus(t("io.noRun"), true);
			} else if (id === "export-html") {
				// the run as it is shown: its step and language
				$(id).href = offlineURL(state.run.id, i18n.lang(), state.frame ? state.frame.step : 0);
			}
		});
	}
	// the exports of what the audience sees: the whole view as SVG or PNG, the
	// space-time diagram alone as SVG (snapshot.js)
	function exportCaption() {
		const f = state.frame;
		return `distviz · ${tr(state.run.algorithm, state.run.algorithm.name)} · ${t("form.seed")} ${state.run.seed} · ${t("ctl.event")} ${f.seq} · t = ${f.time}`;
	}
	function exportName(ext, what = "") {
		return fileName([state.run.algorithm.id, "seed" + state.run.seed, "event" + state.frame.seq, what], ext);
	}
	function wholeView() {
		const view = shown();
		if (!state.run || !state.frame || !view) return ioStatus(t("io.noRun"), true), null;
		return wholeViewSVG({topology: view.exportSVG(""), topoBox: $("canvas").getBoundingClientRect(), spacetime: $("spacetime"), legend: $("legend"), caption: exportCaption()});
	}
	$("export-svg").addEventListener("click", () => {
		const w = wholeView();
		if (w) download(w.svg, exportName("svg"), "image/svg+xml");
	});
	for (const [id, key] of [["export-png", "io.exportPng"], ["export-spacetime", "io.exportSpacetime"]]) {
		const b = el("button", {type: "button", id, class: "button", "data-testid": id, "data-i18n": key, text: t(key)});
		$("export-svg").after(b);
	}
	$("export-png").addEventListener("click", async () => {
		const w = wholeView();
		if (!w) return;
		try {
			download(await svgToPNG(w.svg, w.width, w.height), exportName("png"), "image/png");
		} catch (e) {
			ioStatus(String(e.message || e), true);
		}
	});
	$("export-spacetime").addEventListener("click", () => {
		if (!state.run || !state.frame) return ioStatus(t("io.noRun"), true);
		download(svgSnapshot($("spacetime"), exportCaption()), exportName("svg", "spacetime"), "image/svg+xml");
	});
	addToolExports($("export-png"), () => (state.run && state.frame ? {id: state.run.id, step: state.frame.step} : null), ioStatus);

	async function importFile(file) {
		ioStatus(t("io.importing", {name: file.name}), false);
		try {
			const id = await importTrace(file);
			ioStatus("", false);
			attach(id);
		} catch (e) {
			ioStatus(t("io.refused", {error: e.message}), true);
			onRefused();
		}
	}
	$("import").addEventListener("change", () => {
		const f = $("import").files[0];
		if (f) importFile(f);
		$("import").value = "";
	});
	if (!offline) onFileDrop($("dropzone"), importFile);

	function setRun(r, sc) {
		const name = [r.algorithm.id, sc ? sc.id : "", "seed" + r.seed];
		const ej = $("export-json");
		ej.href = traceURL(r.id);
		ej.download = fileName(name, "json");
		ej.setAttribute("aria-disabled", "false");
		$("export-html").href = offlineURL(r.id, i18n.lang(), 0); // (the step and language at the click)
		$("export-html").download = fileName(name, "html");
		$("export-html").setAttribute("aria-disabled", "false");
	}

	return {setRun, status: ioStatus};
}
