// The client's frame (model.js) against the server: applying the deltas of
// recorded runs (deltafixture.js, written by the Go encoder) gives the whole
// frames the server would send, as frame.ApplyDelta does in Go.
import {test, eq, ok} from "./harness.js";
import {applyMessage, merge, noChanges, nodeChanged} from "../app/model.js";
import {CASES} from "./deltafixture.js";

const clone = (v) => JSON.parse(JSON.stringify(v));

test("model: deltas give the whole frames", () => {
	ok(CASES.length >= 2, "the fixture has runs");
	for (const c of CASES) {
		let frame = null;
		let deltas = 0;
		for (const [i, s] of c.steps.entries()) {
			if (s.msg.type === "delta") deltas++;
			frame = applyMessage(frame, clone(s.msg)).frame;
			if (s.want) eq(frame, s.want, `${c.name}, step ${i} (${s.op})`);
		}
		ok(deltas > c.steps.length / 2, `${c.name}: ${deltas} deltas`);
	}
});

test("model: what a delta changes", () => {
	const whole = {type: "frame", step: 0, steps: 1, seq: 0, events: 0, time: 0, ended: false, atEnd: true, narration: [],
		nodes: [{pos: 0, role: "a"}, {pos: 1, role: "a"}], flights: [{id: 1, arrive: 5}, {id: 2, arrive: 5}],
		timers: [], messages: {sent: 2, delivered: 0, dropped: 0, byType: {X: 2}, byProcess: [{sent: 2, delivered: 0, dropped: 0}, {sent: 0, delivered: 0, dropped: 0}]},
		outcome: {leader: null, k: 1}, violations: []};
	let {frame, changes} = applyMessage(null, whole);
	ok(changes.whole && nodeChanged(changes, 1), "a whole frame changes everything");
	const d = {type: "delta", step: 1, steps: 2, seq: 3, events: 3, time: 5, ended: false, atEnd: true, narration: [{text: "x"}],
		nodes: [{pos: 1, role: "b"}], flightsAdded: [{id: 3, arrive: 4}], flightsRemoved: [1],
		messages: {sent: 3, delivered: 1, dropped: 0, byProcess: [{pos: 1, sent: 0, delivered: 1, dropped: 0}]},
		outcomeFields: {leader: 1}, outcomeRemoved: ["k"]};
	({frame, changes} = applyMessage(frame, d));
	eq(frame.type, "frame");
	eq(frame.nodes[1].role, "b");
	eq(frame.flights.map((f) => f.id), [3, 2], "ordered by arrival, then id");
	eq(frame.outcome, {leader: 1});
	eq(frame.messages.byProcess[1], {sent: 0, delivered: 1, dropped: 0});
	eq(frame.messages.byType, {X: 2}, "kept when the delta has none");
	ok(!changes.whole && nodeChanged(changes, 1) && !nodeChanged(changes, 0), "only node 1 changed");
	eq(changes.added, new Set([3]));
	eq(changes.removed, new Set([1]));
	ok(changes.flights && changes.outcome && changes.counters && !changes.timers && !changes.violations);
	const m = merge(noChanges(), changes);
	merge(m, {...noChanges(), nodes: new Set([0]), timers: true});
	ok(nodeChanged(m, 0) && nodeChanged(m, 1) && m.timers && m.flights, "merged");
});
