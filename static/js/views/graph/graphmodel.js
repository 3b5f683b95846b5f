// What the graph view draws, read from a frame by the uses the algorithm
// declares (algo/vocab.go): the edges (outcome links, else the processes'
// adjacent lists), each process's tree edge (uplink), wave (wave), the
// edges it counts as done (edgesDone), the neighbours whose echo reached it
// (echoesFrom) and those whose messages it swallowed (swallowedFrom). Only
// reading and naming: the algorithms decide everything. Pure: no DOM.

import {useOf, outcomeUse} from "../../i18n/vocab.js";

/** WAVE_LOOKS is how many waves have a look of their own (colour and dash); more share them. */
export const WAVE_LOOKS = 6;

/** edgesOf is the graph's edges as sorted pairs [a, b], a < b. */
export function edgesOf(alg, frame) {
	let list = outcomeUse(alg, frame, "links");
	if (!Array.isArray(list)) {
		list = [];
		for (const nd of frame.nodes || []) {
			const nb = useOf(alg, nd, "adjacent");
			if (Array.isArray(nb)) for (const q of nb) list.push([nd.pos, q]);
		}
	}
	const keys = new Set();
	const out = [];
	for (const e of list) {
		if (!Array.isArray(e) || e.length !== 2) continue;
		const a = Math.min(e[0], e[1]);
		const b = Math.max(e[0], e[1]);
		if (a === b || keys.has(a + "-" + b)) continue;
		keys.add(a + "-" + b);
		out.push([a, b]);
	}
	return out.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/**
 * graphModel reads a frame: per position its parent (a position, −1 on a
 * virtual edge or a root, null unknown) and wave (a number or null); the
 * sets "a>b" of edge ends done at a, echoes from b that reached a, and
 * messages from b that a swallowed; waves: the waves seen, ascending, each
 * to its look (0..WAVE_LOOKS−1).
 */
export function graphModel(alg, frame) {
	const nodes = frame.nodes || [];
	const parent = [];
	const wave = [];
	const done = new Set();
	const echoed = new Set();
	const swallowed = new Set();
	const seen = new Set();
	for (const nd of nodes) {
		const p = useOf(alg, nd, "uplink");
		parent.push(typeof p === "number" ? p : null);
		const w = useOf(alg, nd, "wave");
		wave.push(typeof w === "number" ? w : null);
		if (typeof w === "number") seen.add(w);
		for (const [use, set] of [["edgesDone", done], ["echoesFrom", echoed], ["swallowedFrom", swallowed]]) {
			const qs = useOf(alg, nd, use);
			if (Array.isArray(qs)) for (const q of qs) set.add(nd.pos + ">" + q);
		}
	}
	return {parent, wave, done, echoed, swallowed, waves: [...seen].sort((a, b) => a - b)};
}

/**
 * waveLooks gives each wave its look: the waves are the starters' IDs
 * (the outcome's waveStarters, fixed for a run), ascending, each the next
 * look; a wave of another ID (none declared) takes its ID's residue.
 * Returns look(id) → 0..WAVE_LOOKS−1, or null for no wave.
 */
export function waveLooks(alg, frame, nodes) {
	const starters = outcomeUse(alg, frame, "waveStarters");
	const ids = Array.isArray(starters) ? starters.map((p) => nodes[p] && nodes[p].id).filter((x) => typeof x === "number") : [];
	ids.sort((a, b) => a - b);
	const rank = new Map(ids.map((id, i) => [id, i % WAVE_LOOKS]));
	return (id) => (typeof id !== "number" ? null : rank.has(id) ? rank.get(id) : ((id % WAVE_LOOKS) + WAVE_LOOKS) % WAVE_LOOKS);
}

/** carried is the number a message carries, read from its label TYPE(7); null if none. */
export function carried(f) {
	const m = /\((-?\d+)\)$/.exec(f.label || "");
	return m ? Number(m[1]) : null;
}

/**
 * edgeLook says how the edge a–b is drawn: tree (toward the parent: to is
 * the parent's end), the wave of the tree edge (the child's), whether each
 * end counts it done, and which ends swallowed a message from the other.
 */
export function edgeLook(M, a, b) {
	const look = {tree: false, to: null, wave: null, doneA: M.done.has(a + ">" + b), doneB: M.done.has(b + ">" + a),
		swallowedA: M.swallowed.has(a + ">" + b), swallowedB: M.swallowed.has(b + ">" + a)};
	if (M.parent[a] === b) {
		look.tree = true;
		look.to = b;
		look.wave = M.wave[a];
	} else if (M.parent[b] === a) {
		look.tree = true;
		look.to = a;
		look.wave = M.wave[b];
	}
	return look;
}
