// Trees for the property tests of the tree view (tree.test.js, treemodel.test.js).
import {canonEdges} from "../views/tree/treelayout.js";

// a seeded generator, so that the property tests see the same trees every time
export function rng(seed) {
	let s = seed >>> 0 || 1;
	return () => {
		s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
		return s / 4294967296;
	};
}

// randomTree: n devices, at most `ports` cables each, random shape and numbering
export function randomTree(n, ports, rand) {
	const perm = [...Array(n).keys()];
	for (let i = n - 1; i > 0; i--) {
		const j = Math.floor(rand() * (i + 1));
		[perm[i], perm[j]] = [perm[j], perm[i]];
	}
	const deg = new Array(n).fill(0);
	const edges = [];
	for (let i = 1; i < n; i++) {
		const open = [];
		for (let j = 0; j < i; j++) if (deg[perm[j]] < ports) open.push(perm[j]);
		const p = open[Math.floor(rand() * open.length)];
		edges.push([p, perm[i]]);
		deg[p]++;
		deg[perm[i]]++;
	}
	return canonEdges(edges);
}
