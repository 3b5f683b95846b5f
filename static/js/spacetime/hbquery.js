// The space-time diagram's stamps and its happened-before query: a bar
// below the diagram chooses what the events are labelled with (Lamport L,
// vector V, the total order (T, i)) and turns on the query, in which two
// clicked events are compared: e → e′ with the chain of messages, or e ∥ e′
// with the two vector entries that disagree; the events concurrent with e
// are highlighted meanwhile. spacetime.js calls the hooks.

import {el, text} from "../app/dom.js";
import {t} from "../i18n/i18n.js";
import {procOf} from "./time.js";
import {createStampLabels, STAMP_MODES, hasVectors, stampText, vectorText} from "./stamps.js";
import {relation, concurrentWith, snap} from "./causality.js";

/**
 * createHbQuery builds the bar after the diagram's box (canvas) and keeps
 * the labels in layer. Hooks: setRun, place(seq, x, y, gap), drop(seq),
 * click(seq) (true: the query took the click), frame(lo, hi).
 * dotOf(seq) gives a drawn event's dot; replaceAll() places every drawn
 * event again.
 */
export function createHbQuery(canvas, layer, {dotOf, replaceAll}) {
	const labels = createStampLabels(layer);
	const select = el("select", {class: "hb-stamps", "data-testid": "st-stamps", "data-i18n-aria": "hb.stamps", "aria-label": t("hb.stamps")});
	const caption = el("span", {"data-i18n": "hb.stamps", text: t("hb.stamps")});
	const button = el("button", {type: "button", class: "hb-toggle", "aria-pressed": "false", "data-testid": "hb-compare",
		"data-i18n": "hb.compare", "data-i18n-title": "hb.compareTitle", text: t("hb.compare"), title: t("hb.compareTitle")});
	const result = el("p", {class: "hb-result", "data-testid": "hb-result", "aria-live": "polite"});
	const bar = el("div", {class: "hb-bar", "data-testid": "st-tools"}, el("label", {}, caption, " ", select), button, result);
	canvas.after(bar);

	let run = null;
	let log = null;
	let on = false;
	let picked = []; // the selected seqs: e, then e′
	let marked = []; // elements given a query class
	let drawn = {lo: 1, hi: 0}; // the seqs drawn

	function fillModes() {
		const have = log && hasVectors(log);
		const keep = select.value || labels.mode();
		select.replaceChildren();
		for (const m of STAMP_MODES) {
			if (m === "vector" && !have) continue;
			select.append(el("option", {value: m, "data-i18n": "hb.stamps." + m, text: t("hb.stamps." + m)}));
		}
		select.value = [...select.options].some((o) => o.value === keep) ? keep : "none";
		labels.setMode(select.value);
	}

	select.addEventListener("change", () => {
		labels.setMode(select.value);
		replaceAll();
	});
	button.addEventListener("click", () => {
		on = !on;
		button.setAttribute("aria-pressed", String(on));
		picked = [];
		show();
	});

	function setRun(r, eventLog) {
		run = r;
		log = eventLog;
		labels.setRun(r, eventLog);
		picked = [];
		fillModes();
		show();
	}

	function click(seq) {
		if (!on) return false;
		const e = log.at(seq);
		if (!e || procOf(e) === null) return true;
		const s = snap(log, seq);
		picked = picked.length === 1 ? [picked[0], s] : [s];
		show();
		return true;
	}

	/** frame follows the drawn window: the stamps offered and the highlights. */
	function frame(lo, hi) {
		drawn = {lo, hi};
		if (select.options.length < STAMP_MODES.length && hasVectors(log)) fillModes(), replaceAll();
		picked = picked.filter((s) => s >= lo && s <= hi);
		if (on) show();
	}

	function unmark() {
		for (const e of marked) e.classList.remove("hb-concurrent", "hb-pick", "hb-chain");
		marked = [];
	}

	// a marked dot is raised above the dots drawn over it (its step's note)
	function mark(seq, c) {
		const d = dotOf(seq);
		if (!d) return;
		d.classList.add(c);
		marked.push(d);
		d.parentNode.appendChild(d);
	}

	function show() {
		unmark();
		bar.classList.toggle("on", on);
		result.hidden = !on;
		if (!on || !log) return;
		if (picked.length === 0) return text(result, t("hb.pick"));
		const [a, b] = picked;
		const conc = concurrentWith(log, a, drawn.lo, drawn.hi);
		for (const s of conc) mark(s, "hb-concurrent");
		for (const s of picked) mark(s, "hb-pick");
		if (picked.length === 1) return text(result, t("hb.picked", {e: describe(a), n: conc.length}));
		const r = relation(log, a, b);
		if (r.chain) for (const s of r.chain) mark(log.sendSeq.get(log.at(s).msg.id), "hb-chain"), mark(s, "hb-chain");
		text(result, explain(r, a, b));
	}

	function explain(r, a, b) {
		const vars = {e: describe(a), f: describe(b)};
		const sa = log.stamp(a);
		const sb = log.stamp(b);
		switch (r.kind) {
			case "same":
				return t("hb.same");
			case "before":
			case "after": {
				const [x, y] = r.kind === "before" ? [sa, sb] : [sb, sa];
				const how = r.chain.length ? t("hb.chain", {chain: r.chain.map(message).join(", ")}) : t("hb.sameProcess", {p: label(procOf(log.at(a)))});
				const stamps = x && y && x.v && y.v ? " " + t("hb.lamportAgrees", {a: x.l, b: y.l, va: vectorText(x.v), vb: vectorText(y.v)}) : "";
				return `${t("hb." + r.kind, vars)} ${how}${stamps}`;
			}
		}
		let why = t("hb.noChain");
		if (r.entries) {
			const {i, j} = r.entries;
			why = t("hb.entries", {p: label(i), a: sa.v[i], b: sb.v[i], q: label(j), c: sa.v[j], d: sb.v[j]});
		}
		let lamport = "";
		if (sa && sb && sa.l !== sb.l) lamport = " " + t("hb.lamportMisleads", {a: sa.l, b: sb.l, op: sa.l < sb.l ? "<" : ">"});
		return `${t("hb.concurrent", vars)} ${why}${lamport}`;
	}

	function label(p) {
		return run.nodes[p] ? run.nodes[p].label : "P" + p;
	}

	/** describe names an event: its process, kind, time and stamp in the current mode. */
	function describe(seq) {
		const e = log.at(seq);
		const p = procOf(e);
		const kind = e.kind === "send" || e.kind === "deliver" ? e.kind : log.stamp(seq) ? "local" : "other";
		const st = stampText(log.stamp(seq), labels.mode(), run.nodes[p] ? run.nodes[p].id : p);
		return t("hb.event", {p: label(p), kind: t("hb.kind." + kind), t: e.time}) + (st ? " " + st : "");
	}

	/** message names the message a delivery received: TYPE P1→P2. */
	function message(seq) {
		const e = log.at(seq);
		return `${e.msg.type} ${label(e.from)}→${label(e.to)}`;
	}

	/** reset forgets the labels and the selection (the diagram was cleared). */
	function reset() {
		labels.clear();
		picked = [];
		unmark();
	}

	return {setRun, place: labels.place, drop: labels.drop, click, frame, reset};
}
