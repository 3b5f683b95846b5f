// The topology editor of the set-up form (algorithms drawn as a tree): the
// tree of the parameter that holds the cables (declared with the use
// treeCables) drawn small, and buttons that add a device to the chosen one,
// remove a leaf, or move a device with what hangs on it onto another; every
// edit keeps a tree within the port limit (the parameter declared with the
// use portLimit) and writes the cables and `n` into the form (and so into
// the run's deep link). The server checks the tree again; this only keeps
// the edits sensible.

import {t} from "../i18n/i18n.js";
import {adjacency, forestLayout, fitLayout, edgeEnds, checkTree, defaultTree, addLeaf, removeLeaf, relink, degrees} from "../views/tree/treelayout.js";
import {editorFrame, readTopology, writeTopology, forgetTopology, drawTopology, pictureBox, onPick} from "./editkit.js";

/**
 * createTreeEditor draws into the cables field's wrap. inputs = {edges, n,
 * ports} (the fields' inputs; ports may be null), limits = {nMin, nMax,
 * ports, name: the cables parameter's name}; lastEdges() gives the last
 * run's resolved tree for the same algorithm and n, if any.
 */
export function createTreeEditor(wrap, inputs, limits, lastEdges = () => null) {
	const {pic, status, bar, buttons} = editorFrame(wrap, {testid: "tree-editor", buttonId: (k) => "tree-edit-" + k, texts: "edit", edits: ["add", "remove", "move"], starts: ["start", "random"]});
	const {start, random, add, remove, move} = buttons;
	move.setAttribute("aria-pressed", "false");

	let selected = null; // the chosen device
	let moving = false; // the next click picks where the chosen device goes

	const num = (inp, dflt) => {
		const v = inp ? Number(String(inp.value).trim()) : NaN;
		return Number.isInteger(v) && String(inp.value).trim() !== "" ? v : dflt;
	};
	const ports = () => num(inputs.ports, limits.ports ?? 3);
	const nNow = () => num(inputs.n, inputs.n && inputs.n.placeholder ? Number(inputs.n.placeholder) : 0);

	// current: the tree the form says, {n, edges, error} (edges null: the random default)
	const current = () => readTopology(inputs, nNow(), limits.name, (n, edges) => checkTree(n, edges, ports()));

	function write(n, edges) {
		writeTopology(inputs, n, edges, nNow());
		refresh();
	}

	function refresh() {
		const c = current();
		const editable = !!c.edges && !c.error;
		if (selected !== null && (!editable || selected >= c.n)) selected = null;
		if (!editable) moving = false;
		pic.toggleAttribute("hidden", !editable);
		draw(editable ? c : null);
		const P = ports();
		const deg = editable ? degrees(c.n, c.edges) : [];
		bar.hidden = !editable;
		start.hidden = editable;
		random.hidden = !c.edges && !c.error;
		add.disabled = selected === null || deg[selected] >= P || c.n >= (limits.nMax ?? Infinity);
		remove.disabled = selected === null || deg[selected] > 1 || c.n <= (limits.nMin ?? 2);
		move.disabled = selected === null || c.n < 3;
		move.setAttribute("aria-pressed", String(moving));
		move.classList.toggle("on", moving);
		let msg;
		if (c.error) msg = c.error;
		else if (!c.edges) msg = t("edit.fromSeed");
		else if (moving) msg = t("edit.moveHint", {p: selected});
		else if (selected === null) msg = t("edit.pick");
		else msg = t("edit.chosen", {p: selected}) + (deg[selected] >= P ? " " + t("edit.full", {p: selected, ports: P}) : "");
		status.textContent = msg;
		status.classList.toggle("bad", !!c.error);
	}

	function draw(c) {
		const {w, h} = pictureBox(pic);
		if (!c) return;
		const L = fitLayout(forestLayout(c.n, c.edges, undefined, []), w, h, {l: 22, r: 22, t: 22, b: 22}, 80);
		const r = Math.min(L.r, 17);
		const adj = adjacency(c.n, c.edges);
		drawTopology(pic, c, {
			xs: L.xs,
			ys: L.ys,
			r,
			fontSize: Math.min(16, r * 1.05),
			selected,
			isTarget: (p) => moving && !adj[selected].includes(p),
			edgeEnd: (a, b) => edgeEnds(L.xs[a], L.ys[a], L.xs[b], L.ys[b], 0),
		});
	}

	onPick(pic, (p) => {
		const c = current();
		if (!c.edges || c.error) return;
		if (p === null) {
			selected = null;
			moving = false;
			return refresh();
		}
		if (moving && selected !== null && p !== selected) {
			const deg = degrees(c.n, c.edges);
			moving = false;
			if (adjacency(c.n, c.edges)[selected].includes(p)) return refresh();
			if (deg[p] >= ports()) {
				refresh();
				status.textContent = t("edit.full", {p, ports: ports()});
				return;
			}
			return write(c.n, relink(c.n, c.edges, selected, p));
		}
		moving = false;
		selected = selected === p ? null : p;
		refresh();
	});
	add.addEventListener("click", () => {
		const c = current();
		if (selected === null || !c.edges) return;
		const r = addLeaf(c.n, c.edges, selected);
		selected = r.n - 1;
		write(r.n, r.edges);
	});
	remove.addEventListener("click", () => {
		const c = current();
		if (selected === null || !c.edges) return;
		const r = removeLeaf(c.n, c.edges, selected);
		selected = null;
		write(r.n, r.edges);
	});
	move.addEventListener("click", () => {
		moving = !moving && selected !== null;
		refresh();
	});
	start.addEventListener("click", () => {
		const n = nNow() || limits.nMin || 2;
		const last = lastEdges(n);
		write(n, last && !checkTree(n, last, ports()) ? last : defaultTree(n, ports()));
	});
	random.addEventListener("click", () => {
		selected = null;
		moving = false;
		forgetTopology(inputs);
		refresh();
	});
	for (const inp of [inputs.edges, inputs.n, inputs.ports]) if (inp) inp.addEventListener("input", () => refresh());

	refresh();
	return {
		refresh,
		/** relabel says the status again in the new language (i18n.apply translated the buttons). */
		relabel: refresh,
		/** reset forgets the choice: the form shows other values (a run, a scenario, the defaults). */
		reset() {
			selected = null;
			moving = false;
			refresh();
		},
	};
}
