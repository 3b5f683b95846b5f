// A tree or graph as data (the tree view, its layout and the topology
// editors): neighbours, connected parts, and the edits the editor makes to
// the edges parameter, with its text form. No DOM; treelayout.js re-exports
// it.

/** adjacency lists every position's neighbours, ascending; edges outside 0..n−1 are ignored. */
export function adjacency(n, edges) {
	const adj = Array.from({length: n}, () => []);
	for (const e of edges || []) {
		const [a, b] = e;
		if (!(a >= 0 && b >= 0 && a < n && b < n) || a === b) continue;
		if (!adj[a].includes(b)) adj[a].push(b);
		if (!adj[b].includes(a)) adj[b].push(a);
	}
	for (const l of adj) l.sort((x, y) => x - y);
	return adj;
}

/**
 * components splits the included positions into connected parts, each
 * ascending, ordered by their smallest position.
 */
export function components(adj, include) {
	const seen = new Array(adj.length).fill(false);
	const out = [];
	for (let s = 0; s < adj.length; s++) {
		if (seen[s] || !include[s]) continue;
		const part = [];
		const stack = [s];
		seen[s] = true;
		while (stack.length) {
			const v = stack.pop();
			part.push(v);
			for (const w of adj[v]) {
				if (!seen[w] && include[w]) {
					seen[w] = true;
					stack.push(w);
				}
			}
		}
		out.push(part.sort((a, b) => a - b));
	}
	return out;
}

// distances from s inside the included part (−1: unreachable)
export function bfs(adj, include, s) {
	const d = new Array(adj.length).fill(-1);
	const q = [s];
	d[s] = 0;
	for (let i = 0; i < q.length; i++) {
		const v = q[i];
		for (const w of adj[v]) {
			if (d[w] < 0 && include[w]) {
				d[w] = d[v] + 1;
				q.push(w);
			}
		}
	}
	return d;
}

// ---- the topology editor's edits (positions 0..n−1, edges [a, b] with a < b, sorted) ----

/** canonEdges writes edges as [a, b] with a < b, sorted, without duplicates. */
export function canonEdges(edges) {
	const seen = new Set();
	const out = [];
	for (const [a, b] of edges) {
		const e = a < b ? [a, b] : [b, a];
		const k = e[0] + "," + e[1];
		if (e[0] === e[1] || seen.has(k)) continue;
		seen.add(k);
		out.push(e);
	}
	return out.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/** degrees counts the cables of every position. */
export function degrees(n, edges) {
	const d = new Array(n).fill(0);
	for (const [a, b] of edges) (d[a]++, d[b]++);
	return d;
}

/**
 * checkTree says what is wrong with a topology as a tree of n devices with at
 * most `ports` cables each: null when it is one, else {key, vars} naming an
 * i18n message.
 */
export function checkTree(n, edges, ports) {
	for (const [a, b] of edges) {
		if (!(Number.isInteger(a) && Number.isInteger(b) && a >= 0 && b >= 0 && a < n && b < n)) return {key: "edit.err.range", vars: {n}};
		if (a === b) return {key: "edit.err.loop", vars: {a}};
	}
	const E = canonEdges(edges);
	if (E.length !== edges.length) return {key: "edit.err.twice", vars: {}};
	if (E.length !== n - 1) return {key: "edit.err.count", vars: {n, k: n - 1, m: E.length}};
	const adj = adjacency(n, E);
	if (components(adj, new Array(n).fill(true)).length !== 1) return {key: "edit.err.split", vars: {}};
	const d = degrees(n, E);
	const over = d.findIndex((x) => x > ports);
	if (over >= 0) return {key: "edit.err.ports", vars: {p: over, ports}};
	return null;
}

/** defaultTree is a tree of n devices with at most `ports` cables each: device i hangs on (i−1) div (ports−1). */
export function defaultTree(n, ports = 3) {
	const k = Math.max(1, ports - 1);
	const out = [];
	for (let i = 1; i < n; i++) out.push([Math.floor((i - 1) / k), i]);
	return out;
}

/** addLeaf plugs a new device n into device p: {n: n+1, edges}. */
export function addLeaf(n, edges, p) {
	return {n: n + 1, edges: canonEdges([...edges, [p, n]])};
}

/**
 * removeLeaf removes device p (it must have at most one cable) and numbers
 * the devices after it one lower: {n: n−1, edges}.
 */
export function removeLeaf(n, edges, p) {
	const ren = (v) => (v > p ? v - 1 : v);
	return {n: n - 1, edges: canonEdges(edges.filter(([a, b]) => a !== p && b !== p).map(([a, b]) => [ren(a), ren(b)]))};
}

/**
 * relink moves device p, with everything that hangs on it away from q, onto
 * device q: the first cable on the way from p to q is pulled and p is
 * plugged into q. The result is again a tree. Returns the new edges (the
 * same ones when p and q are neighbours or equal).
 */
export function relink(n, edges, p, q) {
	if (p === q) return canonEdges(edges);
	const adj = adjacency(n, edges);
	const d = bfs(adj, new Array(n).fill(true), q);
	if (d[p] < 0 || d[p] === 1) return canonEdges(edges);
	// p's neighbour on the way to q is the one nearer to q
	const next = adj[p].find((w) => d[w] === d[p] - 1);
	return canonEdges([...edges.filter(([a, b]) => !((a === p && b === next) || (a === next && b === p))), [p, q]]);
}

/** formatEdges writes edges as query text: "0,1;1,2". */
export function formatEdges(edges) {
	return edges.map((e) => e.join(",")).join(";");
}

/** parseEdges reads "0,1;1,2" (null when it is not a list of pairs of whole numbers). */
export function parseEdges(text) {
	const s = String(text ?? "").trim();
	if (s === "") return [];
	const out = [];
	for (const part of s.split(";")) {
		const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(part);
		if (!m) return null;
		out.push([Number(m[1]), Number(m[2])]);
	}
	return out;
}
