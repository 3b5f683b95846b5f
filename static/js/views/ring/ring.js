// The ring view (registry view "ring", and "complete" for a complete
// graph): processes on a circle with directed ring links or the chords of
// a complete graph, the messages in flight as tokens at the fraction of
// their way. The skeleton is built once per run and size; a frame re-classes
// only the processes that changed and moves the tokens (views/kit/kit.js
// says the contract this module keeps).

import {circleLayout, labelPos, labelWidth, ringArc, ringMsgPos, chordLine, chordMsgPos, tokenRadius as tokenOf, haloRadius, stepOut} from "./circle.js";
import {fitFont} from "../kit/geometry.js";
import {box, placeLabels, msgText, labelSize} from "../kit/labels.js";
import {msgLabel} from "../kit/msglabel.js";
import {createKit, view} from "../kit/kit.js";
import {createFlights} from "../kit/flights.js";
import {put, moveNode} from "./parts.js";
import {svg, set, cls, clear} from "../../app/dom.js";
import {roleLook, useOf, typeClass, shortOf} from "../../i18n/vocab.js";
import {t} from "../../i18n/i18n.js";

const ARROW =
	'<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse" markerUnits="strokeWidth"><path class="arrowhead" d="M0,0 L10,5 L0,10 z"/></marker>';

// room kept free at the top (the view's title)
const TOP = 20;

export function create(host, handlers) {
	const kit = createKit(host, {
		id: "topology",
		testid: "topology",
		defs: ARROW,
		layers: ["l-chords", "l-links", "l-tracks", "l-nodes", "l-labels", "l-leads", "l-msgs"],
		handlers,
		onLayout: () => layout(),
	});
	const {root} = kit;
	const g = {
		chords: kit.layers["l-chords"],
		links: kit.layers["l-links"],
		tracks: kit.layers["l-tracks"],
		nodes: kit.layers["l-nodes"],
		labels: kit.layers["l-labels"],
		leads: kit.layers["l-leads"],
		msgs: kit.layers["l-msgs"],
	};

	let run = null; // {view, n, nodes, alg}
	let L = null;
	let nodes = []; // per position: {g, x, y, body, halo, id, badge, clock, role, timer}
	let timed = new Set(); // positions drawn with a timer's clock
	let opts = {manual: false, selected: null};

	// a message is a dot on its link, coloured by its type; what it carries
	// is a label beside it, placed clear of the processes and of the other
	// labels (views/kit/labels.js), with a line back to the dot when apart
	const flights = createFlights(g.msgs, {
		alg: () => run.alg,
		// several messages say only what they carry (the colour says the type);
		// many have no labels (the narration names them), on a ring dots in bulk
		prepare: (fl, frame, many) => (!many
			? {labels: true, compact: L.dense || fl.length > 16 || !roomFor(fl)}
			: run.view === "ring" ? {bulk: true, r: tokenOf(L)} : {labels: false}),
		shape: (f, ctx) => (!ctx.labels ? "dot" : ctx.compact ? "compact" : "label"),
		make(m, f, ctx) {
			m.shape = svg("circle", {class: "tok", r: tokenOf(L)}, m.g);
			if (run.view === "complete") {
				const c = chordLine(L, f.from, f.to, trackOffset());
				m.track = svg("line", {class: "track " + typeClass(run.alg, f.type), x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2, "marker-end": "url(#arrow)"}, g.tracks);
			}
			if (!ctx.labels) return;
			const lines = ctx.compact ? [contentOf(f)] : msgText(f.label, shortOf(run.alg, f.type));
			const lb = msgLabel(m.g, lines, msgFont());
			m.lab = lb.g;
			// the line back to the dot goes under every label
			m.lead = lb.lead;
			m.lead.setAttribute("class", "tok-lead " + typeClass(run.alg, f.type));
			g.leads.append(m.lead);
			m.w = lb.w;
			m.h = lb.h;
		},
		at: flightAt,
		place(m, f, fr, slot) {
			const p = flightAt(f, fr, slot);
			m.x = p.x;
			m.y = p.y;
			set(m.g, "transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
		},
		remove: (m) => m.lead && m.lead.remove(),
		after: (drawn, ctx) => {
			if (ctx.labels) placeMsgLabels(drawn);
		},
	});

	kit.msgAt = flights.nearest;

	// flightAt is where a message is drawn at fraction fr of its way, in queue slot slot
	function flightAt(f, fr, slot) {
		return run.view === "ring"
			? ringMsgPos(L, f.from, f.to, fr, slot * (tokenOf(L) * 2 + 2), L.r * 0.5 + 6)
			: chordMsgPos(L, f.from, f.to, fr, trackOffset() * (1 + slot * 3), 4);
	}

	// placeMsgLabels puts every message's label beside its dot, oldest first
	function placeMsgLabels(drawn) {
		const list = drawn.filter((d) => d.m.lab).sort((a, b) => a.f.id - b.f.id);
		const tr = tokenOf(L) + 2;
		const obstacles = [...nodeBoxes(), ...drawn.map((d) => box(d.m.x, d.m.y, 2 * tr, 2 * tr))];
		const items = list.map(({m, f}) => {
			const d = preferredDir(m, f);
			return {x: m.x, y: m.y, w: m.w, h: m.h, ux: d.x, uy: d.y};
		});
		const {w, h} = kit.size();
		const at = placeLabels(items, obstacles, {x0: 2, y0: TOP, x1: w - 2, y1: h - 2});
		list.forEach(({m}, i) => {
			const dx = at[i].x - m.x;
			const dy = at[i].y - m.y;
			set(m.lab, "transform", `translate(${dx.toFixed(1)},${dy.toFixed(1)})`);
			set(m.lead, "x1", m.x.toFixed(1));
			set(m.lead, "y1", m.y.toFixed(1));
			set(m.lead, "x2", at[i].x.toFixed(1));
			set(m.lead, "y2", at[i].y.toFixed(1));
			m.g.classList.toggle("crowded", !at[i].free);
		});
	}

	// nodeBoxes are what labels keep clear of: the processes (with their
	// badges) and their outer labels
	function nodeBoxes() {
		const out = [];
		const rr = L.r + 7;
		for (let p = 0; p < run.n; p++) out.push(box(L.xs[p], L.ys[p], 2 * rr, 2 * rr));
		for (const tx of g.labels.children) {
			const x = Number(tx.getAttribute("x"));
			const y = Number(tx.getAttribute("y"));
			out.push(box(x, y, labelWidth(tx.textContent, L.labelFont) + 4, L.labelFont * 1.2));
		}
		return out;
	}

	// preferredDir: a ring's labels go inwards, a chord's to its right
	function preferredDir(m, f) {
		if (run.view === "ring") {
			const dx = L.cx - m.x;
			const dy = L.cy - m.y;
			const len = Math.hypot(dx, dy) || 1;
			return {x: dx / len, y: dy / len};
		}
		const dx = L.xs[f.to] - L.xs[f.from];
		const dy = L.ys[f.to] - L.ys[f.from];
		const len = Math.hypot(dx, dy) || 1;
		return {x: -dy / len, y: dx / len};
	}

	// roomFor says whether the whole labels fit inside the ring: together
	// under half of its inner disc (else they say only what they carry)
	function roomFor(fl) {
		const font = msgFont();
		let area = 0;
		for (const f of fl) {
			const sz = labelSize(msgText(f.label, shortOf(run.alg, f.type)), font);
			area += sz.w * sz.h;
		}
		const inner = Math.max(0, L.R - L.r - 8);
		return area <= (Math.PI * inner * inner) / 2;
	}

	// contentOf is what a message carries, without its type: "16" of ELECTION(16)
	function contentOf(f) {
		const m = /\((.*)\)$/.exec(f.label);
		return m ? m[1] : shortOf(run.alg, f.type);
	}

	function msgFont() {
		return 15;
	}

	function setRun(r) {
		kit.run = r;
		kit.frame = null;
		run = {view: r.algorithm.view === "ring" ? "ring" : "complete", n: r.nodes.length, nodes: r.nodes, alg: r.algorithm, labelChars: r.nodes.reduce((k, nd) => Math.max(k, nd.label.length), 0)};
		flights.clear();
		for (const layer of Object.values(g)) clear(layer);
		nodes = [];
		timed = new Set();
		root.dataset.view = run.view;
		for (let p = 0; p < run.n; p++) {
			const ng = svg("g", {"data-node": p, class: "node"}, g.nodes);
			const nd = {g: ng, x: 0, y: 0, halo: null, body: null, id: null, badge: null, clock: null, role: "", timer: false};
			nd.body = put(nd, svg("circle", {class: "body", r: 0}, ng));
			nodes.push(nd);
		}
		layout();
	}

	// layout recomputes the geometry for the box's size and n and places
	// everything again: on a new run and on resize, never per frame.
	function layout() {
		if (!run) return;
		const {w, h} = kit.size();
		const n = run.n;
		L = circleLayout(n, w, h, {margin: n > 40 ? 40 : 46, top: 18, labelChars: run.labelChars});
		root.classList.toggle("dense", L.dense);
		clear(g.links);
		clear(g.chords);
		clear(g.labels);
		if (run.view === "ring" && !L.dense) {
			for (let i = 0; i < n; i++) {
				const d = ringArc(L, i, (i + 1) % n);
				const to = (i + 1) % n;
				svg("path", {class: "link-hit", d, "data-link": i, "data-link-to": to}, g.links);
				svg("path", {class: "link", d, "data-link": i, "data-link-to": to, "marker-end": "url(#arrow)"}, g.links);
			}
		} else if (run.view === "ring") {
			// too many links to tell apart: one circle, and an arrow for the direction
			// (a channel's queue is in its sender's menu)
			svg("circle", {class: "ring-line", cx: L.cx, cy: L.cy, r: L.R}, g.links);
			const rr = L.R * 0.84;
			const a0 = -Math.PI / 2 - 0.35;
			const a1 = -Math.PI / 2 + 0.35;
			svg("path", {
				class: "direction",
				d: `M${L.cx + rr * Math.cos(a0)},${L.cy + rr * Math.sin(a0)}A${rr},${rr} 0 0 1 ${L.cx + rr * Math.cos(a1)},${L.cy + rr * Math.sin(a1)}`,
				"marker-end": "url(#arrow)",
			}, g.links);
		} else if (n <= 12) {
			for (let i = 0; i < n; i++) {
				for (let j = i + 1; j < n; j++) {
					svg("line", {class: "chord", x1: L.xs[i], y1: L.ys[i], x2: L.xs[j], y2: L.ys[j]}, g.chords);
				}
			}
		}
		for (let p = 0; p < n; p++) {
			const nd = nodes[p];
			moveNode(nd, L.xs[p], L.ys[p]);
			set(nd.body, "r", L.r);
			if (nd.halo) nd.halo.remove();
			nd.halo = null;
			if (nd.id) nd.id.remove();
			nd.id = null;
			if (L.idInside) {
				const label = String(run.nodes[p].id);
				nd.id = put(nd, svg("text", {class: "nid", "font-size": fitFont(label, L.r, L.font).toFixed(1)}, nd.g));
				nd.id.textContent = label;
			}
			if (p % L.labelEvery === 0) {
				const lp = labelPos(L, p, labelWidth(run.nodes[p].label, L.labelFont));
				const tx = svg("text", {class: "nlabel", x: lp.x, y: lp.y, "font-size": L.labelFont, "data-label": p}, g.labels);
				tx.textContent = run.nodes[p].label;
			}
			// badges are rebuilt by the next frame
			if (nd.badge) nd.badge.remove();
			if (nd.clock) nd.clock.remove();
			nd.badge = nd.clock = null;
			nd.role = "";
			nd.timer = false;
		}
		timed = new Set();
		flights.clear();
		if (kit.frame) update(kit.frame, opts, null);
	}

	// update draws a frame: of the processes only those that changed
	// (changes from model.js; none given: all), and the messages in flight
	// when they or the time moved.
	function update(frame, o, changes) {
		if (!run || !L) return;
		const all = !changes || changes.whole || kit.frame === null;
		kit.frame = frame;
		opts = o || opts;
		const positions = all ? frame.nodes.keys() : changes.nodes;
		for (const pos of positions) drawNode(frame.nodes[pos]);
		if (all || changes.timers) drawClocks(frame);
		const sel = opts.selected;
		if (sel !== null && sel !== undefined && sel < run.n) kit.select(L.xs[sel], L.ys[sel], Math.max(L.r + (L.dense ? 6 : 12), 10));
		else kit.select(null);
		flights.update(frame, all ? null : changes, opts);
	}

	function drawNode(fn) {
		const nd = fn && nodes[fn.pos];
		if (!nd) return;
		const role = fn.role;
		// a process that holds the token keeps the token's cue (the halo)
		// in every role, inside the critical section too
		const own = roleLook(run.alg, role);
		const tok = !fn.crashed && useOf(run.alg, fn, "tokenHeld") === true && own.halo !== "solid";
		const look = role + (tok ? "+token" : "");
		if (look === nd.role) return;
		nd.role = look;
		const info = tok ? {...own, halo: "solid"} : own;
		cls(nd.g, `node tone-${info.tone}${info.halo ? " halo-" + info.halo : ""}${tok ? " has-token" : ""}`);
		nd.g.dataset.role = role;
		// a halo ring, drawn under the body; created only where a role needs it
		if (info.halo && !L.dense) {
			if (!nd.halo) nd.halo = put(nd, svg("circle", {class: "halo"}));
			nd.g.insertBefore(nd.halo, nd.body);
			set(nd.halo, "r", haloRadius(L));
		} else if (nd.halo) {
			nd.halo.remove();
			nd.halo = null;
		}
		// in a crowded ring there is no room for a halo: such roles step
		// out of the ring instead (position as the second cue)
		if (L.dense) {
			const out = info.halo ? stepOut(L) : 0;
			const a = L.angles[fn.pos];
			moveNode(nd, Number((L.xs[fn.pos] + out * Math.cos(a)).toFixed(1)), Number((L.ys[fn.pos] + out * Math.sin(a)).toFixed(1)));
		}
		if (nd.badge) nd.badge.remove();
		nd.badge = null;
		const badgeSize = L.dense ? 18 : Math.max(16, Math.min(26, L.r * 0.8));
		if (info.icon && (!L.dense || info.rare)) nd.badge = badge(nd, info.icon, fn.pos, badgeSize);
	}

	// drawClocks marks the processes with a timer armed, changing only those whose mark changed
	function drawClocks(frame) {
		const now = new Set(L.dense ? [] : frame.timers.map((tm) => tm.node));
		for (const p of new Set([...timed, ...now])) {
			const nd = nodes[p];
			const hasTimer = now.has(p);
			if (!nd || hasTimer === nd.timer) continue;
			nd.timer = hasTimer;
			if (nd.clock) nd.clock.remove();
			nd.clock = null;
			if (hasTimer) {
				const s = Math.max(14, Math.min(20, L.r * 0.6));
				nd.clock = put(nd, svg("use", {href: "#ic-clock", class: "icon clock", width: s, height: s}, nd.g), -L.r * 0.75 - s / 2, L.r * 0.75 - s / 2);
			}
		}
		timed = now;
	}

	// badge draws a role's icon: on a node's shoulder, or for the few that
	// matter in a dense ring, larger and just outside it.
	function badge(nd, icon, pos, s) {
		let x, y;
		if (icon === "cross") {
			// over the node but under its ID, which keeps a halo
			const c = Math.max(L.r * 1.7, L.dense ? 10 : 0);
			const u = put(nd, svg("use", {href: "#ic-cross", class: "icon cross", width: c, height: c}), -c / 2, -c / 2);
			nd.g.insertBefore(u, nd.id);
			return u;
		}
		if (L.dense) {
			const d = L.r + s * 0.75;
			x = d * Math.cos(L.angles[pos]) - s / 2;
			y = d * Math.sin(L.angles[pos]) - s / 2;
		} else {
			x = L.r * 0.72 - s / 2;
			y = -L.r * 0.72 - s / 2;
		}
		return put(nd, svg("use", {href: "#ic-" + icon, class: "icon " + icon, width: s, height: s}, nd.g), x, y);
	}

	function trackOffset() {
		return L.dense ? 3 : 7;
	}

	return view(kit, {
		setRun,
		update,
		layout,
		/** note says how a crowded ring is drawn: every k-th label, roles by position. */
		note() {
			if (!L) return "";
			let s = L.labelEvery > 1 ? `n = ${L.n} · ${t("view.labelsEvery", {k: L.labelEvery})}` : "";
			if (L.dense) s += ` · ${t("view.denseHalo")}`;
			return s;
		},
	});
}
