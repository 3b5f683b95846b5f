// A Maekawa run on the lecture's 13-process projective plane, as the server
// sends it (the node vars of /work/contracts.md): P2 is inside the critical
// section with all of S2 locked for it; P5 and P9 wait. For the grid view's
// tests and for looking at the drawing without a server.

// S1..S13 of ALGORITHMS.md 2.5, as positions (node i is position i−1)
export const PLANE = [
	[1, 2, 3, 4], [2, 5, 8, 11], [3, 6, 8, 13], [4, 6, 10, 11], [1, 5, 6, 7], [2, 6, 9, 12], [2, 7, 10, 13],
	[1, 8, 9, 10], [3, 7, 9, 11], [3, 5, 10, 12], [1, 11, 12, 13], [4, 7, 8, 12], [4, 5, 9, 13],
].map((s) => s.map((x) => x - 1));

export const TYPES = ["REQUEST", "LOCKED", "RELEASE", "FAILED", "INQUIRE", "RELINQUISH"];

// the vocabulary such an algorithm declares (algo/vocab.go): the grid view
// draws only from it
export const GLYPHS = {REQUEST: "circle", LOCKED: "square", RELEASE: "diamond", FAILED: "cross", INQUIRE: "up", RELINQUISH: "down"};
const request = {
	kind: "record",
	fields: [{name: "node", kind: "position"}, {name: "requested", kind: "number", hidden: true}, {name: "requestedTime", kind: "duration"}],
	format: "{node} (t = {requestedTime})",
};
export const ALGORITHM = {
	id: "maekawa",
	name: "Maekawa",
	family: "mutex",
	view: "grid",
	messageTypes: TYPES,
	looks: TYPES.map((type, color) => ({type, color, glyph: GLYPHS[type]})),
	roles: [
		{name: "released", tone: "idle"},
		{name: "wanted", tone: "waiting", icon: "hourglass"},
		{name: "held", tone: "critical", icon: "star"},
		{name: "crashed", tone: "crashed", icon: "cross", rare: true},
	],
	vars: [
		{name: "state", kind: "text"},
		{name: "pending", kind: "number"},
		{name: "entries", kind: "number"},
		{name: "quorum", kind: "positions", use: "members"},
		{name: "clock", kind: "number"},
		{name: "request", kind: "stamp", use: "ownRequest"},
		{name: "lock", kind: "record", use: "lockedFor", fields: [{name: "node", kind: "position"}, {name: "ts", kind: "stamp"}]},
		{name: "queue", kind: "records", use: "waitQueue", fields: [{name: "node", kind: "position"}, {name: "ts", kind: "stamp"}]},
		{name: "granted", kind: "positions", use: "grants"},
		{name: "inquired", kind: "positions", use: "storedFlags", message: "INQUIRE"},
		{name: "failed", kind: "positions", use: "storedFlags", message: "FAILED"},
	],
	outcome: [
		{name: "entries", kind: "records", fields: [{name: "node", kind: "position"}]},
		{name: "pending", kind: "number"},
		{name: "quorums", kind: "value", hidden: true, use: "memberTable"},
		{name: "deadlock", kind: "record", use: "waitCycle", fields: [{name: "cycle", kind: "cycle"}, {name: "text", kind: "text", hidden: true}], format: "{cycle}"},
		{name: "me3", kind: "records", fields: [{...request, name: "earlier"}, {...request, name: "later"}]},
	],
	labels: {en: {"role.held": "HELD: inside", "role.wanted": "WANTED", "role.released": "RELEASED"}, de: {"role.held": "HELD: drinnen"}},
	actions: [],
	scenarios: [],
};

export function fixtureRun(n = 13) {
	return {
		type: "run",
		id: "fixture",
		seed: 1,
		algorithm: ALGORITHM,
		params: {n, quorums: "projective", inquire: true, variant: "corrected"},
		nodes: Array.from({length: n}, (_, p) => ({id: p + 1, label: `P${p + 1}`})),
		theory: [],
	};
}

// per position: role and the vars that differ from a free, idle process
const STATE = {
	1: {role: "held", request: [1, 2], granted: [1, 4, 7, 10], lock: {node: 1, ts: [1, 2]}},
	4: {role: "wanted", request: [1, 5], granted: [0, 5, 6], lock: {node: 1, ts: [1, 2]}, queue: [{node: 4, ts: [1, 5]}], inquired: [0], failed: [4]},
	8: {role: "wanted", request: [2, 9], granted: [2, 8], lock: {node: 8, ts: [2, 9]}, failed: [10]},
	0: {lock: {node: 4, ts: [1, 5]}},
	2: {lock: {node: 8, ts: [2, 9]}},
	5: {lock: {node: 4, ts: [1, 5]}},
	6: {lock: {node: 4, ts: [1, 5]}, queue: [{node: 8, ts: [2, 9]}]},
	7: {lock: {node: 1, ts: [1, 2]}},
	10: {lock: {node: 1, ts: [1, 2]}, queue: [{node: 8, ts: [2, 9]}, {node: 12, ts: [3, 13]}, {node: 11, ts: [3, 12]}]},
};

export function fixtureFrame(over = {}) {
	const nodes = PLANE.map((q, p) => {
		const s = STATE[p] || {};
		const role = s.role || "released";
		return {
			pos: p,
			id: p + 1,
			label: `P${p + 1}`,
			role,
			crashed: false,
			vars: [
				{name: "state", value: role.toUpperCase()},
				{name: "pending", value: role === "wanted" ? 1 : 0},
				{name: "entries", value: role === "held" ? 1 : 0},
				{name: "quorum", value: q},
				{name: "clock", value: 3},
				{name: "request", value: s.request || null},
				{name: "lock", value: s.lock || null},
				{name: "queue", value: s.queue || []},
				{name: "granted", value: s.granted || []},
				{name: "inquired", value: s.inquired || []},
				{name: "failed", value: s.failed || []},
			],
		};
	});
	const fl = (id, from, to, type, ts, sentAt, arrive) => ({id, from, to, type, label: `${type}(${ts})`, body: null, sentAt, arrive, deliverable: true});
	return {
		type: "frame",
		step: 30,
		steps: 30,
		seq: 60,
		events: 60,
		time: 13,
		ended: false,
		atEnd: true,
		nodes,
		flights: [
			fl(11, 8, 6, "REQUEST", "2,9", 10, 16),
			fl(12, 10, 8, "FAILED", "2,9", 11, 17),
			fl(13, 6, 4, "LOCKED", "1,5", 12, 15),
			fl(14, 4, 1, "INQUIRE", "1,2", 9, 17),
			fl(15, 1, 4, "RELINQUISH", "1,2", 12, 14),
			fl(16, 1, 7, "RELEASE", "1,2", 12, 20),
		],
		timers: [{node: 1, name: "exit", at: 18}],
		messages: {sent: 20, delivered: 14, dropped: 0, byType: {}},
		outcome: {entries: [], pending: 2, quorums: PLANE, deadlock: null},
		violations: [],
		narration: [],
		...over,
	};
}
