// A graph's topology as the editor changes it and as DOT (Graphviz) writes
// it: checks (connected, no self-loops, no edge twice), edits that keep a
// graph connected, and DOT out and in. Pure: numbers and strings, no DOM.
// Edges are pairs [a, b] of positions 0..n−1; what an edit returns is
// canonical (a < b, sorted), as the edges parameter is written.

import {adjacency, canonEdges} from "../tree/treelayout.js";

/** connected says whether the edges join all of 0..n−1. */
export function connected(n, edges) {
	if (n <= 1) return true;
	const adj = adjacency(n, edges);
	const seen = new Set([0]);
	const queue = [0];
	while (queue.length) for (const q of adj[queue.pop()]) if (!seen.has(q)) (seen.add(q), queue.push(q));
	return seen.size === n;
}

/**
 * checkGraph says what is wrong with edges as a connected simple graph on
 * 0..n−1: null when nothing is, else {key, vars} naming an i18n message.
 */
export function checkGraph(n, edges) {
	const seen = new Set();
	for (const [a, b] of edges) {
		if (a >= n || b >= n) return {key: "graph.err.outside", vars: {a, b, max: n - 1}};
		if (a === b) return {key: "graph.err.loop", vars: {a}};
		const k = Math.min(a, b) + "," + Math.max(a, b);
		if (seen.has(k)) return {key: "graph.err.twice", vars: {a, b}};
		seen.add(k);
	}
	return connected(n, edges) ? null : {key: "graph.err.apart", vars: {n}};
}

/** addNode joins a new process n to the one at `to`. */
export function addNode(n, edges, to) {
	return {n: n + 1, edges: canonEdges([...edges, [to, n]])};
}

/**
 * removeNode takes the process at p and its edges away, the positions
 * after it moving down by one; null when the rest would fall apart.
 */
export function removeNode(n, edges, p) {
	const rest = edges.filter(([a, b]) => a !== p && b !== p).map(([a, b]) => [a > p ? a - 1 : a, b > p ? b - 1 : b]);
	return n > 1 && connected(n - 1, rest) ? {n: n - 1, edges: canonEdges(rest)} : null;
}

/** toggleEdge adds the edge a–b, or takes it away; null when taking it away would part the graph. */
export function toggleEdge(n, edges, a, b) {
	const has = edges.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
	if (!has) return {n, edges: canonEdges([...edges, [a, b]])};
	const rest = edges.filter(([x, y]) => !((x === a && y === b) || (x === b && y === a)));
	return connected(n, rest) ? {n, edges: canonEdges(rest)} : null;
}

/** toDOT writes the graph in Graphviz's DOT language, a node per position (labelled by `labels`, if given). */
export function toDOT(n, edges, labels = null) {
	const lines = ["graph G {"];
	for (let p = 0; p < n; p++) lines.push(labels ? `  ${p} [label="${String(labels[p]).replace(/"/g, '\\"')}"];` : `  ${p};`);
	for (const [a, b] of edges) lines.push(`  ${a} -- ${b};`);
	lines.push("}");
	return lines.join("\n") + "\n";
}

/**
 * fromDOT reads a graph in DOT: `graph` or `digraph`, an optional name,
 * node statements (attributes ignored) and edge chains (a -- b -- c, or
 * ->, taken as undirected). Node names that are all whole numbers keep
 * their order (0..n−1 stays itself); other names are numbered in order of
 * first appearance. Returns {n, edges, names} or {error: {key, vars}}.
 */
export function fromDOT(text) {
	const src = String(text ?? "")
		.replace(/\/\*[\s\S]*?\*\//g, " ")
		.replace(/(^|\n)\s*#[^\n]*/g, "\n")
		.replace(/\/\/[^\n]*/g, " ");
	const m = /^\s*(?:strict\s+)?(?:di)?graph\b\s*("[^"]*"|[\w.]+)?\s*\{([\s\S]*)\}\s*$/i.exec(src);
	if (!m) return {error: {key: "graph.err.dot", vars: {}}};
	const body = m[2].replace(/\[[^\]]*\]/g, " "); // attributes
	const order = [];
	const seen = new Set();
	const name = (s) => {
		const k = s.replace(/^"|"$/g, "");
		if (!seen.has(k)) (seen.add(k), order.push(k));
		return k;
	};
	const pairs = [];
	for (const stmt of body.split(/[;\n]/)) {
		const s = stmt.trim();
		if (s === "" || /^(graph|node|edge)\b/i.test(s) || /^[\w.]+\s*=/.test(s)) continue;
		const parts = s.split(/--|->/).map((x) => x.trim());
		if (parts.some((x) => !/^("[^"]*"|[\w.]+)$/.test(x))) return {error: {key: "graph.err.dotStatement", vars: {s}}};
		const ns = parts.map(name);
		for (let i = 1; i < ns.length; i++) pairs.push([ns[i - 1], ns[i]]);
	}
	const numeric = order.every((k) => /^\d+$/.test(k));
	const names = numeric ? [...order].sort((a, b) => Number(a) - Number(b)) : order;
	const pos = new Map(names.map((k, i) => [k, i]));
	const edges = canonEdges(pairs.map(([a, b]) => [pos.get(a), pos.get(b)]));
	const n = names.length;
	const bad = pairs.find(([a, b]) => a === b) ? {key: "graph.err.loop", vars: {a: pos.get(pairs.find(([a, b]) => a === b)[0])}} : checkGraph(n, edges);
	return bad ? {error: bad} : {n, edges, names};
}
