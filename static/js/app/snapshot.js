// The whole view as the audience sees it, as one SVG file (and a PNG of
// it): the topology, the space-time diagram beside it and the legend below,
// each at its size on screen, without the interface around them (buttons,
// the selection ring). io.js's svgSnapshot writes each drawing's styles
// inline; the legend's HTML is redrawn as SVG from its boxes on screen.

import {svgSnapshot} from "./io.js";

const NS = "http://www.w3.org/2000/svg";
const GAP = 8;

/**
 * wholeViewSVG composes the file: topology is the view's own SVG file
 * (view.exportSVG()) and topoBox its box on screen; spacetime the diagram's
 * SVG element; legend the legend's box; caption a line under it all.
 */
export function wholeViewSVG({topology, topoBox, spacetime, legend, caption}) {
	const stBox = spacetime.getBoundingClientRect();
	const tw = Math.round(topoBox.width);
	const th = Math.round(topoBox.height);
	const sw = Math.round(stBox.width);
	const sh = Math.round(stBox.height);
	const W = tw + (sw ? GAP + sw : 0);
	const root = document.createElementNS(NS, "svg");
	root.setAttribute("xmlns", NS);
	const cs = getComputedStyle(legend);
	const bg = getComputedStyle(spacetime.closest(".view") || document.body).backgroundColor;
	const font = `font-family:${cs.fontFamily};fill:${cs.color}`;
	const rect = el("rect", {x: 0, y: 0, width: "100%", height: "100%", style: `fill:${bg}`}, root);
	nest(root, topology, 0, 0, tw, th);
	if (sw) nest(root, svgSnapshot(spacetime), tw + GAP, 0, sw, sh);
	let y = Math.max(th, sh) + GAP;
	y = drawLegend(root, legend, y, W, font);
	if (caption) {
		const tx = el("text", {x: 10, y: y + 16, style: `${font};font-size:13px`}, root);
		tx.textContent = caption;
		y += 24;
	}
	const H = Math.ceil(y + 4);
	root.setAttribute("width", W);
	root.setAttribute("height", H);
	root.setAttribute("viewBox", `0 0 ${W} ${H}`);
	rect.setAttribute("height", H);
	return {svg: '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(root), width: W, height: H};
}

// nest puts an SVG file's drawing at x, y in a w×h box of root.
function nest(root, file, x, y, w, h) {
	const doc = new DOMParser().parseFromString(file.replace(/^<\?xml[^>]*>\s*/, ""), "image/svg+xml");
	const s = document.importNode(doc.documentElement, true);
	// (not the page's own name, role and hiding; its test hook says which drawing it is)
	if (s.attributes.id) s.removeAttributeNode(s.attributes.id);
	for (const a of ["role", "aria-labelledby", "hidden"]) s.removeAttribute(a);
	s.setAttribute("x", x);
	s.setAttribute("y", y);
	s.setAttribute("width", w);
	s.setAttribute("height", h);
	root.append(s);
}

// drawLegend redraws the legend's groups as SVG, each item where it sits
// on screen (relative to the legend's box), from y on; it returns the y
// below it.
function drawLegend(root, legend, y, W, font) {
	const box = legend.getBoundingClientRect();
	if (!box.width || !box.height) return y;
	const g = el("g", {transform: `translate(0,${y})`}, root);
	for (const e of legend.querySelectorAll(".legend-title, .legend-item")) {
		const r = e.getBoundingClientRect();
		if (!r.width) continue;
		const x0 = r.left - box.left;
		const y0 = r.top - box.top;
		const ecs = getComputedStyle(e);
		let x = x0;
		const sw = e.querySelector("svg.legend-swatch");
		if (sw) {
			const sr = sw.getBoundingClientRect();
			nest(g, svgSnapshot(sw), sr.left - box.left, sr.top - box.top, sr.width, sr.height);
			x = sr.right - box.left + 2;
		}
		const words = [...e.childNodes].filter((n) => n.nodeType === 3 || (n.nodeType === 1 && n.tagName !== "svg")).map((n) => n.textContent).join("").trim();
		const tx = el("text", {x, y: y0 + r.height / 2, style: `${font};fill:${ecs.color};font-size:${ecs.fontSize};font-weight:${ecs.fontWeight};dominant-baseline:central;text-transform:${ecs.textTransform}`}, g);
		tx.textContent = ecs.textTransform === "uppercase" ? words.toUpperCase() : words;
	}
	return y + Math.min(box.height, 400) + GAP;
}

function el(tag, attrs, parent) {
	const e = document.createElementNS(NS, tag);
	for (const k in attrs) e.setAttribute(k, attrs[k]);
	parent.append(e);
	return e;
}

/** svgToPNG draws an SVG file of w×h on a canvas scale times as dense and resolves with a PNG. */
export function svgToPNG(svg, w, h, scale = 2) {
	return new Promise((resolve, reject) => {
		const img = new Image();
		const url = URL.createObjectURL(new Blob([svg], {type: "image/svg+xml"}));
		img.onload = () => {
			const c = document.createElement("canvas");
			c.width = Math.round(w * scale);
			c.height = Math.round(h * scale);
			const ctx = c.getContext("2d");
			ctx.scale(scale, scale);
			ctx.drawImage(img, 0, 0, w, h);
			URL.revokeObjectURL(url);
			c.toBlob((b) => (b ? resolve(b) : reject(new Error("no PNG"))), "image/png");
		};
		img.onerror = () => {
			URL.revokeObjectURL(url);
			reject(new Error("the SVG did not load as an image"));
		};
		img.src = url;
	});
}
