import {test, eq} from "./harness.js";
import {formatValue, tableColumns, stampText} from "../panel/values.js";

const label = (p) => "P" + (p + 1);
const kind = (k, more = {}) => ({kind: k, ...more});
const request = kind("record", {
	fields: [kind("position", {name: "node"}), kind("number", {name: "requested", hidden: true}), kind("duration", {name: "requestedTime"})],
	format: "{node} (t = {requestedTime})",
});

test("formatValue: each value by its declared kind", () => {
	eq(formatValue(kind("positions"), [0, 10, 11, 12], label), "P1, P11, P12, P13");
	eq(formatValue(kind("positions"), [], label), "—");
	eq(formatValue(kind("positions"), [0, 1], null), "[0, 1]", "without labels positions stay numbers");
	eq(formatValue(kind("stamp"), [1, 11], label), "(1,11)");
	const lock = kind("record", {fields: [kind("position", {name: "node"}), kind("stamp", {name: "ts"})]});
	eq(formatValue(lock, {node: 10, ts: [1, 11]}, label), "P11 (1,11)", "a record without a format: its fields in turn");
	eq(formatValue({...lock, kind: "records"}, [{node: 1, ts: [3, 2]}, {node: 8, ts: [5, 9]}], label), "[P2 (3,2), P9 (5,9)]");
	const ports = kind("records", {fields: [kind("position", {name: "peer"}), kind("text", {name: "state"})], format: "{peer}: {state}"});
	eq(formatValue(ports, [{peer: 2, state: "child"}], label), "[P3: child]");
	eq(formatValue(kind("position"), -1, label), "—");
	eq(formatValue(kind("position"), 4, label), "P5");
	const deadlock = kind("record", {fields: [kind("cycle", {name: "cycle"}), kind("text", {name: "text", hidden: true})], format: "{cycle}"});
	eq(formatValue(deadlock, {cycle: [0, 1, 3], text: "cycle of waits"}, label), "P1 → P2 → P4 → P1");
	eq(formatValue(kind("cycle"), [2, 0], label), "P3 → P1 → P3");
	eq(formatValue(request, {node: 1, requested: 5, requestedTime: 0, enter: 27}, label), "P2 (t = 0)");
	eq(formatValue(kind("record", {fields: [kind("text", {name: "text"})]}), {text: "a sentence"}, label), "a sentence");
	eq(formatValue(kind("number"), 7, label), "7");
	eq(formatValue(kind("partition"), [[0, 1], [3]], label), "{P1, P2} {P4}");
	eq(formatValue(kind("flag"), true, label, ["ja", "nein"]), "ja");
	eq(formatValue(kind("text"), "WANTED", label), "WANTED");
	eq(formatValue(kind("position"), null, label), "—");
	eq(formatValue(kind("number"), 10.666666666666666, label), "10.67", "a mean reads as 10.67");
	eq(formatValue(kind("records"), [], label), "—");
});

test("formatValue: an undeclared value is written as it is", () => {
	eq(formatValue(null, 4, label), "4", "a number is not taken for a position");
	eq(formatValue(undefined, [0, 1], label), "[0, 1]");
	eq(formatValue(kind("value"), {a: 1}, label), '{"a":1}');
	eq(formatValue(kind("value"), null, label), "—");
	eq(formatValue(kind("position"), "P3", label), "P3", "a value not of its kind is written as it is");
	eq(stampText([3, 7]), "(3,7)");
	eq(stampText(null), "");
});

test("tableColumns: the declared fields that are not hidden, in their order", () => {
	const entries = kind("records", {
		fields: [
			kind("position", {name: "node"}), kind("duration", {name: "requestedAt", hidden: true}), kind("number", {name: "requested", hidden: true}),
			kind("number", {name: "enter", hidden: true, use: "seekEvent"}), kind("duration", {name: "requestedTime"}), kind("duration", {name: "enterTime", use: "seekTime"}),
			kind("number", {name: "messages", use: "measure"}), kind("duration", {name: "syncDelay", use: "measure"}),
		],
	});
	const row = {node: 2, requestedAt: 3, requested: 11, enter: 18, requestedTime: 3, enterTime: 12, messages: 3, syncDelay: null};
	eq(tableColumns(entries, [row]).map((c) => c.name), ["node", "requestedTime", "enterTime", "messages", "syncDelay"]);
	const me3 = kind("records", {fields: [{...request, name: "earlier"}, {...request, name: "later"}, kind("text", {name: "text", hidden: true})]});
	eq(tableColumns(me3, [{earlier: {node: 1}, later: {node: 2}, text: "the request of P1 …"}]).map((c) => c.name), ["earlier", "later"]);
	eq(tableColumns(null, [{a: 1, b: 2}]).map((c) => c.name), ["a", "b"], "undeclared: the rows' keys");
});
