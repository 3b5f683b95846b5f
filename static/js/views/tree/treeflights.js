// The tree view's messages in flight: each a pill beside its cable, to the
// right of its way (two messages crossing on a cable pass each other, and
// neither hides the cable), stepping aside from devices, their labels and
// "1st" badges. One naming rule a frame: the full labels when every one
// fits its cable, else every message by its short form (the legend says
// them). scene() is what the view draws now: {alg, at: {X, Y, r, pr}, M,
// box, nodes}.

import {svg, set} from "../../app/dom.js";
import {tokenText} from "../kit/geometry.js";
import {placeLabels, box as labelBox} from "../kit/labels.js";
import {createFlights} from "../kit/flights.js";
import {pillTrack} from "./treelayout.js";
import {shortOf} from "../../i18n/vocab.js";
import {pillSize} from "./treelegend.js";

const FONT = 15;

/** createTreeFlights draws the messages into layer. */
export function createTreeFlights(layer, scene) {
	return createFlights(layer, {
		alg: () => scene().alg,
		keep: (f) => {
			const {at, M} = scene();
			return at && M.attached[f.from] && M.attached[f.to] && Number.isFinite(at.X[f.from]) && Number.isFinite(at.X[f.to]);
		},
		prepare(fl) {
			const {X, Y, r, pr} = scene().at;
			const fits = (f) => pillSize(tokenText(f.label, 16), FONT).w <= Math.hypot(X[f.to] - X[f.from], Y[f.to] - Y[f.from]) - 2 * (r + pr) - 24;
			return {mode: fl.every(fits) ? "full" : "short"};
		},
		shape: (f, ctx) => ctx.mode,
		make(m, f, ctx) {
			const txt = ctx.mode === "full" ? tokenText(f.label, 16) : shortWithContent(scene().alg, f);
			const sz = pillSize(txt, FONT);
			m.w = sz.w;
			m.h = sz.h;
			// (a line back to its cable, when the pill had to step aside)
			m.lead = svg("line", {class: "tok-lead", x1: 0, y1: 0, x2: 0, y2: 0}, m.g);
			m.shape = svg("rect", {class: "tok", x: -sz.w / 2, y: -sz.h / 2, width: sz.w, height: sz.h, rx: sz.h / 2}, m.g);
			m.label = svg("text", {class: "tok-text", "font-size": FONT}, m.g);
			m.label.textContent = txt;
		},
		place(m, f, k, slot) {
			const {at, box} = scene();
			const {X, Y, r, pr} = at;
			const len = Math.hypot(X[f.to] - X[f.from], Y[f.to] - Y[f.from]);
			// beside the cable, to the right of the way: two messages crossing on a
			// cable pass each other, and neither hides the cable
			const ux = (X[f.to] - X[f.from]) / (len || 1);
			const uy = (Y[f.to] - Y[f.from]) / (len || 1);
			const off = Math.abs(uy) * (m.w / 2) + Math.abs(ux) * (m.h / 2) + 3 + slot * m.h;
			// from where the label clears the sender's body and ports to where it clears the receiver's
			const e = pillTrack(X[f.from], Y[f.from], X[f.to], Y[f.to], r + 2 * pr + 4, m.w, m.h, off);
			// (kept inside the view: a cable at its edge would cut the label off)
			const x = Math.max(m.w / 2 + 2, Math.min(box.w - m.w / 2 - 2, e.x1 + (e.x2 - e.x1) * k));
			const y = Math.max(m.h / 2 + 2, Math.min(box.h - m.h / 2 - 2, e.y1 + (e.y2 - e.y1) * k));
			// the point of the cable it stands for, and where it would rather go
			const g = Math.min(0.45, (r + pr) / (len || 1));
			const kk = g + (1 - 2 * g) * k;
			m.cx = X[f.from] + (X[f.to] - X[f.from]) * kk;
			m.cy = Y[f.from] + (Y[f.to] - Y[f.from]) * kk;
			m.x = x;
			m.y = y;
			m.ux = -uy;
			m.uy = ux;
		},
		// a pill over a device, its label or its "1st" steps aside (views/kit/labels.js)
		after(drawn) {
			const list = drawn.slice().sort((a, b) => a.f.id - b.f.id);
			const items = list.map(({m}) => ({x: m.x, y: m.y, w: m.w, h: m.h, ux: m.ux, uy: m.uy, keep: true}));
			// (the top strip holds the view's title)
			const {box} = scene();
			const at2 = placeLabels(items, deviceBoxes(scene()), {x0: 2, y0: 44, x1: box.w - 2, y1: box.h - 2}, 3);
			list.forEach(({m}, i) => {
				const p = at2[i];
				set(m.g, "transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
				const apart = Math.hypot(p.x - m.x, p.y - m.y) > 1;
				set(m.lead, "x2", apart ? (m.cx - p.x).toFixed(1) : 0);
				set(m.lead, "y2", apart ? (m.cy - p.y).toFixed(1) : 0);
			});
		},
	});
}

// deviceBoxes are what a message's pill keeps off: the devices' bodies
// with their ports, their labels and their "1st" badges
function deviceBoxes({at, M, nodes}) {
	const {X, Y, r, pr} = at;
	const out = [];
	for (let p = 0; p < nodes.length; p++) {
		if (!M.attached[p] || !Number.isFinite(X[p])) continue;
		const rr = r + pr;
		out.push(labelBox(X[p], Y[p], 2 * rr, 2 * rr));
		const nd = nodes[p];
		if (nd.label.textContent) {
			const fs = Number(nd.label.getAttribute("font-size")) || 14;
			const w = nd.label.textContent.length * fs * 0.62;
			const anchor = nd.label.getAttribute("text-anchor");
			const lx = X[p] + Number(nd.label.getAttribute("x") || 0);
			const cx = anchor === "end" ? lx - w / 2 : anchor === "start" ? lx + w / 2 : lx;
			out.push(labelBox(cx, Y[p] + Number(nd.label.getAttribute("y") || 0), w, fs * 1.2));
		}
		if (nd.first && nd.first.tag.parentNode) {
			const tr = /translate\(([-\d.]+),([-\d.]+)\)/.exec(nd.first.tag.getAttribute("transform") || "");
			if (tr) out.push(labelBox(X[p] + Number(tr[1]), Y[p] + Number(tr[2]), Number(nd.first.bg.getAttribute("width")) || 30, Number(nd.first.bg.getAttribute("height")) || 20));
		}
	}
	return out;
}

// shortWithContent: the type's short form and what the message carries
// (ECHO(7) stays ECHO(7); a long content is cut)
function shortWithContent(alg, f) {
	const m = /\((.*)\)$/.exec(f.label);
	const short = shortOf(alg, f.type);
	return m ? `${short}(${tokenText(m[1], 10)})` : short;
}

