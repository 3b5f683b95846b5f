// What the tree view draws, read from a frame: the devices plugged in, the
// cables, each port's state, the direction of every cable whose parent link
// is known, the contended cable, the coins and waits of the contenders, the
// root. Only reading and naming, by the uses the algorithm declares for its
// variables and outcome fields (algo/vocab.go: uplink, cables, coinToss, …):
// the algorithms decide everything. Pure: no DOM.

import {useOf, outcomeUse, varOfUse, fieldOfKind, paramOfUse} from "../../i18n/vocab.js";

/** PORT_STATES are the states of a cable's port the view draws (algo.PortStates). */
export const PORT_STATES = ["plain", "to-child", "to-parent", "asked", "offered", "contention"];

/**
 * treeModel reads a frame of an algorithm drawn as a tree. run is the `run`
 * message (the registry entry with its declarations, and the parameters),
 * frame the `frame`. Returns
 *   attached: bool per position (false: an empty slot, not drawn),
 *   edges: [[a, b]] with a < b,
 *   parent: per position its parent position, −1 for a root, null unknown,
 *   port: Map "a>b" → the state of a's port towards b (PORT_STATES),
 *   free: per position how many ports are free (null when unknown),
 *   root: the first of the declared roots (treeRoots), else the one
 *     device without a parent when all the others have one (the starter
 *     of an echo wave), else null,
 *   roots: every root, ascending: after a bus splits, each part elects its
 *     own; [root] or [] otherwise,
 *   contention: [{a, b, rounds}] cables on which both ends asked each other,
 *   waits: [{pos, coin, until, left, window}] contenders waiting,
 *   coinVar: the name of the variable holding a contender's coin (its labels
 *     are var.<name>.<value>), or null,
 *   echoed: Set "a>b" (b's echo reached a),
 *   firstToKnow: [a, b] or null (the outcome's pair, else the two
 *     processes whose knewFirst var is true),
 *   unit: "ns" when the frame's time is in nanoseconds, else "".
 */
export function treeModel(run, frame) {
	const alg = (run && run.algorithm) || {};
	const nodes = frame.nodes || [];
	const n = nodes.length;
	const params = (run && run.params) || {};
	const attached = attachedOf(alg, frame);
	const edges = edgesOf(alg, frame, params, attached);
	const cables = cablesOf(alg);

	const parent = new Array(n).fill(null);
	const port = new Map();
	const free = new Array(n).fill(null);
	const echoed = new Set();
	const contended = new Map(); // "a-b" → rounds
	const waits = [];
	const limit = paramOfUse(alg, "portLimit");
	const maxPorts = limit && Number.isInteger(params[limit.name]) ? params[limit.name] : null;
	const declaredRoots = outcomeUse(alg, frame, "treeRoots");
	const roots = Array.isArray(declaredRoots) ? declaredRoots.filter((p) => Number.isInteger(p) && attached[p]) : [];
	let root = roots.length ? roots[0] : null;
	for (let i = 0; i < n; i++) {
		const nd = nodes[i];
		if (!attached[i]) continue;
		const p = useOf(alg, nd, "uplink");
		if (typeof p === "number") parent[i] = p;
		const ports = cables ? useOf(alg, nd, "cables") : undefined;
		if (Array.isArray(ports)) {
			for (const pt of ports) {
				const peer = pt && pt[cables.peer];
				if (typeof peer !== "number") continue;
				const st = cables.states[pt[cables.state]] || "plain";
				port.set(i + ">" + peer, st);
				if (st === "to-parent" && parent[i] === null) parent[i] = peer;
				if (st === "contention") {
					const k = Math.min(i, peer) + "-" + Math.max(i, peer);
					contended.set(k, Math.max(contended.get(k) || 0, Number(useOf(alg, nd, "round")) || 0));
				}
			}
			if (maxPorts !== null) free[i] = Math.max(0, maxPorts - ports.length);
		} else if (maxPorts !== null) {
			free[i] = Math.max(0, maxPorts - edges.filter((e) => e[0] === i || e[1] === i).length);
		}
		const ech = useOf(alg, nd, "echoesFrom");
		if (Array.isArray(ech)) for (const c of ech) echoed.add(i + ">" + c);
		// a contender's coin names the range parameter its wait is drawn from
		const coin = useOf(alg, nd, "coinToss");
		const until = useOf(alg, nd, "waitEnd");
		if (typeof coin === "string" && coin && typeof until === "number") {
			const w = params[coin];
			const window = w && typeof w === "object" && w.max > 0 ? w.max : null;
			waits.push({pos: i, coin, until, left: Math.max(0, until - frame.time), window});
		}
	}
	if (root === null) {
		const orphans = [];
		for (let i = 0; i < n; i++) if (attached[i] && !(typeof parent[i] === "number" && parent[i] >= 0)) orphans.push(i);
		if (orphans.length === 1 && attached.filter(Boolean).length > 1) {
			root = orphans[0];
			roots.push(root);
		}
	}
	const contention = [...contended].map(([k, rounds]) => {
		const [a, b] = k.split("-").map(Number);
		return {a, b, rounds};
	});
	// the outcome's pair, else the processes whose var says so
	const pair = outcomeUse(alg, frame, "firstPair");
	let ftk = Array.isArray(pair) && pair.length === 2 ? pair : null;
	if (!ftk) {
		const own = [];
		for (let i = 0; i < n; i++) if (attached[i] && useOf(alg, nodes[i], "knewFirst") === true) own.push(i);
		if (own.length === 2) ftk = own;
	}
	const coinDecl = varOfUse(alg, "coinToss");
	return {n, attached, edges, parent, port, free, root, roots, contention, waits, coinVar: coinDecl ? coinDecl.name : null, echoed, firstToKnow: ftk, unit: timeUnit(run)};
}

/** attachedOf says per position whether a device is plugged in there (the declared plugged field; all when none). */
export function attachedOf(alg, frame) {
	const nodes = (frame && frame.nodes) || [];
	const plugged = outcomeUse(alg, frame, "plugged");
	return nodes.map((nd, i) => (Array.isArray(plugged) && i < plugged.length ? !!plugged[i] : true));
}

// cablesOf reads the declaration of a device's cables: which field of a
// cable's record is the other end (a position), which its port's state (a
// text), and what each state's value is to the view.
function cablesOf(alg) {
	const d = varOfUse(alg, "cables");
	if (!d) return null;
	const peer = fieldOfKind(d, "position");
	const state = fieldOfKind(d, "text");
	if (!peer || !state) return null;
	return {peer: peer.name, state: state.name, states: state.values || {}};
}

// edgesOf: the outcome's cables, else the cables the nodes know (their
// cables, their adjacent processes), else the run's parameter; only
// between attached positions.
function edgesOf(alg, frame, params, attached) {
	const links = outcomeUse(alg, frame, "links");
	let list = Array.isArray(links) ? links : null;
	if (!list) {
		const cables = cablesOf(alg);
		const seen = [];
		for (const nd of frame.nodes || []) {
			const ports = cables ? useOf(alg, nd, "cables") : undefined;
			const nb = useOf(alg, nd, "adjacent");
			if (Array.isArray(ports)) for (const pt of ports) if (pt && typeof pt[cables.peer] === "number") seen.push([nd.pos, pt[cables.peer]]);
			if (Array.isArray(nb)) for (const q of nb) seen.push([nd.pos, q]);
		}
		const given = paramOfUse(alg, "treeCables");
		list = seen.length ? seen : given && Array.isArray(params[given.name]) ? params[given.name] : [];
	}
	const keys = new Set();
	const res = [];
	for (const e of list) {
		if (!Array.isArray(e) || e.length !== 2) continue;
		const a = Math.min(e[0], e[1]);
		const b = Math.max(e[0], e[1]);
		if (a === b || !attached[a] || !attached[b] || keys.has(a + "-" + b)) continue;
		keys.add(a + "-" + b);
		res.push([a, b]);
	}
	return res.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/** timeUnit is the registry's unit of virtual time ("ns" for FireWire; "" for ticks). */
export function timeUnit(run) {
	const a = run && run.algorithm;
	return (a && a.timeUnit) || "";
}

/**
 * edgeLook says how a cable a–b is drawn: kind is "contention" (both ends
 * asked each other), "uplink" (a confirmed parent link), "asked" (one end
 * asked, not yet confirmed) or "plain"; to is the end the arrow points at
 * (the parent, or the device asked), or null; echoed when an echo went
 * along it; first when its two ends learnt the result first.
 */
export function edgeLook(M, a, b) {
	const pa = M.port.get(a + ">" + b);
	const pb = M.port.get(b + ">" + a);
	const look = {kind: "plain", to: null, echoed: M.echoed.has(a + ">" + b) || M.echoed.has(b + ">" + a), first: false};
	if (M.firstToKnow) {
		const [x, y] = M.firstToKnow;
		look.first = (x === a && y === b) || (x === b && y === a);
	}
	if (pa === "contention" || pb === "contention") {
		look.kind = "contention";
		return look;
	}
	if (M.parent[a] === b || pa === "to-parent" || pb === "to-child") {
		look.kind = "uplink";
		look.to = b;
	} else if (M.parent[b] === a || pb === "to-parent" || pa === "to-child") {
		look.kind = "uplink";
		look.to = a;
	} else if (pa === "asked" || pb === "offered") {
		look.kind = "asked";
		look.to = b;
	} else if (pb === "asked" || pa === "offered") {
		look.kind = "asked";
		look.to = a;
	}
	return look;
}

/** formatTime writes a virtual time with thin spaces between thousands: 12 345. */
export function formatTime(x) {
	const neg = x < 0;
	const s = String(Math.round(Math.abs(x)));
	const g = s.replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
	return (neg ? "−" : "") + g;
}
