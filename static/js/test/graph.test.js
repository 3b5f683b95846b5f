import {test, eq, ok} from "./harness.js";
import {stressLayout, fitLayout, hops, msgPos} from "../views/graph/graphlayout.js";
import {toDOT, fromDOT, addNode, removeNode, toggleEdge, checkGraph, connected} from "../views/graph/graphdata.js";
import {graphModel, edgeLook, edgesOf, carried, waveLooks} from "../views/graph/graphmodel.js";

const HOUSE = [[0, 1], [0, 2], [1, 2], [1, 3], [2, 4], [3, 4], [4, 5]];

test("graph layout: a function of the topology alone", () => {
	const a = stressLayout(6, HOUSE);
	const b = stressLayout(6, HOUSE.map((e) => [...e]));
	eq(Array.from(a.xs), Array.from(b.xs));
	eq(Array.from(a.ys), Array.from(b.ys));
	const L = fitLayout(a, 500, 300, {margin: 40, top: 20});
	for (let i = 0; i < 6; i++) ok(L.xs[i] >= 40 - 1e-6 && L.xs[i] <= 460 + 1e-6 && L.ys[i] >= 60 - 1e-6 && L.ys[i] <= 260 + 1e-6, `P${i} inside`);
	ok(L.edge > 2 * L.r, "the closest two apart");
});

test("graph layout: neighbours closer than the graph's far ends", () => {
	const ring = Array.from({length: 12}, (_, p) => [p, (p + 1) % 12]);
	const d = hops(12, ring);
	eq(d[0][6], 6);
	const L = stressLayout(12, ring);
	const dist = (i, j) => Math.hypot(L.xs[i] - L.xs[j], L.ys[i] - L.ys[j]);
	ok(dist(0, 1) < dist(0, 6) / 2, "a ring comes out round");
});

test("DOT: what toDOT writes fromDOT reads back", () => {
	const g = fromDOT(toDOT(6, HOUSE, ["P0", "P1", "P2", "P3", "P4", "P5"]));
	eq(g.n, 6);
	eq(g.edges, HOUSE);
	const h = fromDOT(toDOT(g.n, g.edges));
	eq(h.edges, HOUSE);
});

test("DOT: names, chains, arrows, attributes and comments", () => {
	const g = fromDOT('digraph net { // a comment\n a -> b -> c; c -- a /* x */; d [shape=box]; d -- "a"; node [color=red]; rankdir=LR }');
	eq(g.n, 4);
	eq(g.names, ["a", "b", "c", "d"]);
	eq(g.edges, [[0, 1], [0, 2], [0, 3], [1, 2]]);
	eq(fromDOT("graph { a -- a }").error.key, "graph.err.loop");
	eq(fromDOT("graph { a -- b; c }").error.key, "graph.err.apart");
	eq(fromDOT("not a graph").error.key, "graph.err.dot");
	eq(fromDOT("graph { a -- ; }").error.key, "graph.err.dotStatement");
});

test("graph edits keep the graph connected", () => {
	eq(addNode(6, HOUSE, 3), {n: 7, edges: [[0, 1], [0, 2], [1, 2], [1, 3], [2, 4], [3, 4], [3, 6], [4, 5]]});
	eq(removeNode(6, HOUSE, 5), {n: 5, edges: [[0, 1], [0, 2], [1, 2], [1, 3], [2, 4], [3, 4]]});
	eq(removeNode(6, HOUSE, 4), null, "P5 hangs on P4 alone");
	eq(removeNode(6, HOUSE, 0), {n: 5, edges: [[0, 1], [0, 2], [1, 3], [2, 3], [3, 4]]}, "the positions after move down");
	eq(toggleEdge(6, HOUSE, 4, 5), null, "the bridge to P5 stays");
	eq(toggleEdge(6, HOUSE, 5, 0).edges.length, 8);
	eq(toggleEdge(6, HOUSE, 1, 2).edges.length, 6);
	ok(connected(6, HOUSE));
	eq(checkGraph(6, HOUSE), null);
	eq(checkGraph(6, [[0, 1]]).key, "graph.err.apart");
	eq(checkGraph(3, [[0, 1], [1, 0], [1, 2]]).key, "graph.err.twice");
	eq(checkGraph(3, [[0, 3], [1, 2]]).key, "graph.err.outside");
});

test("graph model: tree edges toward the parent, ends done, swallowed, waves", () => {
	const alg = {
		vars: [{name: "parent", use: "uplink"}, {name: "mark", use: "wave"}, {name: "done", use: "edgesDone"}, {name: "gone", use: "swallowedFrom"}, {name: "nb", use: "adjacent"}],
		outcome: [{name: "starters", use: "waveStarters"}],
	};
	const nd = (pos, parent, mark, done, gone, nb) => ({pos, vars: [{name: "parent", value: parent}, {name: "mark", value: mark}, {name: "done", value: done}, {name: "gone", value: gone}, {name: "nb", value: nb}]});
	const frame = {nodes: [nd(0, -1, 9, [1], [], [1, 2]), nd(1, 0, 9, [], [2], [0, 2]), nd(2, null, null, [], [], [0, 1])], outcome: {starters: [0, 2]}};
	eq(edgesOf(alg, frame), [[0, 1], [0, 2], [1, 2]]);
	const M = graphModel(alg, frame);
	const e01 = edgeLook(M, 0, 1);
	eq([e01.tree, e01.to, e01.wave, e01.doneA, e01.doneB], [true, 0, 9, true, false]);
	eq(edgeLook(M, 1, 2).swallowedA, true);
	eq(edgeLook(M, 0, 2).tree, false);
	const look = waveLooks(alg, frame, [{id: 9}, {id: 4}, {id: 7}]);
	eq([look(7), look(9), look(null)], [0, 1, null], "the starters' IDs ascending");
	eq(carried({label: "ECHO(12)"}), 12);
	eq(carried({label: "TOKEN"}), null);
});

test("graph tokens: a pill just sent or about to arrive covers neither process's ID", () => {
	// two processes 160 apart, on a slant; a pill 52×18 (INFO5), shifted 9 px off the line
	const L = {r: 24, xs: [100, 228], ys: [100, 196]};
	const sz = {w: 52, h: 18};
	for (const fr of [0, 0.5, 1]) {
		const p = msgPos(L, 0, 1, fr, 9, sz);
		for (const q of [0, 1]) {
			// the nearest point of the pill's box to the process's centre (its ID) is outside its body
			const dx = Math.max(0, Math.abs(p.x - L.xs[q]) - sz.w / 2);
			const dy = Math.max(0, Math.abs(p.y - L.ys[q]) - sz.h / 2);
			ok(Math.hypot(dx, dy) >= L.r, `fr=${fr}: the pill clear of P${q}'s ID (${dx.toFixed(1)}, ${dy.toFixed(1)})`);
		}
	}
	// an edge too short for the pill: it waits at the middle
	const S = {r: 24, xs: [0, 60], ys: [0, 0]};
	eq(msgPos(S, 0, 1, 0, 0, sz).x, 30);
	eq(msgPos(S, 0, 1, 1, 0, sz).x, 30);
});
