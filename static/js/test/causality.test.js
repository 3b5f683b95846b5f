import {test, eq} from "./harness.js";
import {EventLog} from "../app/events.js";
import {chain, relation, concurrentWith, snap} from "../spacetime/causality.js";
import {stampText} from "../spacetime/stamps.js";

const ev = (seq, time, kind, extra = {}) => ({seq, time, kind, ...extra});
const m = (id) => ({id, type: "MSG"});

// The lecture's example (ALGORITHMS.md 6) as the server sends it: a on P1
// (a timer, then its note), e on P3, b: P1's timer, note and send of m1;
// c: P2 receives; d: P2 sends m2; f: P3 receives. Stamps on a … f only.
function lecture() {
	const log = new EventLog();
	const events = [
		ev(1, 0, "start", {node: 0}), ev(2, 0, "start", {node: 1}), ev(3, 0, "start", {node: 2}),
		ev(4, 1, "timer", {node: 0}), ev(5, 1, "note", {node: 0}), // a
		ev(6, 1, "timer", {node: 2}), ev(7, 1, "note", {node: 2}), // e
		ev(8, 2, "timer", {node: 0}), ev(9, 2, "note", {node: 0}), ev(10, 2, "send", {from: 0, to: 1, msg: m(1)}), // b
		ev(11, 3, "deliver", {from: 0, to: 1, msg: m(1)}), // c
		ev(12, 4, "timer", {node: 1}), ev(13, 4, "send", {from: 1, to: 2, msg: m(2)}), // d
		ev(14, 5, "deliver", {from: 1, to: 2, msg: m(2)}), // f
		ev(15, 5, "end"),
	];
	const st = (l, v) => ({l, v});
	const stamps = [null, null, null, st(1, [1, 0, 0]), null, st(1, [0, 0, 1]), null, null, null, st(2, [2, 0, 0]),
		st(3, [2, 1, 0]), null, st(4, [2, 2, 0]), st(5, [2, 2, 2]), null];
	log.add({from: 1, events, stamps, lines: []});
	return log;
}

test("causality: b → f through m1 and m2; a → b on one process", () => {
	const log = lecture();
	eq(chain(log, 10, 14), [11, 14]);
	eq(relation(log, 10, 14), {kind: "before", chain: [11, 14]});
	eq(relation(log, 14, 10), {kind: "after", chain: [11, 14]});
	eq(relation(log, 4, 10), {kind: "before", chain: []});
	eq(relation(log, 4, 4), {kind: "same"});
});

test("causality: b ∥ e, told by V(b)[P1] = 2 > 0 and V(b)[P3] = 0 < 1, although L(b) > L(e)", () => {
	const log = lecture();
	eq(relation(log, 10, 6), {kind: "concurrent", entries: {i: 0, j: 2}});
	eq(log.stamp(10).l > log.stamp(6).l, true);
});

test("causality: e is concurrent with a, b, c, d and nothing else", () => {
	eq(concurrentWith(lecture(), 6, 1, 15), [4, 10, 11, 13]);
	eq(concurrentWith(lecture(), 4, 1, 15), [6]);
});

test("causality: a click on a note or a sending step's timer takes its step's event", () => {
	const log = lecture();
	eq(snap(log, 5), 4, "a's note → a");
	eq(snap(log, 9), 10, "b's note → b, the send");
	eq(snap(log, 8), 10, "b's timer → b");
	eq(snap(log, 11), 11);
});

test("stamps: L, V and (T, i) as the lecture writes them", () => {
	eq(stampText({l: 2, v: [2, 0, 0]}, "lamport", 1), "2");
	eq(stampText({l: 2, v: [2, 0, 0]}, "vector", 1), "(2,0,0)");
	eq(stampText({l: 2, v: [2, 0, 0]}, "total", 1), "(2,1)");
	eq(stampText({l: 2}, "vector", 1), "");
	eq(stampText(null, "lamport", 1), "");
	eq(stampText({l: 2}, "none", 1), "");
});
