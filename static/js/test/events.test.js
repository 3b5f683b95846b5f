import {test, eq, ok} from "./harness.js";
import {EventLog, startsStep, lowerBound} from "../app/events.js";

const ev = (seq, time, kind, extra = {}) => ({seq, time, kind, ...extra});

function sample() {
	return [
		ev(1, 0, "crash", {node: 3, text: "crashed from the start"}),
		ev(2, 0, "start", {node: 0}),
		ev(3, 0, "send", {from: 0, to: 1, msg: {id: 1, type: "ELECTION"}, arrive: 1}),
		ev(4, 0, "start", {node: 1}),
		ev(5, 1, "deliver", {from: 0, to: 1, msg: {id: 1, type: "ELECTION"}}),
		ev(6, 1, "note", {node: 1, text: "forwards"}),
		ev(7, 1, "send", {from: 1, to: 2, msg: {id: 2, type: "ELECTION"}, arrive: 2}),
		ev(8, 1, "violation", {node: 1, invariant: "x", text: "bad"}),
		ev(9, 2, "action", {action: {type: "deliver", msg: 2}}),
		ev(10, 2, "deliver", {from: 1, to: 2, msg: {id: 2, type: "ELECTION"}}),
		ev(11, 3, "drop", {from: 2, to: 3, msg: {id: 3, type: "X"}, reason: "crashed"}),
		ev(12, 3, "end"),
	];
}

test("startsStep: causes begin steps, effects follow", () => {
	eq(startsStep(null, ev(1, 0, "start")), true);
	eq(startsStep(null, ev(1, 0, "send")), false);
	eq(startsStep(null, ev(1, 0, "drop", {reason: "crashed"})), true);
	eq(startsStep(null, ev(1, 0, "drop", {reason: "lost"})), false, "lost on sending: an effect");
	eq(startsStep(null, ev(1, 0, "drop", {reason: "user"})), false);
	eq(startsStep(ev(1, 0, "action", {action: {type: "deliver", msg: 1}}), ev(2, 0, "deliver")), false,
		"a delivery the user asked for is in the action's step");
	eq(startsStep(ev(1, 0, "action", {action: {type: "crash", node: 1}}), ev(2, 0, "crash")), false);
	eq(startsStep(null, ev(1, 0, "note", {text: "scheduled action skipped: x"})), true);
});

test("EventLog: steps derived from the events", () => {
	const log = new EventLog();
	log.add({from: 1, events: sample(), lines: []});
	eq(log.length, 12);
	eq(log.stepOf, [0, 1, 1, 2, 3, 3, 3, 3, 4, 4, 5, 6]);
	eq(log.step(8), 3);
	eq(log.marks, [{seq: 6, kind: "note"}, {seq: 8, kind: "violation"}]);
	eq(log.sendSeq.get(2), 7);
	eq(log.at(5).kind, "deliver");
	eq(log.firstAtTime(1), 5);
	eq(log.firstAtTime(9), 13);
});

test("EventLog: batches append; a fork truncates first", () => {
	const log = new EventLog();
	const all = sample();
	const line = (seq, text) => ({seq, last: seq, time: 0, kind: "note", text});
	log.add({from: 1, events: all.slice(0, 5), lines: [line(2, "a"), line(5, "b")]});
	log.add({from: 6, events: all.slice(5), lines: [line(6, "c"), line(10, "d")]});
	eq(log.length, 12);
	eq(log.lines.map((l) => l.text), ["a", "b", "c", "d"]);
	eq(log.linesUpTo(5), 2);
	eq(log.linesUpTo(9), 3);
	// the run forks after event 6: the server sends from 7 again
	const forked = [ev(7, 1, "action", {action: {type: "crash", node: 2}}), ev(8, 1, "crash", {node: 2})];
	log.add({from: 7, events: forked, lines: [line(7, "e")]});
	eq(log.length, 8);
	eq(log.at(8).kind, "crash");
	eq(log.lines.map((l) => l.text), ["a", "b", "c", "e"]);
	eq(log.marks, [{seq: 6, kind: "note"}]);
	ok(!log.sendSeq.has(2), "the forked-away send is forgotten");
	eq(log.sendSeq.get(1), 3);
	eq(log.stepOf, [0, 1, 1, 2, 3, 3, 4, 4]);
});

test("EventLog: a re-sent history replaces the old one", () => {
	const log = new EventLog();
	log.add({from: 1, events: sample(), lines: []});
	log.add({from: 1, events: sample().slice(0, 3), lines: []});
	eq(log.length, 3);
});

test("lowerBound", () => {
	const a = [1, 3, 3, 5];
	eq(lowerBound(a, 0, (x) => x), 0);
	eq(lowerBound(a, 3, (x) => x), 1);
	eq(lowerBound(a, 4, (x) => x), 3);
	eq(lowerBound(a, 9, (x) => x), 4);
});

test("EventLog: the server's steps, several idle starts in one", () => {
	const log = new EventLog();
	log.add({
		from: 1,
		events: [
			{seq: 1, time: 0, kind: "start", node: 0},
			{seq: 2, time: 0, kind: "start", node: 1},
			{seq: 3, time: 0, kind: "start", node: 2},
			{seq: 4, time: 0, kind: "send", from: 2, to: 0, msg: {id: 1, type: "X"}},
		],
		starts: [1, 3],
	});
	log.add({from: 5, events: [{seq: 5, time: 1, kind: "deliver", from: 2, to: 0, msg: {id: 1, type: "X"}}], starts: [5]});
	eq([1, 2, 3, 4, 5].map((s) => log.step(s)), [1, 1, 2, 2, 3]);
});
