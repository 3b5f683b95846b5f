// The clocks view (registry view "clocks"): every process's software clock
// against real time, a line per process, with the ideal clock C = t as the
// diagonal; each correction as an arrow from the reading before to the one
// after, with its accuracy band where the algorithm knows one; a slew's
// start and end as dots; the skew now as a bracket. A switch draws the
// deviation C − t instead (the ideal clock is then the horizontal axis).
// The messages are the space-time diagram's, beside it. The view reads the
// clocks by their declared use (clockmodel.js); views/kit/kit.js says the
// contract.

import {createKit, view} from "../kit/kit.js";
import {renderLegend, legendGroup, legendItem} from "../kit/legend.js";
import {svg, set, text, clear, fmt} from "../../app/dom.js";
import {t} from "../../i18n/i18n.js";
import {clocksOf, course, skewOf, domains, ticks, MODES} from "./clockmodel.js";

const ARROW =
	'<marker id="clk-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker>';

const M = {left: 58, right: 56, top: 34, bottom: 42}; // the plot's margins

export function create(host, handlers) {
	const kit = createKit(host, {
		id: "clocks",
		testid: "clocks",
		className: "clocks-view",
		defs: ARROW,
		layers: ["l-axes", "l-ideal", "l-lines", "l-corr", "l-now", "l-labels", "l-ui"],
		handlers,
		onLayout: () => layout(),
		click(tg, ev) {
			const sw = ev.target.closest && ev.target.closest("[data-clock-mode]");
			if (!sw) return false;
			mode = MODES[(MODES.indexOf(mode) + 1) % MODES.length];
			kit.root.dataset.mode = mode;
			if (kit.frame) update(kit.frame, opts, null);
			return true;
		},
	});
	const g = kit.layers;
	let mode = "reading";
	kit.root.dataset.mode = mode;
	let run = null;
	let lines = []; // per position: {path, label} or null
	let opts = {manual: false, selected: null};
	let box = {w: 600, h: 400};

	function setRun(r) {
		kit.run = r;
		kit.frame = null;
		run = {alg: r.algorithm, nodes: r.nodes, unit: r.algorithm.timeUnit || ""};
		for (const layer of Object.values(g)) clear(layer);
		lines = r.nodes.map((_, p) => ({
			path: svg("path", {class: `clk-line clk-${p % 8}`, "data-node": p}, g["l-lines"]),
			hit: null,
			label: svg("text", {class: `clk-label clk-${p % 8}`, "data-node": p}, g["l-labels"]),
		}));
		for (const [p, ln] of lines.entries()) {
			ln.hit = svg("path", {class: "clk-hit", "data-node": p}, g["l-lines"]);
			text(ln.label, r.nodes[p].label);
		}
		layout();
	}

	function layout() {
		if (!run) return;
		box = kit.size(320, 240);
		if (kit.frame) update(kit.frame, opts, null);
	}

	function update(frame, o) {
		if (!run) return;
		kit.frame = frame;
		opts = o || opts;
		const now = frame.time;
		const clocks = clocksOf(run.alg, frame);
		const dom = domains(clocks, now, mode);
		const W = box.w - M.left - M.right;
		const H = box.h - M.top - M.bottom;
		const sx = (x) => M.left + ((x - dom.x[0]) / (dom.x[1] - dom.x[0])) * W;
		const sy = (y) => M.top + H - ((y - dom.y[0]) / (dom.y[1] - dom.y[0])) * H;
		const yOf = (tt, c) => sy(mode === "deviation" ? c - tt : c);
		drawAxes(dom, sx, sy, W, H);
		// the ideal clock: C = t (the diagonal), or C − t = 0
		clear(g["l-ideal"]);
		svg("line", {class: "clk-ideal", x1: sx(0), y1: yOf(0, 0), x2: sx(dom.x[1]), y2: yOf(dom.x[1], dom.x[1])}, g["l-ideal"]);
		clear(g["l-corr"]);
		const seen = new Set();
		const ends = [];
		for (const c of clocks) {
			seen.add(c.pos);
			const ln = lines[c.pos];
			if (!ln) continue;
			const {points, corrections} = course(c.marks, now);
			const d = points.map((p, i) => `${i ? "L" : "M"}${sx(p.t).toFixed(1)},${yOf(p.t, p.c).toFixed(1)}`).join("");
			set(ln.path, "d", d);
			set(ln.hit, "d", d);
			ln.path.classList.toggle("crashed", c.crashed);
			ln.path.classList.toggle("selected", opts.selected === c.pos);
			set(ln.label, "visibility", "visible");
			if (points.length) ends.push({ln, y: yOf(now, c.now)});
			for (const k of corrections) drawCorrection(k, c.pos, sx, yOf);
		}
		for (const [p, ln] of lines.entries()) {
			if (seen.has(p)) continue;
			set(ln.path, "d", "");
			set(ln.hit, "d", "");
			set(ln.label, "visibility", "hidden");
		}
		placeLabels(ends, sx(now) + 8, H);
		drawNow(now, clocks, sx, sy, yOf, H);
		drawSwitch();
		kit.select(null);
	}

	function drawAxes(dom, sx, sy, W, H) {
		const a = g["l-axes"];
		clear(a);
		svg("rect", {class: "clk-frame", x: M.left, y: M.top, width: W, height: H}, a);
		for (const v of ticks(dom.x[0], dom.x[1], Math.max(2, Math.floor(W / 80)))) {
			svg("line", {class: "clk-grid", x1: sx(v), y1: M.top, x2: sx(v), y2: M.top + H}, a);
			const tx = svg("text", {class: "clk-tick", x: sx(v), y: M.top + H + 16, "text-anchor": "middle"}, a);
			tx.textContent = fmt(v);
		}
		for (const v of ticks(dom.y[0], dom.y[1], Math.max(2, Math.floor(H / 50)))) {
			svg("line", {class: "clk-grid", x1: M.left, y1: sy(v), x2: M.left + W, y2: sy(v)}, a);
			const tx = svg("text", {class: "clk-tick", x: M.left - 6, y: sy(v) + 4, "text-anchor": "end"}, a);
			tx.textContent = fmt(v);
		}
		const unit = run.unit ? ` (${run.unit})` : "";
		const xt = svg("text", {class: "clk-axis", x: M.left + W / 2, y: M.top + H + 34, "text-anchor": "middle"}, a);
		xt.textContent = t("clocks.realTime") + unit;
		const yt = svg("text", {class: "clk-axis", x: 14, y: M.top + H / 2, "text-anchor": "middle", transform: `rotate(-90 14 ${M.top + H / 2})`}, a);
		yt.textContent = t(mode === "deviation" ? "clocks.deviation" : "clocks.clock");
	}

	// drawCorrection: a jump's arrow from before to after and its band; a slew's dot
	function drawCorrection(k, pos, sx, yOf) {
		const x = sx(k.t);
		const cls = `clk-${pos % 8}`;
		if (k.kind === "jump") {
			if (k.band > 0) {
				const y1 = yOf(k.t, k.after - k.band);
				const y2 = yOf(k.t, k.after + k.band);
				svg("path", {class: `clk-band ${cls}`, d: `M${x - 5},${y1}H${x + 5}M${x},${y1}V${y2}M${x - 5},${y2}H${x + 5}`, "data-node": pos}, g["l-corr"]);
			}
			const yb = yOf(k.t, k.before);
			const ya = yOf(k.t, k.after);
			if (Math.abs(ya - yb) > 3) svg("line", {class: `clk-jump ${cls}`, x1: x, y1: yb, x2: x, y2: ya, "marker-end": "url(#clk-arrow)", "data-node": pos}, g["l-corr"]);
			else svg("circle", {class: `clk-jumpdot ${cls}`, cx: x, cy: ya, r: 3, "data-node": pos}, g["l-corr"]);
		} else {
			svg("circle", {class: `clk-slew ${cls} ${k.kind}`, cx: x, cy: yOf(k.t, k.after), r: 3.5, "data-node": pos}, g["l-corr"]);
		}
	}

	// placeLabels writes each process's label at its line's end, pushed apart so that none overlaps
	function placeLabels(ends, x, H) {
		ends.sort((a, b) => a.y - b.y);
		const gap = 13;
		// too many to write them all: every k-th, the others hidden
		const k = Math.max(1, Math.ceil((ends.length * gap) / Math.max(H, gap)));
		ends = ends.filter((e, i) => {
			set(e.ln.label, "visibility", i % k === 0 ? "visible" : "hidden");
			return i % k === 0;
		});
		let prev = -Infinity;
		for (const e of ends) {
			e.y = Math.max(e.y, prev + gap);
			prev = e.y;
		}
		const over = prev - (M.top + H + 4);
		if (over > 0) for (const e of ends) e.y -= over;
		for (const e of ends) {
			set(e.ln.label, "x", Math.min(x, box.w - M.right + 4));
			set(e.ln.label, "y", e.y + 4);
		}
	}

	// drawNow: the present as a vertical line, and the skew as a bracket beside it
	function drawNow(now, clocks, sx, sy, yOf, H) {
		const l = g["l-now"];
		clear(l);
		const x = sx(now);
		svg("line", {class: "clk-now", x1: x, y1: M.top, x2: x, y2: M.top + H}, l);
		const s = skewOf(clocks);
		if (!s) return;
		const y1 = yOf(now, s.lo);
		const y2 = yOf(now, s.hi);
		svg("path", {class: "clk-skew", d: `M${x - 4},${y1}H${x}V${y2}H${x - 4}`}, l);
		const tx = svg("text", {class: "clk-skewtext", x: x - 6, y: Math.max(M.top + 12, Math.min(y1, y2) - 6), "text-anchor": "end", "data-testid": "clock-skew"}, l);
		tx.textContent = t("clocks.skew", {v: fmt(s.skew)});
	}

	// drawSwitch: the button that switches between C and C − t
	function drawSwitch() {
		const u = g["l-ui"];
		clear(u);
		const label = t(mode === "reading" ? "clocks.showDeviation" : "clocks.showClock");
		const w = Math.max(90, label.length * 7 + 16);
		const sw = svg("g", {class: "clk-switch", "data-clock-mode": mode, "data-testid": "clock-mode", role: "button", transform: `translate(${box.w - M.right - w},6)`}, u);
		svg("rect", {width: w, height: 22, rx: 4}, sw);
		const tx = svg("text", {x: w / 2, y: 15, "text-anchor": "middle"}, sw);
		tx.textContent = label;
	}

	return view(kit, {
		setRun,
		update,
		layout,
		/** legend: the roles and messages, then what the clocks' marks mean. */
		legend(lbox, frame, roles) {
			const alg = kit.run && kit.run.algorithm;
			if (!alg) return;
			renderLegend(lbox, alg, roles, alg.messageTypes || [], t);
			const item = (body, label) => legendItem(body, label, {viewBox: "0 -10 30 20", width: 30});
			legendGroup(lbox, t("clocks.legend"), [
				item('<line class="clk-ideal" x1="2" y1="8" x2="28" y2="-8"/>', t("clocks.legend.ideal")),
				item('<line class="clk-jump clk-0" x1="15" y1="8" x2="15" y2="-6" marker-end="url(#clk-arrow)"/>', t("clocks.legend.jump")),
				item('<path class="clk-band clk-0" d="M10,-8H20M15,-8V8M10,8H20"/>', t("clocks.legend.band")),
				item('<circle class="clk-slew clk-0" cx="15" cy="0" r="4"/>', t("clocks.legend.slew")),
				item('<path class="clk-skew" d="M11,-8H15V8H11"/>', t("clocks.legend.skew")),
			], "clock-legend");
		},
		note() {
			return "";
		},
	});
}
