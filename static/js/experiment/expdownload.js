// The Experiment tab's downloads: the rows as the server's CSV (POST
// /api/experiments with the same request, so the file is the server's, not
// the page's), and the plot as a self-contained SVG.

import {t} from "../i18n/i18n.js";
import {svgFile} from "./plot.js";
import {download, fileName} from "../app/io.js";
import {writeSummary} from "./expplot.js";

function baseName(r) {
	return [r.alg.id, "vary", r.x, `seeds${r.req.seeds.from}-${r.req.seeds.from + r.req.seeds.count - 1}`];
}

/** downloadCSV asks the server for the result's rows as CSV; the summary line says while and whether it failed. */
export async function downloadCSV(E, r) {
	E.csv.disabled = true;
	E.summary.textContent = t("exp.csvBusy");
	try {
		const res = await fetch("/api/experiments", {method: "POST", headers: {"Content-Type": "application/json", Accept: "text/csv"}, body: JSON.stringify(r.req)});
		if (!res.ok) throw new Error(await refusal(res));
		download(await res.blob(), fileName(baseName(r), "csv"), "text/csv");
		writeSummary(E, r);
	} catch (e) {
		E.summary.textContent = t("exp.csvFailed", {error: e.message});
	} finally {
		E.csv.disabled = false;
	}
}

// refusal is the server's sentence for a refused request, else its status
async function refusal(res) {
	try {
		return (await res.json()).error || `${res.status} ${res.statusText}`;
	} catch {
		return `${res.status} ${res.statusText}`; // not JSON: the status says it
	}
}

/** downloadSVG saves the drawn plot with its title and legend. */
export function downloadSVG(drawn, r) {
	const file = svgFile(drawn.svg, {title: drawn.title, legend: drawn.legend, colors: drawn.colors, fontSize: drawn.fontSize});
	download(file, fileName([...baseName(r), r.plot.kind, r.plot.y], "svg"), "image/svg+xml");
}
