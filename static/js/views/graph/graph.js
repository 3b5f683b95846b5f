// The graph view (registry view "graph"): any connected graph, laid out
// once per topology by stress majorization (graphlayout.js), so that
// stepping never moves a process. Each edge shows its state: a tree edge
// with an arrow toward the parent in its wave's colour and dash; a dot at
// each end that counts it done; a cross at an end that swallowed a message
// from the other. Each process shows its role, its ID and a tag with the
// wave it belongs to (colour, dash and the wave's number); messages in
// flight carry their number and their wave's outline, one lane per
// direction (views/kit/kit.js says the contract this module keeps).

import {stressLayout, fitLayout, edgeEnds, msgPos} from "./graphlayout.js";
import {edgesOf, graphModel, edgeLook, waveLooks, carried, WAVE_LOOKS} from "./graphmodel.js";
import {fitFont, tokenSize} from "../kit/geometry.js";
import {createKit, view} from "../kit/kit.js";
import {createFlights} from "../kit/flights.js";
import {renderLegend, legendGroup, legendItem} from "../kit/legend.js";
import {svg, set, cls, clear} from "../../app/dom.js";
import {roleLook, shortOf} from "../../i18n/vocab.js";
import {t} from "../../i18n/i18n.js";

const MARKERS = Array.from({length: WAVE_LOOKS}, (_, k) =>
	`<marker id="g-arrow-wave-${k}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto" markerUnits="strokeWidth"><path class="g-head wave-${k}" d="M0,0 L10,5 L0,10 z"/></marker>`,
).join("");

export function create(host, handlers) {
	const kit = createKit(host, {
		id: "graph",
		testid: "graph",
		className: "graph-view",
		defs: MARKERS,
		layers: ["l-edges", "l-marks", "l-nodes", "l-labels", "l-msgs"],
		handlers,
		onLayout: () => layout(),
	});
	const {root} = kit;
	const g = {edges: kit.layers["l-edges"], marks: kit.layers["l-marks"], nodes: kit.layers["l-nodes"], labels: kit.layers["l-labels"], msgs: kit.layers["l-msgs"]};

	let run = null; // {n, nodes, alg}
	let topo = ""; // the edges the layout was made for
	let edges = [];
	let raw = null; // the layout in hops, made once per topology
	let L = null; // raw fitted to the box
	let look = () => null; // wave ID → look
	let nodes = []; // per position: {g, body, ring, id, badge, tag, key}
	let lines = new Map(); // "a-b" → {g, line, key}
	let opts = {manual: false, selected: null};

	const flights = createFlights(g.msgs, {
		alg: () => run.alg,
		prepare: () => ({font: 13, dot: L.edge < 75}),
		shape: (f, ctx) => (ctx.dot ? "dot" : "pill") + look(carried(f)),
		make(m, f, ctx) {
			const w = look(carried(f));
			const wc = w === null ? "" : ` wave-${w}`;
			if (ctx.dot) {
				m.sz = {w: 10, h: 10};
				m.shape = svg("circle", {class: "tok g-tok" + wc, r: 5}, m.g);
				return;
			}
			const n = carried(f);
			const txt = shortOf(run.alg, f.type) + (n === null ? "" : n);
			const sz = (m.sz = tokenSize(txt, ctx.font));
			m.shape = svg("rect", {class: "tok g-tok" + wc, x: -sz.w / 2, y: -sz.h / 2, width: sz.w, height: sz.h, rx: sz.h / 2}, m.g);
			const label = svg("text", {class: "tok-text", "font-size": ctx.font}, m.g);
			label.textContent = txt;
		},
		place(m, f, fr, slot, ctx) {
			const p = msgPos(L, f.from, f.to, fr, (ctx.dot ? 4 : 9) + slot * (ctx.dot ? 6 : 14), m.sz);
			set(m.g, "transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
		},
	});

	function setRun(r) {
		kit.run = r;
		kit.frame = null;
		run = {n: r.nodes.length, nodes: r.nodes, alg: r.algorithm};
		topo = "";
		raw = L = null;
		flights.clear();
		for (const layer of Object.values(g)) clear(layer);
		nodes = [];
		lines = new Map();
		for (let p = 0; p < run.n; p++) {
			const ng = svg("g", {"data-node": p, class: "node"}, g.nodes);
			const ring = svg("circle", {class: "g-ring"}, ng);
			const body = svg("circle", {class: "body", r: 0}, ng);
			nodes.push({g: ng, ring, body, id: null, badge: null, tag: null, key: ""});
		}
	}

	// layout fits the topology's layout to the box and draws the skeleton:
	// on a new topology and on resize, never per step.
	function layout() {
		if (!run || !raw) return;
		const {w, h} = kit.size();
		L = fitLayout(raw, w, h, run.n > 30 ? {margin: 26, top: 24} : {margin: 48, top: 24});
		root.classList.toggle("dense", L.r < 11);
		clear(g.edges);
		clear(g.labels);
		lines = new Map();
		for (const [a, b] of edges) {
			const eg = svg("g", {class: "g-edge", "data-edge": a + "-" + b}, g.edges);
			svg("line", {class: "g-hit", x1: L.xs[a], y1: L.ys[a], x2: L.xs[b], y2: L.ys[b], "data-link": a, "data-link-to": b}, eg);
			const line = svg("line", {class: "g-line"}, eg);
			lines.set(a + "-" + b, {g: eg, line, key: ""});
		}
		const labelEvery = L.edge >= 50 ? 1 : Math.ceil(50 / Math.max(L.edge, 5));
		for (let p = 0; p < run.n; p++) {
			const nd = nodes[p];
			set(nd.g, "transform", `translate(${L.xs[p].toFixed(1)},${L.ys[p].toFixed(1)})`);
			set(nd.body, "r", L.r);
			set(nd.ring, "r", L.r + 3.5);
			if (nd.id) nd.id.remove();
			nd.id = null;
			const label = String(run.nodes[p].id);
			const font = fitFont(label, L.r, L.font);
			if (L.idInside && font >= 13) {
				nd.id = svg("text", {class: "nid", "font-size": font.toFixed(1)}, nd.g);
				nd.id.textContent = label;
			}
			if (p % labelEvery === 0) {
				const tx = svg("text", {class: "g-nlabel", x: L.xs[p] - L.r * 0.8, y: L.ys[p] - L.r - 6, "font-size": L.labelFont, "data-label": p}, g.labels);
				tx.textContent = run.nodes[p].label;
			}
			nd.key = "";
		}
		flights.clear();
		if (kit.frame) update(kit.frame, opts, null);
	}

	// update draws a frame: a new topology is laid out first; then every
	// edge and process whose look changed, and the messages in flight.
	function update(frame, o, changes) {
		if (!run) return;
		opts = o || opts;
		kit.frame = frame;
		const es = edgesOf(run.alg, frame);
		const key = es.map((e) => e.join("-")).join(",");
		if (key !== topo) {
			topo = key;
			edges = es;
			raw = stressLayout(run.n, es);
			look = waveLooks(run.alg, frame, run.nodes);
			layout();
			return;
		}
		if (!L) return;
		if (!changes || changes.whole || changes.nodes.size > 0) {
			const M = graphModel(run.alg, frame);
			clear(g.marks);
			for (const [a, b] of edges) drawEdge(M, a, b);
			for (const fn of frame.nodes) drawNode(fn, M);
		}
		const sel = opts.selected;
		if (sel !== null && sel !== undefined && sel < run.n) kit.select(L.xs[sel], L.ys[sel], L.r + 9);
		else kit.select(null);
		flights.update(frame, changes, opts);
	}

	function drawEdge(M, a, b) {
		const e = lines.get(a + "-" + b);
		const lk = edgeLook(M, a, b);
		const w = look(lk.wave);
		const key = `${lk.to}|${w}|${lk.doneA && lk.doneB}`;
		if (key !== e.key) {
			e.key = key;
			const from = lk.to === a ? b : a;
			const to = lk.to === null ? b : lk.to;
			const end = edgeEnds(L, from, to, lk.tree ? 3 : 0);
			set(e.line, "x1", end.x1);
			set(e.line, "y1", end.y1);
			set(e.line, "x2", end.x2);
			set(e.line, "y2", end.y2);
			cls(e.line, "g-line" + (lk.tree ? ` tree wave-${w ?? 0}` : lk.doneA && lk.doneB ? " done" : ""));
			if (lk.tree) set(e.line, "marker-end", `url(#g-arrow-wave-${w ?? 0})`);
			else {
				e.line.removeAttribute("marker-end");
				if (e.line.__dv) delete e.line.__dv["marker-end"];
			}
			e.g.dataset.tree = lk.tree ? "1" : "0";
			if (lk.tree) e.g.dataset.to = lk.to;
			else delete e.g.dataset.to;
		}
		const ends = edgeEnds(L, a, b, 0);
		for (const [at, done, swallowed, dir] of [[a, lk.doneA, lk.swallowedA, 1], [b, lk.doneB, lk.swallowedB, -1]]) {
			const x = (d) => L.xs[at] + dir * ends.ux * (L.r + d);
			const y = (d) => L.ys[at] + dir * ends.uy * (L.r + d);
			if (done) svg("circle", {class: "g-done", cx: x(6), cy: y(6), r: 3.2, "data-done": at + ">" + (at === a ? b : a)}, g.marks);
			if (swallowed) {
				const c = {x: x(15), y: y(15)};
				svg("path", {class: "g-swallow", d: `M${c.x - 4},${c.y - 4}L${c.x + 4},${c.y + 4}M${c.x - 4},${c.y + 4}L${c.x + 4},${c.y - 4}`, "data-swallowed": at + ">" + (at === a ? b : a)}, g.marks);
			}
		}
	}

	function drawNode(fn, M) {
		const nd = nodes[fn.pos];
		if (!nd) return;
		const w = look(M.wave[fn.pos]);
		const key = `${fn.role}|${w}|${M.wave[fn.pos]}`;
		if (key === nd.key) return;
		nd.key = key;
		const info = roleLook(run.alg, fn.role);
		cls(nd.g, `node tone-${info.tone}${w === null ? "" : " in-wave"}`);
		nd.g.dataset.role = fn.role;
		if (M.wave[fn.pos] === null) delete nd.g.dataset.wave;
		else nd.g.dataset.wave = M.wave[fn.pos];
		cls(nd.ring, "g-ring" + (w === null ? "" : ` wave-${w}`));
		if (nd.badge) nd.badge.remove();
		nd.badge = null;
		if (info.icon && (L.r >= 11 || info.rare)) {
			const s = Math.max(14, Math.min(22, L.r * 0.85));
			nd.badge = svg("use", {href: "#ic-" + info.icon, class: "icon " + info.icon, x: L.r * 0.7 - s / 2, y: -L.r * 0.75 - s / 2, width: s, height: s}, nd.g);
		}
		if (nd.tag) nd.tag.remove();
		nd.tag = null;
		if (w !== null && L.edge >= 90) {
			const txt = String(M.wave[fn.pos]);
			const sz = tokenSize(txt, 13);
			nd.tag = svg("g", {class: `g-tag wave-${w}`, transform: `translate(${(L.r * 0.8).toFixed(1)},${(L.r * 0.8).toFixed(1)})`}, nd.g);
			svg("rect", {x: 0, y: -sz.h / 2, width: sz.w, height: sz.h, rx: 4}, nd.tag);
			const tx = svg("text", {x: sz.w / 2, y: 0, "font-size": 13}, nd.tag);
			tx.textContent = txt;
		}
	}

	return view(kit, {
		setRun,
		update,
		layout,
		legend(box, frame, roles) {
			if (!run) return;
			// every role from the start: a legend that grows as roles appear
			// would shrink the drawing's box, and the processes would move
			renderLegend(box, run.alg, (run.alg.roles || []).map((r) => r.name), run.alg.messageTypes || [], t);
			const line = (extra) => `<line x1="-9" y1="0" x2="9" y2="0" class="g-line ${extra}"/>`;
			const items = [
				legendItem(line("tree wave-0") + '<path class="g-head wave-0" d="M5,-4 L10,0 L5,4 z"/>', t("graph.legend.treeEdge")),
				legendItem(line("") + '<circle class="g-done" cx="-5" cy="0" r="3.2"/>', t("graph.legend.edgeDone")),
				legendItem(line("") + '<path class="g-swallow" d="M-8,-4L0,4M-8,4L0,-4"/>', t("graph.legend.swallowed")),
			];
			legendGroup(box, t("graph.legend.edges"), items, "graph-legend");
		},
	});
}
