// The tree view (FireWire tree identify, echo election on trees): the devices
// plugged in, laid out tidily in layers without crossings; each cable with
// its two ports' states, an arrow towards the parent once a parent link is
// known (dashed while only asked), the contended cable highlighted; messages
// travelling along the cables; each contender's coin and a countdown to the
// end of its wait; the virtual clock. When a root is known the layout can
// settle with the root on top (animated). Draws only what the frame says
// (treemodel.js reads it); the geometry is in treelayout.js.

import {svg, set, text, clear, el, MSG_TARGET, NODE_TARGET} from "../../app/dom.js";
import {t} from "../../i18n/i18n.js";
import {fitFont} from "../kit/geometry.js";
import {createKit, view, LINK_TARGET} from "../kit/kit.js";
import {createTreeFlights} from "./treeflights.js";
import {createCables} from "./treecables.js";
import {createContention} from "./treecontention.js";
import {drawFirst, oneFirstTag, setRole} from "./treenode.js";
import {labelPlaces, labelAt} from "./treelabels.js";
import {renderLegend} from "../kit/legend.js";
import {belowTitle} from "../kit/titleroom.js";
import {forestLayout, fitLayout, freePortAngles, angleTo, lerpPositions, ease} from "./treelayout.js";
import {treeModel, attachedOf, formatTime} from "./treemodel.js";
import {varOfUse} from "../../i18n/vocab.js";
import {store} from "../../app/store.js";

import {unplugState, hotplug, renderTreeLegend} from "./treelegend.js";
export {PORT_GLYPH, unplugState, hotplug, renderTreeLegend} from "./treelegend.js";

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
	const cables = createCables(g);
	const contention = createContention(g);
	let at = null; // the positions the messages are drawn for: {X, Y, r, pr}

	// messages travel beside the cables (treeflights.js); at: the positions they are drawn for
	const flights = createTreeFlights(g.msgs, () => ({alg: run.algorithm, at, M, box, nodes}));

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
		cables.clear();
		contention.clear();
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
		drawNodes(frame, r, spots, pr);
		oneFirstTag(nodes, X, Y);
		const s = {M, X, Y, r, pr, box, alg: run.algorithm};
		cables.edges(s);
		cables.ports(s, spots);
		contention.waits(s, contention.badges(s));
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
			// (the two that learnt first are neighbours: their tags point away from each other)
			const ftk = M.firstToKnow || [];
			const mate = ftk.includes(p) ? ftk.find((q) => q !== p && out.has(q)) : undefined;
			const away = mate === undefined ? (3 * Math.PI) / 4 : angleTo(X[mate], Y[mate], X[p], Y[p]);
			s.first = freePortAngles([...used, ...s.free, s.badge, s.label], 1, away)[0];
		}
		return out;
	}

	function drawNodes(frame, r, spots, pr) {
		const shown = [];
		for (const fn of frame.nodes) {
			const nd = nodes[fn.pos];
			if (!nd) continue;
			const on = M.attached[fn.pos];
			set(nd.g, "display", on ? "inline" : "none");
			if (!on) continue;
			set(nd.g, "transform", `translate(${cur.xs[fn.pos].toFixed(1)},${cur.ys[fn.pos].toFixed(1)})`);
			if (nd.r !== r) {
				nd.r = r;
				set(nd.body, "r", r);
				// (at least 12: 18 px on the projector, views/kit/scale.js)
				set(nd.id, "font-size", Math.max(12, fitFont(String(run.nodes[fn.pos].id), r, Math.min(26, r * 0.95))).toFixed(1));
				set(nd.label, "font-size", labelFont(r));
				nd.role = "";
			}
			if (fn.role !== nd.role) setRole(nd, fn.role, r, run.algorithm);
			shown.push(fn.pos);
		}
		// the labels once every badge is there: they keep clear of them (treelabels.js)
		const places = labelPlaces(spots, cur.xs, cur.ys, r, r + pr, box, badgeBoxes(spots, r), (p) => {
			const text = nodes[p] ? nodes[p].label.textContent : "";
			return text ? {w: text.length * labelFont(r) * 0.72 + 4, h: labelFont(r) * 1.3} : {w: 0, h: 0}; // (bold: wider than 0.62 em)
		});
		for (const pos of shown) {
			const nd = nodes[pos];
			if (nd.label.textContent && places.has(pos)) {
				const {a, d} = places.get(pos);
				const at = labelAt(a, d);
				set(nd.label, "x", at.x);
				set(nd.label, "y", at.y);
				set(nd.label, "text-anchor", at.anchor);
			}
			drawFirst(nd, pos, r, spots.get(pos).first, M.firstToKnow);
			if (nd.badge && nd.badgeIcon !== "cross") {
				const b = badgeAt(nd, spots.get(pos).badge, r);
				set(nd.badge, "x", b.x);
				set(nd.badge, "y", b.y);
			}
		}
	}

	const labelFont = (r) => Math.max(13, Math.min(18, r * 0.6));

	// badgeAt is where a role's badge goes (its top left, relative to its
	// device): on the rim; on a small device (a large tree, the projector)
	// further out, so that it leaves the ID in the middle clear
	function badgeAt(nd, a, r) {
		const s = Number(nd.badge.getAttribute("width"));
		const d = Math.max(r * 1.02, r * 0.55 + s / 2 + 1);
		return {x: Math.cos(a) * d - s / 2, y: Math.sin(a) * d - s / 2, s};
	}

	// badgeBoxes are the role badges' boxes, which labels keep clear of
	function badgeBoxes(spots, r) {
		const out = [];
		for (const [p, sp] of spots) {
			const nd = nodes[p];
			if (!nd || !nd.badge || nd.badgeIcon === "cross") continue;
			const b = badgeAt(nd, sp.badge, r);
			out.push([cur.xs[p] + b.x, cur.ys[p] + b.y, cur.xs[p] + b.x + b.s, cur.ys[p] + b.y + b.s]);
		}
		return out;
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

	// drawn says per position whether a device is plugged in there (an empty
	// slot is not drawn, nor its lane in the space-time diagram); null: all.
	// The same list while the outcome is the same: the diagram then reads its lanes no more.
	let drawnRead = {run: null, outcome: null, n: -1, list: null};
	function drawn(frame) {
		if (!run || !frame) return null;
		const n = frame.nodes ? frame.nodes.length : 0;
		if (drawnRead.run !== run || drawnRead.outcome !== frame.outcome || drawnRead.n !== n) {
			const plugged = attachedOf(run.algorithm, frame);
			drawnRead = {run, outcome: frame.outcome, n, list: plugged.every(Boolean) ? null : plugged};
		}
		return drawnRead.list;
	}

	return view(kit, {
		setRun,
		update,
		layout,
		show,
		menuItems,
		drawn,
		/** legend adds the ports and cables to the legend of roles and messages. */
		legend(boxEl, frame, roles) {
			if (!run) return;
			renderLegend(boxEl, run.algorithm, roles, run.algorithm.messageTypes || [], t);
			renderTreeLegend(boxEl, {ports: !!frame && treeModel(run.run, frame).port.size > 0, echoes: !!varOfUse(run.algorithm, "echoesFrom"), algorithm: run.algorithm}, t);
			settleText.textContent = t("tree.settle"); // the language may have changed
			settle.title = t("tree.settleTitle");
			boxEl.append(settle);
		},
	});
}

