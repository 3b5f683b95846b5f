// How much a quorum card can say (grid.js): text widths estimated without
// the DOM, the variants of a lock line that fit, lists and queues cut to a
// width, and the permission slots. Pure, like gridlayout.js, which
// re-exports it.

/** tsText prints a request timestamp [seq, id] as the lecture does: (3,7); "" for none. */
export function tsText(ts) {
	return Array.isArray(ts) && ts.length === 2 ? `(${ts[0]},${ts[1]})` : "";
}

// Advance widths in em of a bold sans-serif (DejaVu Sans Bold, the widest
// of the usual ones), so that estimates err on the side of room.
const EM = {"(": 0.46, ")": 0.46, ",": 0.38, ".": 0.38, " ": 0.35, "+": 0.84, "…": 1, "×": 0.84, "∩": 0.8};

/** textWidth estimates the width of text in px at a font size, without the DOM. */
export function textWidth(text, font) {
	let w = 0;
	for (const ch of String(text)) {
		if (ch in EM) w += EM[ch];
		else if (ch >= "0" && ch <= "9") w += 0.7;
		else if (ch >= "A" && ch <= "Z") w += 0.77;
		else w += 0.64;
	}
	return w * font;
}

/**
 * fitText gives the first of the variants (longest first) that fits in
 * width px at the font size; the last one shortened with "…" if none does.
 */
export function fitText(variants, width, font) {
	for (const v of variants) if (textWidth(v, font) <= width) return v;
	const last = String(variants[variants.length - 1] ?? "");
	const k = Math.max(1, Math.floor(width / (font * 0.7)) - 1);
	return last.length <= k + 1 ? last : last.slice(0, k) + "…";
}

/**
 * lockVariants are the ways to say for whom a process is locked, longest
 * first: "P7 (3,7)", "(3,7)", "P7". label(pos) names a position.
 */
export function lockVariants(lock, label) {
	if (!lock) return [];
	const who = label(lock.node);
	const ts = tsText(lock.ts);
	return ts ? [`${who} ${ts}`, ts, who] : [who];
}

/**
 * fitLine is the first variant (longest first) that fits in width px at
 * the font size, else at a smaller size down to minScale of it; else the
 * last one shortened (fitText). Returns the text and its font size.
 */
export function fitLine(variants, width, font, minScale = 0.8) {
	for (const v of variants) {
		const need = textWidth(v, 1);
		if (need * font <= width) return {text: v, font};
		if (need > 0 && width / need >= font * minScale) return {text: v, font: width / need};
	}
	return {text: fitText(variants, width, font), font};
}

/**
 * lockLines says for whom a process is locked in width px: "P7 (3,7)" on
 * one line when it fits (at the font size or a little smaller), else the
 * holder and the timestamp on two lines when rows allows two, else the
 * longest short form that fits, never below min px. Returns the lines and
 * their font size.
 */
export function lockLines(lock, label, width, font, rows = 1, min = 0) {
	const v = lockVariants(lock, label);
	if (!v.length) return {lines: [], font};
	const least = Math.max(font * 0.8, min);
	const one = fitLine([v[0]], width, font);
	if (one.text === v[0] && one.font >= least) return {lines: [v[0]], font: one.font};
	if (rows >= 2 && v.length === 3) {
		const f2 = Math.min(font, width / Math.max(textWidth(v[2], 1), textWidth(v[1], 1)));
		if (f2 >= least) return {lines: [v[2], v[1]], font: f2};
	}
	const short = fitLine(v.slice(1), width, font, least / font);
	return {lines: [short.text], font: short.font};
}

/**
 * cardRows plans the lines under a full card's slots: the lock (two lines
 * when the holder and timestamp need them and there is room), the queue
 * and the flags, each only when it has something to say and fits in the
 * card's height. ch and font in px; has: {queue, flags, wrap} (wrap: the
 * lock wants two lines). Returns the y of each line's middle from the
 * card's top (null: not shown) and how many lines the lock may take.
 */
export function cardRows(ch, font, has) {
	const first = font * 3.55; // the lock's line, under the title and the slots
	const pitch = font * 1.15;
	const fits = (k) => first + pitch * k + font * 0.5 <= ch + 0.5;
	let k = 0;
	const out = {lock: first, lockRows: 1, queue: null, flags: null};
	k = 1;
	const want = (has.queue ? 1 : 0) + (has.flags ? 1 : 0);
	// the second lock line only when the queue and flags still fit under it
	if (has.wrap && fits(1 + want)) {
		out.lockRows = 2;
		k = 2;
	}
	if (has.queue && fits(k)) out.queue = first + pitch * k++;
	if (has.flags && fits(k)) out.flags = first + pitch * k++;
	return out;
}

/**
 * listText writes as many items as fit in width px at the font size, in
 * their order, joined by sep, and "+k" for the rest; at least the first.
 */
export function listText(items, width, font, sep = " ") {
	if (!items.length) return "";
	for (let k = items.length; k >= 1; k--) {
		const s = items.slice(0, k).join(sep) + (k < items.length ? ` +${items.length - k}` : "");
		if (textWidth(s, font) <= width) return s;
	}
	// at least the first, the one that matters next
	const tight = items[0] + (items.length > 1 ? `+${items.length - 1}` : "");
	return textWidth(tight, font) <= width ? tight : items[0] + "…";
}

/**
 * queueText lists the waiting requests' timestamps in their order (oldest
 * first, as the process keeps them), as many as fit in width px.
 */
export function queueText(queue, width, font) {
	return listText((queue || []).map((ts) => tsText(ts) || "?"), width, font);
}

/** slotsOf gives E_i as slots: per quorum member (in S_i's order), whether it has locked for this process. */
export function slotsOf(quorum, granted) {
	const g = new Set(granted || []);
	return (quorum || []).map((m) => ({member: m, filled: g.has(m)}));
}

/**
 * slotBoxes lays out k slots in a line of width px: the box size (at most
 * max) and the x of each box's left edge, the line centred.
 */
export function slotBoxes(k, width, max) {
	if (k <= 0) return {size: 0, xs: []};
	const step = Math.min(max * 1.2, width / k);
	const size = Math.max(2, step / 1.2);
	const total = step * (k - 1) + size;
	const x0 = (width - total) / 2;
	return {size, xs: Array.from({length: k}, (_, i) => x0 + i * step)};
}

// ---- selection ----

/**
 * twoLines splits text that is wider than width px at the font size into
 * two lines at the space that balances them best (the first keeps its
 * trailing space, so the lines joined read as the text); [text] when it
 * fits on one line or has no space to break at.
 */
export function twoLines(text, width, font) {
	const s = String(text);
	if (textWidth(s, font) <= width) return [s];
	let best = null;
	for (let i = s.indexOf(" "); i > 0; i = s.indexOf(" ", i + 1)) {
		const a = s.slice(0, i + 1);
		const b = s.slice(i + 1);
		const wide = Math.max(textWidth(a.trimEnd(), font), textWidth(b, font));
		if (b && (!best || wide < best.wide)) best = {lines: [a, b], wide};
	}
	return best ? best.lines : [s];
}
