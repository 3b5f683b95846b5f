// A message's label as the ring and tree views draw it: a pill in the
// message type's colour holding what the message carries (one or more
// lines), and a line back to the message's dot. Where it goes is
// labels.js's business; this only draws and measures it.

import {svg} from "../../app/dom.js";
import {labelSize} from "./labels.js";

/**
 * msgLabel draws lines of text at font px into parent (a message's group,
 * whose origin is the message's dot) and returns {g, lead, w, h}: the
 * label's group (to be moved by a translate), its leader line (x2, y2 to
 * be set to the dot) and its size, measured once the text is in the page.
 */
export function msgLabel(parent, lines, font) {
	const g = svg("g", {class: "tok-label"}, parent);
	const lead = svg("line", {class: "tok-lead", x1: 0, y1: 0, x2: 0, y2: 0}, g);
	const rect = svg("rect", {class: "tok tok-pill"}, g);
	const tx = svg("text", {class: "tok-text", "font-size": font.toFixed(1)}, g);
	const spans = lines.map((line, i) => {
		const ts = svg("tspan", {x: 0, y: ((i - (lines.length - 1) / 2) * font * 1.2).toFixed(1)}, tx);
		ts.textContent = line;
		return ts;
	});
	let {w, h} = labelSize(lines, font);
	// the estimate is a fallback (a hidden view measures nothing)
	const measured = Math.max(0, ...spans.map((ts) => ts.getComputedTextLength()));
	if (measured > 0) w = Math.ceil(measured + font * 0.9);
	rect.setAttribute("x", (-w / 2).toFixed(1));
	rect.setAttribute("y", (-h / 2).toFixed(1));
	rect.setAttribute("width", w);
	rect.setAttribute("height", h);
	rect.setAttribute("rx", Math.min(h / 2, font * 0.7).toFixed(1));
	return {g, lead, w, h};
}
