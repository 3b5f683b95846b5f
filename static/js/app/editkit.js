// What the set-up form's topology editors share (treeedit.js for trees,
// graphedit.js for graphs): the frame (a small picture, a status line, a
// bar of edits and a foot of starts), reading the topology the form says,
// writing an edit back into the form (and so into the deep link), drawing
// the processes and edges, and picking a process by clicking it.

import {el, svg, clear} from "./dom.js";
import {t} from "../i18n/i18n.js";
import {formatEdges, parseEdges, canonEdges} from "../views/tree/treelayout.js";

/**
 * editorFrame builds the editor below the edges input, above its
 * description. testid names the editor (its picture is testid-svg, its
 * status testid-status), buttonId(name) a button's; edits and starts are
 * the button names of the two rows. Texts are the i18n keys' prefix: a
 * button says texts.name, the picture is named texts.title (i18n.apply
 * translates them). It returns
 * {box, pic, status, bar, foot, buttons: {name: button}}.
 */
export function editorFrame(wrap, {testid, buttonId, className = "tree-editor", texts, edits, starts}) {
	const box = el("div", {class: className, "data-testid": testid});
	const pic = svg("svg", {class: "tree-editor-svg", "data-testid": testid + "-svg", role: "img", "data-i18n-aria": texts + ".title", "aria-label": t(texts + ".title")});
	const status = el("p", {class: "tree-editor-status", "data-testid": testid + "-status", role: "status"});
	const buttons = {};
	for (const k of [...edits, ...starts]) {
		const key = `${texts}.${k}`;
		buttons[k] = el("button", {type: "button", class: "tool small", "data-testid": buttonId(k), "data-i18n": key, text: t(key)});
	}
	const bar = el("div", {class: "tree-editor-bar"}, ...edits.map((k) => buttons[k]));
	const foot = el("div", {class: "tree-editor-bar"}, ...starts.map((k) => buttons[k]));
	box.append(pic, status, bar, foot);
	wrap.insertBefore(box, wrap.querySelector(".desc"));
	return {box, pic, status, bar, foot, buttons};
}

/**
 * readTopology is the topology the form says: {n, edges, error}; edges is
 * null when the field is empty (the server draws one from the seed). check
 * (n, edges) returns null or an i18n {key, vars} saying what is wrong.
 */
export function readTopology(inputs, n, name, check) {
	const text = inputs.edges.value.trim();
	if (text === "") return {n, edges: null, error: null};
	const edges = parseEdges(text);
	if (!edges) return {n, edges: null, error: t("form.err.lists", {name})};
	const bad = check(n, edges);
	return {n, edges: canonEdges(edges), error: bad ? t(bad.key, bad.vars) : null};
}

/** writeTopology puts an edit into the form's fields and tells the form. */
export function writeTopology(inputs, n, edges, nNow) {
	inputs.edges.value = formatEdges(canonEdges(edges));
	if (inputs.n && nNow !== n) inputs.n.value = String(n);
	for (const inp of [inputs.edges, inputs.n]) if (inp) inp.dispatchEvent(new Event("input", {bubbles: true}));
}

/** forgetTopology empties the edges field: the server draws a topology from the seed. */
export function forgetTopology(inputs) {
	inputs.edges.value = "";
	inputs.edges.dispatchEvent(new Event("input", {bubbles: true}));
}

/**
 * drawTopology draws c = {n, edges} at the positions xs, ys with radius r:
 * the chosen process marked, and the ones isTarget(p) says the next click
 * may pick. edgeEnd(a, b) gives a line's ends {x1, y1, x2, y2}.
 */
export function drawTopology(pic, c, {xs, ys, r, fontSize, selected, isTarget, edgeEnd}) {
	for (const [a, b] of c.edges) {
		const e = edgeEnd(a, b);
		svg("line", {class: "te-edge", x1: e.x1, y1: e.y1, x2: e.x2, y2: e.y2, "data-edit-edge": a + "-" + b}, pic);
	}
	for (let p = 0; p < c.n; p++) {
		const cl = "te-node" + (p === selected ? " selected" : "") + (selected !== null && p !== selected && isTarget(p) ? " target" : "");
		const g = svg("g", {class: cl, "data-edit-node": p, transform: `translate(${xs[p]},${ys[p]})`}, pic);
		svg("circle", {r}, g);
		const tx = svg("text", {"font-size": fontSize}, g);
		tx.textContent = String(p);
	}
}

/** pictureBox sizes the picture to its element and returns {w, h}; the old drawing is cleared. */
export function pictureBox(pic) {
	clear(pic);
	const w = Math.max(200, pic.clientWidth || 300);
	const h = Math.max(120, pic.clientHeight || 190);
	pic.setAttribute("viewBox", `0 0 ${w} ${h}`);
	return {w, h};
}

/** onPick calls pick(p) for a click on process p, pick(null) for a click beside every process. */
export function onPick(pic, pick) {
	pic.addEventListener("click", (ev) => {
		const g = ev.target.closest && ev.target.closest("[data-edit-node]");
		pick(g ? Number(g.dataset.editNode) : null);
	});
}
