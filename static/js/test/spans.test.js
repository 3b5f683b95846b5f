import {test, eq} from "./harness.js";
import {stays} from "../spacetime/spans.js";

test("stays: an outcome's records with a position, a seekEvent and a spanEnd", () => {
	const alg = {
		outcome: [
			{name: "entries", kind: "records", fields: [{name: "node", kind: "position"}, {name: "enter", kind: "number", use: "seekEvent"}, {name: "exit", kind: "number", use: "spanEnd"}]},
			{name: "other", kind: "records", fields: [{name: "node", kind: "position"}, {name: "at", kind: "number", use: "seekEvent"}]},
		],
	};
	const outcome = {entries: [{node: 1, enter: 5, exit: 9}, {node: 0, enter: 12, exit: null}], other: [{node: 2, at: 3}]};
	eq(stays(alg, outcome).map(({node, from, to}) => [node, from, to]), [[1, 5, 9], [0, 12, null]]);
	eq(stays(alg, null), []);
	eq(stays({outcome: []}, outcome), []);
});
