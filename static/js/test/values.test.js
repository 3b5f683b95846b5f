import {test, eq} from "./harness.js";
import {formatValue, tableColumns, hiddenOutcome} from "../values.js";

const label = (p) => "P" + (p + 1);

test("formatValue: positions as labels, stamps as the lecture writes them", () => {
	eq(formatValue("quorum", [0, 10, 11, 12], label), "P1, P11, P12, P13");
	eq(formatValue("granted", [], label), "—");
	eq(formatValue("quorum", [0, 1], null), "[0, 1]", "without labels positions stay numbers");
	eq(formatValue("request", [1, 11], label), "(1,11)");
	eq(formatValue("lock", {node: 10, ts: [1, 11]}, label), "P11 (1,11)");
	eq(formatValue("queue", [{node: 1, ts: [3, 2]}, {node: 8, ts: [5, 9]}], label), "[P2 (3,2), P9 (5,9)]");
	eq(formatValue("ports", [{peer: 2, state: "child"}], label), "[P3: child]");
	eq(formatValue("parent", -1, label), "—");
	eq(formatValue("parent", 4, label), "P5");
	eq(formatValue("deadlock", {cycle: [0, 1, 3], text: "cycle of waits"}, label), "P1 → P2 → P4 → P1");
	eq(formatValue("earlier", {node: 1, requested: 5, requestedTime: 0, enter: 27}, label), "P2 (t = 0)");
	eq(formatValue("explained", {text: "a sentence"}, label), "a sentence");
	eq(formatValue("clock", 7, label), "7");
	eq(formatValue("elected", [1], label), "P2", "an election's elected are positions");
	eq(formatValue("parts", [[0, 1], [3]], label), "{P1, P2} {P4}");
	eq(formatValue("token", true, label, ["ja", "nein"]), "ja");
	eq(formatValue("x", null, label), "—");
	eq(formatValue("other", {a: 1}, label), '{"a":1}');
	eq(formatValue("messagesPerEntry", 10.666666666666666, label), "10.67");
	eq(formatValue("me3", [], label), "—");
});

test("tableColumns: entries as the lecture reads them; other tables whole", () => {
	const row = {node: 2, requestedAt: 3, requested: 11, enter: 18, exit: 21, requestedTime: 3, enterTime: 12, exitTime: 17, messages: 3, clientDelay: 9, syncDelay: null, overtakes: 0};
	eq(tableColumns("entries", [row]), ["node", "requestedTime", "enterTime", "exitTime", "messages", "clientDelay", "syncDelay"]);
	eq(tableColumns("me3", [{earlier: 1, later: 2}]), ["earlier", "later"]);
	eq(tableColumns("me3", [{earlier: {node: 1}, later: {node: 2}, text: "the request of P1 …"}]), ["earlier", "later"]);
	eq(hiddenOutcome("grid", "quorums"), true);
	eq(hiddenOutcome("ring", "quorums"), false);
});
