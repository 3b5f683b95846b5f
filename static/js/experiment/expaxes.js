// Axes and numbers of the experiment plots (plot.js): ticks on linear and
// log scales, number formats per language, and whether a formula is its
// value. Pure: no DOM; expdata.js re-exports it.

// ---- axes and numbers ----

/** round10 cuts the noise of floating-point multiples (0.30000000000000004 → 0.3). */
function round10(v) {
	return Number(v.toPrecision(12));
}

/**
 * niceTicks is a linear axis over [lo, hi]: a step of 1, 2 or 5 times a
 * power of ten, the finest with at most `most` intervals (so 5 to 9
 * labelled ticks), the domain widened to whole steps, and its ticks;
 * integer: no step below 1 (an axis of whole-number parameters). An empty
 * span is widened first.
 */
export function niceTicks(lo, hi, most = 8, integer = false) {
	if (!(hi > lo)) {
		const d = integer ? 1 : Math.abs(lo) / 10 || 1;
		lo = lo >= 0 && lo - d < 0 ? 0 : lo - d;
		hi += d;
	}
	let e = Math.floor(Math.log10((hi - lo) / most)) - 1;
	if (integer) e = Math.max(0, e);
	for (;;) {
		for (const m of [1, 2, 5]) {
			const step = m * 10 ** e;
			const a = Math.floor(lo / step + 1e-9);
			const b = Math.ceil(hi / step - 1e-9);
			if (b - a > most) continue;
			const ticks = [];
			for (let i = a; i <= b; i++) ticks.push(round10(i * step));
			return {domain: [ticks[0], ticks[ticks.length - 1]], ticks, step};
		}
		e++;
	}
}

/**
 * logTicks are the labelled ticks of a log axis over [lo, hi] (lo > 0):
 * the powers of ten when there are enough decades, else 1-2-5 (or finer)
 * steps within each decade, whichever gives a count nearest least…most;
 * a linear choice within the domain when the span is too narrow for any.
 */
export function logTicks(lo, hi, least = 5, most = 10) {
	if (!(lo > 0) || !(hi >= lo)) return [];
	const e0 = Math.floor(Math.log10(lo));
	const e1 = Math.ceil(Math.log10(hi));
	let best = null;
	let bestMiss = Infinity;
	for (const ms of [[1], [1, 2, 5], [1, 2, 3, 5], [1, 2, 3, 4, 5, 6, 7, 8, 9]]) {
		const ticks = [];
		for (let e = e0; e <= e1; e++) {
			for (const m of ms) {
				const v = round10(m * 10 ** e);
				if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) ticks.push(v);
			}
		}
		const miss = ticks.length < least ? least - ticks.length : Math.max(0, ticks.length - most);
		if (miss < bestMiss) {
			best = ticks;
			bestMiss = miss;
		}
	}
	if (best.length >= 3) return best;
	return niceTicks(lo, hi, 6).ticks.filter((v) => v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9));
}

/**
 * numberFormat formats numbers as the page's language writes them
 * (grouping and decimal separator): whole numbers whole, others with at
 * most `digits` decimals. Anything not a finite number is shown as text.
 */
export function numberFormat(lang, digits = 2) {
	const f = new Intl.NumberFormat(lang, {maximumFractionDigits: digits});
	return (v) => (typeof v === "number" && Number.isFinite(v) ? f.format(v) : String(v));
}

/** tickFormat formats an axis's ticks alike: as many decimals as the finest tick needs. */
export function tickFormat(ticks, lang) {
	let digits = 0;
	for (const v of ticks) {
		const s = String(round10(Math.abs(v)));
		const dot = s.indexOf(".");
		if (dot >= 0 && !s.includes("e")) digits = Math.max(digits, s.length - dot - 1);
	}
	return numberFormat(lang, Math.min(digits, 6));
}

/**
 * formulaIsValue says whether a formula is just the number it evaluates to
 * ("2" for 2), so that a label gives it once instead of "2 = 2".
 */
export function formulaIsValue(formula, value) {
	const s = String(formula ?? "")
		.trim()
		.replace(/\u2212/g, "-");
	return s !== "" && Number.isFinite(Number(s)) && Math.abs(Number(s) - value) <= 1e-9 * Math.max(1, Math.abs(value));
}
