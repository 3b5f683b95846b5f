// The set-up form: algorithm picker (grouped by family, rendered by the
// server), the algorithm's summary, its scenarios, a parameter form built
// from the registry's parameter descriptions, the seed and Run. Bounds are
// enforced as you type and explained beside each field; the server's
// refusals are shown next to the form (and next to the field they name).

import {el, clear} from "./dom.js";
import {t, tr} from "../i18n/i18n.js";
import {baseTexts, checkText, queryOf, seedOK, paramOfError, parseRange, formatValue} from "./params.js";
import {paramOfUse} from "../i18n/vocab.js";

export function createForm(els, registry, {onRun}) {
	const {form, algorithm, summary, scenario, scenarioDesc, fields, seed, reset, error} = els;
	let alg = null;
	let fieldEls = new Map(); // name → {wrap, inputs, err, spec}
	let editor = null; // the topology editor of an algorithm drawn as a tree or a graph
	let lastRun = null; // {alg, n, edges}: the tree the last run resolved (the editor starts from it)

	const byId = (id) => registry.find((a) => a.id === id) || null;
	const scenarioOf = () => (alg && scenario.value ? alg.scenarios.find((s) => s.id === scenario.value) || null : null);

	function select(id, {scenarioID = "", texts = null, seedValue = null} = {}) {
		const a = byId(id) || registry[0];
		if (!a) return;
		const rebuild = a !== alg;
		alg = a;
		algorithm.value = a.id;
		summary.textContent = tr(a, a.summary);
		if (rebuild) {
			clear(scenario);
			scenario.append(el("option", {value: "", "data-i18n": "form.scenario.none", text: t("form.scenario.none")}));
			for (const sc of a.scenarios || []) scenario.append(el("option", {value: sc.id, text: tr(a, sc.name)}));
			buildFields();
		}
		scenario.value = (a.scenarios || []).some((s) => s.id === scenarioID) ? scenarioID : "";
		const sc = scenarioOf();
		scenarioDesc.textContent = sc ? tr(a, sc.description) : "";
		const base = baseTexts(a, sc);
		setTexts({...base, ...(texts || {})});
		if (editor) editor.reset();
		seed.value = String(seedValue ?? (sc ? sc.seed : 1));
		clearErrors();
	}

	function buildFields() {
		clear(fields);
		fieldEls = new Map();
		for (const spec of alg.params) {
			const id = "p-" + spec.name;
			const inputs = [];
			let control;
			const common = {"data-param": spec.name, "data-testid": "param-" + spec.name};
			switch (spec.type) {
				case "int":
				case "float": {
					const inp = el("input", {
						...common,
						id,
						type: "number",
						step: spec.type === "int" ? "1" : "any",
						min: spec.min ?? undefined,
						max: spec.max ?? undefined,
						inputmode: spec.type === "int" ? "numeric" : "decimal",
					});
					inputs.push(inp);
					control = inp;
					break;
				}
				case "bool": {
					const inp = el("input", {...common, id, type: "checkbox"});
					inputs.push(inp);
					control = inp;
					break;
				}
				case "enum": {
					const s = el("select", {...common, id});
					for (const o of spec.options || []) s.append(el("option", {value: o, text: o}));
					inputs.push(s);
					control = s;
					break;
				}
				case "ints":
				case "lists": {
					const inp = el("input", {...common, id, type: "text", inputmode: spec.type === "ints" ? "numeric" : "text", autocomplete: "off", spellcheck: "false", placeholder: tr(alg, spec.defaultText || "")});
					inputs.push(inp);
					control = inp;
					break;
				}
				case "range": {
					const lo = el("input", {"data-param": spec.name, "data-testid": `param-${spec.name}-min`, id, type: "number", step: "1", min: spec.min ?? undefined, max: spec.max ?? undefined, "aria-label": `${spec.name} ${t("form.rangeFrom")}`});
					const hi = el("input", {"data-param": spec.name, "data-testid": `param-${spec.name}-max`, type: "number", step: "1", min: spec.min ?? undefined, max: spec.max ?? undefined, "aria-label": `${spec.name} ${t("form.rangeTo")}`});
					inputs.push(lo, hi);
					control = el("span", {class: "range-pair"}, lo, el("span", {class: "range-sep", text: "–"}), hi);
					break;
				}
				default: {
					const inp = el("input", {...common, id, type: "text"});
					inputs.push(inp);
					control = inp;
				}
			}
			const err = el("p", {class: "field-error", id: id + "-err", hidden: true, role: "alert"});
			for (const i of inputs) i.setAttribute("aria-describedby", id + "-err " + id + "-hint");
			// short bounds beside the name; the longer rules of lists and ranges below the input
			const short = spec.type === "int" || spec.type === "float";
			const hint = el("span", {class: short ? "bounds" : "bounds-line", id: id + "-hint", text: boundsText(spec)});
			const label = el("label", {for: id, class: "param-name"}, el("code", {text: spec.name}));
			const desc = el("p", {class: "desc", text: tr(alg, spec.description)});
			const wrap = el(
				"div",
				{class: "field field-" + spec.type, "data-field": spec.name},
				spec.type === "bool" ? el("div", {class: "field-head"}, control, label) : el("div", {class: "field-head"}, label, short ? hint : null),
				spec.type === "bool" ? null : control,
				short || !hint.textContent ? null : hint,
				desc,
				err,
			);
			fields.append(wrap);
			fieldEls.set(spec.name, {wrap, inputs, err, spec, hint, desc});
			for (const i of inputs) {
				i.addEventListener("input", () => checkField(spec.name));
				i.addEventListener("change", () => checkField(spec.name));
			}
		}
		editor = null;
		// the graph editor for the parameter that holds a graph's edges
		const graphEdges = paramOfUse(alg, "graphEdges");
		if (graphEdges && fieldEls.has(graphEdges.name)) {
			const fields = fieldEls;
			const a = alg;
			import("./graphedit.js").then(({createGraphEditor}) => {
				if (fieldEls !== fields) return; // the form has been built again since
				const nSpec = fields.has("n") ? fields.get("n").spec : {};
				editor = createGraphEditor(
					fields.get(graphEdges.name).wrap,
					{edges: fields.get(graphEdges.name).inputs[0], n: fields.has("n") ? fields.get("n").inputs[0] : null},
					{nMin: nSpec.min, nMax: nSpec.max, name: graphEdges.name},
					(n) => (lastRun && lastRun.alg === a.id && lastRun.n === n ? lastRun.edges : null),
				);
			});
		}
		// the tree editor for the parameter that holds a tree's cables, within
		// the port limit (loaded when an algorithm has such a parameter)
		const cables = paramOfUse(alg, "treeCables");
		if (cables && fieldEls.has(cables.name)) {
			const fields = fieldEls;
			const a = alg;
			import("./treeedit.js").then(({createTreeEditor}) => {
				if (fieldEls !== fields) return; // the form has been built again since
				const input = (k) => (k && fields.has(k) ? fields.get(k).inputs[0] : null);
				const limit = paramOfUse(a, "portLimit");
				const nSpec = fields.has("n") ? fields.get("n").spec : {};
				editor = createTreeEditor(
					fields.get(cables.name).wrap,
					{edges: input(cables.name), n: input("n"), ports: input(limit && limit.name)},
					{nMin: nSpec.min, nMax: nSpec.max, ports: (limit && limit.default) ?? 3, name: cables.name},
					(n) => (lastRun && lastRun.alg === a.id && lastRun.n === n ? lastRun.edges : null),
				);
			});
		}
	}

	function boundsText(spec) {
		const has = (x) => x !== undefined && x !== null;
		const b = has(spec.min) && has(spec.max) ? t("form.bounds", {min: spec.min, max: spec.max}) : has(spec.min) ? t("form.atLeast", {min: spec.min}) : has(spec.max) ? t("form.atMost", {max: spec.max}) : "";
		switch (spec.type) {
			case "ints": {
				let s = has(spec.min) && has(spec.max) ? t("form.listBounds", {min: spec.min, max: spec.max}) : t("form.list");
				if (spec.default === null && spec.defaultText) s += "; " + t("form.computed", {text: tr(alg, spec.defaultText)});
				return s;
			}
			case "lists":
				return t("form.lists");
			case "range":
				return t("form.rangeHint", {min: spec.min ?? 0, max: spec.max ?? "∞"});
			case "enum":
			case "bool":
				return "";
		}
		return b;
	}

	function textOf(f) {
		const s = f.spec;
		switch (s.type) {
			case "bool":
				return f.inputs[0].checked ? "true" : "false";
			case "range": {
				const a = f.inputs[0].value.trim();
				const b = f.inputs[1].value.trim();
				if (a === "" && b === "") return "";
				if (a === "" || b === "" || a === b) return a || b;
				return `${a}-${b}`;
			}
			default:
				return f.inputs[0].value;
		}
	}

	function setTexts(texts) {
		for (const [name, f] of fieldEls) {
			const v = texts[name] ?? "";
			switch (f.spec.type) {
				case "bool":
					f.inputs[0].checked = v === "true";
					break;
				case "range": {
					const r = parseRange(v);
					f.inputs[0].value = r ? String(r.min) : v;
					f.inputs[1].value = r ? String(r.max) : "";
					break;
				}
				case "enum":
					f.inputs[0].value = v || (f.spec.options || [])[0] || "";
					break;
				default:
					f.inputs[0].value = v;
			}
		}
	}

	function texts() {
		const out = {};
		for (const [name, f] of fieldEls) out[name] = textOf(f);
		return out;
	}

	// a browser number input holds "" for text it cannot parse: say so
	function badInput(f) {
		return f.inputs.some((i) => i.validity && i.validity.badInput);
	}

	function checkField(name) {
		const f = fieldEls.get(name);
		if (!f) return true;
		let e = badInput(f) ? {key: f.spec.type === "int" || f.spec.type === "range" ? "form.err.whole" : "form.err.number", vars: {name}} : checkText(f.spec, textOf(f));
		fieldError(name, e ? t(e.key, e.vars) : "");
		return !e;
	}

	function fieldError(name, msg) {
		const f = fieldEls.get(name);
		if (!f) return;
		f.err.textContent = msg;
		f.err.hidden = !msg;
		f.wrap.classList.toggle("invalid", !!msg);
		for (const i of f.inputs) {
			if (msg) i.setAttribute("aria-invalid", "true");
			else i.removeAttribute("aria-invalid");
		}
	}

	function clearErrors() {
		for (const name of fieldEls.keys()) fieldError(name, "");
		showError("");
		seed.removeAttribute("aria-invalid");
	}

	function showError(msg) {
		error.textContent = msg;
		error.hidden = !msg;
	}

	/** showServerError shows a refusal next to the form and beside the field it names. */
	function showServerError(msg) {
		showError(t("err.server", {error: msg}));
		const p = paramOfError(msg);
		if (p && fieldEls.has(p)) {
			fieldError(p, msg);
			// scroll the panel only: scrollIntoView would move the page too
			const wrap = fieldEls.get(p).wrap;
			const pane = wrap.closest(".setup");
			if (pane) pane.scrollTop += wrap.getBoundingClientRect().top - pane.getBoundingClientRect().top - pane.clientHeight / 3;
		}
	}

	algorithm.addEventListener("change", () => select(algorithm.value));
	// choosing a scenario runs it: the lecturer picked what to show
	scenario.addEventListener("change", () => {
		select(alg.id, {scenarioID: scenario.value});
		if (scenario.value) form.requestSubmit();
	});
	reset.addEventListener("click", () => select(alg.id, {scenarioID: scenario.value}));
	seed.addEventListener("input", () => {
		const ok = seedOK(seed.value) && !seed.validity.badInput;
		if (ok) seed.removeAttribute("aria-invalid");
		else seed.setAttribute("aria-invalid", "true");
	});
	form.addEventListener("submit", (ev) => {
		ev.preventDefault();
		let ok = true;
		let firstBad = null;
		for (const name of fieldEls.keys()) {
			if (!checkField(name)) {
				ok = false;
				firstBad = firstBad || fieldEls.get(name).inputs[0];
			}
		}
		if (!seedOK(seed.value) || seed.validity.badInput) {
			ok = false;
			seed.setAttribute("aria-invalid", "true");
			showError(t("form.err.seed"));
			firstBad = firstBad || seed;
		}
		if (!ok) {
			if (error.hidden) showError(t("form.err.fix"));
			firstBad && firstBad.focus();
			return;
		}
		showError("");
		const sc = scenarioOf();
		const baseSeed = sc ? sc.seed : 1;
		const s = seed.value.trim();
		onRun({
			algorithm: alg.id,
			scenario: sc ? sc.id : "",
			query: queryOf(alg, sc, texts()),
			seed: s === "" || Number(s) === baseSeed ? null : Number(s),
		});
	});

	/**
	 * relabel re-translates what the form wrote itself (bounds, family names)
	 * and the registry's texts (names, summary, scenarios, parameter help);
	 * the fields stay as they are, with what was typed in them.
	 */
	function relabel() {
		for (const f of fieldEls.values()) {
			f.hint.textContent = boundsText(f.spec);
			f.desc.textContent = tr(alg, f.spec.description);
			if (f.spec.type === "ints") f.inputs[0].placeholder = tr(alg, f.spec.defaultText || "");
		}
		for (const o of algorithm.options) {
			const a = byId(o.value);
			if (a) o.textContent = tr(a, a.name);
		}
		if (alg) {
			summary.textContent = tr(alg, alg.summary);
			for (const o of scenario.options) {
				const sc = (alg.scenarios || []).find((s) => s.id === o.value);
				if (sc) o.textContent = tr(alg, sc.name);
			}
			const sc = scenarioOf();
			scenarioDesc.textContent = sc ? tr(alg, sc.description) : "";
		}
		for (const og of algorithm.querySelectorAll("optgroup[data-family]")) {
			const k = "family." + og.dataset.family;
			const v = t(k);
			if (v !== k) og.label = v;
		}
		for (const name of fieldEls.keys()) if (fieldEls.get(name).wrap.classList.contains("invalid")) checkField(name);
		if (editor) editor.relabel();
	}

	/** fromRun shows a run's parameters: what its request gave, over the base. */
	function fromRun(r) {
		const q = r.query || {};
		const a = byId(r.algorithm.id);
		if (!a) return;
		const rp = r.params || {};
		// the run's resolved tree, for the tree editor
		const cables = paramOfUse(a, "treeCables") || paramOfUse(a, "graphEdges");
		const edges = cables ? rp[cables.name] : null;
		lastRun = Array.isArray(edges) ? {alg: a.id, n: rp.n, edges} : null;
		let texts = q;
		if (!r.query) {
			texts = {};
			for (const s of a.params) texts[s.name] = formatValue(s, (r.params || {})[s.name]);
		}
		select(a.id, {scenarioID: q.scenario || "", texts, seedValue: r.seed});
	}

	return {select, fromRun, showError, showServerError, clearErrors, relabel, texts, get algorithm() {
		return alg;
	}};
}
