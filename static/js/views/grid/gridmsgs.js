// The messages between the quorum cards (grid.js): a token on its track
// from card to card, a pill saying its timestamp when the cards are large
// enough and few messages are on their way, else its type's glyph. A pill
// over a card steps off it into the room between the cards; one that finds
// no free room there shrinks to its glyph on its track (the cards' lines
// stay readable; hovering the token tells the message whole).

import {gridLine, gridMsgPos, textWidth} from "./gridlayout.js";
import {createFlights} from "../kit/flights.js";
import {placeLabels, box as labelBox} from "../kit/labels.js";
import {GLYPHS, use} from "../kit/icons.js";
import {msgLook, typeClass} from "../../i18n/vocab.js";
import {svg, set} from "../../app/dom.js";

/** glyphOf is the glyph a message type is drawn with: its declared one. */
export function glyphOf(alg, type) {
	const g = msgLook(alg, type).glyph;
	return g in GLYPHS ? g : "circle";
}

/** shortLabel is what a pill says: the timestamp in the message's label, "(1,2)". */
export function shortLabel(f) {
	const m = /\(([^()]*)\)$/.exec(f.label || "");
	return m ? `(${m[1]})` : String(f.type || "").slice(0, 3);
}

/**
 * createGridFlights keeps the grid's tokens in layers.msgs (their tracks in
 * layers.tracks); alg() is the run's registry entry, layout() the grid's
 * layout (gridlayout.js). It returns createFlights' update and clear.
 */
export function createGridFlights(layers, {alg, layout}) {
	return createFlights(layers.msgs, {
		alg,
		eps: 0.12,
		className: "gmsg",
		prepare(fl) {
			const L = layout();
			const labelled = L.cw >= 100 && fl.length <= (L.cw >= 130 ? 16 : 8);
			const font = Math.max(12, Math.min(17, L.font * 0.95));
			const gs = labelled ? font * 1.05 : Math.max(13, Math.min(22, L.font * 1.35));
			// (a pill squeezed to its glyph: the glyph's size without a pill)
			const bare = Math.max(13, Math.min(22, L.font * 1.35));
			return {labelled, font, gs, bare};
		},
		shape: (f, ctx) => (ctx.labelled ? "label" : "glyph"),
		make(m, f, {labelled, font, gs, bare}) {
			m.g.dataset.type = f.type;
			const tc = typeClass(alg(), f.type);
			const glyph = "gl-" + glyphOf(alg(), f.type);
			m.track = svg("line", {class: "track " + tc}, layers.tracks);
			if (!labelled) {
				use(glyph, 0, 0, gs, "glyph tok-glyph " + tc, m.g);
				return;
			}
			const ts = shortLabel(f);
			const w = gs + textWidth(ts, font) + font * 0.9;
			const h = font * 1.45;
			m.w = w;
			m.h = h;
			m.pill = svg("g", {class: "tok-pill"}, m.g);
			// (a line back to its way, when the pill had to step off a card)
			m.lead = svg("line", {class: "tok-lead", x1: 0, y1: 0, x2: 0, y2: 0}, m.pill);
			svg("rect", {class: "tok", x: -w / 2, y: -h / 2, width: w, height: h, rx: h / 2}, m.pill);
			use(glyph, -w / 2 + font * 0.35 + gs / 2, 0, gs, "glyph on-tok", m.pill);
			const tx = -w / 2 + font * 0.55 + gs + textWidth(ts, font) / 2;
			svg("text", {class: "tok-text", x: tx, y: 0, "font-size": font}, m.pill).textContent = ts;
			m.bare = use(glyph, 0, 0, bare, "glyph tok-glyph tok-bare " + tc, m.g);
		},
		place(m, f, fr, slot, {labelled, font, gs}) {
			const L = layout();
			const off = (labelled ? font * 0.55 : gs * 0.45) + slot * (labelled ? font * 1.5 : gs * 1.05);
			if (m.off !== off) {
				m.off = off;
				const ln = gridLine(L, f.from, f.to, off);
				for (const k of ["x1", "y1", "x2", "y2"]) set(m.track, k, ln[k]);
			}
			const p = gridMsgPos(L, f.from, f.to, fr, off);
			m.x = p.x;
			m.y = p.y;
			set(m.g, "transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
		},
		after: (drawn) => placePills(drawn, layout()),
	});
}

// placePills moves the pills off the cards and the matrix
// (views/kit/labels.js), oldest message first; a pill with no free place
// near its token (within a few pill heights, so that its lead stays short
// and crosses no card) is shown as its bare glyph on its track instead.
function placePills(drawn, L) {
	const list = drawn.filter((d) => d.m.pill).sort((a, b) => a.f.id - b.f.id);
	if (!list.length) return;
	// (L.xs is a Float64Array: its map would make numbers of the boxes)
	const cards = Array.from(L.xs, (x, p) => labelBox(x, L.ys[p], L.cw + 4, L.ch + 4));
	const mx = L.matrix;
	const side = mx.cell * L.n;
	cards.push({x0: mx.x - mx.labelW, y0: mx.y - mx.headH, x1: mx.x + side + 4, y1: mx.y + side + mx.capH});
	const items = list.map(({m, f}) => {
		const dx = L.xs[f.to] - L.xs[f.from];
		const dy = L.ys[f.to] - L.ys[f.from];
		const len = Math.hypot(dx, dy) || 1;
		return {x: m.x, y: m.y, w: m.w, h: m.h, ux: -dy / len, uy: dx / len, keep: true};
	});
	const at = placeLabels(items, cards, {x0: 2, y0: L.top, x1: L.w - 2, y1: L.h - 2}, 2);
	list.forEach(({m}, i) => {
		const q = at[i];
		const dx = q.x - m.x;
		const dy = q.y - m.y;
		const near = Math.hypot(dx, dy) <= Math.max(36, m.h * 2.2);
		m.g.classList.toggle("squeezed", !(q.free && near));
		if (!(q.free && near)) return;
		// the pill moves; the bare glyph stays on the track (hidden)
		set(m.pill, "transform", `translate(${dx.toFixed(1)},${dy.toFixed(1)})`);
		const apart = Math.hypot(dx, dy) > 1;
		set(m.lead, "x2", apart ? (-dx).toFixed(1) : 0);
		set(m.lead, "y2", apart ? (-dy).toFixed(1) : 0);
	});
}
