// The group view (reliable group communication): the senders on the left,
// one row per receiver on the right with its lane of messages: delivered
// (filled), held back behind a gap (outlined) and the gaps it knows of
// (dashed), and the control messages it has sent, counted at the end of the
// lane. The messages in flight travel between the column and the rows; a
// click on one opens its menu (drop it, deliver it now). What a process
// delivers, holds and misses comes from the variables its algorithm
// declares for the uses deliveredSeqs, heldBack, missingSeqs and
// controlSent (views/kit/kit.js says the contract this module keeps).

import {splitMembers, groupLayout, laneCells, lanePlaces, linkCurve, innerLabel} from "./grouplayout.js";
import {tokenText, tokenSize, fitFont} from "../kit/geometry.js";
import {createKit, view} from "../kit/kit.js";
import {createFlights} from "../kit/flights.js";
import {svg, set, cls, clear} from "../../app/dom.js";
import {roleLook, useOf, varOfUse, outcomeUse, label as vocabLabel} from "../../i18n/vocab.js";

export function create(host, handlers) {
	const kit = createKit(host, {
		id: "group",
		testid: "group",
		className: "group-view",
		layers: ["l-links", "l-lanes", "l-nodes", "l-labels", "l-msgs"],
		handlers,
		onLayout: () => layout(),
	});
	const {root} = kit;
	const g = {links: kit.layers["l-links"], lanes: kit.layers["l-lanes"], nodes: kit.layers["l-nodes"], labels: kit.layers["l-labels"], msgs: kit.layers["l-msgs"]};

	let run = null; // {n, nodes, alg, senders, receivers}
	let L = null;
	let nodes = []; // per position: {g, body, id, badge, lane, role, laneKey}
	let opts = {manual: false, selected: null};

	const flights = createFlights(g.msgs, {
		alg: () => run.alg,
		shape: () => (L.dense ? "dot" : full() ? "full" : "short"),
		make(m, f) {
			if (L.dense) {
				m.shape = svg("circle", {class: "tok", r: Math.max(3, L.r * 0.8)}, m.g);
				return;
			}
			const font = Math.min(13, L.font);
			const txt = full() ? tokenText(f.label, 12) : innerLabel(f.label, f.type);
			const sz = tokenSize(txt, font);
			m.shape = svg("rect", {class: "tok", x: -sz.w / 2, y: -sz.h / 2, width: sz.w, height: sz.h, rx: sz.h / 2}, m.g);
			m.label = svg("text", {class: "tok-text", "font-size": font}, m.g);
			m.label.textContent = txt;
		},
		place(m, f, fr, slot) {
			const c = curve(f.from, f.to);
			if (!c) return;
			// the two directions of a link apart; queued messages further out
			const side = (f.from < f.to ? 1 : -1) * (L.dense ? 2 : 7 + slot * 10);
			// a message just sent stands off the sender, so that the copies of a
			// multicast fan out from it
			const p = c.at(0.1 + 0.8 * fr, side);
			set(m.g, "transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
		},
	});

	// curve is the way from position p to q, rim to rim
	function curve(p, q) {
		const a = edge(L.pos[p], L.pos[q]);
		const b = edge(L.pos[q], L.pos[p]);
		if (!a || !b) return null;
		return linkCurve(a, b, Math.min(L.pos[p].x * 0.5, 20 + Math.abs(a.y - b.y) * 0.25));
	}

	// edge is the point on the rim of the node at c that faces d: a message
	// leaves and arrives there, clear of the label inside
	function edge(c, d) {
		if (!c || !d) return null;
		const len = Math.hypot(d.x - c.x, d.y - c.y) || 1;
		return {x: c.x + ((d.x - c.x) / len) * L.r, y: c.y + ((d.y - c.y) / len) * L.r};
	}

	// full labels when the rows are roomy and few, and the messages leave a
	// sender's column (between rows the curves start too close together)
	function full() {
		return L.rowH >= 40 && run.receivers.length <= 6 && run.senders.length > 0;
	}

	function setRun(r) {
		kit.run = r;
		kit.frame = null;
		run = {n: r.nodes.length, nodes: r.nodes, alg: r.algorithm, senders: [], receivers: []};
		flights.clear();
		for (const layer of Object.values(g)) clear(layer);
		nodes = [];
		for (let p = 0; p < run.n; p++) {
			const ng = svg("g", {"data-node": p, class: "node"}, g.nodes);
			const body = svg("circle", {class: "body", r: 0}, ng);
			nodes.push({g: ng, body, id: null, badge: null, lane: null, role: "", laneKey: ""});
		}
		L = null;
	}

	// members sorts the processes by what the first frame says: a process
	// with a delivered sequence is a receiver
	function members(frame) {
		const d = varOfUse(run.alg, "deliveredSeqs");
		const delivers = (p) => d !== null && Array.isArray(useOf(run.alg, frame.nodes[p], "deliveredSeqs"));
		const s = splitMembers(run.n, delivers);
		run.senders = s.senders;
		run.receivers = s.receivers;
	}

	// links are the links the outcome declares (a tree), else every sender
	// with every receiver
	function links() {
		const declared = outcomeUse(run.alg, kit.frame, "links");
		if (Array.isArray(declared)) return declared.filter((e) => L.pos[e[0]] && L.pos[e[1]]);
		return run.senders.flatMap((s) => run.receivers.map((p) => [s, p]));
	}

	// layout places everything again: on a new run's first frame and on resize
	function layout() {
		if (!run || !kit.frame) return;
		const {w, h} = kit.size(320, 240);
		L = groupLayout(run.senders, run.receivers, w, h, {bottom: 28});
		root.classList.toggle("dense", L.dense);
		clear(g.links);
		clear(g.labels);
		clear(g.lanes);
		for (const [a, b] of links()) {
			const c = curve(a, b);
			svg("path", {class: "glink-hit", d: c.d, "data-link": a, "data-link-to": b}, g.links);
			svg("path", {class: "glink", d: c.d}, g.links);
		}
		for (let p = 0; p < run.n; p++) {
			const nd = nodes[p];
			const c = L.pos[p];
			set(nd.g, "transform", `translate(${c.x},${c.y})`);
			set(nd.body, "r", L.r);
			nd.role = "";
			nd.laneKey = "";
			nd.lane = run.receivers.includes(p) ? svg("g", {class: "lane", "data-lane": p}, g.lanes) : null;
			if (nd.id) nd.id.remove();
			nd.id = null;
			// the label inside a roomy node, else left of it
			if (!L.dense && L.labelInside) {
				nd.id = svg("text", {class: "nid", "font-size": fitFont(run.nodes[p].label, L.r, L.font + 1).toFixed(1)}, nd.g);
				nd.id.textContent = run.nodes[p].label;
			} else if (!L.dense || run.senders.includes(p)) {
				const tx = svg("text", {class: "glabel", x: c.x - L.r - 4, y: c.y, "font-size": Math.max(10, L.font)}, g.labels);
				tx.textContent = run.nodes[p].label;
			}
		}
		drawCaption();
		flights.clear();
		update(kit.frame, opts, null);
	}

	// drawCaption names the lane's boxes under the last row, and the column
	// of control counts above the first, in the algorithm's words
	function drawCaption() {
		if (!run.receivers.length) return;
		const font = 12; // (18 px in presenter mode)
		const y = L.h - 12;
		let x = 14;
		for (const [use, state] of [["deliveredSeqs", "ok"], ["heldBack", "hold"], ["missingSeqs", "miss"]]) {
			const d = varOfUse(run.alg, use);
			if (!d) continue;
			svg("rect", {class: `cell ${state}`, x, y: y - 5, width: 10, height: 10, rx: 2}, g.labels);
			const tx = svg("text", {class: "gcaption", x: x + 14, y, "font-size": font}, g.labels);
			tx.textContent = vocabLabel(run.alg, "var." + d.name);
			x += 14 + tx.textContent.length * font * 0.6 + 14;
		}
		const ctl = varOfUse(run.alg, "controlSent");
		if (ctl && !L.dense) {
			const tx = svg("text", {class: "gcaption ctl", x: L.w - 14, y: L.top - 10, "font-size": font}, g.labels);
			tx.textContent = vocabLabel(run.alg, "var." + ctl.name);
		}
	}

	function update(frame, o, changes) {
		if (!run) return;
		const first = kit.frame === null || !L;
		kit.frame = frame;
		opts = o || opts;
		if (first) {
			members(frame);
			return layout();
		}
		const all = !changes || changes.whole;
		for (const pos of all ? frame.nodes.keys() : changes.nodes) drawNode(frame.nodes[pos]);
		const sel = opts.selected;
		if (sel !== null && sel !== undefined && L.pos[sel]) kit.select(L.pos[sel].x, L.pos[sel].y, L.r + 8);
		else kit.select(null);
		flights.update(frame, all ? null : changes, opts);
	}

	function drawNode(fn) {
		const nd = fn && nodes[fn.pos];
		if (!nd) return;
		if (fn.role !== nd.role) {
			nd.role = fn.role;
			const info = roleLook(run.alg, fn.role);
			cls(nd.g, `node tone-${info.tone}`);
			nd.g.dataset.role = fn.role;
			if (nd.badge) nd.badge.remove();
			nd.badge = null;
			if (info.icon && !L.dense) {
				const s = Math.max(12, Math.min(20, L.r * 0.9));
				const c = info.icon === "cross" ? L.r * 1.6 : s;
				const at = info.icon === "cross" ? -c / 2 : L.r * 0.7 - s / 2;
				const y = info.icon === "cross" ? -c / 2 : -L.r * 0.7 - s / 2;
				nd.badge = svg("use", {href: "#ic-" + info.icon, class: "icon " + info.icon, x: at, y, width: c, height: c});
				// a cross goes over the body but under the label
				nd.g.insertBefore(nd.badge, info.icon === "cross" ? nd.id : null);
			}
		}
		if (nd.lane) drawLane(nd, fn);
	}

	// drawLane redraws a receiver's boxes and its control count when they changed
	function drawLane(nd, fn) {
		const delivered = useOf(run.alg, fn, "deliveredSeqs") || [];
		const held = useOf(run.alg, fn, "heldBack") || [];
		const gaps = useOf(run.alg, fn, "missingSeqs") || [];
		const ctl = useOf(run.alg, fn, "controlSent");
		const key = JSON.stringify([delivered, held, gaps, ctl]);
		if (key === nd.laneKey) return;
		nd.laneKey = key;
		clear(nd.lane);
		const y = L.pos[fn.pos].y;
		const {cells, cut} = laneCells(delivered, held, gaps, lanePlaces(L.laneX0, L.laneX1, L.box));
		let x = L.laneX0;
		if (cut > 0 && !L.dense) {
			const tx = svg("text", {class: "cell-cut", x, y, "font-size": Math.min(12, L.font)}, nd.lane);
			tx.textContent = "…";
			x += L.box * 0.6;
		}
		for (const c of cells) {
			svg("rect", {class: `cell ${c.state}`, x, y: y - L.box / 2, width: L.box, height: L.box, rx: 3, "data-seq": c.seq, "data-state": c.state}, nd.lane);
			if (!L.dense) {
				const tx = svg("text", {class: "cell-text", x: x + L.box / 2, y, "font-size": fitFont(String(c.seq), L.box / 2, Math.min(13, L.font))}, nd.lane);
				tx.textContent = String(c.seq);
			}
			x += L.box * 1.25;
		}
		if (typeof ctl === "number" && !L.dense) {
			const tx = svg("text", {class: "ctl-count", x: L.w - 14, y, "font-size": Math.min(13, L.font), "data-control": ctl}, nd.lane);
			tx.textContent = String(ctl);
		}
	}

	return view(kit, {setRun, update, layout});
}
