// The graph editor of the set-up form (algorithms drawn by the graph
// view): the graph of the parameter that holds the edges (declared with the
// use graphEdges) drawn small, and buttons that add a process joined to the
// chosen one, remove the chosen one, or join or part it from the next one
// clicked; an edit that would part the graph is refused. Every edit writes
// the edges and `n` into the form (and so into the run's deep link). The
// graph also reads and writes DOT (Graphviz). The server checks the graph
// again; this only keeps the edits sensible.

import {el} from "./dom.js";
import {t} from "../i18n/i18n.js";
import {formatEdges, adjacency} from "../views/tree/treelayout.js";
import {stressLayout, fitLayout, edgeEnds} from "../views/graph/graphlayout.js";
import {checkGraph, addNode, removeNode, toggleEdge, toDOT, fromDOT} from "../views/graph/graphdata.js";
import {editorFrame, readTopology, writeTopology, forgetTopology, drawTopology, pictureBox, onPick} from "./editkit.js";

/**
 * createGraphEditor draws into the edges field's wrap. inputs = {edges, n}
 * (the fields' inputs), limits = {nMin, nMax, name: the edges parameter's
 * name}; lastEdges(n) gives the last run's resolved graph for the same
 * algorithm and n, if any.
 */
export function createGraphEditor(wrap, inputs, limits, lastEdges = () => null) {
	const {box, pic, status, bar, buttons} = editorFrame(wrap, {testid: "graph-editor", buttonId: (k) => "graph-edit-" + k, texts: "gedit", className: "tree-editor graph-editor", edits: ["add", "remove", "join"], starts: ["start", "random", "dot", "read"]});
	const {start, random, add, remove, join, dot, read} = buttons;
	const dotText = el("textarea", {class: "graph-dot", "data-testid": "graph-dot", rows: "6", spellcheck: "false", hidden: "", "data-i18n-aria": "gedit.dotLabel", "aria-label": t("gedit.dotLabel")});
	box.append(dotText);

	let selected = null; // the chosen process
	let joining = false; // the next click joins or parts the chosen process and the one clicked
	let shown = null; // {key, raw}: the layout drawn, made again only when the graph changes

	const nNow = () => {
		const v = inputs.n ? Number(String(inputs.n.value).trim() || inputs.n.placeholder) : NaN;
		return Number.isInteger(v) ? v : 0;
	};

	// current: the graph the form says, {n, edges, error} (edges null: drawn from the shape)
	const current = () => readTopology(inputs, nNow(), limits.name, checkGraph);

	function write(n, edges) {
		writeTopology(inputs, n, edges, nNow());
		refresh();
	}

	function refresh(note = "") {
		const c = current();
		const editable = !!c.edges && !c.error;
		if (selected !== null && (!editable || selected >= c.n)) selected = null;
		if (!editable || selected === null) joining = false;
		pic.toggleAttribute("hidden", !editable);
		draw(editable ? c : null);
		bar.hidden = !editable;
		start.hidden = editable;
		random.hidden = !c.edges && !c.error;
		read.hidden = dotText.hidden;
		add.disabled = selected === null || c.n >= (limits.nMax ?? Infinity);
		remove.disabled = selected === null || c.n <= (limits.nMin ?? 2);
		join.disabled = selected === null;
		join.setAttribute("aria-pressed", String(joining));
		join.classList.toggle("on", joining);
		if (editable && !dotText.hidden && document.activeElement !== dotText) dotText.value = toDOT(c.n, c.edges);
		let msg = note;
		if (!msg) {
			if (c.error) msg = c.error;
			else if (!c.edges) msg = t("gedit.fromShape");
			else if (joining) msg = t("gedit.joinHint", {p: selected});
			else if (selected === null) msg = t("gedit.pick");
			else msg = t("gedit.chosen", {p: selected});
		}
		status.textContent = msg;
		status.classList.toggle("bad", !!c.error || !!note);
	}

	function draw(c) {
		const {w, h} = pictureBox(pic);
		if (!c) return;
		const key = c.n + ":" + formatEdges(c.edges);
		if (!shown || shown.key !== key) shown = {key, raw: stressLayout(c.n, c.edges, 150)};
		const L = fitLayout(shown.raw, w, h, {margin: 20, top: 0});
		const r = Math.min(L.r, 15);
		const adj = adjacency(c.n, c.edges);
		drawTopology(pic, c, {
			xs: L.xs,
			ys: L.ys,
			r,
			fontSize: Math.max(13, Math.min(16, r * 1.05)),
			selected,
			isTarget: (p) => joining && adj[selected].includes(p),
			edgeEnd: (a, b) => edgeEnds({...L, r: 0}, a, b, 0),
		});
	}

	onPick(pic, (p) => {
		const c = current();
		if (!c.edges || c.error) return;
		if (p === null) {
			selected = null;
			return refresh();
		}
		if (joining && selected !== null && p !== selected) {
			joining = false;
			const r = toggleEdge(c.n, c.edges, selected, p);
			return r ? write(r.n, r.edges) : refresh(t("gedit.wouldPart", {a: selected, b: p}));
		}
		joining = false;
		selected = selected === p ? null : p;
		refresh();
	});
	add.addEventListener("click", () => {
		const c = current();
		if (selected === null || !c.edges) return;
		const r = addNode(c.n, c.edges, selected);
		selected = r.n - 1;
		write(r.n, r.edges);
	});
	remove.addEventListener("click", () => {
		const c = current();
		if (selected === null || !c.edges) return;
		const r = removeNode(c.n, c.edges, selected);
		if (!r) return refresh(t("gedit.removeParts", {p: selected}));
		selected = null;
		write(r.n, r.edges);
	});
	join.addEventListener("click", () => {
		joining = !joining && selected !== null;
		refresh();
	});
	start.addEventListener("click", () => {
		const n = Math.max(nNow(), limits.nMin || 2);
		const last = lastEdges(n);
		const ring = Array.from({length: n}, (_, p) => [p, (p + 1) % n]).slice(0, n > 2 ? n : 1);
		write(n, last && !checkGraph(n, last) ? last : ring);
	});
	random.addEventListener("click", () => {
		selected = null;
		forgetTopology(inputs);
		refresh();
	});
	dot.addEventListener("click", () => {
		dotText.hidden = !dotText.hidden;
		refresh();
	});
	read.addEventListener("click", () => {
		dotText.hidden = false;
		const g = fromDOT(dotText.value);
		if (g.error) return refresh(t(g.error.key, g.error.vars));
		selected = null;
		write(g.n, g.edges);
	});
	for (const inp of [inputs.edges, inputs.n]) if (inp) inp.addEventListener("input", () => refresh());

	refresh();
	return {
		refresh,
		/** relabel says the status again in the new language (i18n.apply translated the buttons). */
		relabel: refresh,
		/** reset forgets the choice: the form shows other values (a run, a scenario, the defaults). */
		reset() {
			selected = null;
			joining = false;
			refresh();
		},
	};
}
