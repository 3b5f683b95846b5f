// What the tree view draws, read from a frame: the devices plugged in, the
// cables, each port's state, the direction of every cable whose parent link
// is known, the contended cable, the coins and waits of the contenders, the
// root. Only reading and naming: the algorithms decide everything (the
// frame's node vars and outcome, docs/protocol.md and contracts). Pure: no DOM.

/** varOf reads a node's variable by name (undefined when it has none). */
export function varOf(nd, name) {
	for (const v of (nd && nd.vars) || []) if (v.name === name) return v.value;
	return undefined;
}

// the states a port can be in (firewire's `ports` var)
export const PORT_STATES = ["idle", "child", "parent", "asked", "offered", "contention"];

/**
 * treeModel reads a frame of an algorithm drawn as a tree. run is the `run`
 * message (for the parameters), frame the `frame`. Returns
 *   attached: bool per position (false: an empty slot, not drawn),
 *   edges: [[a, b]] with a < b,
 *   parent: per position its parent position, −1 for a root, null unknown,
 *   port: Map "a>b" → the state of a's port towards b (firewire),
 *   free: per position how many ports are free (null when unknown),
 *   root: the root of the parent links: the device with role root, else
 *     the one device without a parent when all the others have one (the
 *     starter of an echo wave), else null,
 *   roots: every root, ascending: after a FireWire bus splits (an inner
 *     device unplugged), each part elects its own; [root] or [] otherwise,
 *   contention: [{a, b, rounds}] cables on which BE_MY_PARENT crossed,
 *   waits: [{pos, coin, until, left, window}] contenders waiting,
 *   echoed: Set "a>b" (b's echo reached a; tree-echo),
 *   firstToKnow: [a, b] or null (the outcome's pair, else the two
 *     processes whose var firstToKnow is true),
 *   unit: "ns" when the frame's time is in nanoseconds, else "".
 */
export function treeModel(run, frame) {
	const nodes = frame.nodes || [];
	const n = nodes.length;
	const out = frame.outcome && typeof frame.outcome === "object" ? frame.outcome : {};
	const params = (run && run.params) || {};
	const roleOf = (nd) => (nd.crashed ? "crashed" : nd.role);

	const attached = nodes.map((nd, i) => (Array.isArray(out.attached) && i < out.attached.length ? !!out.attached[i] : nd.role !== "detached"));
	const edges = edgesOf(frame, params, attached);

	const parent = new Array(n).fill(null);
	const port = new Map();
	const free = new Array(n).fill(null);
	const echoed = new Set();
	const contended = new Map(); // "a-b" → rounds
	const waits = [];
	const maxPorts = Number.isInteger(params.ports) ? params.ports : null;
	let root = null;
	const roots = [];
	for (let i = 0; i < n; i++) {
		const nd = nodes[i];
		if (!attached[i]) continue;
		const p = varOf(nd, "parent");
		if (typeof p === "number") parent[i] = p;
		if (roleOf(nd) === "root") {
			if (root === null) root = i;
			roots.push(i);
		}
		const ports = varOf(nd, "ports");
		if (Array.isArray(ports)) {
			for (const pt of ports) {
				if (!pt || typeof pt.peer !== "number") continue;
				port.set(i + ">" + pt.peer, pt.state || "idle");
				if (pt.state === "parent" && parent[i] === null) parent[i] = pt.peer;
				if (pt.state === "contention") {
					const k = Math.min(i, pt.peer) + "-" + Math.max(i, pt.peer);
					contended.set(k, Math.max(contended.get(k) || 0, Number(varOf(nd, "rounds")) || 0));
				}
			}
			if (maxPorts !== null) free[i] = Math.max(0, maxPorts - ports.length);
		} else if (maxPorts !== null) {
			free[i] = Math.max(0, maxPorts - edges.filter((e) => e[0] === i || e[1] === i).length);
		}
		const ech = varOf(nd, "echoed");
		if (Array.isArray(ech)) for (const c of ech) echoed.add(i + ">" + c);
		const coin = varOf(nd, "coin");
		const until = varOf(nd, "waitUntil");
		if ((coin === "fast" || coin === "slow") && typeof until === "number") {
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
	let ftk = Array.isArray(out.firstToKnow) && out.firstToKnow.length === 2 ? out.firstToKnow : null;
	if (!ftk) {
		const own = [];
		for (let i = 0; i < n; i++) if (attached[i] && varOf(nodes[i], "firstToKnow") === true) own.push(i);
		if (own.length === 2) ftk = own;
	}
	return {n, attached, edges, parent, port, free, root, roots, contention, waits, echoed, firstToKnow: ftk, unit: timeUnit(run)};
}

// edgesOf: the outcome's topology, else the cables the nodes know (ports,
// neighbours), else the run's parameter; only between attached positions.
function edgesOf(frame, params, attached) {
	const out = frame.outcome || {};
	let list = Array.isArray(out.edges) ? out.edges : null;
	if (!list) {
		const seen = [];
		for (const nd of frame.nodes || []) {
			const ports = varOf(nd, "ports");
			const nb = varOf(nd, "neighbours");
			if (Array.isArray(ports)) for (const pt of ports) if (pt && typeof pt.peer === "number") seen.push([nd.pos, pt.peer]);
			if (Array.isArray(nb)) for (const q of nb) seen.push([nd.pos, q]);
		}
		list = seen.length ? seen : Array.isArray(params.edges) ? params.edges : [];
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
 * edgeLook says how a cable a–b is drawn: kind is "contention" (BE_MY_PARENT
 * crossed), "parent" (a confirmed parent link), "asked" (BE_MY_PARENT sent,
 * not yet confirmed) or "plain"; to is the end the arrow points at (the
 * parent, or the device asked), or null; echoed when an echo went along it;
 * first when its two ends learnt the maximum first.
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
	if (M.parent[a] === b || pa === "parent" || pb === "child") {
		look.kind = "parent";
		look.to = b;
	} else if (M.parent[b] === a || pb === "parent" || pa === "child") {
		look.kind = "parent";
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
