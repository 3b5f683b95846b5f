// The side panel: the selected (or hovered) process's variables, the run's
// outcome, message counters beside the theory's bounds, and the invariant
// status that is always visible (a pill in the top bar, and a banner that
// explains a violation in words). Each part is redrawn only when its data
// changed.

import {el, clear, fmt, text, formulaText} from "../app/dom.js";
import {t, tr} from "../i18n/i18n.js";
import {roleSwatch} from "../views/kit/legend.js";
import {formatValue, tableColumns} from "./values.js";
import {label, roleName, outcomeName, varDecl, outcomeDecl, fieldOfUse, typeClass} from "../i18n/vocab.js";

export function createPanel(parts, {onSeek}) {
	const {details, outcome, counters, theory, pill, banner} = parts;
	let run = null;
	const keys = {};

	function changed(name, key) {
		if (keys[name] === key) return false;
		keys[name] = key;
		return true;
	}

	function setRun(r) {
		run = r;
		for (const k of Object.keys(keys)) delete keys[k];
	}

	function update(frame, {focus, pinned}) {
		if (!run) return;
		renderInvariants(frame);
		renderDetails(frame, focus, pinned);
		renderOutcome(frame);
		renderCounters(frame);
		renderTheory(frame);
	}

	function renderInvariants(frame) {
		const v = frame.violations || [];
		if (!changed("inv", t("inv.ok") + JSON.stringify(v))) return;
		const icon = pill.querySelector(".inv-icon");
		const txt = pill.querySelector(".inv-text");
		pill.className = "inv " + (v.length ? "inv-bad" : "inv-ok");
		pill.dataset.state = v.length ? "violated" : "ok";
		icon.textContent = v.length ? "✗" : "✓";
		txt.textContent = v.length === 0 ? t("inv.ok") : v.length === 1 ? `${t("inv.bad")}: ${invName(v[0].invariant)}` : t("inv.many", {k: v.length});
		txt.removeAttribute("data-i18n");
		// what the broken invariant promises, in words
		pill.title = v.length === 1 ? invariantDoc(v[0].invariant) : "";
		clear(banner);
		banner.hidden = v.length === 0;
		// every violation in words, the latest first (as many as the pill counts)
		for (const x of v.slice().reverse()) {
			banner.append(
				el(
					"button",
					{type: "button", class: "violation-item", "data-seq": x.seq, onclick: () => onSeek(x.seq)},
					el("strong", {text: `✗ ${t("inv.bad")}: ${invName(x.invariant)}`, title: invariantDoc(x.invariant)}),
					" ",
					el("span", {text: x.text}),
					" ",
					el("span", {class: "violation-at", text: `(${t("inv.at", {seq: x.seq, time: x.time})})`}),
				),
			);
		}
	}

	// invName is an invariant's name in the page's language: the
	// algorithm's word for it (as an invariant, or as the outcome of the
	// same name: deadlock → Verklemmung), else its registry text; ME1 stays ME1.
	function invName(name) {
		const a = run.algorithm;
		return label(a, "invariant." + name) || label(a, "outcome." + name) || tr(a, name);
	}

	// invariantDoc is the registry's description of a named invariant, translated.
	function invariantDoc(name) {
		const d = (run.algorithm.invariants || []).find((x) => x.name === name);
		return d ? tr(run.algorithm, d.description) : "";
	}

	function renderDetails(frame, focus, pinned) {
		const p = focus;
		const nd = p !== null && p !== undefined ? frame.nodes[p] : null;
		const timers = nd ? frame.timers.filter((x) => x.node === p) : [];
		const bp = nd && frame.messages.byProcess ? frame.messages.byProcess[p] : null;
		if (!changed("details", JSON.stringify([nd, timers, bp, pinned, t("panel.pick")]))) return;
		clear(details);
		details.classList.toggle("pinned", !!pinned && !!nd);
		if (!nd) {
			details.append(el("p", {class: "hint", text: t("panel.pick")}));
			return;
		}
		const role = nd.role;
		const sw = el("span", {class: "legend-swatch-wrap"});
		sw.innerHTML = roleSwatch(run.algorithm, role);
		details.append(
			el(
				"h3",
				{class: "details-title"},
				el("span", {text: `${nd.label}`}),
				el("span", {class: "details-id", text: ` ${t("panel.id")} ${nd.id}`}),
				sw,
				el("span", {class: "details-role", "data-testid": "process-role", text: roleName(run.algorithm, role)}),
			),
		);
		const dl = el("dl", {class: "vars", "data-testid": "process-vars"});
		for (const v of nd.vars || []) {
			dl.append(el("dt", {text: label(run.algorithm, "var." + v.name) ?? v.name}), el("dd", {text: show(varDecl(run.algorithm, v.name), v.value)}));
		}
		details.append(dl);
		if (timers.length) {
			details.append(el("p", {class: "timers", text: `${t("panel.timers")}: ` + timers.map((x) => t("panel.timerAt", {name: x.name, at: x.at})).join(", ")}));
		}
		if (bp) details.append(el("p", {class: "hint", text: t("panel.msgs", {s: bp.sent, d: bp.delivered, x: bp.dropped})}));
	}

	// The outcome's lines are built when its fields (or the language)
	// change; a frame then rewrites only the values that changed. Tables
	// (lists of records) are rebuilt when their rows change.
	let outcomeCells = null; // field → the <strong> of its value
	function renderOutcome(frame) {
		const o = frame.outcome;
		if (!o || typeof o !== "object") {
			if (changed("outcome", "none")) clear(outcome), (outcomeCells = null);
			return;
		}
		const lines = [];
		const tables = [];
		for (const [k, v] of Object.entries(o)) {
			// a field the view draws better than a line of text is left out
			const decl = outcomeDecl(run.algorithm, k);
			if (decl.hidden) continue;
			if (decl.kind === "records" ? Array.isArray(v) && v.length > 0 : isRows(v)) tables.push([k, decl, v]);
			else lines.push([k, decl, v]);
		}
		const shape = JSON.stringify([lines.map((l) => l[0]), t("panel.outcome"), tables.map(([k, , v]) => [k, v])]);
		if (changed("outcome", shape)) {
			clear(outcome);
			outcomeCells = new Map();
			const items = lines.map(([k]) => {
				const v = el("strong");
				outcomeCells.set(k, v);
				return el("span", {class: "kv", "data-key": k}, el("span", {class: "k", text: outcomeName(run.algorithm, k)}), " ", v);
			});
			outcome.append(el("h3", {text: t("panel.outcome")}), el("div", {class: "kvs"}, ...items), ...tables.map(([k, decl, v]) => rowsTable(k, decl, outcomeName(run.algorithm, k), v)));
		}
		for (const [k, decl, v] of lines) text(outcomeCells.get(k), show(decl, v));
	}

	// A list of records (say, the entries into a critical section) reads as a table,
	// the latest rows last; long lists show their tail.
	function isRows(v) {
		return Array.isArray(v) && v.length > 0 && v.every((r) => r && typeof r === "object" && !Array.isArray(r));
	}

	// show writes a value by its declared kind, with the run's process labels.
	function show(decl, v) {
		return formatValue(decl, v, (p) => (run.nodes[p] ? run.nodes[p].label : String(p)), [t("yes"), t("no")]);
	}

	// A row that stands for an event (an entry into the critical section:
	// its declared seekEvent field) seeks there when clicked.
	function rowsTable(key, decl, name, rows) {
		const cols = tableColumns(decl, rows);
		const shown = rows.slice(-12);
		const at = fieldOfUse(decl, "seekEvent");
		const when = fieldOfUse(decl, "seekTime");
		const head = el("tr", {}, ...cols.map((c) => el("th", {text: outcomeName(run.algorithm, c.name)})));
		const body = shown.map((r) => {
			const seq = at ? r[at.name] : null;
			const attrs = Number.isInteger(seq) ? {class: "seekable", title: t("inv.at", {seq, time: (when && r[when.name]) ?? ""}), onclick: () => onSeek(seq)} : {};
			return el("tr", attrs, ...cols.map((c) => el("td", {text: show(c, r[c.name])})));
		});
		const caption = rows.length > shown.length ? `${name} (${shown.length}/${rows.length})` : name;
		return el("table", {class: "rows", "data-key": key}, el("caption", {text: caption}), head, ...body);
	}

	// The counters and the theory's table are built once for the run and
	// the language; a frame rewrites the numbers that changed.
	let counterCells = null; // {sent, delivered, dropped, inflight, types: Map}
	function renderCounters(frame) {
		const m = frame.messages;
		const types = run.algorithm.messageTypes || [];
		const byType = m.byType || {};
		const names = [...types, ...Object.keys(byType).filter((x) => !types.includes(x))];
		if (changed("counters", JSON.stringify([names, t("panel.sent")]))) {
			clear(counters);
			counters.append(el("h3", {text: t("panel.counters")}));
			const cells = {types: new Map()};
			const kv = (key, name) => {
				cells[key] = el("strong");
				return el("span", {class: "kv", "data-key": key}, el("span", {class: "k", text: name}), " ", cells[key]);
			};
			counters.append(el("div", {class: "kvs totals"}, kv("sent", t("panel.sent")), kv("delivered", t("panel.delivered")), kv("dropped", t("panel.dropped")), kv("inflight", t("panel.inflight"))));
			const row = el("div", {class: "kvs bytype", "data-testid": "counts-by-type"});
			for (const ty of names) {
				const v = el("strong");
				cells.types.set(ty, v);
				row.append(
					el(
						"span",
						{class: `kv msg ${typeClass(run.algorithm, ty)}`, "data-type": ty},
						el("span", {class: "type-dot", "aria-hidden": "true"}),
						el("span", {class: "k", text: ty}),
						" ",
						v,
					),
				);
			}
			counters.append(row);
			counterCells = cells;
		}
		const c = counterCells;
		text(c.sent, fmt(m.sent));
		text(c.delivered, fmt(m.delivered));
		text(c.dropped, fmt(m.dropped));
		text(c.inflight, fmt(frame.flights.length));
		for (const [ty, v] of c.types) text(v, fmt(byType[ty] ?? 0));
	}

	let theoryCells = null; // per bound: the cell of its count now
	function renderTheory(frame) {
		const th = run.theory || [];
		const m = frame.messages;
		if (changed("theory", t("panel.theory"))) {
			clear(theory);
			theoryCells = [];
			if (!th.length) return;
			theory.append(el("h3", {text: t("panel.theory")}));
			const tb = el("tbody");
			for (const b of th) {
				const now = el("td", {class: "num now"});
				theoryCells.push(now);
				tb.append(
					el(
						"tr",
						{"data-name": b.name},
						el("th", {scope: "row", text: tr(run.algorithm, b.name)}),
						el("td", {class: "formula", text: formulaText(b.formula)}),
						el("td", {class: "num", text: "= " + fmt(b.value)}),
						now,
					),
					el("tr", {class: "when"}, el("td", {colspan: 4, text: `${tr(run.algorithm, b.counts)}${b.when ? " · " + tr(run.algorithm, b.when) : ""}`})),
				);
			}
			theory.append(
				el(
					"table",
					{class: "theory-table"},
					el(
						"thead",
						null,
						el("tr", null, el("td"), el("th", {text: t("panel.formula")}), el("th", {class: "num", text: t("panel.value")}), el("th", {class: "num", text: t("panel.now")})),
					),
					tb,
				),
			);
		}
		th.forEach((b, i) => {
			const now = countFor(b, m);
			text(theoryCells[i], now === null ? "" : fmt(now));
		});
	}

	return {setRun, update};
}

/**
 * countFor is this run's count for what a bound predicts: its measure
 * (messages.sent, messages.byType.<type>), else what it counts as text (a
 * message type named alone, "all messages …"); null when the counters do
 * not show it.
 */
export function countFor(bound, m) {
	const k = typeof bound.measure === "string" ? bound.measure : "";
	if (k === "messages.sent") return m.sent;
	if (k.startsWith("messages.byType.")) {
		const ty = k.slice("messages.byType.".length);
		return m.byType && ty in m.byType ? m.byType[ty] : null;
	}
	if (k) return null;
	const c = String(bound.counts || "").trim();
	if (m.byType && c in m.byType) return m.byType[c];
	if (/^all messages\b/.test(c)) return m.sent;
	return null;
}
