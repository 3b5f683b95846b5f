// The experiment plots, drawn as SVG by Observable Plot (static/vendor/plot):
// measured mean per x with the min–max band, the theory's curves for the
// same x labelled with their formulas at the right end, and histograms with
// the mean and the theory's values as rules. Every series has a colour and
// a second cue (marker shape for measurements, dash pattern for theory), so
// the plot reads in black and white and on a washed-out projector.
// svgFile turns a drawn plot and its legend into a standalone SVG file.

import * as Plot from "../../vendor/plot/plot.js";
import {spreadLabels, integerAxis, niceTicks, logTicks, tickFormat} from "./expdata.js";

const SVGNS = "http://www.w3.org/2000/svg";

/** SYMBOLS and DASHES: the second cue of measured series and of theory curves, in order. */
export const SYMBOLS = ["circle", "square", "triangle", "diamond", "star", "cross"];
export const DASHES = ["8 5", "2 5", "12 4 2 4", "4 4", "14 6", "1 3"];

/**
 * colorsOf reads the plot's colours from the page's style sheet (they
 * follow the theme): fg, muted, rule, bg, and series[] (--exp-c0 … c7).
 */
export function colorsOf(el) {
	const cs = getComputedStyle(el);
	// a token may be light-dark(…, …): a probe's colour resolves it for the theme in use
	const probe = document.createElement("span");
	el.append(probe);
	const v = (name, fallback) => {
		if (!cs.getPropertyValue(name).trim()) return fallback;
		probe.style.color = `var(${name})`;
		return getComputedStyle(probe).color || fallback;
	};
	const series = [];
	for (let i = 0; i < 8; i++) series.push(v(`--exp-c${i}`, ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#555", "#000"][i]));
	const colors = {fg: v("--fg", "#111"), muted: v("--muted", "#444"), rule: v("--rule", "#ccc"), bg: v("--view-bg", "#fff"), series, font: cs.fontFamily};
	probe.remove();
	return colors;
}

/**
 * styleOf assigns colours and cues: measured series first (solid, with a
 * marker), then the theory curves (dashed). Returns {measured[], theory[]}
 * of {color, symbol|dash}.
 */
export function styleOf(nSeries, nTheory, colors) {
	const c = colors.series;
	const measured = Array.from({length: nSeries}, (_, i) => ({color: c[i % c.length], symbol: SYMBOLS[i % SYMBOLS.length]}));
	const theory = Array.from({length: nTheory}, (_, j) => ({color: c[(nSeries + j) % c.length], dash: DASHES[j % DASHES.length]}));
	return {measured, theory};
}

function base({width, height, colors, fontSize}) {
	return {
		width,
		height,
		marginTop: 28,
		marginBottom: 58,
		style: {fontSize: `${fontSize}px`, fontFamily: colors.font, color: colors.fg, background: "transparent", overflow: "visible"},
	};
}

let measurer = null;

/** textWidth is the width in pixels of text in the plot's font, as the browser lays it out. */
function textWidth(text, fontSize, family) {
	if (!measurer) measurer = document.createElement("canvas").getContext("2d");
	measurer.font = `${fontSize}px ${family || "sans-serif"}`;
	return measurer.measureText(String(text)).width;
}

/**
 * yAxis draws a left axis at the given ticks, labelled by format, with the
 * margin sized from its widest tick label (a fixed margin cuts "500,000"
 * to "00,000") and the rotated title a clear gap to the left of the
 * labels. Returns {marginLeft, grid, axis}: the grid goes under the data.
 */
function yAxis(ticks, format, {label, fontSize, colors}) {
	const labels = ticks.map(format);
	const widest = Math.max(0, ...labels.map((s) => textWidth(s, fontSize, colors.font))) * 1.05;
	// tick 6 + padding 3, the labels, a gap, then the title's line (rotated: its top faces left)
	const labelOffset = Math.ceil(9 + widest + 0.5 * fontSize + 1.2 * fontSize);
	return {
		marginLeft: labelOffset + 4,
		grid: Plot.gridY(ticks),
		axis: Plot.axisY(ticks, {text: (d) => format(d), label, labelAnchor: "center", labelArrow: "none", labelOffset}),
	};
}

/** xAxis draws a bottom axis at the given ticks, labelled by format; grid: whether to draw lines at them too. */
function xAxis(ticks, format, {label, grid}) {
	return {
		grid: grid ? Plot.gridX(ticks) : null,
		axis: Plot.axisX(ticks, {text: (d) => format(d), label, labelAnchor: "center", labelArrow: "none", labelOffset: 44}),
	};
}

/**
 * shortFormula is how a curve is labelled on the plot: the part after the
 * last "=" of a formula that works its way to a result
 * ("O(n²): n(n−1)/2 + … = n²−n−1" → "n²−n−1"), else the formula.
 */
export function shortFormula(f) {
	const s = String(f || "");
	const i = s.lastIndexOf("=");
	return i >= 0 && s.slice(i + 1).trim() ? s.slice(i + 1).trim() : s;
}

/**
 * linePlot draws measured series (mean line and markers, min–max band) and
 * theory curves against x. opts: series (seriesOf), theory (theoryOf),
 * xLabel, yLabel, logX, logY, width, height, colors, fontSize, lang (the
 * page's language: how numbers are written), labels (theory curve → its
 * short label, e.g. the formula), tipText(series, point).
 * Returns the <svg>.
 */
export function linePlot(o) {
	const {series, theory, colors} = o;
	const st = styleOf(series.length, theory.length, colors);
	const fontSize = o.fontSize || 16;
	const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
	const labelW = Math.min(220, Math.max(40, ...theory.map((c) => textWidth(o.labels(c), fontSize * 0.95, colors.font) * 1.1)) + 16);
	const ys = [...series.flatMap((s) => s.points.flatMap((p) => [p.min, p.max])), ...theory.flatMap((c) => c.points.map((p) => p.value))];
	const logY = o.logY && ys.every((v) => v > 0);
	const logX = o.logX && xs.every((v) => v > 0);
	// the axes: about 5 to 10 labelled ticks each, numbers as the page's language writes them
	let yDomain;
	let yTicks;
	if (logY) {
		const lo = Math.min(...ys);
		const hi = Math.max(...ys);
		yDomain = lo < hi ? [lo, hi] : [lo / 2, hi * 2];
		yTicks = logTicks(...yDomain);
	} else {
		const nt = niceTicks(Math.min(0, ...ys), Math.max(0, ...ys));
		yDomain = nt.domain;
		yTicks = nt.ticks;
	}
	let xDomain;
	let xTicks;
	if (logX) {
		xDomain = xs.length > 1 ? [xs[0], xs[xs.length - 1]] : [xs[0] / 2, xs[0] * 2];
		// up to 12 values: the values run as ticks, each labelled
		xTicks = xs.length <= 12 ? xs : logTicks(...xDomain);
	} else {
		const nt = niceTicks(xs[0], xs[xs.length - 1], 8, xs.every(Number.isInteger));
		xDomain = nt.domain;
		xTicks = nt.ticks;
	}
	const ya = yAxis(yTicks, tickFormat(yTicks, o.lang), {label: o.yLabel, fontSize, colors});
	const xa = xAxis(xTicks, tickFormat(xTicks, o.lang), {label: o.xLabel, grid: true});
	const marks = [ya.grid, xa.grid];
	series.forEach((s, i) => {
		const c = st.measured[i].color;
		if (s.points.some((p) => p.max > p.min)) marks.push(Plot.areaY(s.points, {x: "x", y1: (d) => d.min, y2: (d) => d.max, fill: c, fillOpacity: 0.18}));
		marks.push(Plot.ruleX(s.points, {x: "x", y1: (d) => d.min, y2: (d) => d.max, stroke: c, strokeWidth: 2, strokeOpacity: 0.7}));
		marks.push(Plot.line(s.points, {x: "x", y: "mean", stroke: c, strokeWidth: 3.5}));
	});
	// the theory over the measured lines (its gaps show what lies below), the markers on top
	theory.forEach((c, j) => {
		marks.push(Plot.line(c.points, {x: "x", y: "value", stroke: st.theory[j].color, strokeWidth: 3, strokeDasharray: st.theory[j].dash}));
	});
	series.forEach((s, i) => {
		marks.push(Plot.dot(s.points, {x: "x", y: "mean", fill: st.measured[i].color, stroke: colors.bg, strokeWidth: 1.5, r: 6, symbol: () => st.measured[i].symbol}));
	});
	marks.push(ya.axis, xa.axis);
	const tips = series.flatMap((s, i) => s.points.map((p) => ({...p, i})));
	if (o.tipText) marks.push(Plot.tip(tips, Plot.pointer({x: "x", y: "mean", title: (d) => o.tipText(series[d.i], d), fontSize: fontSize * 0.85})));
	const opts = {
		...base({...o, fontSize}),
		marginLeft: ya.marginLeft,
		marginRight: theory.length ? labelW : 24,
		x: {type: logX ? "log" : "linear", domain: xDomain, nice: false, inset: 8},
		y: {type: logY ? "log" : "linear", domain: yDomain, nice: false, zero: false, inset: logY ? 6 : 0},
		marks,
	};
	if (!theory.length) return Plot.plot(opts);
	// the curves' labels at their right ends, moved apart where they would overlap
	const first = Plot.plot(opts);
	const y = first.scale("y");
	const scale = Plot.scale({y});
	const ends = theory.map((c) => c.points[c.points.length - 1]);
	const want = ends.map((p) => scale.apply(p.value));
	const got = spreadLabels(want, fontSize * 1.15, opts.marginTop, o.height - opts.marginBottom);
	theory.forEach((c, j) => {
		opts.marks.push(
			Plot.text([ends[j]], {
				x: "x",
				y: "value",
				text: () => o.labels(c),
				textAnchor: "start",
				dx: 10,
				dy: got[j] - want[j],
				fill: st.theory[j].color,
				fontWeight: 700,
				fontSize: fontSize * 0.95,
				stroke: colors.bg,
				strokeWidth: 4,
				paintOrder: "stroke",
			}),
		);
	});
	return Plot.plot(opts);
}

/**
 * histogramPlot draws bins ({x0, x1, count}) with the measured mean as a
 * solid rule and theory values as dashed rules, each labelled on top.
 * opts: hist (histogram()), theory ([{label, value}]), expected (null, or
 * {index: the theory entry it belongs to, points: [{x, count}]}: a predicted
 * distribution drawn as dots), xLabel, yLabel, width, height, colors,
 * fontSize, lang, meanLabel.
 */
export function histogramPlot(o) {
	const {hist, colors} = o;
	const fontSize = o.fontSize || 16;
	const st = styleOf(1, o.theory.length, colors);
	const lines = [{label: o.meanLabel, value: hist.mean, color: st.measured[0].color, dash: null}, ...o.theory.map((c, j) => ({label: c.label, value: c.value, color: st.theory[j].color, dash: st.theory[j].dash}))].filter((l) => typeof l.value === "number");
	const maxCount = Math.max(1, ...hist.bins.map((b) => b.count), ...(o.expected ? o.expected.points.map((p) => p.count) : []));
	const ax = integerAxis(hist.bins, o.theory.map((c) => c.value));
	const marks = [
		Plot.rectY(hist.bins, {x1: "x0", x2: "x1", y: "count", fill: st.measured[0].color, fillOpacity: 0.55, stroke: st.measured[0].color, strokeWidth: 1.5, inset: 1}),
		Plot.ruleY([0], {stroke: colors.fg, strokeWidth: 2}),
	];
	// the theory's distribution, where it gives one: expected counts as dots on a thin line
	if (o.expected && o.expected.points.length) {
		const c = st.theory[o.expected.index] ? st.theory[o.expected.index].color : colors.fg;
		marks.push(Plot.line(o.expected.points, {x: "x", y: "count", stroke: c, strokeWidth: 2, strokeDasharray: "6 4"}));
		marks.push(Plot.dot(o.expected.points, {x: "x", y: "count", r: 6, fill: c, stroke: colors.bg, strokeWidth: 2}));
	}
	// the axes: whole-number bins get whole-number ticks; counts start at zero with room for the labels on top
	let xDomain;
	let xTicks;
	if (ax) {
		xDomain = ax.domain;
		xTicks = ax.ticks;
	} else {
		// the bins and the theory's values
		const vs = lines.map((l) => l.value);
		xDomain = [Math.min(hist.bins[0].x0, ...vs), Math.max(hist.bins[hist.bins.length - 1].x1, ...vs)];
		xTicks = niceTicks(...xDomain).ticks.filter((v) => v >= xDomain[0] && v <= xDomain[1]);
	}
	const yt = niceTicks(0, maxCount * (1.2 + 0.1 * lines.length), 8, true);
	const ya = yAxis(yt.ticks, tickFormat(yt.ticks, o.lang), {label: o.yLabel, fontSize, colors});
	const xa = xAxis(xTicks, tickFormat(xTicks, o.lang), {label: o.xLabel, grid: false});
	// all rules first, then their labels beside them, each on the side away
	// from the nearest other rule (the mean 1.97 left of the theory's 2), so no
	// rule runs through a label, unless that side leaves no room for it
	const inner = [ya.marginLeft + 48, o.width - 40 - 48];
	const px = (v) => inner[0] + ((v - xDomain[0]) / (xDomain[1] - xDomain[0])) * (inner[1] - inner[0]);
	for (const l of lines) marks.push(Plot.ruleX([l.value], {stroke: l.color, strokeWidth: 3.5, strokeDasharray: l.dash || undefined}));
	lines.forEach((l, k) => {
		const others = lines.filter((_, i) => i !== k).map((m) => m.value);
		const near = others.length ? others.reduce((a, b) => (Math.abs(b - l.value) < Math.abs(a - l.value) ? b : a)) : -Infinity;
		let right = l.value > near || (l.value === near && k > 0);
		const w = textWidth(l.label, fontSize * 0.95, colors.font) * 1.05 + 8;
		if (!right && px(l.value) - w < ya.marginLeft) right = true;
		else if (right && px(l.value) + w > o.width - 4) right = false;
		marks.push(
			Plot.text([l.value], {
				x: (d) => d,
				y: maxCount * (1.12 + 0.1 * k),
				textAnchor: right ? "start" : "end",
				dx: right ? 8 : -8,
				text: () => l.label,
				fill: l.color,
				fontWeight: 700,
				fontSize: fontSize * 0.95,
				stroke: colors.bg,
				strokeWidth: 4,
				paintOrder: "stroke",
			}),
		);
	});
	return Plot.plot({
		...base({...o, fontSize}),
		marginLeft: ya.marginLeft,
		marginRight: 40,
		marginTop: 16,
		x: {domain: xDomain, inset: 48},
		y: {domain: yt.domain},
		marks: [ya.grid, ...marks, ya.axis, xa.axis],
	});
}

/**
 * svgFile makes a standalone SVG document of a drawn plot: a title above,
 * the plot on the theme's background, and the legend (items of {text,
 * color, dash | symbol}) below, with every colour written out.
 */
export function svgFile(plotSvg, {title, legend, colors, fontSize = 16}) {
	const w = Number(plotSvg.getAttribute("width")) || 800;
	const h = Number(plotSvg.getAttribute("height")) || 500;
	const titleH = title ? fontSize * 2.2 : 0;
	const rowH = fontSize * 1.6;
	const legendH = legend.length ? legend.length * rowH + fontSize : 0;
	const root = document.createElementNS(SVGNS, "svg");
	const H = Math.ceil(titleH + h + legendH);
	root.setAttribute("xmlns", SVGNS);
	root.setAttribute("width", w);
	root.setAttribute("height", H);
	root.setAttribute("viewBox", `0 0 ${w} ${H}`);
	root.setAttribute("style", `font-family:${colors.font};font-size:${fontSize}px;color:${colors.fg}`);
	const add = (tag, attrs, parent = root) => {
		const e = document.createElementNS(SVGNS, tag);
		for (const k in attrs) e.setAttribute(k, attrs[k]);
		parent.append(e);
		return e;
	};
	add("rect", {width: w, height: H, fill: colors.bg});
	if (title) {
		const tx = add("text", {x: 12, y: fontSize * 1.5, fill: colors.fg, "font-weight": 700, "font-size": fontSize * 1.1});
		tx.textContent = title;
	}
	const inner = plotSvg.cloneNode(true);
	// the page's tip (hover) is not part of the file
	for (const tip of inner.querySelectorAll('[aria-label="tip"]')) tip.remove();
	inner.setAttribute("x", 0);
	inner.setAttribute("y", titleH);
	root.append(inner);
	legend.forEach((item, k) => {
		const y = titleH + h + fontSize * 0.5 + k * rowH + rowH / 2;
		const g = add("g", {transform: `translate(16,${y})`});
		if (item.dash !== undefined) {
			add("line", {x1: 0, x2: 44, y1: 0, y2: 0, stroke: item.color, "stroke-width": 3, "stroke-dasharray": item.dash || "none"}, g);
		} else {
			add("line", {x1: 0, x2: 44, y1: 0, y2: 0, stroke: item.color, "stroke-width": 3.5}, g);
			symbolPath(add, g, item.symbol, item.color, colors.bg);
		}
		const tx = add("text", {x: 56, y: 0, "dominant-baseline": "central", fill: colors.fg}, g);
		tx.textContent = item.text;
	});
	return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(root);
}

/** legendSample is a small SVG showing a legend item's line and cue, for the page's legend. */
export function legendSample(item, colors) {
	const s = document.createElementNS(SVGNS, "svg");
	s.setAttribute("width", "48");
	s.setAttribute("height", "20");
	s.setAttribute("viewBox", "-2 -10 48 20");
	s.setAttribute("aria-hidden", "true");
	const add = (tag, attrs, parent = s) => {
		const e = document.createElementNS(SVGNS, tag);
		for (const k in attrs) e.setAttribute(k, attrs[k]);
		parent.append(e);
		return e;
	};
	add("line", {x1: 0, x2: 44, y1: 0, y2: 0, stroke: item.color, "stroke-width": 3.5, "stroke-dasharray": item.dash || "none"});
	if (item.dash === undefined) symbolPath(add, s, item.symbol, item.color, colors.bg);
	return s;
}

// symbolPath draws a marker of Plot's symbol set at (22, 0), as on the plot.
function symbolPath(add, parent, symbol, color, bg) {
	const a = {fill: color, stroke: bg, "stroke-width": 1.5};
	switch (symbol) {
		case "square":
			add("rect", {x: 16.5, y: -5.5, width: 11, height: 11, ...a}, parent);
			break;
		case "triangle":
			add("path", {d: "M22 -7L28.5 5H15.5Z", ...a}, parent);
			break;
		case "diamond":
			add("path", {d: "M22 -7.5L29.5 0L22 7.5L14.5 0Z", ...a}, parent);
			break;
		case "star":
			add("path", {d: "M22 -7.5L24 -2.5L29.5 -2.3L25.2 1.2L26.7 6.6L22 3.5L17.3 6.6L18.8 1.2L14.5 -2.3L20 -2.5Z", ...a}, parent);
			break;
		case "cross":
			add("path", {d: "M19.5 -7h5v4.5h4.5v5h-4.5v4.5h-5v-4.5h-4.5v-5h4.5Z", ...a}, parent);
			break;
		default:
			add("circle", {cx: 22, cy: 0, r: 6, ...a}, parent);
	}
}
