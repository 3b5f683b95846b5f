// The topology view: processes on a circle with directed ring links or the
// chords of a complete graph, and the messages in flight as tokens at the
// fraction of their way. A static skeleton (one group per layer) is built
// once per run; each frame only moves and re-classes the keyed elements
// (data-node, data-msg, data-link) whose values changed.

import {
	circleLayout, fitFont, labelPos, ringArc, ringMsgPos, chordLine, chordMsgPos, msgFraction, tokenText,
	tokenSize, spreadQueue, nearNode,
} from "./layout.js";
import {svg, set, text, cls, clear, pointerTarget, MSG_TARGET, NODE_TARGET} from "./dom.js";
import {roleLook, nodeClass, typeClass, useOf, roleName} from "./vocab.js";

const ICONS = {
	crown: '<path class="ic-fill" d="M-10,7 L-10,-5 L-5,0 L0,-9 L5,0 L10,-5 L10,7 Z"/>',
	cross: '<path class="ic-stroke" d="M-8,-8 L8,8 M8,-8 L-8,8"/>',
	check: '<path class="ic-stroke" d="M-8,0 L-3,6 L8,-7"/>',
	hourglass: '<path class="ic-fill" d="M-7,-9 H7 L1,0 L7,9 H-7 L-1,0 Z"/>',
	star: '<path class="ic-fill" d="M0,-10 L2.9,-3.1 L9.5,-3.1 L4.3,1.3 L6.2,8.5 L0,4.4 L-6.2,8.5 L-4.3,1.3 L-9.5,-3.1 L-2.9,-3.1 Z"/>',
	chevron: '<path class="ic-stroke" d="M-8,-7 L-1,0 L-8,7 M1,-7 L8,0 L1,7"/>',
	diamond: '<path class="ic-fill" d="M0,-9 L9,0 L0,9 L-9,0 Z"/>',
	clock: '<circle class="ic-line" r="8"/><path class="ic-line" d="M0,-5 V0 H4"/>',
	up: '<path class="ic-stroke" d="M0,8 V-7 M-6,-1 L0,-7 L6,-1"/>',
	bolt: '<path class="ic-fill" d="M2,-10 L-7,2 L-1,2 L-3,10 L7,-3 L1,-3 Z"/>',
	echo: '<path class="ic-stroke" d="M6,-6 H-1 A5.5,5.5 0 0 0 -1,5 H6 M2,1 L6,5 L2,9"/>',
};

/** iconSymbols is the <defs> content for every icon, for the views and the legend. */
export function iconSymbols() {
	let s = "";
	for (const [name, body] of Object.entries(ICONS)) {
		s += `<symbol id="ic-${name}" viewBox="-12 -12 24 24" overflow="visible"><circle class="ic-bg" r="11.5"/>${body}</symbol>`;
	}
	return s;
}

export function createTopology(root, handlers) {
	root.innerHTML =
		"<defs>" +
		iconSymbols() +
		'<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse" markerUnits="strokeWidth"><path class="arrowhead" d="M0,0 L10,5 L0,10 z"/></marker>' +
		"</defs>" +
		'<rect class="bg" x="0" y="0" width="100%" height="100%"/>' +
		'<g class="l-chords"></g><g class="l-links"></g><g class="l-tracks"></g><g class="l-nodes"></g>' +
		'<g class="l-labels"></g><g class="l-msgs"></g><g class="l-overlay"><circle class="selring" r="0" visibility="hidden"/></g>';
	const g = {
		chords: root.querySelector(".l-chords"),
		links: root.querySelector(".l-links"),
		tracks: root.querySelector(".l-tracks"),
		nodes: root.querySelector(".l-nodes"),
		labels: root.querySelector(".l-labels"),
		msgs: root.querySelector(".l-msgs"),
		selring: root.querySelector(".selring"),
		bg: root.querySelector(".bg"),
	};

	let run = null; // {view, n, nodes, alg}
	let L = null;
	let nodes = []; // per position: {g, body, halo, id, badge, clock, role}
	let msgs = new Map(); // msg id → {g, shape, label, track, mode}
	let lastFrame = null;
	let opts = {manual: false, selected: null};
	let labelMode = "full";
	let stamp = 0;

	function setRun(r) {
		run = {
			view: r.algorithm.view === "ring" ? "ring" : "complete",
			n: r.nodes.length,
			nodes: r.nodes,
			alg: r.algorithm,
		};
		lastFrame = null;
		timed = new Set();
		for (const k of Object.keys(g)) if (k !== "selring" && k !== "bg") clear(g[k]);
		nodes = [];
		msgs = new Map();
		root.dataset.view = run.view;
		const n = run.n;
		for (let p = 0; p < n; p++) {
			const ng = svg("g", {"data-node": p, class: "node"}, g.nodes);
			const body = svg("circle", {class: "body", r: 0}, ng);
			nodes.push({g: ng, halo: null, body, id: null, badge: null, clock: null, label: null, role: "", crashed: false, timer: false});
		}
		layout();
	}

	// layout recomputes the geometry for the SVG's size and n and places
	// everything again: on a new run and on resize, never per frame.
	function layout() {
		if (!run) return;
		const w = Math.max(200, root.clientWidth || 600);
		const h = Math.max(200, root.clientHeight || 600);
		set(root, "viewBox", `0 0 ${w} ${h}`);
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
				svg("path", {class: "link-hit", d, "data-link": i}, g.links);
				svg("path", {class: "link", d, "data-link": i, "marker-end": "url(#arrow)"}, g.links);
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
				const t = svg("text", {class: "nlabel", x: lp.x, y: lp.y, "font-size": L.labelFont, "data-label": p}, g.labels);
				t.textContent = run.nodes[p].label;
			}
			// badges are rebuilt by the next frame
			if (nd.badge) nd.badge.remove();
			if (nd.clock) nd.clock.remove();
			nd.badge = nd.clock = null;
			nd.role = "";
			nd.timer = false;
		}
		timed = new Set();
		for (const m of msgs.values()) m.g.remove(), m.track && m.track.remove();
		msgs = new Map();
		if (lastFrame) update(lastFrame, opts);
	}

	// update draws a frame: of the processes only those that changed
	// (changes, from model.js; none given: all), and the messages in flight
	// when they or the time moved.
	let timed = new Set(); // positions drawn with a timer
	let lastTime = null;
	function update(frame, o, changes) {
		if (!run || !L) return;
		const all = !changes || changes.whole || lastFrame === null;
		const moved = all || changes.flights || frame.time !== lastTime;
		lastFrame = frame;
		lastTime = frame.time;
		opts = o || opts;
		const badgeSize = L.dense ? 18 : Math.max(16, Math.min(26, L.r * 0.8));
		const positions = all ? frame.nodes.keys() : changes.nodes;
		for (const pos of positions) {
			const fn = frame.nodes[pos];
			const nd = nodes[pos];
			if (!nd || !fn) continue;
			const role = fn.role;
			// a process that holds the token keeps the token's cue (the halo)
			// in every role, inside the critical section too
			const own = roleLook(run.alg, role);
			const tok = !fn.crashed && useOf(run.alg, fn, "tokenHeld") === true && own.halo !== "solid";
			const look = role + (tok ? "+token" : "");
			if (look !== nd.role) {
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
				if (info.icon && (!L.dense || info.rare)) nd.badge = badge(nd, info.icon, role, fn.pos, badgeSize);
			}
		}
		if (all || changes.timers) {
			// the clocks of the processes with a timer armed: only where that changed
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
		// selection ring
		const sel = opts.selected;
		if (sel !== null && sel !== undefined && sel < run.n) {
			set(g.selring, "visibility", "visible");
			set(g.selring, "cx", L.xs[sel]);
			set(g.selring, "cy", L.ys[sel]);
			set(g.selring, "r", Math.max(L.r + (L.dense ? 6 : 12), 10));
		} else {
			set(g.selring, "visibility", "hidden");
		}
		if (moved) drawFlights(frame);
	}

	// badge draws a role's icon: on a node's shoulder, or for the few that
	// matter in a dense ring, larger and just outside it.
	function badge(nd, icon, role, pos, s) {
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

	function drawFlights(frame) {
		stamp++;
		const fl = frame.flights;
		const fr = new Array(fl.length);
		for (let i = 0; i < fl.length; i++) fr[i] = msgFraction(frame.time, fl[i].sentAt, fl[i].arrive);
		const slot = spreadQueue(fl, fr);
		const font = labelMode === "full" ? 15 : 16;
		for (let i = 0; i < fl.length; i++) {
			const f = fl[i];
			let m = msgs.get(f.id);
			const tclass = typeClass(run.alg, f.type);
			if (!m) {
				m = {g: svg("g", {"data-msg": f.id}, g.msgs), shape: null, label: null, track: null};
				msgs.set(f.id, m);
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
					m.track = svg("line", {class: "track " + tclass, x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2, "marker-end": "url(#arrow)"}, g.tracks);
				}
			}
			m.stamp = stamp;
			cls(m.g, `msg ${tclass}${opts.manual && f.deliverable ? " deliverable" : ""}`);
			let p;
			if (run.view === "ring") {
				const track = labelMode === "dot" ? L.r + 9 + slot[i] * 10 : slot[i] * (font * 1.6);
				p = ringMsgPos(L, f.from, f.to, fr[i], track, 14);
			} else {
				p = chordMsgPos(L, f.from, f.to, fr[i], trackOffset() * (1 + slot[i] * 3), labelMode === "dot" ? 2 : 12);
			}
			set(m.g, "transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
			// a label would cover the sender or receiver: the token only, its text back once clear
			if (m.label) {
				const near = nearNode(p, L, f.from, f.to, m.w, m.h);
				if (near !== m.near) {
					m.near = near;
					m.g.classList.toggle("near-node", near);
					set(m.shape, "x", near ? -m.h / 2 : -m.w / 2);
					set(m.shape, "width", near ? m.h : m.w);
					set(m.label, "visibility", near ? "hidden" : "visible");
				}
			}
		}
		for (const [id, m] of msgs) {
			if (m.stamp !== stamp) {
				m.g.remove();
				if (m.track) m.track.remove();
				msgs.delete(id);
			}
		}
	}

	function trackOffset() {
		return labelMode === "dot" ? 3 : 7;
	}

	function shortLabel(f) {
		const m = /\((.*)\)$/.exec(f.label);
		if (m && m[1].length <= 6) return m[1];
		return f.type.slice(0, 1);
	}

	// pointer events, delegated: the handlers get positions and ids
	const TARGETS = [MSG_TARGET, NODE_TARGET, ["[data-link]", (d) => ({kind: "link", from: Number(d.link)})]];
	const target = (ev) => pointerTarget(ev, TARGETS);

	root.addEventListener("click", (ev) => {
		const tg = target(ev);
		if (!tg || !lastFrame) return handlers.onBackground && handlers.onBackground(ev);
		if (tg.kind === "msg") {
			const f = lastFrame.flights.find((x) => x.id === tg.id);
			if (f) handlers.onMsgClick(f, ev);
		} else if (tg.kind === "node") handlers.onNodeClick(tg.pos, ev);
		else if (tg.kind === "link") handlers.onLinkClick(tg.from, (tg.from + 1) % run.n, ev);
	});
	let hoverKey = "";
	root.addEventListener("pointermove", (ev) => {
		const tg = target(ev);
		const key = tg ? tg.kind + (tg.pos ?? tg.id ?? tg.from) : "";
		if (key === hoverKey) return handlers.onHoverMove && tg && handlers.onHoverMove(ev);
		hoverKey = key;
		if (!tg || !lastFrame) return handlers.onHover(null, ev);
		if (tg.kind === "msg") {
			const f = lastFrame.flights.find((x) => x.id === tg.id);
			handlers.onHover(f ? {kind: "msg", flight: f} : null, ev);
		} else if (tg.kind === "node") handlers.onHover({kind: "node", pos: tg.pos}, ev);
		else handlers.onHover({kind: "link", from: tg.from, to: (tg.from + 1) % run.n}, ev);
	});
	root.addEventListener("pointerleave", (ev) => {
		hoverKey = "";
		handlers.onHover(null, ev);
	});

	const ro = new ResizeObserver(() => layout());
	ro.observe(root);

	return {
		setRun,
		update,
		layout,
		/** nodeCenter is a process's position on the page (for menus). */
		nodeCenter(p) {
			if (!L) return null;
			const r = root.getBoundingClientRect();
			return {x: r.left + (L.xs[p] * r.width) / L.w, y: r.top + (L.ys[p] * r.height) / L.h, r: L.r};
		},
		get layoutInfo() {
			return L;
		},
	};
}

/**
 * renderLegend draws the roles seen so far and the algorithm's message
 * types as HTML with the same cues (alg: the registry entry).
 */
export function renderLegend(box, alg, roles, types, t) {
	clear(box);
	if (!roles.length && !types.length) return;
	const add = (title, items) => {
		const sec = document.createElement("div");
		sec.className = "legend-group";
		const h = document.createElement("span");
		h.className = "legend-title";
		h.textContent = title;
		sec.append(h);
		for (const it of items) sec.append(it);
		box.append(sec);
	};
	const roleItems = roles.map((role) => {
		const span = document.createElement("span");
		span.className = "legend-item";
		span.innerHTML = roleSwatch(alg, role);
		span.append(roleName(alg, role));
		return span;
	});
	if (roleItems.length) add(t("legend.roles"), roleItems);
	const typeItems = types.map((ty) => {
		const span = document.createElement("span");
		span.className = "legend-item msg " + typeClass(alg, ty);
		span.dataset.type = ty;
		span.innerHTML = `<svg class="legend-swatch" viewBox="-10 -8 20 16" width="20" height="16" aria-hidden="true"><rect class="tok" x="-9" y="-6" width="18" height="12" rx="6"/></svg>`;
		span.append(ty);
		return span;
	});
	if (typeItems.length) add(t("legend.messages"), typeItems);
}

/** roleSwatch is a small SVG of a process in a role: its colour, halo and badge (the legend, the panel). */
export function roleSwatch(alg, role) {
	const info = roleLook(alg, role);
	const icon = info.icon ? `<use href="#ic-${info.icon}" class="icon ${info.icon}" x="4" y="-12" width="14" height="14"/>` : "";
	const halo = info.halo ? `<circle class="halo" r="9.5"/>` : "";
	return (
		`<svg class="legend-swatch" viewBox="-12 -12 30 24" width="30" height="24" aria-hidden="true">` +
		`<g class="${nodeClass(alg, role)}">${halo}<circle class="body" r="7"/>${icon}</g></svg>`
	);
}
