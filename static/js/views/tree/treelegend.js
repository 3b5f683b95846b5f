// The tree view's legend of its own cues (ports, cables, the first two to
// know), the hot-plug rules of a device's menu, and the size of a message's
// pill.

import {legendGroup, legendItem} from "../kit/legend.js";
import {PORT_STATES} from "./treemodel.js";
import {shortOf} from "../../i18n/vocab.js";

/** PORT_GLYPH is the letter in a port's marker, by its state (PORT_STATES; its colour is the other cue). */
export const PORT_GLYPH = {plain: "", "to-child": "C", "to-parent": "P", asked: "?", offered: "!", contention: "×"};

// pillSize: a token's box; message names are bold capitals, wider than layout.js's estimate
export function pillSize(text, font) {
	return {w: Math.ceil(String(text).length * font * 0.72 + font * 0.9), h: Math.ceil(font * 1.45)};
}

/**
 * unplugState says whether the device menu offers "Unplug" for pos and with
 * which hint (an i18n key and its vars): any device but the last may go (the
 * server's validation is the authority); one with several cables splits the
 * bus, and the hint says into how many buses.
 */
export function unplugState(M, pos) {
	if (M.attached.filter(Boolean).length < 2) return {disabled: true, hint: "menu.unplugLast", vars: {}};
	const cables = M.edges.filter((e) => e[0] === pos || e[1] === pos).length;
	if (cables > 1) return {disabled: false, hint: "menu.unplugSplit", vars: {k: cables}};
	return {disabled: false, hint: "menu.unplugHint", vars: {}};
}

/** hotplug says whether devices can be plugged in and out during the run. */
export function hotplug(alg, M) {
	return !!alg && alg.hotplug === true && M.attached.length > 0;
}

/**
 * renderTreeLegend appends what the tree view's own cues mean: the ports'
 * states (when the algorithm has ports), what an arrow, a green cable and
 * the yellow band say; and it adds the short form a message's label may
 * take to the message types' items (its declared short form). info:
 * {ports: bool, echoes: bool (the algorithm declares echoes), algorithm:
 * the registry entry}.
 */
export function renderTreeLegend(box, info, tr) {
	const group = (title, items, testid) => legendGroup(box, title, items, testid);
	const item = (svgBody, label, vb = "-10 -10 20 20", w = 20) => legendItem(svgBody, label, {viewBox: vb, width: w});
	// the cables: the arrow, and an echo wave's echoes and first two to know
	const cable = (cls, marker) =>
		`<g class="t-edge ${cls}"><line class="t-glow" x1="2" y1="0" x2="34" y2="0"/><line class="t-line" x1="2" y1="0" x2="30" y2="0"${marker ? ' marker-end="url(#tree-arrow)"' : ""}/></g>`;
	const echo = !!info.echoes;
	const arrow = item(cable("uplink", true), tr(echo ? "tree.legend.arrowEcho" : "tree.legend.arrowParent"), "0 -10 40 20", 30);
	if (info.ports) {
		// the ports and the arrow on one line: the view keeps its height
		const states = PORT_STATES.map((s) =>
			item(`<g class="port port-${s}"><circle r="8"/><text class="port-glyph" font-size="11">${PORT_GLYPH[s]}</text></g>`, tr("port." + s)),
		);
		states.push(item(`<g class="port port-free"><circle r="8"/><text class="port-glyph" font-size="13">+</text></g>`, tr("tree.legend.free")));
		group(tr("legend.ports"), [...states, arrow], "tree-legend-ports");
	} else {
		const cables = [arrow];
		if (echo) {
			cables.push(item(cable("echo-along", false), tr("tree.legend.echoed"), "0 -10 40 20", 40));
			cables.push(item(cable("first", false), tr("tree.legend.firstCable"), "0 -10 40 20", 40));
			cables.push(item(`<g class="node first"><circle class="t-first-ring" r="9"/><circle class="body" r="6"/></g>`, tr("tree.legend.firstNode")));
		}
		group(tr("tree.legend.cables"), cables, "tree-legend-cables");
	}
	// a message's short form, beside its name in the messages' legend
	for (const el of box.querySelectorAll(".legend-item.msg")) {
		const ty = el.dataset.type || el.textContent.trim();
		const short = shortOf(info.algorithm, ty);
		if (!ty || short === ty || el.dataset.short) continue;
		el.dataset.short = short;
		const b = document.createElement("b");
		b.className = "legend-short";
		b.textContent = ` = ${short}`;
		el.append(b);
	}
}
