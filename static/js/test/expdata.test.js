import {test, eq, ok, near} from "./harness.js";
import {measures, valuesOf, theoryKey, seriesOf, theoryOf, defaultMeasure, histogram, parseValues, paramValue, requestOf, runsOf, logSuits, groupOf, spreadLabels, theoryValues, integerAxis, expectedCounts, finished, stoppedCount, niceTicks, logTicks, numberFormat, tickFormat, formulaIsValue, MAX_EVENTS} from "../experiment/expdata.js";

// Rows as POST /api/experiments returns them (docs/api.md): Chang–Roberts,
// n over 4 and 8, two seeds each; the theory evaluated for each row's n.
const H = (n) => Array.from({length: n}, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b, 0);
function crTheory(n) {
	return [
		{name: "worst case", formula: "n(n+1)/2", counts: "ELECTION", when: "variant lcr, IDs decreasing along the ring", value: (n * (n + 1)) / 2},
		{name: "average", formula: "n·H_n", counts: "ELECTION", when: "variant lcr, random ID order", value: n * H(n)},
		{name: "best case", formula: "2n−1", counts: "ELECTION", when: "variant lcr, IDs increasing along the ring", value: 2 * n - 1},
		{name: "announcement", formula: "n", counts: "ELECTED", when: "both variants", value: n},
		{name: "lower bound", formula: "n·log₂n", counts: "messages of any comparison-based ring election", when: "order of growth", measure: "", value: n * Math.log2(n)},
	];
}
function crRow(n, seed, election, idOrder = "random") {
	return {
		params: {n, variant: "lcr", idOrder, initiators: [], delay: {min: 1, max: 1}, fifo: true, loss: 0},
		seed,
		messages: {sent: election + n, byType: {ELECTION: election, ELECTED: n}},
		events: 3 * (election + n),
		time: 2 * n,
		outcome: {leader: n - 1, agree: true, elected: [1], knowing: n, live: n},
		violations: [],
		theory: crTheory(n),
	};
}
const cr = [crRow(4, 1, 8), crRow(4, 2, 10), crRow(8, 1, 21), crRow(8, 2, 25)];

// Ricart–Agrawala: per-entry records in the outcome (mutex family contract),
// and the vocabulary it declares for them: which record fields are
// measures, which outcome field is the mean of one.
const RA = {
	id: "ricart-agrawala",
	outcome: [
		{
			name: "entries", kind: "records",
			fields: [
				{name: "node", kind: "position"}, {name: "requestedAt", kind: "duration", hidden: true}, {name: "enter", kind: "number", hidden: true},
				{name: "enterTime", kind: "duration"}, {name: "messages", kind: "number", use: "measure"},
				{name: "clientDelay", kind: "duration", use: "measure"}, {name: "syncDelay", kind: "duration", use: "measure"},
			],
		},
		{name: "messages", kind: "number"},
		{name: "messagesPerEntry", kind: "number", mean: "entries.messages"},
	],
};

function raRow(n, seed, perEntry) {
	const entries = perEntry.map((m, i) => ({node: i % n, requestedAt: 0, enter: 10 * i, exit: 10 * i + 4, requestedTime: 0, enterTime: 5 * i, exitTime: 5 * i + 5, messages: m, clientDelay: 5 * i, syncDelay: i ? 1 : null}));
	const sent = perEntry.reduce((a, b) => a + b, 0);
	return {
		params: {n, count: 1},
		seed,
		messages: {sent, byType: {REQUEST: sent / 2, REPLY: sent / 2}},
		events: 4 * sent,
		time: 40,
		outcome: {entries, pending: 0, messages: sent, messagesPerEntry: sent / perEntry.length, meanClientDelay: 2.5},
		violations: [],
		theory: [{name: "per entry", formula: "2(n−1)", counts: "messages per entry (n−1 REQUEST + n−1 REPLY)", measure: "outcome.messagesPerEntry", value: 2 * (n - 1)}],
	};
}

test("measures: all messages, each type, numeric outcome fields, declared per-entry measures, events, time", () => {
	eq(
		measures(cr).map((m) => m.key),
		["messages.sent", "messages.byType.ELECTED", "messages.byType.ELECTION", "outcome.leader", "outcome.knowing", "outcome.live", "events", "time"],
	);
	const ra = measures([raRow(3, 1, [4, 4, 4])], RA).map((m) => m.key);
	ok(ra.includes("outcome.messagesPerEntry"), "messagesPerEntry: " + ra);
	ok(ra.includes("outcome.entries.messages"), "entries.messages: " + ra);
	ok(ra.includes("outcome.entries.clientDelay"), "entries.clientDelay: " + ra);
	ok(!ra.includes("outcome.entries.node"), "a node id is not a measure");
	ok(!ra.includes("outcome.entries.enterTime"), "a time is not a measure");
	ok(ra.includes("outcome.entries.syncDelay"), "syncDelay: " + ra);
	ok(!measures([raRow(3, 1, [4])]).some((m) => m.kind === "list"), "no declarations: no per-entry measures");
});

test("valuesOf: scalars, a type not sent counts 0, per-entry lists, missing fields", () => {
	eq(valuesOf(cr[0], "messages.sent"), [12]);
	eq(valuesOf(cr[0], "messages.byType.ELECTION"), [8]);
	eq(valuesOf(cr[0], "messages.byType.REPLY"), [0]);
	eq(valuesOf(cr[0], "outcome.knowing"), [4]);
	eq(valuesOf(cr[0], "outcome.agree"), []);
	eq(valuesOf(cr[0], "outcome.nothing"), []);
	eq(valuesOf(cr[0], "events"), [36]);
	const ra = raRow(3, 1, [4, 6, 4]);
	eq(valuesOf(ra, "outcome.entries.messages"), [4, 6, 4]);
	eq(valuesOf(ra, "outcome.entries.syncDelay"), [1, 1], "null for the first entry is left out");
	eq(valuesOf(ra, "outcome.messagesPerEntry"), [14 / 3]);
});

test("theoryKey: what a bound counts", () => {
	const types = ["ELECTION", "ELECTED", "TOKEN"];
	eq(theoryKey("ELECTION", types), "messages.byType.ELECTION");
	eq(theoryKey("all messages (ELECTION + ANSWER + COORDINATOR)", types), "messages.sent");
	eq(theoryKey({counts: "per entry", measure: "outcome.messagesPerEntry"}, types), "outcome.messagesPerEntry", "the bound's measure");
	eq(theoryKey({counts: "ELECTION", measure: ""}, types), null, "a reference");
	eq(theoryKey("outcome.rounds", types), "outcome.rounds");
	eq(theoryKey("messages of any comparison-based ring election", types), null);
	eq(theoryKey("COORDINATOR", types), null, "a type no row sent");
	eq(theoryKey({counts: "contention rounds", measure: "outcome.contentionRounds"}, types), "outcome.contentionRounds", "the server's measure first");
	eq(theoryKey({counts: "all messages", measure: ""}, types), null, "a reference");
	eq(theoryKey({counts: "ELECTION"}, types), "messages.byType.ELECTION", "no measure: from the text");
});

test("seriesOf: mean, min and max per x, ascending", () => {
	const s = seriesOf(cr, "n", "messages.byType.ELECTION");
	eq(s.length, 1);
	eq(s[0].group, "");
	eq(s[0].points, [
		{x: 4, mean: 9, min: 8, max: 10, count: 2},
		{x: 8, mean: 23, min: 21, max: 25, count: 2},
	]);
	// rows in any order give the same series
	eq(seriesOf([...cr].reverse(), "n", "messages.byType.ELECTION"), s);
});

test("seriesOf: one series per value of another varied parameter", () => {
	const rows = [crRow(4, 1, 10, "decreasing"), crRow(8, 1, 36, "decreasing"), crRow(4, 1, 7, "increasing"), crRow(8, 1, 15, "increasing")];
	const s = seriesOf(rows, "n", "messages.byType.ELECTION", ["idOrder"]);
	eq(
		s.map((x) => x.group),
		["idOrder = decreasing", "idOrder = increasing"],
	);
	eq(
		s[1].points.map((p) => p.mean),
		[7, 15],
	);
	eq(groupOf(rows[0], ["idOrder", "delay"]), "idOrder = decreasing · delay = 1");
});

test("seriesOf: per-entry lists pool every entry of every seed", () => {
	const rows = [raRow(3, 1, [4, 4]), raRow(3, 2, [4, 6]), raRow(5, 1, [8, 8, 8])];
	const s = seriesOf(rows, "n", "outcome.entries.messages");
	eq(s[0].points, [
		{x: 3, mean: 4.5, min: 4, max: 6, count: 4},
		{x: 5, mean: 8, min: 8, max: 8, count: 3},
	]);
});

test("theoryOf: the bounds counting the measure, at every x; never a reference that predicts no measured value", () => {
	const th = theoryOf(cr, "n", "messages.byType.ELECTION");
	eq(
		th.map((c) => c.name),
		["worst case", "average", "best case"],
		"the lower bound n·log₂n (measure \"\") is not drawn",
	);
	const avg = th.find((c) => c.name === "average");
	eq(
		avg.points.map((p) => p.x),
		[4, 8],
	);
	near(avg.points[0].value, 4 * (1 + 1 / 2 + 1 / 3 + 1 / 4));
	near(avg.points[1].value, 8 * H(8));
	eq(
		th.find((c) => c.name === "worst case").points.map((p) => p.value),
		[10, 36],
	);
	// ELECTED: the announcement n alone
	eq(
		theoryOf(cr, "n", "messages.byType.ELECTED").map((c) => c.name),
		["announcement"],
	);
	eq(theoryOf(cr, "n", "messages.sent"), [], "nor against all messages");
	// an outcome field: only a bound that counts it
	eq(theoryOf(cr, "n", "outcome.knowing"), []);
	const ra = theoryOf([raRow(3, 1, [4]), raRow(5, 1, [8])], "n", "outcome.messagesPerEntry");
	eq(
		ra.map((c) => [c.name, c.points.map((p) => p.value)]),
		[["per entry", [4, 8]]],
	);
});

test("theoryOf: a bound equal in every group is one curve", () => {
	const rows = [crRow(4, 1, 10, "decreasing"), crRow(8, 1, 36, "decreasing"), crRow(4, 1, 7, "increasing"), crRow(8, 1, 15, "increasing")];
	const th = theoryOf(rows, "n", "messages.byType.ELECTION", ["idOrder"]);
	eq(th.length, 3, "worst, average and best case, each once");
	ok(th.every((c) => c.group === ""));
});

test("defaultMeasure: the preset's, else what most bounds count", () => {
	eq(defaultMeasure(cr), "messages.byType.ELECTION");
	eq(defaultMeasure(cr, "messages.sent"), "messages.sent");
	eq(defaultMeasure(cr, "outcome.rounds"), "messages.byType.ELECTION", "a preset measure the rows lack");
	eq(defaultMeasure([raRow(3, 1, [4])], null, RA), "outcome.messagesPerEntry");
	eq(defaultMeasure([{...cr[0], theory: []}]), "messages.sent");
});

test("histogram: whole numbers get one bin each; others equal bins", () => {
	const h = histogram([1, 1, 2, 4, 1]);
	eq(h.bins, [
		{x0: 0.5, x1: 1.5, count: 3},
		{x0: 1.5, x1: 2.5, count: 1},
		{x0: 2.5, x1: 3.5, count: 0},
		{x0: 3.5, x1: 4.5, count: 1},
	]);
	eq(h.count, 5);
	near(h.mean, 1.8);
	const f = histogram([0, 0.2, 1.1, 2], 4);
	eq(
		f.bins.map((b) => b.count),
		[2, 0, 1, 1],
		"the maximum falls into the last bin",
	);
	eq(histogram([]).bins, []);
	eq(histogram([7, 7]).bins, [{x0: 6.5, x1: 7.5, count: 2}]);
	eq(histogram([0, 1000]).bins.length, 20, "a wide whole-number span is binned");
});

test("parseValues: lists, ranges, bounds", () => {
	const n = {name: "n", type: "int", min: 2, max: 1000};
	eq(parseValues(n, "4,8, 16 32"), {values: [4, 8, 16, 32]});
	eq(parseValues(n, "3-6,8,4"), {values: [3, 4, 5, 6, 8]});
	eq(parseValues(n, "1,4").error.key, "form.err.min");
	eq(parseValues(n, "4,2000").error.key, "form.err.max");
	eq(parseValues(n, "").error.key, "exp.err.values");
	eq(parseValues(n, "4,x").error.key, "exp.err.values");
	eq(parseValues(n, "8-4").error.key, "exp.err.values");
	eq(parseValues(n, "2-1000").error.key, "exp.err.tooMany");
});

test("paramValue and requestOf: form texts as JSON values, without the varied parameter", () => {
	const alg = {
		id: "chang-roberts",
		params: [
			{name: "n", type: "int"},
			{name: "variant", type: "enum"},
			{name: "ids", type: "ints"},
			{name: "delay", type: "range"},
			{name: "fifo", type: "bool"},
			{name: "loss", type: "float"},
			{name: "edges", type: "lists"},
		],
	};
	eq(paramValue(alg.params[3], "1-5"), {min: 1, max: 5});
	eq(paramValue(alg.params[3], "3"), {min: 3, max: 3});
	eq(paramValue(alg.params[6], "0,1;1,2"), [
		[0, 1],
		[1, 2],
	]);
	const req = requestOf(alg, {n: "8", variant: "lcr", ids: "", delay: "1", fifo: "false", loss: "0.5", edges: ""}, {vary: {n: [4, 8, 16]}, from: 1, count: 5});
	eq(req, {algorithm: "chang-roberts", params: {variant: "lcr", delay: {min: 1, max: 1}, fifo: false, loss: 0.5}, seeds: {from: 1, count: 5}, vary: {n: [4, 8, 16]}, maxEvents: 1000000});
	eq(MAX_EVENTS, 1000000, "the largest event limit the server accepts (docs/api.md)");
	eq(runsOf(req), 15);
	eq(runsOf({seeds: {count: 10}, vary: {n: [4, 8], idOrder: ["increasing", "random", "decreasing"]}}), 60);
	eq(runsOf({seeds: {count: 1}, vary: {}, cases: [{n: 3}, {n: 4}, {n: 8}]}), 3, "cases run one after the other");
	eq(runsOf({seeds: {count: 2}, vary: {fifo: [true, false]}, cases: [{n: 3}, {n: 4}]}), 8, "each case with every combination");
});

test("logSuits: positive x spanning a factor of 16", () => {
	eq(logSuits([4, 8, 16, 32, 64]), true);
	eq(logSuits([4, 8, 16]), false);
	eq(logSuits([0, 64]), false);
	eq(logSuits([]), false);
});

test("spreadLabels: at least gap apart, order kept, within bounds", () => {
	eq(spreadLabels([100, 105, 300], 20), [100, 120, 300]);
	eq(spreadLabels([105, 100], 20), [120, 100], "order by height, not by index");
	eq(spreadLabels([10, 12, 14], 20, 0, 30), [-10, 10, 30], "pushed back from the bottom; the top gives way");
	eq(spreadLabels([50, 50], 10, 0, 100), [50, 60], "ties keep the given order");
	eq(spreadLabels([], 10), []);
});

test("theoryValues: the bounds of a measure with one value over the rows", () => {
	eq(
		theoryValues([cr[2], cr[3]], "messages.byType.ELECTION").map((b) => [b.name, b.value]),
		[
			["worst case", 36],
			["average", 8 * H(8)],
			["best case", 15],
		],
	);
	eq(theoryValues(cr, "messages.byType.ELECTION"), [], "n = 4 and n = 8 differ");
	eq(
		theoryValues([cr[0]], "messages.byType.ELECTED").map((b) => b.formula),
		["n"],
	);
});

test("integerAxis: whole-number ticks around unit bins, at least 10 wide, never below zero for counts", () => {
	const bins = (lo, hi) => Array.from({length: hi - lo + 1}, (_, i) => ({x0: lo + i - 0.5, x1: lo + i + 0.5, count: 1}));
	eq(integerAxis(bins(126, 126)), {domain: [121, 131], ticks: [121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131]});
	eq(integerAxis(bins(38, 90)).ticks, [40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90]);
	eq(integerAxis(bins(100, 400)).ticks, [100, 150, 200, 250, 300, 350, 400]);
	eq(integerAxis(bins(1, 3)).domain, [-0.5, 9.5]);
	eq(integerAxis(bins(31, 31), [136]).domain, [30.5, 136.5], "the theory's values are inside");
	eq(integerAxis([{x0: 0, x1: 0.5, count: 1}]), null, "not unit bins");
});

test("theoryOf and theoryValues: a bound of a declared mean speaks about the field it averages", () => {
	const rows = [raRow(3, 1, [4, 4]), raRow(5, 1, [8, 8])];
	eq(
		theoryOf(rows, "n", "outcome.entries.messages", [], RA).map((c) => c.points.map((p) => p.value)),
		[[4, 8]],
	);
	eq(
		theoryValues([rows[1]], "outcome.entries.messages", RA).map((b) => b.value),
		[8],
	);
	eq(theoryOf(rows, "n", "outcome.entries.messages"), [], "without the declaration it does not");
});

test("expectedCounts: a predicted distribution as counts over the bins", () => {
	const hist = histogram([1, 1, 2, 1, 3, 2, 1, 1]);
	const d = [{x: 1, p: 0.5}, {x: 2, p: 0.25}, {x: 3, p: 0.125}, {x: 4, p: 0.0625}];
	eq(expectedCounts(d, hist), [{x: 1, count: 4}, {x: 2, count: 2}, {x: 3, count: 1}], "x = 4 is beyond the bins");
	eq(expectedCounts(null, hist), []);
});

test("finished and stoppedCount: runs that stopped at their event limit are not measurements", () => {
	// Chang–Roberts, IDs decreasing: n = 1000 needs n(n+1)/2 ELECTION messages, the run stopped at its limit with fewer
	const ok1 = {...crRow(300, 1, 45150, "decreasing"), terminated: true};
	const ok2 = {...crRow(600, 1, 180300, "decreasing"), terminated: true};
	const cut = {...crRow(1000, 1, 498564, "decreasing"), terminated: false};
	const rows = [ok1, ok2, cut];
	eq(finished(rows), [ok1, ok2]);
	eq(finished([cr[0]]), [cr[0]], "a row without the field (older answers) counts as finished");
	eq(stoppedCount(rows), 1);
	eq(stoppedCount(cr), 0);
	const s = seriesOf(finished(rows), "n", "messages.byType.ELECTION");
	eq(
		s[0].points.map((p) => p.x),
		[300, 600],
		"no point at n = 1000",
	);
	eq(histogram(finished(rows).flatMap((r) => valuesOf(r, "messages.byType.ELECTION"))).count, 2);
});

test("niceTicks: 1-2-5 steps, 5 to 9 labelled ticks, the domain on whole steps", () => {
	const t = (lo, hi, ...a) => niceTicks(lo, hi, ...a).ticks;
	eq(t(0, 500500), [0, 100000, 200000, 300000, 400000, 500000, 600000]);
	eq(t(0, 130), [0, 20, 40, 60, 80, 100, 120, 140], "not every 5");
	eq(t(0, 1400), [0, 200, 400, 600, 800, 1000, 1200, 1400], "not every 50");
	eq(niceTicks(7, 91).domain, [0, 100]);
	eq(t(0, 3.2), [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5]);
	eq(t(0.1, 0.7), [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], "no floating-point noise");
	eq(t(0, 0), [0, 0.2, 0.4, 0.6, 0.8, 1], "an empty span is widened, not below zero");
	eq(t(8, 8, 8, true), [7, 8, 9], "whole numbers: no step below 1");
	for (const [lo, hi] of [[0, 7], [0, 99], [0, 12345], [3, 4.2], [0, 1e6], [-40, 75]]) {
		const n = t(lo, hi).length;
		ok(n >= 5 && n <= 9, `${lo}…${hi}: ${n} ticks`);
	}
});

test("logTicks: powers of ten over many decades, 1-2-5 over few", () => {
	eq(logTicks(10, 1e6), [10, 100, 1000, 10000, 100000, 1000000]);
	eq(logTicks(7, 8256), [10, 20, 50, 100, 200, 500, 1000, 2000, 5000], "three decades");
	eq(logTicks(3, 765), [5, 10, 20, 50, 100, 200, 500], "tree-echo: more than 10 and 100");
	eq(logTicks(0.5, 3), [0.5, 0.6, 0.7, 0.8, 0.9, 1, 2, 3]);
	eq(logTicks(7, 9), [7, 8, 9]);
	eq(logTicks(11, 19), [12, 14, 16, 18], "too narrow for a decade's steps: linear ones");
	eq(logTicks(0, 10), [], "not a log domain");
});

test("numberFormat and tickFormat: numbers as the page's language writes them", () => {
	eq(numberFormat("en")(1400), "1,400");
	eq(numberFormat("de")(1400), "1.400");
	eq(numberFormat("de")(1.9704), "1,97");
	eq(numberFormat("es")(500000), "500.000");
	eq(numberFormat("en")(500000), "500,000");
	eq(numberFormat("de")(null), "null");
	eq([0, 0.5, 1].map(tickFormat([0, 0.5, 1], "de")), ["0", "0,5", "1"]);
	eq([0, 250000].map(tickFormat([0, 250000], "en")), ["0", "250,000"]);
});

test("formulaIsValue: a formula that is its own value is written once", () => {
	eq(formulaIsValue("2", 2), true);
	eq(formulaIsValue(" 3 ", 3), true);
	eq(formulaIsValue("−1", -1), true, "the minus sign of formulas");
	eq(formulaIsValue("2(n−1)", 2), false);
	eq(formulaIsValue("2", 4), false);
	eq(formulaIsValue("", 0), false);
});
