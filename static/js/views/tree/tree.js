// The tree view (FireWire tree identify, echo election on trees): the devices
// plugged in, laid out tidily in layers without crossings; each cable with
// its two ports' states, an arrow towards the parent once a parent link is
// known (dashed while only asked), the contended cable highlighted; messages
// travelling along the cables; each contender's coin and a countdown to the
// end of its wait; the virtual clock. When a root is known the layout can
// settle with the root on top (animated). Draws only what the frame says
// (treemodel.js reads it); the geometry is in treelayout.js.

import {svg, set, text, cls, clear, el, MSG_TARGET, NODE_TARGET} from "../../app/dom.js";
import {t} from "../../i18n/i18n.js";
import {tokenText, fitFont} from "../kit/geometry.js";
import {placeLabels, box as labelBox} from "../kit/labels.js";
import {createKit, view, LINK_TARGET} from "../kit/kit.js";
import {createFlights} from "../kit/flights.js";
import {belowTitle} from "../kit/titleroom.js";
import {renderLegend, legendGroup, legendItem} from "../kit/legend.js";
import {forestLayout, fitLayout, edgeEnds, freePortAngles, angleTo, lerpPositions, ease, placeBox, pillTrack} from "./treelayout.js";
import {treeModel, attachedOf, edgeLook, formatTime, PORT_STATES} from "./treemodel.js";
import {roleLook, nodeClass, shortOf, label as vocabLabel, varOfUse} from "../../i18n/vocab.js";
import {store} from "../../app/chrome.js";

/** PORT_GLYPH is the letter in a port's marker, by its state (PORT_STATES; its colour is the other cue). */
export const PORT_GLYPH = {plain: "", "to-child": "C", "to-parent": "P", asked: "?", offered: "!", contention: "×"};

const ANIM_MS = 700;

const MARKERS =
	'<marker id="tree-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto" markerUnits="strokeWidth"><path class="t-arrowhead" d="M0,0 L10,5 L0,10 z"/></marker>' +
	'<marker id="tree-arrow-asked" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto" markerUnits="strokeWidth"><path class="t-arrowhead asked" d="M0,0 L10,5 L0,10 z"/></marker>';

/** create is the tree view (views/kit/kit.js says the contract). */
export function create(host, handlers) {
	const kit = createKit(host, {
		id: "tree",
		testid: "tree",
		className: "tree-view",
		defs: MARKERS,
		layers: ["t-edges", "t-waits", "t-nodes", "t-ports", "t-badges", "t-msgs"],
		// a port, free or not, stands for its device
		targets: [MSG_TARGET, ["[data-port-of]", (d) => ({kind: "node", pos: Number(d.portOf)})], NODE_TARGET, LINK_TARGET],
		handlers,
		onLayout: () => layout(),
	});
	const {root} = kit;
	const g = {
		edges: kit.layers["t-edges"],
		waits: kit.layers["t-waits"],
		nodes: kit.layers["t-nodes"],
		ports: kit.layers["t-ports"],
		badges: kit.layers["t-badges"],
		msgs: kit.layers["t-msgs"],
		now: svg("text", {class: "tree-clock", "data-testid": "tree-clock", "text-anchor": "end"}, root),
	};

	// the "root on top" switch, at the end of the legend (see legend)
	const settleBox = el("input", {type: "checkbox", "data-testid": "tree-settle"});
	settleBox.checked = store.get("treeSettle") !== "false";
	const settleText = el("span");
	const settle = el("label", {class: "tree-settle"}, settleBox, settleText);
	settle.hidden = true;
	settleBox.addEventListener("change", () => {
		store.set("treeSettle", String(settleBox.checked));
		if (kit.frame) update(kit.frame, opts);
	});

	let run = null; // {n, nodes, algorithm, params, run}
	let M = null; // the model of the last frame
	let opts = {manual: false, selected: null};
	let box = {w: 600, h: 400};
	let target = null; // the layout aimed at: {key, L}
	let cur = null; // positions drawn now: {xs, ys}
	let anim = null; // {from, to, t0}
	let nodes = []; // per position: {g, body, id, label, halo, badge, role}
	let edges = new Map(); // "a-b" → {g, glow, line, hit, look, from, to}
	let ports = new Map(); // "p>q" (a cable's port) or "p+j" (a free one) → {g, c, tx, state}
	let waits = new Map(); // pos → {g, track, arc, bg, tx, tx2}
	let badges = new Map(); // "a-b" → {g, bg, use, tx}
	let stamp = 0;
	let at = null; // the positions the messages are drawn for: {X, Y, r, pr}

	// messages travel beside the cables, to the right of their way; one
	// naming rule a frame: the full labels when every one fits its cable,
	// else every message by its short form (the legend says them)
	const FONT = 15;
	const flights = createFlights(g.msgs, {
		alg: () => run.algorithm,
		keep: (f) => at && M.attached[f.from] && M.attached[f.to] && Number.isFinite(at.X[f.from]) && Number.isFinite(at.X[f.to]),
		prepare(fl) {
			const {X, Y, r, pr} = at;
			const fits = (f) => pillSize(tokenText(f.label, 16), FONT).w <= Math.hypot(X[f.to] - X[f.from], Y[f.to] - Y[f.from]) - 2 * (r + pr) - 24;
			return {mode: fl.every(fits) ? "full" : "short"};
		},
		shape: (f, ctx) => ctx.mode,
		make(m, f, ctx) {
			const txt = ctx.mode === "full" ? tokenText(f.label, 16) : shortWithContent(f);
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
			const at2 = placeLabels(items, deviceBoxes(), {x0: 2, y0: 44, x1: box.w - 2, y1: box.h - 2}, 3);
			list.forEach(({m}, i) => {
				const p = at2[i];
				set(m.g, "transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
				const apart = Math.hypot(p.x - m.x, p.y - m.y) > 1;
				set(m.lead, "x2", apart ? (m.cx - p.x).toFixed(1) : 0);
				set(m.lead, "y2", apart ? (m.cy - p.y).toFixed(1) : 0);
			});
		},
	});

	// deviceBoxes are what a message's pill keeps off: the devices' bodies
	// with their ports, their labels and their "1st" badges
	function deviceBoxes() {
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
	function shortWithContent(f) {
		const m = /\((.*)\)$/.exec(f.label);
		const short = shortOf(run.algorithm, f.type);
		return m ? `${short}(${tokenText(m[1], 10)})` : short;
	}

	function setRun(r) {
		kit.run = r;
		run = {
			n: r.nodes.length,
			nodes: r.nodes,
			algorithm: r.algorithm,
			params: r.params || {},
			run: r,
		};
		kit.frame = null;
		M = null;
		at = null;
		target = null;
		cur = null;
		anim = null;
		delete root.dataset.moving;
		// every layer (not the clock of virtual time)
		for (const [k, layer] of Object.entries(g)) if (k !== "now") clear(layer);
		flights.clear();
		edges = new Map();
		ports = new Map();
		waits = new Map();
		badges = new Map();
		nodes = [];
		for (let p = 0; p < run.n; p++) {
			const ng = svg("g", {"data-node": p, class: "node", display: "none"}, g.nodes);
			const body = svg("circle", {class: "body", r: 10}, ng);
			const id = svg("text", {class: "nid"}, ng);
			id.textContent = String(r.nodes[p].id);
			// the label beside, always (the narration names processes by it)
			const label = svg("text", {class: "t-nlabel"}, ng);
			label.textContent = r.nodes[p].label;
			nodes.push({g: ng, body, id, label, halo: null, badge: null, first: null, role: "", r: 0});
		}
		text(g.now, "");
		measure();
	}

	function measure() {
		box = kit.size(240, 200, 600, 400);
		set(g.now, "x", box.w - 14);
		const fs = box.w < 560 ? 19 : 24;
		set(g.now, "y", 8 + fs);
		set(g.now, "font-size", fs);
	}

	// layout follows a new size: place everything again, without animation
	function layout() {
		if (!run) return;
		measure();
		target = null;
		anim = null;
		cur = null;
		delete root.dataset.moving;
		if (kit.frame) update(kit.frame, opts);
	}

	// show shows or hides the tree's SVG and its switch in the legend (the app shows one view)
	function show(on) {
		root.toggleAttribute("hidden", !on);
		settle.hidden = !on;
		if (on) requestAnimationFrame(layout);
	}

	// aim computes the layout for the model; when it differs from the one
	// aimed at, the drawing moves there (animated unless it is the first).
	function aim(model) {
		const settleOn = settleBox.checked;
		// every part of a split bus with its own root on top
		const roots = settleOn ? model.roots : [];
		const key = `${box.w}x${box.h}|${model.attached.map((a) => (a ? 1 : 0)).join("")}|${model.edges.map((e) => e.join(",")).join(";")}|${roots.join(",")}`;
		if (target && target.key === key) return;
		const F = forestLayout(model.n, model.edges, model.attached, roots);
		// room for the clock above, labels and ports beside, the coins below: it depends on the node size
		const r0 = fitLayout(F, box.w, box.h, {l: 20, r: 20, t: 44, b: 20}).r;
		const L = fitLayout(F, box.w, box.h, {l: r0 + 24, r: r0 + 24, t: 44 + r0, b: r0 + 36});
		target = {key, L};
		const reduce = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
		if (!cur || reduce) {
			cur = {xs: L.xs, ys: L.ys};
			anim = null;
			delete root.dataset.moving;
			return;
		}
		anim = {from: {xs: cur.xs, ys: cur.ys}, to: L, t0: performance.now()};
		// a device new in this layout appears at its place at once
		cur = {xs: lerpPositions(cur.xs, L.xs, 0), ys: lerpPositions(cur.ys, L.ys, 0)};
		root.dataset.moving = "true"; // for the tests: wait until the picture stands still
		if (!ticking) {
			ticking = true;
			requestAnimationFrame(tick);
		}
	}

	// tick moves the drawing one animation frame on; one chain at a time
	let ticking = false;
	function tick(now) {
		if (!anim || !kit.frame) {
			ticking = false;
			return;
		}
		const k = ease((now - anim.t0) / ANIM_MS);
		cur = {xs: lerpPositions(anim.from.xs, anim.to.xs, k), ys: lerpPositions(anim.from.ys, anim.to.ys, k)};
		if (k >= 1) {
			anim = null;
			delete root.dataset.moving;
		}
		draw();
		if (anim) requestAnimationFrame(tick);
		else ticking = false;
	}

	function update(frame, o) {
		if (!run) return;
		kit.frame = frame;
		opts = o || opts;
		M = treeModel(run.run, frame);
		aim(M);
		draw();
	}

	// draw places everything at the current positions (cur) for the last frame
	function draw() {
		const frame = kit.frame;
		if (!frame || !cur || !target) return;
		const L = target.L;
		const r = L.r;
		const pr = Math.max(9, Math.min(11, r * 0.4));
		const X = cur.xs;
		const Y = cur.ys;
		const spots = spotsOf(X, Y);
		drawNodes(frame, r, spots);
		drawEdges(X, Y, r, pr);
		drawPorts(X, Y, r, pr, spots);
		const badgeBoxes = drawBadges(X, Y);
		drawWaits(X, Y, r, pr, badgeBoxes);
		// the messages move with the devices: drawn anew whenever the picture is
		at = {X, Y, r, pr};
		flights.update(frame, null, opts);
		const sel = opts.selected;
		if (sel !== null && sel !== undefined && sel < run.n && M.attached[sel]) kit.select(X[sel], Y[sel], r + 13);
		else kit.select(null);
		text(g.now, `t = ${formatTime(frame.time)}${M.unit ? " " + M.unit : ""}`);
		// (below the view's title when a long one reaches the clock)
		const fs = Number(g.now.getAttribute("font-size"));
		set(g.now, "y", Math.max(8, belowTitle(root, box.w - 14 - g.now.getComputedTextLength())) + fs);
	}

	// spotsOf: around every device, the directions of its cables, of its free
	// ports (while a device can still be plugged in) and of its role badge,
	// each where the others are not
	function spotsOf(X, Y) {
		const out = new Map();
		const canPlug = M.attached.some((a) => !a) && M.port.size > 0;
		for (let p = 0; p < M.n; p++) if (M.attached[p]) out.set(p, {cables: [], free: [], badge: 0});
		for (const [a, b] of M.edges) {
			out.get(a).cables.push({peer: b, angle: angleTo(X[a], Y[a], X[b], Y[b])});
			out.get(b).cables.push({peer: a, angle: angleTo(X[b], Y[b], X[a], Y[a])});
		}
		for (const [p, s] of out) {
			const used = s.cables.map((c) => c.angle);
			s.free = canPlug ? freePortAngles(used, M.free[p] || 0) : [];
			s.badge = freePortAngles([...used, ...s.free], 1, -Math.PI / 4)[0];
			s.label = freePortAngles([...used, ...s.free, s.badge], 1, (-3 * Math.PI) / 4)[0];
			s.first = freePortAngles([...used, ...s.free, s.badge, s.label], 1, (3 * Math.PI) / 4)[0];
		}
		return out;
	}

	function drawNodes(frame, r, spots) {
		for (const fn of frame.nodes) {
			const nd = nodes[fn.pos];
			if (!nd) continue;
			const on = M.attached[fn.pos];
			set(nd.g, "display", on ? "inline" : "none");
			if (!on) continue;
			set(nd.g, "transform", `translate(${cur.xs[fn.pos].toFixed(1)},${cur.ys[fn.pos].toFixed(1)})`);
			const role = fn.role;
			if (nd.r !== r) {
				nd.r = r;
				set(nd.body, "r", r);
				// (at least 12: 18 px on the projector, views/kit/scale.js)
				set(nd.id, "font-size", Math.max(12, fitFont(String(run.nodes[fn.pos].id), r, Math.min(26, r * 0.95))).toFixed(1));
				set(nd.label, "font-size", Math.max(13, Math.min(18, r * 0.6)));
				nd.role = "";
			}
			if (role !== nd.role) setRole(nd, role, r);
			if (nd.label.textContent) {
				// the label beside the device, where no cable, port or badge is
				const a = spots.get(fn.pos).label;
				const c = Math.cos(a);
				set(nd.label, "x", c * (r + 6));
				set(nd.label, "y", Math.sin(a) * (r + 12));
				set(nd.label, "text-anchor", c < -0.3 ? "end" : c > 0.3 ? "start" : "middle");
			}
			drawFirst(nd, fn.pos, r, spots.get(fn.pos).first);
			if (nd.badge && nd.badgeIcon !== "cross") {
				const s = Number(nd.badge.getAttribute("width"));
				const a = spots.get(fn.pos).badge;
				set(nd.badge, "x", Math.cos(a) * r * 1.02 - s / 2);
				set(nd.badge, "y", Math.sin(a) * r * 1.02 - s / 2);
			}
		}
	}

	// drawFirst marks the two processes that learnt the maximum first (the
	// outcome's firstToKnow): a gold ring round the body and a "1st" badge
	// where nothing else is, besides the yellow band on their cable
	function drawFirst(nd, pos, r, angle) {
		const on = !!M.firstToKnow && M.firstToKnow.includes(pos);
		nd.g.classList.toggle("first", on);
		if (!on) {
			if (nd.first) nd.first.g.remove();
			nd.first = null;
			return;
		}
		if (!nd.first) {
			const fg = svg("g", {class: "t-first", "data-first": pos});
			nd.g.insertBefore(fg, nd.body);
			nd.first = {g: fg, ring: svg("circle", {class: "t-first-ring"}, fg), tag: svg("g", {class: "t-first-tag"}, nd.g), text: ""};
			nd.first.bg = svg("rect", {class: "t-first-bg"}, nd.first.tag);
			nd.first.tx = svg("text", {class: "t-first-text"}, nd.first.tag);
		}
		set(nd.first.ring, "r", r + Math.max(5, r * 0.24));
		const word = t("tree.first");
		const fs = Math.max(13, Math.min(17, r * 0.55));
		const w = word.length * fs * 0.68 + fs * 0.8;
		const h = fs * 1.4;
		text(nd.first.tx, word);
		set(nd.first.tx, "font-size", fs);
		set(nd.first.bg, "x", -w / 2);
		set(nd.first.bg, "y", -h / 2);
		set(nd.first.bg, "width", w);
		set(nd.first.bg, "height", h);
		set(nd.first.bg, "rx", h / 2);
		const d = r + Math.max(5, r * 0.24) + Math.max(w, h) / 2;
		set(nd.first.tag, "transform", `translate(${(Math.cos(angle) * d).toFixed(1)},${(Math.sin(angle) * d).toFixed(1)})`);
	}

	// setRole gives a device its role's colour and second cue (a halo or a badge)
	function setRole(nd, role, r) {
		const info = roleLook(run.algorithm, role);
		nd.role = role;
		cls(nd.g, nodeClass(run.algorithm, role));
		nd.g.dataset.role = role;
		if (info.halo) {
			if (!nd.halo) nd.halo = svg("circle", {class: "halo"});
			nd.g.insertBefore(nd.halo, nd.body);
			set(nd.halo, "r", r + Math.max(4, r * 0.22));
		} else if (nd.halo) {
			nd.halo.remove();
			nd.halo = null;
		}
		if (nd.badge) nd.badge.remove();
		nd.badge = null;
		nd.badgeIcon = info.icon;
		if (info.icon) {
			const s = Math.max(18, Math.min(28, r * 0.85));
			if (info.icon === "cross") {
				const c = r * 1.7;
				nd.badge = svg("use", {href: "#ic-cross", class: "icon cross", x: -c / 2, y: -c / 2, width: c, height: c});
				nd.g.insertBefore(nd.badge, nd.id);
			} else {
				nd.badge = svg("use", {href: "#ic-" + info.icon, class: "icon " + info.icon, width: s, height: s}, nd.g);
			}
		}
	}

	function drawEdges(X, Y, r, pr) {
		stamp++;
		for (const [a, b] of M.edges) {
			const key = a + "-" + b;
			let e = edges.get(key);
			if (!e) {
				const eg = svg("g", {"data-edge": key, class: "t-edge"}, g.edges);
				e = {g: eg, glow: svg("line", {class: "t-glow"}, eg), line: svg("line", {class: "t-line"}, eg), hit: svg("line", {class: "t-hit", "data-link": a, "data-link-to": b}, eg), look: ""};
				edges.set(key, e);
			}
			e.stamp = stamp;
			const look = edgeLook(M, a, b);
			const lk = `${look.kind}|${look.to}|${look.echoed}|${look.first}`;
			if (lk !== e.look) {
				e.look = lk;
				cls(e.g, `t-edge ${look.kind}${look.echoed ? " echo-along" : ""}${look.first ? " first" : ""}`);
				e.g.dataset.kind = look.kind;
				if (look.to === null) delete e.g.dataset.to;
				else e.g.dataset.to = String(look.to);
				if (look.to === null) e.line.removeAttribute("marker-end");
				else e.line.setAttribute("marker-end", look.kind === "asked" ? "url(#tree-arrow-asked)" : "url(#tree-arrow)");
				e.from = look.to === a ? b : a;
				e.to = look.to === a ? a : b;
			}
			// drawn from the child towards the parent, ending before the parent's port marker
			const f = e.from;
			const to = e.to;
			const s = edgeEnds(X[f], Y[f], X[to], Y[to], r + 2);
			const tip = edgeEnds(X[f], Y[f], X[to], Y[to], r + (e.g.dataset.to !== undefined ? 2 * pr + 3 : 2));
			for (const ln of [e.line, e.glow, e.hit]) {
				set(ln, "x1", s.x1);
				set(ln, "y1", s.y1);
				set(ln, "x2", ln === e.line ? tip.x2 : s.x2);
				set(ln, "y2", ln === e.line ? tip.y2 : s.y2);
			}
		}
		for (const [k, e] of edges) {
			if (e.stamp !== stamp) {
				e.g.remove();
				edges.delete(k);
			}
		}
	}

	// each device's ports: one marker per cable at the rim towards its peer
	// (the state's colour and letter), and the free ports as hollow markers
	function drawPorts(X, Y, r, pr, spots) {
		stamp++;
		const put = (key, pos, angle, state, free) => {
			let p = ports.get(key);
			if (!p) {
				p = {g: svg("g", {class: "port"}, g.ports), state: null};
				p.c = svg("circle", {r: pr}, p.g);
				p.tx = svg("text", {class: "port-glyph"}, p.g);
				ports.set(key, p);
			}
			p.stamp = stamp;
			if (p.state !== state || p.pr !== pr) {
				p.state = state;
				p.pr = pr;
				cls(p.g, `port port-${state}`);
				p.g.dataset.port = key;
				p.g.dataset.portOf = String(pos);
				p.g.dataset.state = state;
				if (free) p.g.dataset.freePort = String(pos);
				set(p.c, "r", pr);
				set(p.tx, "font-size", Math.max(13, pr * 1.45).toFixed(1));
				p.tx.textContent = free ? "+" : PORT_GLYPH[state] ?? "";
			}
			const d = r + pr * 0.55;
			set(p.g, "transform", `translate(${(X[pos] + d * Math.cos(angle)).toFixed(1)},${(Y[pos] + d * Math.sin(angle)).toFixed(1)})`);
		};
		if (M.port.size > 0) {
			for (const [p, s] of spots) {
				for (const c of s.cables) put(p + ">" + c.peer, p, c.angle, M.port.get(p + ">" + c.peer) || "plain", false);
				s.free.forEach((ang, j) => put(p + "+" + j, p, ang, "free", true));
			}
		}
		for (const [k, p] of ports) {
			if (p.stamp !== stamp) {
				p.g.remove();
				ports.delete(k);
			}
		}
	}

	// the contenders' waits: a ring around the device that runs down to the
	// end of the wait, and beside it the coin and the time left: away from
	// the contended cable, else wherever no device or badge is
	function drawWaits(X, Y, r, pr, obstacles) {
		const seen = new Set();
		const peer = new Map();
		for (const c of M.contention) peer.set(c.a, c.b).set(c.b, c.a);
		const taken = [...obstacles];
		const R = r + pr;
		for (let p = 0; p < M.n; p++) if (M.attached[p]) taken.push([X[p] - R, Y[p] - R, X[p] + R, Y[p] + R]);
		const fs = Math.max(15, Math.min(19, r * 0.62));
		for (const w of M.waits) {
			if (!M.attached[w.pos]) continue;
			seen.add(w.pos);
			let e = waits.get(w.pos);
			if (!e) {
				const wg = svg("g", {class: "t-wait", "data-wait": w.pos}, g.waits);
				e = {g: wg, track: svg("circle", {class: "t-wait-track"}, wg), arc: svg("circle", {class: "t-wait-arc"}, wg), bg: svg("rect", {class: "t-wait-bg"}, wg), tx: svg("text", {class: "t-wait-text"}, wg), tx2: svg("text", {class: "t-wait-text"}, wg)};
				waits.set(w.pos, e);
			}
			cls(e.g, `t-wait coin-${w.coin}`);
			e.g.dataset.coin = w.coin;
			e.g.dataset.left = String(w.left);
			set(e.g, "transform", `translate(${X[w.pos].toFixed(1)},${Y[w.pos].toFixed(1)})`);
			const rr = r + 7;
			const C = 2 * Math.PI * rr;
			const frac = w.window ? Math.max(0, Math.min(1, w.left / w.window)) : 1;
			set(e.track, "r", rr);
			set(e.arc, "r", rr);
			set(e.arc, "stroke-dasharray", `${(C * frac).toFixed(1)} ${C.toFixed(1)}`);
			// one line where there is room, else the coin above the time left
			// the coin in the algorithm's words (var.<its variable>.<value>)
			const coin = (M.coinVar && vocabLabel(run.algorithm, `var.${M.coinVar}.${w.coin}`)) || w.coin;
			const left = t("tree.left", {t: formatTime(w.left), unit: M.unit ? " " + M.unit : ""});
			const two = box.w < 760;
			text(e.tx, two ? coin : `${coin} · ${left}`);
			text(e.tx2, two ? left : "");
			const wd = (two ? Math.max(coin.length, left.length) : coin.length + 3 + left.length) * fs * 0.62 + 16;
			const gap = r + pr * 1.6 + 8;
			const ht = fs * (two ? 2.8 : 1.7);
			const q = peer.get(w.pos);
			const s = q !== undefined && X[q] < X[w.pos] - 1 ? 1 : -1;
			const x = X[w.pos];
			const y = Y[w.pos];
			const dx = gap + wd / 2;
			const dy = R + ht / 2 + 6;
			const cands = [[x + s * dx, y], [x - s * dx, y], [x, y + dy], [x, y - dy], [x + s * dx, y + ht], [x - s * dx, y + ht], [x + s * dx, y - ht], [x - s * dx, y - ht]];
			const [cx, cy] = cands[placeBox(cands, wd, ht, taken, [0, 0, box.w, box.h])];
			taken.push([cx - wd / 2, cy - ht / 2, cx + wd / 2, cy + ht / 2]);
			for (const [i, tx] of [e.tx, e.tx2].entries()) {
				set(tx, "font-size", fs);
				set(tx, "x", cx - x);
				set(tx, "y", cy - y + (two ? (i - 0.5) * fs * 1.15 : 0));
			}
			set(e.bg, "x", cx - x - wd / 2);
			set(e.bg, "y", cy - y - ht / 2);
			set(e.bg, "width", wd);
			set(e.bg, "height", ht);
		}
		for (const [p, e] of waits) {
			if (!seen.has(p)) {
				e.g.remove();
				waits.delete(p);
			}
		}
	}

	// the contended cable's badge, on its middle: contention and the round.
	// Returns the boxes it takes.
	function drawBadges(X, Y) {
		const seen = new Set();
		const boxes = [];
		for (const c of M.contention) {
			const key = c.a + "-" + c.b;
			seen.add(key);
			let b = badges.get(key);
			if (!b) {
				const bg = svg("g", {class: "t-contention", "data-contention": key}, g.badges);
				b = {g: bg, bg: svg("rect", {class: "t-contention-bg", rx: 6}, bg), use: svg("use", {href: "#ic-bolt", class: "icon bolt", width: 24, height: 24, x: -12, y: -12}, bg), tx: svg("text", {class: "t-contention-text"}, bg)};
				badges.set(key, b);
			}
			// a narrow view: the bolt and the red cable say contention, the badge only the round
			const label = c.rounds > 0 ? t(box.w < 760 ? "tree.roundShort" : "tree.round", {k: c.rounds}) : t("tree.contention");
			text(b.tx, label);
			const w = label.length * 9.5 + 44;
			set(b.bg, "x", -w / 2);
			set(b.bg, "y", -16);
			set(b.bg, "width", w);
			set(b.bg, "height", 32);
			set(b.use, "x", -w / 2 + 4);
			set(b.tx, "x", -w / 2 + 32);
			// the coins stand beside the devices: the middle of the cable is free
			const mx = (X[c.a] + X[c.b]) / 2;
			const my = (Y[c.a] + Y[c.b]) / 2;
			set(b.g, "transform", `translate(${mx.toFixed(1)},${my.toFixed(1)})`);
			boxes.push([mx - w / 2, my - 16, mx + w / 2, my + 16]);
		}
		for (const [k, b] of badges) {
			if (!seen.has(k)) {
				b.g.remove();
				badges.delete(k);
			}
		}
		return boxes;
	}

	/**
	 * menuItems are the hot-plug entries of a device's menu (when the
	 * algorithm has hot-plug): plug a new device into one of its free ports,
	 * or unplug it. act sends an engine action; the server checks and may
	 * refuse with a message.
	 */
	function menuItems(pos) {
		const act = handlers.act;
		if (!run || !M || !hotplug(run.algorithm, M)) return [];
		const slots = M.attached.some((a) => !a);
		const free = M.free[pos];
		const un = unplugState(M, pos);
		return [
			{
				label: t("menu.plug"),
				hint: !slots ? t("menu.plugNoSlot") : free === 0 ? t("menu.plugNoPort") : t("menu.plugHint"),
				testid: "act-plug",
				disabled: !slots || free === 0,
				action: () => act({type: "plug", node: pos}),
			},
			{
				label: t("menu.unplug"),
				hint: t(un.hint, un.vars),
				testid: "act-unplug",
				danger: true,
				disabled: un.disabled,
				action: () => act({type: "unplug", node: pos}),
			},
		];
	}

	return view(kit, {
		setRun,
		update,
		layout,
		show,
		menuItems,
		/** drawn: the devices plugged in (an empty slot is not drawn, nor its lane in the space-time diagram). */
		drawn: (frame) => (run && frame ? attachedOf(run.algorithm, frame) : null),
		/** legend adds the ports and cables to the legend of roles and messages. */
		legend(boxEl, frame, roles) {
			if (!run) return;
			renderLegend(boxEl, run.algorithm, roles, run.algorithm.messageTypes || [], t);
			renderTreeLegend(boxEl, {ports: !!frame && treeModel(run.run, frame).port.size > 0, echoes: !!varOfUse(run.algorithm, "echoesFrom"), algorithm: run.algorithm}, t);
			settleText.textContent = t("tree.settle"); // the language may have changed
			settle.title = t("tree.settleTitle");
			boxEl.append(settle);
		},
		/** drawn says per position whether the view draws it (an empty device slot it does not). */
		drawn(frame) {
			return run ? attachedOf(run.algorithm, frame) : null;
		},
	});
}

// pillSize: a token's box; message names are bold capitals, wider than layout.js's estimate
function pillSize(text, font) {
	return {w: Math.ceil(String(text).length * font * 0.72 + font * 0.9), h: Math.ceil(font * 1.45)};
}

/**
 * unplugState says whether the device menu offers "Unplug" for pos and with
 * which hint (an i18n key and its vars): any device but the last may go (the
 * server's validation is the authority); one with several cables splits the
 * bus, and the hint says into how many buses.
 */
export function unplugState(M, pos) {
	if (M.attached.filter(Boolean).length < 2) return {disabled: true, hint: "menu.unplugLast", vars: {}};
	const cables = M.edges.filter((e) => e[0] === pos || e[1] === pos).length;
	if (cables > 1) return {disabled: false, hint: "menu.unplugSplit", vars: {k: cables}};
	return {disabled: false, hint: "menu.unplugHint", vars: {}};
}

/** hotplug says whether devices can be plugged in and out during the run. */
export function hotplug(alg, M) {
	return !!alg && alg.hotplug === true && M.attached.length > 0;
}

/**
 * renderTreeLegend appends what the tree view's own cues mean: the ports'
 * states (when the algorithm has ports), what an arrow, a green cable and
 * the yellow band say; and it adds the short form a message's label may
 * take to the message types' items (its declared short form). info:
 * {ports: bool, echoes: bool (the algorithm declares echoes), algorithm:
 * the registry entry}.
 */
export function renderTreeLegend(box, info, tr) {
	const group = (title, items, testid) => legendGroup(box, title, items, testid);
	const item = (svgBody, label, vb = "-10 -10 20 20", w = 20) => legendItem(svgBody, label, {viewBox: vb, width: w});
	// the cables: the arrow, and an echo wave's echoes and first two to know
	const cable = (cls, marker) =>
		`<g class="t-edge ${cls}"><line class="t-glow" x1="2" y1="0" x2="34" y2="0"/><line class="t-line" x1="2" y1="0" x2="30" y2="0"${marker ? ' marker-end="url(#tree-arrow)"' : ""}/></g>`;
	const echo = !!info.echoes;
	const arrow = item(cable("uplink", true), tr(echo ? "tree.legend.arrowEcho" : "tree.legend.arrowParent"), "0 -10 40 20", 30);
	if (info.ports) {
		// the ports and the arrow on one line: the view keeps its height
		const states = PORT_STATES.map((s) =>
			item(`<g class="port port-${s}"><circle r="8"/><text class="port-glyph" font-size="11">${PORT_GLYPH[s]}</text></g>`, tr("port." + s)),
		);
		states.push(item(`<g class="port port-free"><circle r="8"/><text class="port-glyph" font-size="13">+</text></g>`, tr("tree.legend.free")));
		group(tr("legend.ports"), [...states, arrow], "tree-legend-ports");
	} else {
		const cables = [arrow];
		if (echo) {
			cables.push(item(cable("echo-along", false), tr("tree.legend.echoed"), "0 -10 40 20", 40));
			cables.push(item(cable("first", false), tr("tree.legend.firstCable"), "0 -10 40 20", 40));
			cables.push(item(`<g class="node first"><circle class="t-first-ring" r="9"/><circle class="body" r="6"/></g>`, tr("tree.legend.firstNode")));
		}
		group(tr("tree.legend.cables"), cables, "tree-legend-cables");
	}
	// a message's short form, beside its name in the messages' legend
	for (const el of box.querySelectorAll(".legend-item.msg")) {
		const ty = el.dataset.type || el.textContent.trim();
		const short = shortOf(info.algorithm, ty);
		if (!ty || short === ty || el.dataset.short) continue;
		el.dataset.short = short;
		const b = document.createElement("b");
		b.className = "legend-short";
		b.textContent = ` = ${short}`;
		el.append(b);
	}
}
