// The topology editor of the set-up form (algorithms drawn as a tree): the
// tree of the parameter that holds the cables (declared with the use
// treeCables) drawn small, and buttons that add a device to the chosen one,
// remove a leaf, or move a device with what hangs on it onto another; every
// edit keeps a tree within the port limit (the parameter declared with the
// use portLimit) and writes the cables and `n` into the form (and so into
// the run's deep link). The server checks the tree again; this only keeps
// the edits sensible.

import {el, svg, clear} from "./dom.js";
import {t} from "../i18n/i18n.js";
import {
	adjacency, forestLayout, fitLayout, edgeEnds, checkTree, defaultTree, addLeaf, removeLeaf, relink, degrees,
	formatEdges, parseEdges, canonEdges,
} from "../views/tree/treelayout.js";

/**
 * createTreeEditor draws into the cables field's wrap. inputs = {edges, n,
 * ports} (the fields' inputs; ports may be null), limits = {nMin, nMax,
 * ports, name: the cables parameter's name}; lastEdges() gives the last
 * run's resolved tree for the same algorithm and n, if any.
 */
export function createTreeEditor(wrap, inputs, limits, lastEdges = () => null) {
	const box = el("div", {class: "tree-editor", "data-testid": "tree-editor"});
	const pic = svg("svg", {class: "tree-editor-svg", "data-testid": "tree-editor-svg", role: "img"});
	const status = el("p", {class: "tree-editor-status", "data-testid": "tree-editor-status", role: "status"});
	const start = el("button", {type: "button", class: "tool small", "data-testid": "tree-edit-start"});
	const random = el("button", {type: "button", class: "tool small", "data-testid": "tree-edit-random"});
	const add = el("button", {type: "button", class: "tool small", "data-testid": "tree-edit-add"});
	const remove = el("button", {type: "button", class: "tool small", "data-testid": "tree-edit-remove"});
	const move = el("button", {type: "button", class: "tool small", "data-testid": "tree-edit-move", "aria-pressed": "false"});
	const bar = el("div", {class: "tree-editor-bar"}, add, remove, move);
	const foot = el("div", {class: "tree-editor-bar"}, start, random);
	box.append(pic, status, bar, foot);
	// below the edges input, above its description
	const desc = wrap.querySelector(".desc");
	wrap.insertBefore(box, desc);

	let selected = null; // the chosen device
	let moving = false; // the next click picks where the chosen device goes

	const num = (inp, dflt) => {
		const v = inp ? Number(String(inp.value).trim()) : NaN;
		return Number.isInteger(v) && String(inp.value).trim() !== "" ? v : dflt;
	};
	const ports = () => num(inputs.ports, limits.ports ?? 3);
	const nNow = () => num(inputs.n, inputs.n && inputs.n.placeholder ? Number(inputs.n.placeholder) : 0);

	// current: the tree the form says, {n, edges, error} (edges null: the random default)
	function current() {
		const n = nNow();
		const text = inputs.edges.value.trim();
		if (text === "") return {n, edges: null, error: null};
		const edges = parseEdges(text);
		if (!edges) return {n, edges: null, error: t("form.err.lists", {name: limits.name})};
		const bad = checkTree(n, edges, ports());
		return {n, edges: canonEdges(edges), error: bad ? t(bad.key, bad.vars) : null};
	}

	function write(n, edges) {
		inputs.edges.value = formatEdges(canonEdges(edges));
		if (inputs.n && nNow() !== n) inputs.n.value = String(n);
		for (const inp of [inputs.edges, inputs.n]) if (inp) inp.dispatchEvent(new Event("input", {bubbles: true}));
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
		else if (!c.edges) msg = t("edit.random");
		else if (moving) msg = t("edit.moveHint", {p: selected});
		else if (selected === null) msg = t("edit.pick");
		else msg = t("edit.chosen", {p: selected}) + (deg[selected] >= P ? " " + t("edit.full", {p: selected, ports: P}) : "");
		status.textContent = msg;
		status.classList.toggle("bad", !!c.error);
	}

	function draw(c) {
		clear(pic);
		if (!c) return;
		const w = Math.max(200, pic.clientWidth || 300);
		const h = Math.max(120, pic.clientHeight || 190);
		pic.setAttribute("viewBox", `0 0 ${w} ${h}`);
		const F = forestLayout(c.n, c.edges, undefined, []);
		const L = fitLayout(F, w, h, {l: 22, r: 22, t: 22, b: 22}, 80);
		const r = Math.min(L.r, 17);
		for (const [a, b] of c.edges) {
			const e = edgeEnds(L.xs[a], L.ys[a], L.xs[b], L.ys[b], 0);
			svg("line", {class: "te-edge", x1: e.x1, y1: e.y1, x2: e.x2, y2: e.y2}, pic);
		}
		const adj = adjacency(c.n, c.edges);
		for (let p = 0; p < c.n; p++) {
			const cl = "te-node" + (p === selected ? " selected" : "") + (moving && p !== selected && !adj[selected].includes(p) ? " target" : "");
			const g = svg("g", {class: cl, "data-edit-node": p, transform: `translate(${L.xs[p]},${L.ys[p]})`}, pic);
			svg("circle", {r}, g);
			const tx = svg("text", {"font-size": Math.min(16, r * 1.05)}, g);
			tx.textContent = String(p);
		}
	}

	pic.addEventListener("click", (ev) => {
		const g = ev.target.closest && ev.target.closest("[data-edit-node]");
		const c = current();
		if (!c.edges || c.error) return;
		if (!g) {
			selected = null;
			moving = false;
			return refresh();
		}
		const p = Number(g.dataset.editNode);
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
		inputs.edges.value = "";
		inputs.edges.dispatchEvent(new Event("input", {bubbles: true}));
		refresh();
	});
	for (const inp of [inputs.edges, inputs.n, inputs.ports]) if (inp) inp.addEventListener("input", () => refresh());

	function relabel() {
		start.textContent = t("edit.start");
		random.textContent = t("edit.randomButton");
		add.textContent = t("edit.add");
		remove.textContent = t("edit.remove");
		move.textContent = t("edit.move");
		pic.setAttribute("aria-label", t("edit.title"));
		refresh();
	}
	relabel();
	return {
		refresh,
		relabel,
		/** reset forgets the choice: the form shows other values (a run, a scenario, the defaults). */
		reset() {
			selected = null;
			moving = false;
			refresh();
		},
	};
}
