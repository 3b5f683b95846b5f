// The lines inside a quorum card: E_i as slots (one per member of S_i,
// filled when it has locked for this process), the lock ("P7 (3,7)" or
// free), the queue of waiting requests and the stored flags. k is what
// they draw with: {L: the grid's layout, alg, nodes, label(pos)}.

import {tsText, fitLine, lockLines, queueText, slotsOf, slotBoxes, textWidth, listText} from "./gridlayout.js";
import {glyphOf} from "./gridmsgs.js";
import {use} from "../kit/icons.js";
import {typeClass as typeClassOf} from "../../i18n/vocab.js";
import {svg} from "../../app/dom.js";
import {t} from "../../i18n/i18n.js";

/** txt is an SVG text element holding content. */
export function txt(content, attrs, parent) {
	const e = svg("text", attrs, parent);
	e.textContent = content;
	return e;
}

// drawSlots draws E_i: one slot per member of S_i, filled when that member has locked for this process.
export function drawSlots({L, nodes}, c, v, mode, f, left, inner, top) {
	const slots = slotsOf(v.members, v.grants);
	if (!slots.length) return;
	const y = mode === "small" ? L.ch * 0.12 : top + f * 1.8;
	const boxes = slotBoxes(slots.length, inner, mode === "small" ? Math.min(L.ch * 0.22, 16) : f * 1.1);
	const sg = svg("g", {class: "slots", "data-testid": "slots", "data-filled": slots.filter((s) => s.filled).length, "data-of": slots.length}, c.content);
	slots.forEach((s, i) => {
		const x = left + boxes.xs[i];
		svg("rect", {class: "slot" + (s.filled ? " filled" : ""), x, y, width: boxes.size, height: boxes.size, rx: Math.min(3, boxes.size * 0.2)}, sg);
		if (boxes.size >= 15 && boxes.size * 0.55 >= L.minFont) {
			const id = nodes[s.member] ? nodes[s.member].id : s.member;
			txt(String(id), {class: "slot-id", x: x + boxes.size / 2, y: y + boxes.size / 2, "font-size": (boxes.size * (String(id).length > 1 ? 0.55 : 0.66)).toFixed(1)}, sg);
		}
	});
}

// drawLock says for whom the process is locked: "P7 (3,7)", on two lines
// (holder, timestamp) when one is too narrow and rows allows it
export function drawLock({L, label}, c, v, f, left, inner, y, rows) {
	const s = f * 1.15;
	const locked = !!v.lock;
	use(locked ? "gl-padlock" : "gl-padlock-open", left + s / 2, y, s, "glyph lockglyph" + (locked ? " locked" : ""), c.content);
	const room = inner - s * 1.25;
	const fit = locked ? lockLines(v.lock, label, room, f, rows, L.minFont) : fitLine([t("grid.free")], room, f, Math.max(0.8, L.minFont / f));
	const lines = locked ? fit.lines : [fit.text];
	const e = txt("", {class: "gc-line g-lock" + (locked ? " locked" : ""), "data-testid": "card-lock", "data-lines": lines.length, x: left + s * 1.25, y, "font-size": fit.font.toFixed(1)}, c.content);
	lines.forEach((line, i) => {
		if (i === 0) e.append(line);
		else svg("tspan", {x: left + s * 1.25, dy: (f * 1.2).toFixed(1)}, e).textContent = line;
	});
	// the full sentence for the tooltip of the SVG (and screen readers)
	svg("title", null, e).textContent = locked ? t("grid.lockedBy", {who: label(v.lock.node), ts: tsText(v.lock.ts)}) : t("grid.free");
}

export function drawQueue({L}, c, v, f, left, inner, y) {
	const q = v.queue;
	if (!q.length) return;
	const s = f * 1.0;
	use("gl-waitlist", left + s / 2, y, s, "glyph queueglyph", c.content);
	// the first waiting request and how many more, a little smaller rather than cut
	const room = inner - s * 1.3;
	let fs = f;
	let shown = queueText(q, room, f);
	if (shown.endsWith("…") && f * 0.8 >= L.minFont) {
		const small = queueText(q, room, f * 0.8);
		if (!small.endsWith("…")) [shown, fs] = [small, f * 0.8];
	}
	txt(shown, {class: "gc-line g-queue", "data-testid": "card-queue", x: left + s * 1.3, y, "font-size": fs.toFixed(1)}, c.content);
}

// drawFlags shows the stored messages (declared as stored flags) with their message type's glyph and colour.
export function drawFlags({L, alg, label}, c, v, f0, left, inner, y) {
	const lists = v.flags.filter((fl) => fl.from.length).map((fl) => [fl.type, fl.from]);
	// both kinds on the line, a little smaller if need be
	const want = lists.reduce((w, [, l]) => w + f0 * 1.05 * 1.15 + textWidth(l.map(label).join(","), f0 * 0.9) + f0 * 0.6, -f0 * 0.6);
	const f = want > inner ? f0 * Math.max(0.75, inner / want) : f0;
	let x = left;
	const s = f * 1.05;
	const end = left + inner;
	for (const [type, list] of lists) {
		const room = end - x - s * 1.15;
		if (room < f) break;
		const fg = svg("g", {class: "flag", "data-flag": type}, c.content);
		use("gl-" + glyphOf(alg, type), x + s / 2, y, s, "glyph " + typeClassOf(alg, type), fg);
		const fs = Math.max(f * 0.9, L.minFont);
		const shown = listText(list.map(label), room, fs, ",");
		txt(shown, {class: "gc-line g-flag", x: x + s * 1.15, y, "font-size": fs.toFixed(1)}, fg);
		x += s * 1.15 + textWidth(shown, fs) + f * 0.6;
	}
}
