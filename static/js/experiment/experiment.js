// The Experiment tab: run the algorithm chosen in the setup panel over many
// seeds and values of one parameter (or a registry preset), over the
// WebSocket session (docs/protocol.md: experiment, experimentProgress,
// experimentRows, experimentResult, experimentCancel), then plot the rows against the
// theory and offer them as CSV (the server's, POST /api/experiments) and
// the plot as SVG. Every number drawn comes from the server's rows.

import {el, clear, formulaText} from "../app/dom.js";
import {t, tr, lang} from "../i18n/i18n.js";
import * as D from "./expdata.js";
import {label as vocabLabel} from "../i18n/vocab.js";
import {linePlot, histogramPlot, svgFile, colorsOf, styleOf, legendSample, shortFormula} from "./plot.js";
import {download, fileName} from "../app/io.js";
import {formatValue, queryOf} from "../app/params.js";

const DEFAULT_SEEDS = 20;

/** fmt writes a number as the page's language does (1,400 · 1.400; 1.97 · 1,97). */
function fmt(v) {
	return D.numberFormat(lang())(v);
}

/**
 * createExperiment wires the tab. send writes a session message (false
 * when not connected); form is the setup form (its algorithm and texts are
 * the experiment's base).
 */
export function createExperiment({send, form}) {
	const $ = (id) => document.getElementById(id);
	const E = {
		stage: $("stage"),
		section: $("experiment"),
		tabs: [$("tab-run"), $("tab-experiment")],
		form: $("exp-form"),
		alg: $("exp-alg"),
		preset: $("exp-preset"),
		presetDesc: $("exp-preset-desc"),
		vary: $("exp-vary"),
		values: $("exp-values"),
		seeds: $("exp-seeds"),
		from: $("exp-from"),
		run: $("exp-run"),
		cancel: $("exp-cancel"),
		base: $("exp-base"),
		error: $("exp-error"),
		progress: $("exp-progress"),
		bar: $("exp-bar"),
		progressText: $("exp-progress-text"),
		result: $("exp-result"),
		kind: $("exp-kind"),
		y: $("exp-y"),
		atWrap: $("exp-at-wrap"),
		atLabel: $("exp-at-label"),
		at: $("exp-at"),
		log: $("exp-log"),
		csv: $("exp-csv"),
		svg: $("exp-svg"),
		plot: $("exp-plot"),
		legend: $("exp-legend"),
		summary: $("exp-summary"),
		empty: $("exp-empty"),
	};

	let alg = null;
	let preset = null;
	let running = null; // {req, x, preset, done, total, id}
	// rows: all of them; used: those of runs that ended by themselves (what is plotted); stopped: runs at their event limit
	let result = null; // {alg, req, x, groupBy, rows, used, stopped, runs, planned, truncated, plot: {kind, y, log, at}}
	let drawn = null; // {svg, legend, title}: what the SVG download saves
	let note = ""; // a status line after a cancel

	// ---- tabs ----

	function setTab(name) {
		const exp = name === "experiment";
		E.stage.dataset.tab = exp ? "experiment" : "run";
		E.section.hidden = !exp;
		for (const b of E.tabs) {
			const on = b.dataset.tab === name;
			b.setAttribute("aria-selected", String(on));
			b.tabIndex = on ? 0 : -1;
		}
		if (exp) {
			sync();
			draw();
		}
	}
	for (const b of E.tabs) {
		b.addEventListener("click", () => setTab(b.dataset.tab));
		b.addEventListener("keydown", (ev) => {
			if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return;
			const other = E.tabs.find((x) => x !== b);
			setTab(other.dataset.tab);
			other.focus();
			ev.preventDefault();
		});
	}
	// a new run or an imported trace is shown on the Run tab
	$("run-form").addEventListener("submit", () => setTab("run"));
	$("import").addEventListener("change", () => setTab("run"));
	const isShown = () => !E.section.hidden;
	// the run's keys (space, arrows, Home, End, + and −) do not drive the hidden run from here
	const RUN_KEYS = [" ", "Spacebar", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End", "+", "=", "-", "_"];
	window.addEventListener(
		"keydown",
		(ev) => {
			const tg = ev.target;
			if (!isShown() || !RUN_KEYS.includes(ev.key) || (tg && tg.closest && tg.closest("input, select, textarea, [role=tab]"))) return;
			ev.stopPropagation();
		},
		true,
	);

	// ---- the set-up ----

	function intParams() {
		return alg ? alg.params.filter((p) => p.type === "int") : [];
	}

	/** sync follows the setup panel's algorithm and parameters. */
	function sync() {
		const a = form.algorithm;
		if (a && a !== alg) {
			alg = a;
			preset = null;
			result = null;
			note = "";
			fillPresets();
			fillVary();
			showError("");
			progress();
		}
		E.alg.textContent = alg ? tr(alg, alg.name) : "";
		baseLine();
		buttons();
	}

	function fillPresets() {
		clear(E.preset);
		E.preset.append(el("option", {value: "", text: t("exp.preset.none")}));
		for (const p of (alg && alg.experiments) || []) E.preset.append(el("option", {value: p.id, text: tr(alg, p.name)}));
		E.preset.value = preset ? preset.id : "";
		E.preset.disabled = E.preset.options.length < 2;
		E.presetDesc.textContent = preset ? tr(alg, preset.description || "") : "";
		E.presetDesc.hidden = !preset;
	}

	function fillVary(name) {
		clear(E.vary);
		const ints = intParams();
		for (const p of ints) E.vary.append(el("option", {value: p.name, text: p.name}));
		const pick = ints.find((p) => p.name === name) || ints.find((p) => p.name === "n") || ints[0];
		if (pick) {
			E.vary.value = pick.name;
			if (name === undefined) E.values.value = defaultValues(pick).join(",");
		}
	}

	function defaultValues(spec) {
		const lo = spec.min ?? 0;
		const hi = spec.max ?? Infinity;
		const want = spec.name === "n" ? [4, 8, 16, 32, 64] : [spec.default, 2 * spec.default, 4 * spec.default].map((x) => Math.max(lo, x || lo));
		const out = [...new Set(want.filter((x) => x >= lo && x <= hi))];
		return out.length ? out : [lo];
	}

	/**
	 * choosePreset shows a preset: it runs as the registry defines it (its
	 * parameters, what it varies, its cases); only the seeds can be changed.
	 */
	function choosePreset(id) {
		const was = preset;
		preset = ((alg && alg.experiments) || []).find((p) => p.id === id) || null;
		E.presetDesc.textContent = preset ? tr(alg, preset.description || "") : "";
		E.presetDesc.hidden = !preset;
		if (preset) {
			const x = presetX(preset);
			fillVary(x || "");
			if (!x) E.vary.prepend(el("option", {value: "", text: "—"}));
			E.vary.value = x;
			E.values.value = presetValues(preset, x).join(",");
			E.seeds.value = String((preset.seeds && preset.seeds.count) || DEFAULT_SEEDS);
			E.from.value = String((preset.seeds && preset.seeds.from) ?? 1);
		} else if (was) {
			fillVary();
			E.seeds.value = String(DEFAULT_SEEDS);
			E.from.value = "1";
		}
		buttons();
		baseLine();
	}

	/** presetX is the parameter a preset plots along x ("" for none: a histogram of all runs). */
	function presetX(p) {
		return (p.plot && p.plot.x) || "";
	}

	/** presetValues are the values of x a preset runs: from vary, else from its cases. */
	function presetValues(p, x) {
		if (!x) return [];
		if (p.vary && p.vary[x]) return p.vary[x];
		return [...new Set((p.cases || []).map((c) => c[x]).filter((v) => v !== undefined))];
	}

	/** baseLine says which parameters the runs take besides the varied one. */
	function baseLine() {
		if (!alg) return;
		const x = E.vary.value;
		const pairs = (obj) =>
			Object.entries(obj)
				.filter(([k]) => k !== x)
				.map(([k, v]) => `${k} = ${typeof v === "string" ? v : formatValue(alg.params.find((p) => p.name === k) || {}, v)}`)
				.join(", ");
		let s;
		if (preset) {
			s = t("exp.basePreset", {list: pairs(preset.params || {}) || "—"});
			const o = Object.entries(preset.vary || {}).filter(([k]) => k !== x);
			if (o.length) s += " · " + t("exp.alsoVaried", {list: o.map(([k, vs]) => `${k} ∈ {${vs.join(", ")}}`).join("; ")});
			if ((preset.cases || []).length) s += " · " + t("exp.cases", {list: preset.cases.map((c) => pairs(c) || "—").join("; ")});
		} else {
			const q = pairs(queryOf(alg, null, form.texts()));
			s = q ? t("exp.base", {list: q}) : t("exp.baseDefaults");
		}
		const plan = planned();
		if (plan) s += " · " + t(plan.key, plan.vars);
		E.base.textContent = s;
	}

	function planned() {
		const r = request();
		if (r.error) return null;
		const combos = D.runsOf({...r.req, seeds: {count: 1}});
		const single = Object.keys(r.req.vary).length === 1 && !(r.req.cases || []).length;
		const key = combos === 1 ? "exp.planRuns" : single ? "exp.plan" : "exp.planCombos";
		return {key, vars: {values: combos, seeds: r.req.seeds.count, runs: fmt(D.runsOf(r.req))}};
	}

	/** request builds the experiment from the fields, or returns {error}. */
	function request() {
		const count = Number(E.seeds.value);
		const from = Number(E.from.value || 0);
		const seedsBad = !Number.isInteger(count) || count < 1 || count > 10000 || !Number.isSafeInteger(from) || from < 0;
		if (preset) {
			if (seedsBad) return {error: t("exp.err.seeds"), field: E.seeds};
			const req = {algorithm: alg.id, params: {...(preset.params || {})}, seeds: {from, count}, vary: {...(preset.vary || {})}, maxEvents: D.MAX_EVENTS};
			if ((preset.cases || []).length) req.cases = preset.cases;
			return {req, x: presetX(preset), preset};
		}
		const spec = intParams().find((p) => p.name === E.vary.value);
		if (!spec) return {error: t("exp.err.noInt")};
		const v = D.parseValues(spec, E.values.value);
		if (v.error) return {error: t(v.error.key, v.error.vars), field: E.values};
		if (seedsBad) return {error: t("exp.err.seeds"), field: E.seeds};
		return {req: D.requestOf(alg, form.texts(), {vary: {[spec.name]: v.values}, from, count}), x: spec.name};
	}

	function start(ev) {
		ev.preventDefault();
		sync();
		if (running) return;
		const r = request();
		for (const f of [E.values, E.seeds]) f.removeAttribute("aria-invalid");
		if (r.error) {
			showError(r.error);
			if (r.field) {
				r.field.setAttribute("aria-invalid", "true");
				r.field.focus();
			}
			return;
		}
		showError("");
		note = "";
		if (!send({type: "experiment", experiment: r.req})) {
			showError(t("exp.err.offline"));
			return;
		}
		running = {alg, req: r.req, x: r.x, preset: r.preset || null, done: 0, total: D.runsOf(r.req), id: null, rows: []};
		progress();
		buttons();
	}

	function cancel() {
		if (running) send({type: "experimentCancel"});
	}

	function showError(msg) {
		E.error.textContent = msg;
		E.error.hidden = !msg;
	}

	function buttons() {
		E.run.disabled = !!running || (!preset && !intParams().length);
		E.cancel.hidden = !running;
		E.seeds.disabled = E.from.disabled = E.preset.disabled = !!running;
		E.vary.disabled = E.values.disabled = !!running || !!preset;
		if (!running && E.preset.options.length < 2) E.preset.disabled = true;
		E.result.hidden = !result;
		E.empty.hidden = !!result || !!running;
	}

	function progress() {
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

	// ---- the session's answers ----

	/** receive handles an experiment message of the session; false for others. */
	function receive(msg) {
		switch (msg.type) {
			case "experimentProgress":
				if (!running) return true;
				running.id = msg.id;
				running.done = msg.done;
				if (msg.total) running.total = msg.total;
				progress();
				return true;
			case "experimentRows":
				// the rows come in order, a chunk at a time, before the result
				if (running) for (const row of msg.rows || []) running.rows.push(row);
				return true;
			case "experimentResult": {
				if (!running) return true;
				const r = running;
				running = null;
				settle(r, msg.rows || r.rows, msg, false);
				return true;
			}
			case "experimentCancelled":
				if (running && running.rows.length) {
					// the runs done so far are kept and plotted, marked partial
					const r = running;
					running = null;
					note = "";
					settle(r, r.rows, {runs: r.rows.length, planned: r.total, truncated: true}, true);
					return true;
				}
				if (running) note = t("exp.cancelled", {done: fmt(msg.done ?? running.done)});
				running = null;
				progress();
				buttons();
				return true;
		}
		return false;
	}

	// settle makes the experiment r's result of its rows and draws it; a
	// partial one (cancelled) says so
	function settle(r, rows, msg, partial) {
		const used = D.finished(rows);
		const pp = (r.preset && r.preset.plot) || {};
		const groupBy = pp.series && pp.series !== r.x ? [pp.series] : [];
		const xs = [...new Set(used.map((row) => (row.params || {})[r.x]))].filter((v) => typeof v === "number");
		result = {
			alg: r.alg,
			req: r.req,
			x: r.x,
			groupBy,
			rows,
			used,
			stopped: D.stoppedCount(rows),
			runs: msg.runs ?? rows.length,
			planned: msg.planned ?? msg.runs ?? rows.length,
			truncated: !!msg.truncated,
			partial,
			plot: {
				kind: pp.kind === "histogram" || !r.x ? "histogram" : "line",
				y: D.defaultMeasure(used.length ? used : rows, pp.y, r.alg),
				log: pp.log !== undefined ? !!pp.log : D.logSuits(xs),
				at: xs.length ? String(Math.max(...xs)) : "all",
			},
		};
		progress();
		buttons();
		fillPlotControls();
		draw();
	}

	/** onError shows the server's refusal of an experiment next to its form. */
	function onError(text) {
		running = null;
		note = "";
		progress();
		buttons();
		showError(t("err.server", {error: text}));
		const m = /^parameter (\w+):/.exec(String(text));
		if (m && m[1] === E.vary.value) E.values.setAttribute("aria-invalid", "true");
	}

	/** connection follows the session: a lost connection ends a running experiment. */
	function connection(state) {
		if (state !== "open" && running) {
			running = null;
			progress();
			buttons();
			showError(t("exp.err.lost"));
		}
	}

	// ---- the plot ----

	/** plotted is what the measures come from: the finished runs, or all when none finished (the list is not empty then). */
	function plotted() {
		return result.used.length ? result.used : result.rows;
	}

	function measureLabel(key) {
		const m = D.measures(result ? plotted() : [], result && result.alg).find((x) => x.key === key) || {key, kind: "outcome", name: key.replace(/^outcome\./, "")};
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

	function fillPlotControls() {
		if (!result) return;
		const p = result.plot;
		clear(E.y);
		for (const m of D.measures(plotted(), result.alg)) E.y.append(el("option", {value: m.key, text: measureLabel(m.key)}));
		E.y.value = p.y;
		E.kind.querySelector('option[value="line"]').disabled = !result.x;
		E.kind.value = p.kind;
		E.log.checked = p.log;
		clear(E.at);
		const xs = [...new Set(plotted().map((r) => (r.params || {})[result.x]))].filter((v) => typeof v === "number").sort((a, b) => a - b);
		for (const x of xs) E.at.append(el("option", {value: String(x), text: String(x)}));
		if (xs.length > 1) E.at.append(el("option", {value: "all", text: t("exp.at.all")}));
		E.at.value = p.at;
		E.atLabel.textContent = t("exp.at", {name: result.x});
	}

	let queued = false;
	function draw() {
		if (queued) return;
		queued = true;
		requestAnimationFrame(() => {
			queued = false;
			render();
		});
	}

	function render() {
		// measured with the old legend in place: a new one of about its size follows
		const width = Math.max(320, E.plot.clientWidth);
		const height = Math.max(240, E.plot.clientHeight);
		clear(E.plot);
		clear(E.legend);
		drawn = null;
		if (!result || !isShown()) {
			E.summary.textContent = "";
			return;
		}
		const p = result.plot;
		const a = result.alg;
		E.atWrap.hidden = p.kind !== "histogram" || !result.x;
		E.log.disabled = p.kind === "histogram";
		const colors = colorsOf(E.plot);
		const fontSize = window.innerWidth >= 1600 ? 20 : 16;
		const yLabel = measureLabel(p.y);
		let svgEl;
		let legend;
		let title;
		let data;
		if (p.kind === "line") {
			const series = D.seriesOf(result.used, result.x, p.y, result.groupBy);
			const theory = D.theoryOf(result.used, result.x, p.y, result.groupBy, result.alg);
			if (!series.length) return noData();
			svgEl = linePlot({
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
			data = {series, theory};
			const st = styleOf(series.length, theory.length, colors);
			legend = [
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
			title = t("exp.svgTitle", {alg: tr(a, a.name), y: yLabel, x: result.x});
		} else {
			const rows = p.at === "all" ? result.used : result.used.filter((r) => String((r.params || {})[result.x]) === p.at);
			const values = rows.flatMap((r) => D.valuesOf(r, p.y));
			const hist = D.histogram(values);
			if (!hist.count) return noData();
			const theory = D.theoryValues(rows, p.y, result.alg).map((c) => ({label: D.formulaIsValue(shortFormula(c.formula), c.value) ? fmt(c.value) : formulaText(shortFormula(c.formula)), formula: c.formula, value: c.value, name: c.name, counts: c.counts, distribution: c.distribution}));
			const di = theory.findIndex((c) => c.distribution);
			const expected = di >= 0 ? {index: di, points: D.expectedCounts(theory[di].distribution, hist)} : null;
			const perRow = rows.every((r) => D.valuesOf(r, p.y).length <= 1);
			svgEl = histogramPlot({
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
			data = {hist, theory, expected};
			const st = styleOf(1, theory.length, colors);
			legend = [
				{text: t("exp.mean", {v: fmt(hist.mean)}), color: st.measured[0].color, symbol: st.measured[0].symbol, kind: "measured"},
				...theory.map((c, j) => ({text: `${tr(a, c.name)}: ${D.formulaIsValue(c.formula, c.value) ? fmt(c.value) : `${formulaText(c.formula)} = ${fmt(c.value)}`} · ${tr(a, c.counts)}`, color: st.theory[j].color, dash: st.theory[j].dash, kind: "theory", name: c.name, formula: c.formula})),
				...(expected && expected.points.length ? [{text: t("exp.expected", {name: tr(a, theory[di].name)}), color: st.theory[di].color, dash: "6 4", kind: "expected", name: theory[di].name}] : []),
			];
			title = t("exp.histTitle", {alg: tr(a, a.name), y: yLabel}) + (p.at === "all" ? "" : ` · ${result.x} = ${p.at}`);
		}
		svgEl.setAttribute("data-testid", "exp-svg-plot");
		svgEl.setAttribute("role", "img");
		svgEl.setAttribute("aria-label", title);
		E.plot.append(svgEl);
		for (const item of legend) {
			E.legend.append(el("li", {"data-kind": item.kind, "data-name": item.name || null, "data-formula": item.formula || null}, legendSample(item, colors), el("span", {text: item.text})));
		}
		drawn = {svg: svgEl, legend, title, colors, fontSize, data};
		summary();
	}

	function noData() {
		E.plot.append(el("p", {class: "exp-nodata", text: t(result.used.length ? "exp.noData" : "exp.noneFinished")}));
		summary();
	}

	function summary() {
		const r = result;
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

	// ---- downloads ----

	function baseName() {
		const r = result;
		return [r.alg.id, "vary", r.x, `seeds${r.req.seeds.from}-${r.req.seeds.from + r.req.seeds.count - 1}`];
	}

	async function downloadCSV() {
		if (!result) return;
		const r = result;
		E.csv.disabled = true;
		E.summary.textContent = t("exp.csvBusy");
		try {
			const res = await fetch("/api/experiments", {method: "POST", headers: {"Content-Type": "application/json", Accept: "text/csv"}, body: JSON.stringify(r.req)});
			if (!res.ok) {
				let msg = `${res.status} ${res.statusText}`;
				try {
					msg = (await res.json()).error || msg;
				} catch {
					/* not JSON: the status says it */
				}
				throw new Error(msg);
			}
			download(await res.blob(), fileName(baseName(), "csv"), "text/csv");
			summary();
		} catch (e) {
			E.summary.textContent = t("exp.csvFailed", {error: e.message});
		} finally {
			E.csv.disabled = false;
		}
	}

	function downloadSVG() {
		if (!drawn) return;
		const file = svgFile(drawn.svg, {title: drawn.title, legend: drawn.legend, colors: drawn.colors, fontSize: drawn.fontSize});
		download(file, fileName([...baseName(), result.plot.kind, result.plot.y], "svg"), "image/svg+xml");
	}

	// ---- events ----

	E.form.addEventListener("submit", start);
	E.cancel.addEventListener("click", cancel);
	E.preset.addEventListener("change", () => choosePreset(E.preset.value));
	E.vary.addEventListener("change", () => {
		const spec = intParams().find((p) => p.name === E.vary.value);
		if (spec && !preset) E.values.value = defaultValues(spec).join(",");
		baseLine();
	});
	for (const f of [E.values, E.seeds, E.from]) f.addEventListener("input", baseLine);
	// the setup panel's algorithm and parameters are the base
	$("run-form").addEventListener("input", () => isShown() && sync());
	$("run-form").addEventListener("change", () => isShown() && sync());
	E.kind.addEventListener("change", () => {
		if (!result) return;
		result.plot.kind = E.kind.value;
		draw();
	});
	E.y.addEventListener("change", () => {
		if (!result) return;
		result.plot.y = E.y.value;
		draw();
	});
	E.at.addEventListener("change", () => {
		if (!result) return;
		result.plot.at = E.at.value;
		draw();
	});
	E.log.addEventListener("change", () => {
		if (!result) return;
		result.plot.log = E.log.checked;
		draw();
	});
	E.csv.addEventListener("click", downloadCSV);
	E.svg.addEventListener("click", downloadSVG);
	new ResizeObserver(() => isShown() && draw()).observe(E.plot);
	// colours follow the theme
	new MutationObserver(draw).observe(document.documentElement, {attributes: true, attributeFilter: ["data-theme", "class"]});
	matchMedia("(prefers-color-scheme: dark)").addEventListener("change", draw);

	/** relabel re-translates what this tab wrote itself. */
	function relabel() {
		if (!alg) return;
		E.alg.textContent = tr(alg, alg.name);
		fillPresets();
		baseLine();
		progress();
		if (result) {
			const p = result.plot;
			fillPlotControls();
			result.plot = p;
			draw();
		}
	}

	return {
		receive,
		onError,
		connection,
		relabel,
		setTab,
		/** for the end-to-end tests: what the plot shows (the data handed to the plotting library) */
		get state() {
			return {
				running: running && {done: running.done, total: running.total, id: running.id},
				result: result && {x: result.x, groupBy: result.groupBy, runs: result.runs, planned: result.planned, rows: result.rows.length, used: result.used.length, stopped: result.stopped, truncated: result.truncated, plot: {...result.plot}},
				legend: drawn ? drawn.legend.map(({text, kind, name, formula}) => ({text, kind, name, formula})) : [],
				data: drawn ? drawn.data : null,
			};
		},
	};
}
