// The tree view's cables and ports: each cable drawn from the child towards
// the parent (an arrow once the parent link is known, dashed while only
// asked), and each device's ports as markers at its rim, coloured and
// lettered by their state. Kept across frames; what a frame no longer has
// is removed. s is the scene a frame is drawn at: {M (treemodel.js), X, Y,
// r (device radius), pr (port radius)}.

import {svg, set, cls} from "../../app/dom.js";
import {edgeEnds} from "./treelayout.js";
import {edgeLook} from "./treemodel.js";
import {PORT_GLYPH} from "./treelegend.js";

/** createCables draws into layers.edges and layers.ports. */
export function createCables(layers) {
	let edges = new Map(); // "a-b" → {g, glow, line, hit, look, from, to}
	let ports = new Map(); // "p>q" (a cable's port) or "p+j" (a free one) → {g, c, tx, state}
	let stamp = 0;

	function drawEdges(s) {
		const {M, X, Y, r, pr} = s;
		stamp++;
		for (const [a, b] of M.edges) {
			const key = a + "-" + b;
			let e = edges.get(key);
			if (!e) {
				const eg = svg("g", {"data-edge": key, class: "t-edge"}, layers.edges);
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
	function drawPorts(s, spots) {
		const {M, X, Y, r, pr} = s;
		stamp++;
		const put = (key, pos, angle, state, free) => {
			let p = ports.get(key);
			if (!p) {
				p = {g: svg("g", {class: "port"}, layers.ports), state: null};
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

	return {
		edges: drawEdges,
		ports: drawPorts,
		/** clear forgets what was drawn (the layers are emptied by the view). */
		clear() {
			edges = new Map();
			ports = new Map();
		},
	};
}
