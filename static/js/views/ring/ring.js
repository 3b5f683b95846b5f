// The ring view (registry view "ring", and "complete" for a complete
// graph): processes on a circle with directed ring links or the chords of
// a complete graph, the messages in flight as tokens at the fraction of
// their way. The skeleton is built once per run and size; a frame re-classes
// only the processes that changed and moves the tokens (views/kit/kit.js
// says the contract this module keeps).

import {circleLayout, labelPos, ringArc, ringMsgPos, chordLine, chordMsgPos, nearNode} from "./circle.js";
import {fitFont, tokenText, tokenSize} from "../kit/geometry.js";
import {createKit, view} from "../kit/kit.js";
import {createFlights} from "../kit/flights.js";
import {svg, set, cls, clear} from "../../app/dom.js";
import {roleLook, useOf, typeClass} from "../../i18n/vocab.js";
import {t} from "../../i18n/i18n.js";

const ARROW =
	'<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse" markerUnits="strokeWidth"><path class="arrowhead" d="M0,0 L10,5 L0,10 z"/></marker>';

export function create(host, handlers) {
	const kit = createKit(host, {
		id: "topology",
		testid: "topology",
		defs: ARROW,
		layers: ["l-chords", "l-links", "l-tracks", "l-nodes", "l-labels", "l-msgs"],
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
		msgs: kit.layers["l-msgs"],
	};

	let run = null; // {view, n, nodes, alg}
	let L = null;
	let nodes = []; // per position: {g, body, halo, id, badge, clock, role, timer}
	let timed = new Set(); // positions drawn with a timer's clock
	let opts = {manual: false, selected: null};
	let labelMode = "full";

	const flights = createFlights(g.msgs, {
		alg: () => run.alg,
		shape: () => labelMode,
		make(m, f) {
			const font = labelMode === "full" ? 15 : 16;
			if (labelMode === "dot") {
				m.shape = svg("circle", {class: "tok", r: Math.max(3.5, Math.min(7, L.r * 0.9))}, m.g);
			} else {
				const txt = labelMode === "full" ? tokenText(f.label, 16) : shortLabel(f);
				const sz = tokenSize(txt, font);
				m.w = sz.w;
				m.h = sz.h;
				m.near = false;
				m.shape = svg("rect", {class: "tok", x: -sz.w / 2, y: -sz.h / 2, width: sz.w, height: sz.h, rx: sz.h / 2}, m.g);
				m.label = svg("text", {class: "tok-text", "font-size": font}, m.g);
				m.label.textContent = txt;
			}
			if (run.view === "complete") {
				const c = chordLine(L, f.from, f.to, trackOffset());
				m.track = svg("line", {class: "track " + typeClass(run.alg, f.type), x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2, "marker-end": "url(#arrow)"}, g.tracks);
			}
		},
		place(m, f, fr, slot) {
			let p;
			if (run.view === "ring") {
				const font = labelMode === "full" ? 15 : 16;
				const track = labelMode === "dot" ? L.r + 9 + slot * 10 : slot * (font * 1.6);
				p = ringMsgPos(L, f.from, f.to, fr, track, 14);
			} else {
				p = chordMsgPos(L, f.from, f.to, fr, trackOffset() * (1 + slot * 3), labelMode === "dot" ? 2 : 12);
			}
			set(m.g, "transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
			// a label would cover the sender or receiver: the token only, its text back once clear
			if (m.label) {
				const near = nearNode(p, L, f.from, f.to, m.w, m.h);
				m.g.classList.toggle("near-node", near);
				if (near !== m.near) {
					m.near = near;
					set(m.shape, "x", near ? -m.h / 2 : -m.w / 2);
					set(m.shape, "width", near ? m.h : m.w);
					set(m.label, "visibility", near ? "hidden" : "visible");
				}
			}
		},
	});

	function setRun(r) {
		kit.run = r;
		kit.frame = null;
		run = {view: r.algorithm.view === "ring" ? "ring" : "complete", n: r.nodes.length, nodes: r.nodes, alg: r.algorithm};
		flights.clear();
		for (const layer of Object.values(g)) clear(layer);
		nodes = [];
		timed = new Set();
		root.dataset.view = run.view;
		for (let p = 0; p < run.n; p++) {
			const ng = svg("g", {"data-node": p, class: "node"}, g.nodes);
			const body = svg("circle", {class: "body", r: 0}, ng);
			nodes.push({g: ng, halo: null, body, id: null, badge: null, clock: null, role: "", timer: false});
		}
		layout();
	}

	// layout recomputes the geometry for the box's size and n and places
	// everything again: on a new run and on resize, never per frame.
	function layout() {
		if (!run) return;
		const {w, h} = kit.size();
		const n = run.n;
		L = circleLayout(n, w, h, {margin: n > 40 ? 40 : 46, top: 18});
		root.classList.toggle("dense", L.dense);
		// how much a token may say: the room along a link
		const linkLen = run.view === "ring" ? 2 * L.R * Math.sin(Math.PI / Math.max(n, 2)) : L.R;
		// a complete graph's chords cross near the nodes: names only when few
		labelMode = linkLen >= 150 && n <= 5 ? "full" : linkLen >= 30 ? "short" : "dot";
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
			set(nd.g, "transform", `translate(${L.xs[p]},${L.ys[p]})`);
			set(nd.body, "r", L.r);
			if (nd.halo) nd.halo.remove();
			nd.halo = null;
			if (nd.id) nd.id.remove();
			nd.id = null;
			if (L.idInside) {
				const label = String(run.nodes[p].id);
				nd.id = svg("text", {class: "nid", "font-size": fitFont(label, L.r, L.font).toFixed(1)}, nd.g);
				nd.id.textContent = label;
			}
			if (p % L.labelEvery === 0) {
				const lp = labelPos(L, p);
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
			if (!nd.halo) nd.halo = svg("circle", {class: "halo"});
			nd.g.insertBefore(nd.halo, nd.body);
			set(nd.halo, "r", L.r + Math.max(4, L.r * 0.22));
		} else if (nd.halo) {
			nd.halo.remove();
			nd.halo = null;
		}
		// in a crowded ring there is no room for a halo: such roles step
		// out of the ring instead (position as the second cue)
		if (L.dense) {
			const out = info.halo ? Math.max(3, L.r * 1.5) : 0;
			const a = L.angles[fn.pos];
			set(nd.g, "transform", `translate(${(L.xs[fn.pos] + out * Math.cos(a)).toFixed(1)},${(L.ys[fn.pos] + out * Math.sin(a)).toFixed(1)})`);
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
				nd.clock = svg("use", {href: "#ic-clock", class: "icon clock", x: -L.r * 0.75 - s / 2, y: L.r * 0.75 - s / 2, width: s, height: s}, nd.g);
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
			const u = svg("use", {href: "#ic-cross", class: "icon cross", x: -c / 2, y: -c / 2, width: c, height: c});
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
		return svg("use", {href: "#ic-" + icon, class: "icon " + icon, x, y, width: s, height: s}, nd.g);
	}

	function trackOffset() {
		return labelMode === "dot" ? 3 : 7;
	}

	function shortLabel(f) {
		const m = /\((.*)\)$/.exec(f.label);
		if (m && m[1].length <= 6) return m[1];
		return f.type.slice(0, 1);
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
