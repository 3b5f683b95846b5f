// The Experiment tab's result drawn: the plot controls, the line plot or
// histogram of the server's rows against the theory, its legend and the
// summary under it. Every function takes the tab's elements (E) and the
// result it shows; none keeps state of its own.

import {el, clear, formulaText} from "../app/dom.js";
import {t, tr, lang} from "../i18n/i18n.js";
import * as D from "./expdata.js";
import {label as vocabLabel} from "../i18n/vocab.js";
import {linePlot, histogramPlot, colorsOf, styleOf, legendSample, shortFormula} from "./plot.js";

/** fmt writes a number as the page's language does (1,400 · 1.400; 1.97 · 1,97). */
export function fmt(v) {
	return D.numberFormat(lang())(v);
}

/** plotted is what the measures come from: the finished runs, or all when none finished (the list is not empty then). */
function plotted(result) {
	return result.used.length ? result.used : result.rows;
}

/** measureLabel names a measure as the axis and the menu show it. */
export function measureLabel(result, key) {
	const m = D.measures(result ? plotted(result) : [], result && result.alg).find((x) => x.key === key) || {key, kind: "outcome", name: key.replace(/^outcome\./, "")};
	switch (m.kind) {
		case "sent":
			return t("exp.m.sent");
		case "type":
			return t("exp.m.type", {type: m.name});
		case "events":
			return t("exp.m.events");
		case "time":
			return t("exp.m.time");
	}
	// the algorithm's name for it as a measure, else for the outcome field, else the field as the CSV names it
	const alg = result && result.alg;
	return vocabLabel(alg, "measure." + m.name) || vocabLabel(alg, "outcome." + m.name) || "outcome." + m.name;
}

/** fillPlotControls sets the plot's menus (measure, kind, log, value of x) to the result's plot. */
export function fillPlotControls(E, result) {
	const p = result.plot;
	clear(E.y);
	for (const m of D.measures(plotted(result), result.alg)) E.y.append(el("option", {value: m.key, text: measureLabel(result, m.key)}));
	E.y.value = p.y;
	E.kind.querySelector('option[value="line"]').disabled = !result.x;
	E.kind.value = p.kind;
	E.log.checked = p.log;
	clear(E.at);
	const xs = [...new Set(plotted(result).map((r) => (r.params || {})[result.x]))].filter((v) => typeof v === "number").sort((a, b) => a - b);
	for (const x of xs) E.at.append(el("option", {value: String(x), text: String(x)}));
	if (xs.length > 1) E.at.append(el("option", {value: "all", text: t("exp.at.all")}));
	E.at.value = p.at;
	E.atLabel.textContent = t("exp.at", {name: result.x});
}

/**
 * renderResult draws the result into E.plot and E.legend and writes the
 * summary; it returns what the SVG download saves ({svg, legend, title,
 * colors, fontSize, data}), or null when there is nothing to plot.
 */
export function renderResult(E, result) {
	// measured with the old legend in place: a new one of about its size follows
	const width = Math.max(320, E.plot.clientWidth);
	const height = Math.max(240, E.plot.clientHeight);
	clear(E.plot);
	clear(E.legend);
	const p = result.plot;
	E.atWrap.hidden = p.kind !== "histogram" || !result.x;
	E.log.disabled = p.kind === "histogram";
	const colors = colorsOf(E.plot);
	const fontSize = window.innerWidth >= 1600 ? 20 : 16;
	const size = {colors, fontSize, width, height};
	const drawn = p.kind === "line" ? linePart(result, size) : histogramPart(result, size);
	if (!drawn) {
		E.plot.append(el("p", {class: "exp-nodata", text: t(result.used.length ? "exp.noData" : "exp.noneFinished")}));
		writeSummary(E, result);
		return null;
	}
	drawn.svg.setAttribute("data-testid", "exp-svg-plot");
	drawn.svg.setAttribute("role", "img");
	drawn.svg.setAttribute("aria-label", drawn.title);
	E.plot.append(drawn.svg);
	for (const item of drawn.legend) {
		E.legend.append(el("li", {"data-kind": item.kind, "data-name": item.name || null, "data-formula": item.formula || null}, legendSample(item, colors), el("span", {text: item.text})));
	}
	writeSummary(E, result);
	return {...drawn, colors, fontSize};
}

// linePart plots the measure's mean against x, one series per group, with the theory's curves
function linePart(result, {colors, fontSize, width, height}) {
	const p = result.plot;
	const a = result.alg;
	const yLabel = measureLabel(result, p.y);
	const series = D.seriesOf(result.used, result.x, p.y, result.groupBy);
	const theory = D.theoryOf(result.used, result.x, p.y, result.groupBy, result.alg);
	if (!series.length) return null;
	const svg = linePlot({
		series,
		theory,
		colors,
		fontSize,
		lang: lang(),
		width,
		height,
		xLabel: result.x,
		yLabel,
		logX: p.log,
		logY: p.log,
		labels: (c) => formulaText(shortFormula(c.formula)),
		tipText: (s, d) => t("exp.tip", {name: result.x, x: fmt(d.x), mean: fmt(d.mean), min: fmt(d.min), max: fmt(d.max), count: d.count}) + (s.group ? "\n" + s.group : ""),
	});
	const st = styleOf(series.length, theory.length, colors);
	const legend = [
		...series.map((s, i) => ({text: s.group ? t("exp.measuredGroup", {group: s.group}) : t("exp.measured"), color: st.measured[i].color, symbol: st.measured[i].symbol, kind: "measured", group: s.group})),
		...theory.map((c, j) => ({
			text: `${tr(a, c.name)}: ${formulaText(c.formula)} · ${tr(a, c.counts)}${c.group ? ` (${c.group})` : ""}`,
			color: st.theory[j].color,
			dash: st.theory[j].dash,
			kind: "theory",
			name: c.name,
			formula: c.formula,
		})),
	];
	return {svg, legend, title: t("exp.svgTitle", {alg: tr(a, a.name), y: yLabel, x: result.x}), data: {series, theory}};
}

// histogramPart counts the measure's values over the runs at one value of x (or all), with the theory's values and expected counts
function histogramPart(result, {colors, fontSize, width, height}) {
	const p = result.plot;
	const a = result.alg;
	const yLabel = measureLabel(result, p.y);
	const rows = p.at === "all" ? result.used : result.used.filter((r) => String((r.params || {})[result.x]) === p.at);
	const values = rows.flatMap((r) => D.valuesOf(r, p.y));
	const hist = D.histogram(values);
	if (!hist.count) return null;
	const theory = D.theoryValues(rows, p.y, result.alg).map((c) => ({label: D.formulaIsValue(shortFormula(c.formula), c.value) ? fmt(c.value) : formulaText(shortFormula(c.formula)), formula: c.formula, value: c.value, name: c.name, counts: c.counts, distribution: c.distribution}));
	const di = theory.findIndex((c) => c.distribution);
	const expected = di >= 0 ? {index: di, points: D.expectedCounts(theory[di].distribution, hist)} : null;
	const perRow = rows.every((r) => D.valuesOf(r, p.y).length <= 1);
	const svg = histogramPlot({
		hist,
		theory,
		expected,
		colors,
		fontSize,
		lang: lang(),
		width,
		height,
		xLabel: yLabel,
		yLabel: perRow ? t("exp.count.runs") : t("exp.count.values"),
		meanLabel: t("exp.mean", {v: fmt(hist.mean)}),
	});
	const st = styleOf(1, theory.length, colors);
	const legend = [
		{text: t("exp.mean", {v: fmt(hist.mean)}), color: st.measured[0].color, symbol: st.measured[0].symbol, kind: "measured"},
		...theory.map((c, j) => ({text: `${tr(a, c.name)}: ${D.formulaIsValue(c.formula, c.value) ? fmt(c.value) : `${formulaText(c.formula)} = ${fmt(c.value)}`} · ${tr(a, c.counts)}`, color: st.theory[j].color, dash: st.theory[j].dash, kind: "theory", name: c.name, formula: c.formula})),
		...(expected && expected.points.length ? [{text: t("exp.expected", {name: tr(a, theory[di].name)}), color: st.theory[di].color, dash: "6 4", kind: "expected", name: theory[di].name}] : []),
	];
	const title = t("exp.histTitle", {alg: tr(a, a.name), y: yLabel}) + (p.at === "all" ? "" : ` · ${result.x} = ${p.at}`);
	return {svg, legend, title, data: {hist, theory, expected}};
}

/** writeSummary says how many runs the plot shows, whether any broke an invariant, and what it leaves out. */
export function writeSummary(E, r) {
	const bad = r.rows.filter((row) => (row.violationCount ?? (row.violations || []).length) > 0).length;
	const s = r.req.seeds;
	const parts = [t(s.count === 1 ? "exp.summaryOne" : "exp.summary", {runs: fmt(r.runs), from: s.from, to: s.from + s.count - 1})];
	if (r.plot.kind === "line") parts.push(t("exp.howToRead"));
	parts.push(bad ? t("exp.violations", {k: fmt(bad)}) : t("exp.noViolations"));
	// what the plot leaves out, and why, each on a line of its own: runs that stopped at their event limit, runs the server never made
	const warnings = [];
	if (r.stopped) warnings.push(t("exp.stopped", {k: fmt(r.stopped), runs: fmt(r.rows.length), max: fmt(r.req.maxEvents ?? D.MAX_EVENTS)}));
	if (r.truncated) warnings.push(t("exp.truncated", {runs: fmt(r.runs), planned: fmt(r.planned)}));
	E.summary.textContent = parts.join(" · ");
	for (const w of warnings) E.summary.append(el("span", {class: "exp-warning", "data-testid": "exp-warning", style: "display:block;color:var(--bad);font-weight:700", text: w}));
	E.summary.classList.toggle("bad", bad > 0);
}

/** writeProgress shows the bar while an experiment runs, its end once the result is in, else the note (after a cancel). */
export function writeProgress(E, {running, note, result}) {
	const done = !running && !note && result;
	E.progress.hidden = !running && !note && !done;
	if (running) {
		E.bar.hidden = false;
		E.bar.max = Math.max(1, running.total);
		E.bar.value = running.done;
		E.progressText.textContent = t("exp.progress", {done: fmt(running.done), total: fmt(running.total)});
	} else if (done) {
		// the result is in: the bar at its end, also when the server stopped early
		E.bar.hidden = false;
		E.bar.max = 1;
		E.bar.value = 1;
		E.progressText.textContent = result.partial
			? t("exp.partial", {runs: fmt(result.runs), planned: fmt(result.planned)})
			: result.truncated
				? t("exp.doneTruncated", {runs: fmt(result.runs), planned: fmt(result.planned)})
				: t("exp.done", {runs: fmt(result.runs)});
		E.progress.dataset.partial = String(!!result.partial);
	} else {
		E.bar.hidden = true;
		E.progressText.textContent = note;
	}
}
