// What the clocks view draws, read from a frame: each process's software
// clock as the server declares it (the variable of use "clockSeries": its
// marks {t, c, before, rate, kind, band}, engine.ClockMark), cut at the
// frame's time; the corrections; the skew now; the axes' ranges and ticks.
// Pure: no DOM.

import {useOf} from "../../i18n/vocab.js";

/** MODES: the clock against real time (the ideal clock is the diagonal), or its deviation C − t. */
export const MODES = ["reading", "deviation"];

/** valueAt is the clock's reading at real time t (null before its first mark). */
export function valueAt(marks, t) {
	let m = null;
	for (const x of marks) {
		if (x.t > t) break;
		m = x;
	}
	return m ? m.c + m.rate * (t - m.t) : null;
}

/**
 * course is the clock's course up to now: points [{t, c}] of a polyline
 * (a jump gives two points at one t), and its corrections [{t, before,
 * after, band, kind}] (jumps and slews; a slew's end once reached).
 */
export function course(marks, now) {
	const points = [];
	const corrections = [];
	for (let i = 0; i < marks.length; i++) {
		const m = marks[i];
		if (m.t > now) break;
		if (i > 0) {
			const p = marks[i - 1];
			points.push({t: m.t, c: p.c + p.rate * (m.t - p.t)});
		}
		if (m.kind !== "start") corrections.push({t: m.t, before: m.before, after: m.c, band: m.band || 0, kind: m.kind});
		points.push({t: m.t, c: m.c});
	}
	const last = points.length ? valueAt(marks, now) : null;
	if (last !== null) points.push({t: now, c: last});
	return {points, corrections};
}

/**
 * clocksOf reads every process's clock from a frame: [{pos, marks, crashed,
 * now: C at the frame's time}] (processes without a clock left out).
 */
export function clocksOf(alg, frame) {
	const out = [];
	for (const nd of frame.nodes || []) {
		const marks = useOf(alg, nd, "clockSeries");
		if (!Array.isArray(marks) || marks.length === 0) continue;
		out.push({pos: nd.pos, marks, crashed: !!nd.crashed, now: valueAt(marks, frame.time)});
	}
	return out;
}

/** skew is the largest difference between the live clocks now: {lo, hi, skew} or null with fewer than two. */
export function skewOf(clocks) {
	const vals = clocks.filter((c) => !c.crashed && c.now !== null).map((c) => c.now);
	if (vals.length < 2) return null;
	const lo = Math.min(...vals);
	const hi = Math.max(...vals);
	return {lo, hi, skew: hi - lo};
}

/** niceCeil rounds x up to 1, 2 or 5 times a power of ten (at least 1). */
export function niceCeil(x) {
	if (!(x > 1)) return 1;
	const p = Math.pow(10, Math.floor(Math.log10(x)));
	for (const k of [1, 2, 5, 10]) if (k * p >= x) return k * p;
	return 10 * p;
}

/** ticks are round values from lo to hi, about count of them. */
export function ticks(lo, hi, count = 5) {
	if (!(hi > lo)) return [lo];
	const step = niceStep((hi - lo) / count);
	const out = [];
	for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.round(v / step) * step + 0); // + 0: no −0
	return out;
}

function niceStep(x) {
	const p = Math.pow(10, Math.floor(Math.log10(x)));
	for (const k of [1, 2, 5]) if (k * p >= x) return k * p;
	return 10 * p;
}

/**
 * domains are the axes' ranges for the clocks up to now: x from 0 to a round
 * time past now (so that stepping rescales seldom), y over every clock's
 * course (and the ideal clock's) in the mode's terms.
 */
export function domains(clocks, now, mode) {
	const span = Math.max(now, 10) * 1.05;
	const step = niceStep(span / 4);
	const x1 = Math.ceil(span / step) * step;
	const y = (t, c) => (mode === "deviation" ? c - t : c);
	let lo = 0;
	let hi = mode === "deviation" ? 0 : now;
	for (const c of clocks) {
		const {points, corrections} = course(c.marks, now);
		for (const p of points) {
			lo = Math.min(lo, y(p.t, p.c));
			hi = Math.max(hi, y(p.t, p.c));
		}
		for (const k of corrections) {
			lo = Math.min(lo, y(k.t, k.after - k.band));
			hi = Math.max(hi, y(k.t, k.after + k.band));
		}
	}
	if (mode === "deviation") {
		const m = Math.max(Math.abs(lo), Math.abs(hi), 1) * 1.15;
		return {x: [0, x1], y: [-m, m]};
	}
	const pad = Math.max((hi - lo) * 0.06, 1);
	return {x: [0, x1], y: [Math.min(lo - pad, 0), Math.max(hi + pad, x1)]};
}
