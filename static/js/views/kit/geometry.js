// Pure geometry every view shares: where a message is along its way, how
// big a token is, how messages queued on one link spread. Numbers and
// strings only, no DOM.

/** clamp01 limits x to [0, 1]. */
export function clamp01(x) {
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

/**
 * msgFraction is how far along its link a message is drawn at `time`:
 * (time − sentAt) / (arrive − sentAt), clamped to [0, 1]. A message with no
 * delay (arrive ≤ sentAt) is drawn halfway, so that it stays visible.
 */
export function msgFraction(time, sentAt, arrive) {
	if (!(arrive > sentAt)) return 0.5;
	return clamp01((time - sentAt) / (arrive - sentAt));
}

/** niceCeil rounds x up to 1, 2 or 5 times a power of ten (at least 1). */
export function niceCeil(x) {
	if (!(x > 1)) return 1;
	const p = Math.pow(10, Math.floor(Math.log10(x)));
	for (const m of [1, 2, 5, 10]) {
		if (m * p >= x - 1e-9) return m * p;
	}
	return 10 * p;
}

/** fitFont is the largest type (≤ base) that fits `text` inside a node of radius r. */
export function fitFont(text, r, base) {
	const len = Math.max(1, String(text).length);
	return Math.min(base, (1.7 * r) / (0.62 * len));
}

/** tokenText shortens a message label to at most max characters. */
export function tokenText(label, max = 14) {
	const s = String(label);
	return s.length <= max ? s : s.slice(0, max - 1) + "…";
}

/** tokenSize estimates a labelled token's box without measuring the DOM. */
export function tokenSize(text, font) {
	return {w: Math.ceil(String(text).length * font * 0.62 + font * 0.9), h: Math.ceil(font * 1.45)};
}

/**
 * spreadQueue gives each of several messages at the same place on the same
 * link its own slot: it returns, per flight, how many earlier flights on
 * that link are within `eps` of its fraction (0 for the first).
 */
export function spreadQueue(flights, fractions, eps = 0.08) {
	const byLink = new Map();
	const out = new Array(flights.length).fill(0);
	for (let i = 0; i < flights.length; i++) {
		const key = flights[i].from + ">" + flights[i].to;
		let list = byLink.get(key);
		if (!list) byLink.set(key, (list = []));
		let k = 0;
		for (const j of list) if (Math.abs(fractions[j] - fractions[i]) < eps) k++;
		out[i] = k;
		list.push(i);
	}
	return out;
}
