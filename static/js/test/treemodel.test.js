// The tree view's model (treemodel.js: roles, cables, ports and the first
// to know, read from a frame by the declared uses) and its menu, on a
// FireWire bus and on tree-echo's echoes.
import {test, eq, ok} from "./harness.js";
import {components, adjacency, forestLayout, fitLayout, pillTrack} from "../views/tree/treelayout.js";
import {treeModel, edgeLook, formatTime, timeUnit, PORT_STATES} from "../views/tree/treemodel.js";
import {nodeVar} from "../i18n/vocab.js";
import {rng, randomTree} from "./treefixture.js";
import {PORT_GLYPH, unplugState} from "../views/tree/tree.js";

// an algorithm on a bus of cables, with the vocabulary it declares: the
// tree view reads the frames by the declared uses only
const FW = {
	id: "firewire",
	view: "tree",
	bus: true,
	hotplug: true,
	timeUnit: "ns",
	messageTypes: ["BE_MY_PARENT", "YOU_ARE_MY_CHILD"],
	looks: [{type: "BE_MY_PARENT", color: 0, glyph: "circle", short: "BMP"}, {type: "YOU_ARE_MY_CHILD", color: 1, glyph: "square", short: "YAMC"}],
	params: [
		{name: "n", type: "int"},
		{name: "edges", type: "lists", use: "treeCables"},
		{name: "ports", type: "int", default: 3, use: "portLimit"},
	],
	roles: [
		{name: "root", tone: "leader", icon: "crown", rare: true},
		{name: "child", tone: "child", icon: "up"},
		{name: "contending", tone: "contending", icon: "bolt"},
		{name: "detached", tone: "detached", halo: "dashed"},
		{name: "idle", tone: "idle"},
	],
	vars: [
		{
			name: "ports", kind: "records", use: "cables", format: "{peer}: {state}",
			fields: [{name: "peer", kind: "position"}, {name: "state", kind: "text", values: {idle: "plain", child: "to-child", parent: "to-parent", asked: "asked", offered: "offered", contention: "contention"}}],
		},
		{name: "parent", kind: "position", use: "uplink"},
		{name: "coin", kind: "text", use: "coinToss"},
		{name: "waitUntil", kind: "duration", use: "waitEnd"},
		{name: "rounds", kind: "number", use: "round"},
	],
	outcome: [
		{name: "root", kind: "position"},
		{name: "roots", kind: "positions", use: "treeRoots"},
		{name: "parts", kind: "partition"},
		{name: "edges", kind: "value", hidden: true, use: "links"},
		{name: "attached", kind: "value", hidden: true, use: "plugged"},
	],
	labels: {en: {"var.coin.fast": "fast", "var.coin.slow": "slow"}, de: {"var.coin.fast": "schnell"}},
};

// an echo wave on a tree, with its vocabulary
const TE = {
	id: "tree-echo",
	view: "tree",
	messageTypes: ["EXPLOSION", "ECHO", "INFO"],
	params: [{name: "n", type: "int"}, {name: "edges", type: "lists", use: "treeCables"}],
	vars: [
		{name: "neighbours", kind: "positions", use: "adjacent"},
		{name: "max", kind: "number"},
		{name: "echoed", kind: "positions", use: "echoesFrom"},
		{name: "parent", kind: "position", use: "uplink"},
		{name: "knows", kind: "flag"},
		{name: "firstToKnow", kind: "flag", use: "knewFirst"},
	],
	outcome: [
		{name: "leader", kind: "number"},
		{name: "edges", kind: "value", hidden: true, use: "links"},
		{name: "attached", kind: "value", hidden: true, use: "plugged"},
		{name: "firstToKnow", kind: "positions", use: "firstPair"},
	],
};

const fwRun = {
	algorithm: FW,
	params: {n: 4, ports: 3, spares: 2, fast: {min: 240, max: 260}, slow: {min: 570, max: 600}},
	nodes: [0, 1, 2, 3, 4, 5].map((p) => ({pos: p, id: p, label: "P" + p})),
};

function fwNode(pos, role, vars) {
	return {pos, id: pos, label: "P" + pos, role, crashed: false, vars: Object.entries(vars).map(([name, value]) => ({name, value}))};
}

// 0 – 1 – 2 and 1 – 3: 0 and 3 are leaves and have asked 1; 2 asked 1 too,
// and 1 asked 2 at the same time: contention on 1–2
const fwFrame = {
	time: 1300,
	ended: false,
	flights: [],
	timers: [],
	outcome: {edges: [[0, 1], [1, 2], [1, 3]], attached: [true, true, true, true, false, false], root: null},
	nodes: [
		fwNode(0, "child", {ports: [{peer: 1, state: "parent"}], parent: 1, coin: null, waitUntil: null, rounds: 0}),
		fwNode(1, "contending", {
			ports: [{peer: 0, state: "child"}, {peer: 2, state: "contention"}, {peer: 3, state: "offered"}],
			parent: null, coin: "slow", waitUntil: 1600, rounds: 1,
		}),
		fwNode(2, "contending", {ports: [{peer: 1, state: "contention"}], parent: null, coin: "fast", waitUntil: 1550, rounds: 1}),
		fwNode(3, "idle", {ports: [{peer: 1, state: "asked"}], parent: null, coin: null, waitUntil: null, rounds: 0}),
		fwNode(4, "detached", {ports: [], parent: null, coin: null, waitUntil: null, rounds: 0}),
		fwNode(5, "detached", {ports: [], parent: null, coin: null, waitUntil: null, rounds: 0}),
	],
};

test("tree model: a firewire frame with root contention", () => {
	const M = treeModel(fwRun, fwFrame);
	eq(M.attached, [true, true, true, true, false, false]);
	eq(M.edges, [[0, 1], [1, 2], [1, 3]]);
	eq(M.parent, [1, null, null, null, null, null]);
	eq(M.free, [2, 0, 2, 2, null, null], "ports − cables; slots not plugged in have none");
	eq(M.root, null);
	eq(M.contention, [{a: 1, b: 2, rounds: 1}]);
	eq(M.waits, [
		{pos: 1, coin: "slow", until: 1600, left: 300, window: 600},
		{pos: 2, coin: "fast", until: 1550, left: 250, window: 260},
	], "each coin names the range its wait is drawn from");
	eq(M.coinVar, "coin", "the coin's labels are var.coin.<value>");
	eq(M.unit, "ns");
	eq(M.port.get("1>0"), "to-child", "a port's state as the declaration maps it");
	eq(edgeLook(M, 0, 1), {kind: "uplink", to: 1, echoed: false, first: false});
	eq(edgeLook(M, 1, 2).kind, "contention");
	eq(edgeLook(M, 1, 3), {kind: "asked", to: 1, echoed: false, first: false}, "3 asked 1: a dashed arrow towards 1");
});

test("tree model: a settled firewire tree has its root and every cable directed", () => {
	const done = {
		...fwFrame,
		time: 2100,
		nodes: [
			fwNode(0, "child", {ports: [{peer: 1, state: "parent"}], parent: 1}),
			fwNode(1, "child", {ports: [{peer: 0, state: "child"}, {peer: 2, state: "parent"}, {peer: 3, state: "child"}], parent: 2, coin: "slow", waitUntil: null}),
			fwNode(2, "root", {ports: [{peer: 1, state: "child"}], parent: -1}),
			fwNode(3, "child", {ports: [{peer: 1, state: "parent"}], parent: 1}),
			fwNode(4, "detached", {ports: []}),
			fwNode(5, "detached", {ports: []}),
		],
	};
	const M = treeModel(fwRun, done);
	eq(M.root, 2);
	eq(M.parent, [1, 2, -1, 1, null, null]);
	eq(M.waits, [], "a coin without a wait draws no countdown");
	for (const [a, b] of M.edges) {
		const L = edgeLook(M, a, b);
		eq(L.kind, "uplink", `${a}-${b}`);
		eq(L.to, M.parent[a] === b ? b : a, `${a}-${b} points at the parent`);
	}
});

// the bus 0 – 1 – 2 – 3, 2 – 4 – 5 after unplugging the inner device 2: three
// buses, 0 – 1, 3 alone and 4 – 5, each with its own root
const splitRun = {...fwRun, params: {...fwRun.params, n: 6}, nodes: [0, 1, 2, 3, 4, 5, 6, 7].map((p) => ({pos: p, id: p, label: "P" + p}))};
const splitFrame = {
	time: 200,
	flights: [],
	timers: [],
	outcome: {
		root: 1, roots: [1, 3, 5], parts: [[0, 1], [3], [4, 5]], edges: [[0, 1], [4, 5]],
		attached: [true, true, false, true, true, true, false, false],
	},
	nodes: [
		fwNode(0, "child", {ports: [{peer: 1, state: "parent"}], parent: 1}),
		fwNode(1, "root", {ports: [{peer: 0, state: "child"}], parent: -1}),
		fwNode(2, "detached", {ports: []}),
		fwNode(3, "root", {ports: [], parent: -1}),
		fwNode(4, "child", {ports: [{peer: 5, state: "parent"}], parent: 5}),
		fwNode(5, "root", {ports: [{peer: 4, state: "child"}], parent: -1}),
		fwNode(6, "detached", {ports: []}),
		fwNode(7, "detached", {ports: []}),
	],
};

test("tree model: a split bus has a root per part", () => {
	const M = treeModel(splitRun, splitFrame);
	eq(M.root, 1, "the first of the declared roots");
	eq(M.roots, [1, 3, 5]);
	eq(M.edges, [[0, 1], [4, 5]]);
	eq(treeModel(fwRun, fwFrame).roots, [], "no root yet");
});

test("tree layout: a split bus stands side by side, each part with its root on top", () => {
	const M = treeModel(splitRun, splitFrame);
	const F = forestLayout(M.n, M.edges, M.attached, M.roots);
	eq(F.roots, [1, 3, 5], "one part per bus, each rooted at its own root");
	for (const r of M.roots) eq(F.y[r], 0, `root ${r} on top`);
	eq([F.y[0], F.y[4]], [1, 1], "the children below their roots");
	ok(Number.isNaN(F.x[2]), "the unplugged device is not placed");
	// the parts side by side, left to right in the order of their first position, at least the gap apart
	const parts = [[0, 1], [3], [4, 5]];
	for (let k = 1; k < parts.length; k++) {
		ok(Math.max(...parts[k - 1].map((p) => F.x[p])) + 1.5 <= Math.min(...parts[k].map((p) => F.x[p])) + 1e-9, `part ${k} right of part ${k - 1}`);
	}
	const L = fitLayout(F, 900, 500, {l: 40, r: 40, t: 40, b: 40});
	for (const p of [0, 1, 3, 4, 5]) ok(L.xs[p] >= 40 - 1e-6 && L.xs[p] <= 860 + 1e-6, `device ${p} inside the box`);
	// random forests: every part is a tidy tree rooted where asked, and no two parts overlap
	const rand = rng(11);
	for (let k = 0; k < 50; k++) {
		const n = 4 + Math.floor(rand() * 20);
		const edges = randomTree(n, 3, rand);
		const cut = Math.floor(rand() * n); // unplug a device: the tree falls apart
		const inc = Array.from({length: n}, (_, i) => i !== cut);
		const rest = edges.filter(([a, b]) => a !== cut && b !== cut);
		const comps = components(adjacency(n, rest), inc);
		const want = comps.map((c) => c[Math.floor(rand() * c.length)]);
		const G = forestLayout(n, rest, inc, want);
		eq(G.roots, want, `forest ${k}: the roots asked for`);
		for (const r of want) eq(G.y[r], 0, `forest ${k}: root ${r} on top`);
		const spans = comps.map((c) => [Math.min(...c.map((p) => G.x[p])), Math.max(...c.map((p) => G.x[p]))]);
		for (let i = 1; i < spans.length; i++) ok(spans[i - 1][1] + 1.5 <= spans[i][0] + 1e-9, `forest ${k}: parts ${i - 1} and ${i} apart`);
	}
});

test("tree menu: any device but the last can be unplugged; an inner one splits the bus", () => {
	const M = treeModel(fwRun, fwFrame); // 0 – 1 – 2, 1 – 3
	eq(unplugState(M, 1), {disabled: false, hint: "menu.unplugSplit", vars: {k: 3}}, "the inner device 1: three buses");
	eq(unplugState(M, 0), {disabled: false, hint: "menu.unplugHint", vars: {}}, "a leaf");
	const S = treeModel(splitRun, splitFrame);
	eq(unplugState(S, 3), {disabled: false, hint: "menu.unplugHint", vars: {}}, "a device alone on its bus, others elsewhere");
	const last = treeModel(splitRun, {...splitFrame, outcome: {...splitFrame.outcome, edges: [], attached: [false, false, false, true, false, false, false, false]}});
	eq(unplugState(last, 3).disabled, true, "the last device stays");
});

test("tree model: without an outcome the cables come from the ports, else from the parameter", () => {
	const f = {...fwFrame, outcome: null};
	const M = treeModel(fwRun, f);
	eq(M.edges, [[0, 1], [1, 2], [1, 3]]);
	eq(M.attached, [true, true, true, true, true, true], "nothing says a slot is empty");
	const bare = {...f, nodes: f.nodes.map((nd) => ({...nd, vars: []}))};
	eq(treeModel({...fwRun, params: {...fwRun.params, edges: [[0, 2], [2, 1]]}}, bare).edges, [[0, 2], [1, 2]], "the declared cables parameter");
});

test("tree model: read by the declared uses, whatever the variables are called", () => {
	const ren = (d) => ({...d, name: "x" + d.name});
	const alg = {...FW, vars: FW.vars.map(ren), outcome: FW.outcome.map(ren), params: FW.params.map(ren)};
	const run = {...fwRun, algorithm: alg, params: Object.fromEntries(Object.entries(fwRun.params).map(([k, v]) => [["ports"].includes(k) ? "x" + k : k, v]))};
	const frame = {
		...fwFrame,
		outcome: Object.fromEntries(Object.entries(fwFrame.outcome).map(([k, v]) => ["x" + k, v])),
		nodes: fwFrame.nodes.map((nd) => ({...nd, vars: nd.vars.map((v) => ({...v, name: "x" + v.name}))})),
	};
	const want = treeModel(fwRun, fwFrame);
	eq(treeModel(run, frame), {...want, coinVar: "xcoin"});
	const none = treeModel({...fwRun, algorithm: {id: "other", view: "tree"}}, fwFrame);
	eq([none.port.size, none.waits.length, none.parent.every((p) => p === null)], [0, 0, true], "nothing declared: nothing read");
});

test("tree model: tree-echo's echoes and the first two to know", () => {
	const run = {algorithm: TE, params: {n: 3}, nodes: [0, 1, 2].map((p) => ({pos: p, id: p + 5, label: "P" + p}))};
	const frame = {
		time: 30,
		flights: [],
		timers: [],
		outcome: {leader: null, edges: [[0, 1], [1, 2]], attached: [true, true, true], firstToKnow: [1, 2]},
		nodes: [
			fwNode(0, "echoed", {neighbours: [1], max: 5, echoed: [], parent: 1, knows: false}),
			fwNode(1, "explorer", {neighbours: [0, 2], max: 6, echoed: [0], parent: null, knows: false}),
			fwNode(2, "leader", {neighbours: [1], max: 7, echoed: [], parent: 1, knows: true}),
		],
	};
	const M = treeModel(run, frame);
	eq(M.unit, "");
	eq(M.root, 1, "the one process without a parent, the others all have one: the wave's root goes on top");
	const two = treeModel(run, {...frame, nodes: frame.nodes.map((nd) => (nd.pos === 0 ? fwNode(0, "explorer", {parent: null}) : nd))});
	eq(two.root, null, "two without a parent: no root yet");
	eq(M.port.size, 0, "no ports drawn for tree-echo");
	eq(edgeLook(M, 0, 1), {kind: "uplink", to: 1, echoed: true, first: false});
	eq(edgeLook(M, 1, 2), {kind: "uplink", to: 1, echoed: false, first: true});
});

test("tree model: helpers", () => {
	eq(nodeVar({vars: [{name: "a", value: 3}]}, "a"), 3);
	eq(nodeVar({vars: []}, "a"), undefined);
	eq(formatTime(1234567), "1\u202f234\u202f567");
	eq(formatTime(999), "999");
	eq(timeUnit({algorithm: FW}), "ns");
	eq(timeUnit({algorithm: TE}), "");
});

test("tree ports: a letter for every state the view draws", () => {
	eq(Object.keys(PORT_GLYPH).sort(), [...PORT_STATES].sort(), "a letter for every port state");
	eq(new Set(Object.values(PORT_GLYPH).filter(Boolean)).size, 5, "no two states share a letter");
});

test("tree model: the first two to know from the processes' vars when the outcome has none", () => {
	const run = {algorithm: TE, params: {n: 3}, nodes: [0, 1, 2].map((p) => ({pos: p, id: p + 5, label: "P" + p}))};
	const nodes = [
		fwNode(0, "echoed", {neighbours: [1], firstToKnow: false}),
		fwNode(1, "leader", {neighbours: [0, 2], firstToKnow: true}),
		fwNode(2, "informed", {neighbours: [1], firstToKnow: true}),
	];
	const M = treeModel(run, {time: 9, flights: [], timers: [], outcome: null, nodes});
	eq(M.firstToKnow, [1, 2]);
	eq(edgeLook(M, 1, 2).first, true);
	const none = treeModel(run, {time: 9, flights: [], timers: [], outcome: null, nodes: nodes.map((nd) => ({...nd, vars: []}))});
	eq(none.firstToKnow, null);
});

test("pillTrack: a message's label clears both devices at the ends of its way", () => {
	// box-circle distance of a w×h label centred at (x, y) to a device at (cx, cy)
	const gap = (x, y, w, h, cx, cy) => Math.hypot(Math.max(0, Math.abs(x - cx) - w / 2), Math.max(0, Math.abs(y - cy) - h / 2));
	for (const [x0, y0, x1, y1] of [[0, 0, 300, 0], [0, 0, 0, 300], [0, 0, 200, 200], [300, 40, 0, 0]]) {
		const w = 130;
		const h = 22;
		const ux = (x1 - x0) / Math.hypot(x1 - x0, y1 - y0);
		const uy = (y1 - y0) / Math.hypot(x1 - x0, y1 - y0);
		const off = Math.abs(uy) * (w / 2) + Math.abs(ux) * (h / 2) + 3;
		const p = pillTrack(x0, y0, x1, y1, 40, w, h, off);
		ok(gap(p.x1, p.y1, w, h, x0, y0) >= 40 - 1e-6, `start clear of the sender (${x0},${y0})→(${x1},${y1})`);
		ok(gap(p.x2, p.y2, w, h, x1, y1) >= 40 - 1e-6, `end clear of the receiver (${x0},${y0})→(${x1},${y1})`);
		ok(gap(p.x1, p.y1, w, h, x0, y0) < 42, "and no further than needed");
	}
	const short = pillTrack(0, 0, 60, 0, 40, 130, 22, 14);
	eq([short.x1, short.x2], [30, 30], "a cable too short: the middle");
});
