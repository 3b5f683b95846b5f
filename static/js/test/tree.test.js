// The tree view's layout (treelayout.js: tidy trees, forests, ports, pills) and
// the topology editor's edits, as unit and property tests.
import {test, eq, ok, near} from "./harness.js";
import {
	adjacency, components, treeCenter, rootAt, tidy, forestLayout, fitLayout, freePortAngles, edgeEnds, lerpPositions, ease,
	placeBox, pillTrack, canonEdges, degrees, checkTree, defaultTree, addLeaf, removeLeaf, relink, formatEdges, parseEdges,
} from "../views/tree/treelayout.js";
import {rng, randomTree} from "./treefixture.js";

test("tree layout: adjacency and components", () => {
	const adj = adjacency(6, [[0, 1], [2, 1], [3, 4], [9, 1], [1, 1]]);
	eq(adj, [[1], [0, 2], [1], [4], [3], []], "out-of-range edges and loops are ignored");
	eq(components(adj, [true, true, true, true, true, true]), [[0, 1, 2], [3, 4], [5]]);
	eq(components(adj, [true, false, true, true, true, false]), [[0], [2], [3, 4]], "left-out positions split parts");
});

test("tree layout: the centre of a path is its middle", () => {
	const inc = new Array(5).fill(true);
	eq(treeCenter(adjacency(5, [[0, 1], [1, 2], [2, 3], [3, 4]]), inc, [0, 1, 2, 3, 4]), 2);
	eq(treeCenter(adjacency(4, [[0, 1], [1, 2], [2, 3]]), inc, [0, 1, 2, 3]), 1, "the smaller of two centres");
	eq(treeCenter(adjacency(4, [[3, 0], [3, 1], [3, 2]]), inc, [0, 1, 2, 3]), 3, "a star's hub");
});

test("tree layout: rootAt orients away from the root", () => {
	const R = rootAt(adjacency(5, [[0, 1], [1, 2], [1, 3], [3, 4]]), new Array(5).fill(true), 1);
	eq(R.parent, [1, -1, 1, 1, 3]);
	eq(R.depth, [1, 0, 1, 1, 2]);
	eq(R.children[1], [0, 2, 3]);
});

test("tree layout: tidy centres a parent over its children and keeps siblings apart", () => {
	// 0 has children 1, 2, 3; 3 has children 4, 5
	const children = [[1, 2, 3], [], [], [4, 5], [], []];
	const T = tidy(children, 0);
	eq(T.x.get(1), 0);
	eq(T.x.get(2), 1);
	near(T.x.get(3), 2);
	near(T.x.get(4), 1.5, 1e-9, "a subtree keeps its shape: the children of 3 at 3 ± 0.5");
	near(T.x.get(5), 2.5);
	near(T.x.get(0), 1, 1e-9, "midway over the first and last child");
	near(T.width, 2.5);
});

// checkTidy: every level's positions at least 1 apart, every parent midway
// over its first and last child, and no two cables crossing
function checkTidy(n, edges, root, label) {
	const F = forestLayout(n, edges, undefined, [root]);
	eq(F.roots, [root], label + " root");
	const byDepth = new Map();
	for (let v = 0; v < n; v++) {
		ok(Number.isFinite(F.x[v]) && F.x[v] >= -1e-9 && F.x[v] <= F.width + 1e-9, `${label}: x of ${v} in [0, width]`);
		if (!byDepth.has(F.y[v])) byDepth.set(F.y[v], []);
		byDepth.get(F.y[v]).push(v);
	}
	for (const [d, vs] of byDepth) {
		const xs = vs.map((v) => F.x[v]).sort((a, b) => a - b);
		for (let i = 1; i < xs.length; i++) ok(xs[i] - xs[i - 1] >= 1 - 1e-9, `${label}: level ${d} has devices ${xs[i] - xs[i - 1]} apart`);
	}
	const R = rootAt(adjacency(n, edges), new Array(n).fill(true), root);
	for (let v = 0; v < n; v++) {
		const kids = R.children[v];
		if (kids.length) near(F.x[v], (F.x[kids[0]] + F.x[kids[kids.length - 1]]) / 2, 1e-9, `${label}: ${v} over its children`);
	}
	// cables between the same two levels cross when their ends are in opposite order
	const cables = [];
	for (let v = 0; v < n; v++) if (F.parent[v] >= 0) cables.push([F.parent[v], v]);
	for (const [p1, c1] of cables) {
		for (const [p2, c2] of cables) {
			if (F.y[c1] !== F.y[c2] || c1 === c2 || p1 === p2) continue;
			ok((F.x[p1] - F.x[p2]) * (F.x[c1] - F.x[c2]) > 0, `${label}: cables ${p1}-${c1} and ${p2}-${c2} cross`);
		}
	}
}

test("tree layout: random trees are tidy and without crossings (300 trees)", () => {
	const rand = rng(7);
	for (let k = 0; k < 300; k++) {
		const n = 2 + Math.floor(rand() * 40);
		const ports = 2 + Math.floor(rand() * 3);
		const edges = randomTree(n, ports, rand);
		checkTidy(n, edges, Math.floor(rand() * n), `tree ${k} (n=${n}, ${formatEdges(edges)})`);
	}
});

test("tree layout: a forest stands side by side; left-out slots are not placed", () => {
	const F = forestLayout(7, [[0, 1], [1, 2], [3, 4], [5, 3]], [true, true, true, true, true, true, false]);
	eq(F.roots, [1, 3], "each part at its centre");
	ok(Number.isNaN(F.x[6]) && Number.isNaN(F.y[6]), "slot 6 left out");
	ok(Math.max(F.x[0], F.x[1], F.x[2]) + 1.5 <= Math.min(F.x[3], F.x[4], F.x[5]) + 1e-9, "the second part right of the first");
	eq(F.depth, 1);
	const G = forestLayout(7, [[0, 1], [1, 2], [3, 4], [5, 3]], [true, true, true, true, true, true, false], [2, 4]);
	eq(G.roots, [2, 4], "preferred roots win");
	eq(G.y[0], 2);
});

test("tree layout: fitLayout keeps the tree inside the box", () => {
	const rand = rng(3);
	for (const [w, h] of [[1024, 500], [500, 300], [1920, 800]]) {
		for (let k = 0; k < 20; k++) {
			const n = 2 + Math.floor(rand() * 30);
			const F = forestLayout(n, randomTree(n, 3, rand), undefined);
			const L = fitLayout(F, w, h, {l: 50, r: 50, t: 80, b: 50});
			for (let i = 0; i < n; i++) {
				ok(L.xs[i] >= 50 - 1e-6 && L.xs[i] <= w - 50 + 1e-6, `x ${L.xs[i]} in ${w}`);
				ok(L.ys[i] >= 80 - 1e-6 && L.ys[i] <= h - 50 + 1e-6, `y ${L.ys[i]} in ${h}`);
			}
			ok(L.r >= 9 && L.r <= 30, "radius " + L.r);
			if (F.width > 0) ok(2 * L.r < L.sx, "neighbours on a level do not touch");
		}
	}
	const one = fitLayout(forestLayout(1, [], undefined), 400, 300, {l: 0, r: 0, t: 0, b: 0});
	eq([one.xs[0], one.ys[0]], [200, 150], "a single device in the middle");
});

test("tree layout: free ports go where the cables are not", () => {
	const down = Math.PI / 2;
	const up = -Math.PI / 2;
	const a = freePortAngles([up], 1);
	near(a[0], down, 1e-9, "opposite a single cable up");
	const b = freePortAngles([up, down], 2);
	ok(Math.abs(Math.cos(b[0])) > 0.99 && Math.abs(Math.cos(b[1])) > 0.99 && Math.cos(b[0]) * Math.cos(b[1]) < 0, "left and right of a vertical cable");
	eq(freePortAngles([], 0), []);
	near(freePortAngles([], 1, -Math.PI / 4)[0], -Math.PI / 4, 1e-9, "a badge on the upper right when nothing is there");
	const c = freePortAngles([-Math.PI / 4], 1, -Math.PI / 4)[0];
	ok(Math.abs(c - -Math.PI / 4) > Math.PI / 2, "and elsewhere when a cable leaves there");
});

test("tree layout: edgeEnds trims at the rims and shifts to the right", () => {
	const e = edgeEnds(0, 0, 100, 0, 10);
	eq([e.x1, e.y1, e.x2, e.y2], [10, 0, 90, 0]);
	const s = edgeEnds(0, 0, 100, 0, 10, 0, 5);
	eq([s.y1, s.y2], [5, 5], "right of travel, in SVG's y-down coordinates");
});

test("tree layout: lerp, ease", () => {
	eq([...lerpPositions([0, NaN], [10, 20], 0.5)], [5, 20], "a new device appears in place");
	eq(ease(0), 0);
	eq(ease(1), 1);
	eq(ease(0.5), 0.5);
});

test("tree layout: placeBox takes the first free place, else the least crowded", () => {
	const bounds = [0, 0, 100, 100];
	eq(placeBox([[50, 50], [20, 20]], 10, 10, [], bounds), 0);
	eq(placeBox([[50, 50], [20, 20]], 10, 10, [[45, 45, 55, 55]], bounds), 1, "the first is taken");
	eq(placeBox([[98, 50], [20, 20]], 10, 10, [], bounds), 1, "the first leaves the view");
	eq(placeBox([[50, 50], [52, 50]], 10, 10, [[40, 40, 60, 60], [51, 40, 70, 60]], bounds), 0, "both crowded: the lesser overlap");
});

test("tree editor: checkTree says what is wrong", () => {
	eq(checkTree(3, [[0, 1], [1, 2]], 3), null);
	eq(checkTree(3, [[0, 1]], 3).key, "edit.err.count");
	eq(checkTree(4, [[0, 1], [1, 0], [2, 3]], 3).key, "edit.err.twice");
	eq(checkTree(4, [[0, 1], [0, 2], [1, 2]], 3).key, "edit.err.split", "a cycle leaves 3 alone");
	eq(checkTree(3, [[0, 1], [1, 5]], 3).key, "edit.err.range");
	eq(checkTree(2, [[1, 1]], 3).key, "edit.err.loop");
	eq(checkTree(5, [[0, 1], [0, 2], [0, 3], [0, 4]], 3), {key: "edit.err.ports", vars: {p: 0, ports: 3}});
	eq(checkTree(1, [], 3), null, "a single device");
	for (const n of [2, 5, 17]) for (const p of [2, 3, 4]) eq(checkTree(n, defaultTree(n, p), p), null, `defaultTree(${n}, ${p})`);
});

test("tree editor: add, remove and move keep a tree", () => {
	const a = addLeaf(3, [[0, 1], [1, 2]], 1);
	eq(a, {n: 4, edges: [[0, 1], [1, 2], [1, 3]]});
	eq(removeLeaf(4, [[0, 1], [1, 2], [1, 3]], 0), {n: 3, edges: [[0, 1], [0, 2]]}, "the devices after 0 move down");
	eq(relink(4, [[0, 1], [1, 2], [2, 3]], 0, 3), [[0, 3], [1, 2], [2, 3]], "0 moves from 1 onto 3");
	eq(relink(4, [[0, 1], [1, 2], [2, 3]], 1, 3), [[0, 1], [1, 3], [2, 3]], "1 takes 0 along");
	eq(relink(3, [[0, 1], [1, 2]], 0, 1), [[0, 1], [1, 2]], "neighbours: nothing changes");
	const rand = rng(11);
	for (let k = 0; k < 200; k++) {
		const n = 3 + Math.floor(rand() * 20);
		const edges = randomTree(n, 4, rand);
		const p = Math.floor(rand() * n);
		const q = Math.floor(rand() * n);
		const e = relink(n, edges, p, q);
		eq(checkTree(n, e, n), null, `relink ${p} onto ${q} in ${formatEdges(edges)}`);
		eq(degrees(n, e)[p], degrees(n, edges)[p], "the device moved keeps its cables");
	}
});

test("tree editor: edges as text", () => {
	eq(formatEdges([[0, 1], [1, 2]]), "0,1;1,2");
	eq(parseEdges(" 0, 1; 1 ,2 "), [[0, 1], [1, 2]]);
	eq(parseEdges(""), []);
	eq(parseEdges("0,1;1"), null);
	eq(parseEdges("0,1,2"), null);
	eq(canonEdges([[2, 1], [0, 1], [1, 0]]), [[0, 1], [1, 2]]);
});

// ---- fixture frames in the shapes of contracts.md ----
