// The Experiment tab: run the algorithm chosen in the setup panel over many
// seeds and values of one parameter (or a registry preset), over the
// WebSocket session (docs/protocol.md: experiment, experimentProgress,
// experimentRows, experimentResult, experimentCancel), then plot the rows against the
// theory and offer them as CSV (the server's, POST /api/experiments) and
// the plot as SVG. Every number drawn comes from the server's rows.

import {el, clear} from "../app/dom.js";
import {t, tr} from "../i18n/i18n.js";
import * as D from "./expdata.js";
import {formatValue, queryOf} from "../app/params.js";
import {fmt, fillPlotControls, renderResult, writeProgress} from "./expplot.js";
import {downloadCSV, downloadSVG} from "./expdownload.js";
import {defaultValues, presetX, presetValues} from "./exprequest.js";
import {resultOf} from "./expresult.js";
import {wireTabs} from "./exptabs.js";

const DEFAULT_SEEDS = 20;

/**
 * createExperiment wires the tab. send writes a session message (false
 * when not connected); form is the setup form (its algorithm and texts are
 * the experiment's base).
 */
export function createExperiment({send, form}) {
	const $ = (id) => document.getElementById(id);
	// the tab's elements: E.presetDesc is #exp-preset-desc
	const E = Object.fromEntries(["form", "alg", "preset", "presetDesc", "vary", "values", "seeds", "from", "run", "cancel", "base", "error", "progress", "bar", "progressText", "result", "kind", "y", "atWrap", "atLabel", "at", "log", "csv", "svg", "plot", "legend", "summary", "empty"].map((k) => [k, $("exp-" + k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()))]));
	Object.assign(E, {stage: $("stage"), section: $("experiment"), tabs: [$("tab-run"), $("tab-experiment")]});

	let alg = null;
	let preset = null;
	let running = null; // {req, x, preset, done, total, id}
	// rows: all of them; used: those of runs that ended by themselves (what is plotted); stopped: runs at their event limit
	let result = null; // {alg, req, x, groupBy, rows, used, stopped, runs, planned, truncated, plot: {kind, y, log, at}}
	let drawn = null; // {svg, legend, title}: what the SVG download saves
	let note = ""; // a status line after a cancel

	const {setTab, isShown} = wireTabs({
		stage: E.stage,
		section: E.section,
		tabs: E.tabs,
		onExperiment: () => {
			sync();
			draw();
		},
	});
	// a new run or an imported trace is shown on the Run tab
	$("run-form").addEventListener("submit", () => setTab("run"));
	$("import").addEventListener("change", () => setTab("run"));

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
		writeProgress(E, {running, note, result});
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
		result = resultOf(r, rows, msg, partial);
		progress();
		buttons();
		fillPlotControls(E, result);
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

	let queued = false;
	function draw() {
		if (queued) return;
		queued = true;
		requestAnimationFrame(() => {
			queued = false;
			drawn = null;
			if (result && isShown()) drawn = renderResult(E, result);
			else {
				clear(E.plot);
				clear(E.legend);
				E.summary.textContent = "";
			}
		});
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
	E.csv.addEventListener("click", () => result && downloadCSV(E, result));
	E.svg.addEventListener("click", () => drawn && downloadSVG(drawn, result));
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
			fillPlotControls(E, result);
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
