import {test, eq} from "./harness.js";
import {barrierLines} from "../spacetime/barriers.js";

const DECL = {name: "installs", kind: "records", use: "barriers", fields: [
	{name: "node", kind: "position"}, {name: "view", kind: "number", use: "barrierOf"}, {name: "time", kind: "duration", use: "seekTime"},
]};

test("barrierLines: one line per barrier through its crossings, by position; the first view is no change", () => {
	const recs = [
		{node: 0, view: 0, time: 0}, {node: 1, view: 0, time: 0},
		{node: 2, view: 1, time: 23}, {node: 1, view: 1, time: 21},
	];
	eq(barrierLines(DECL, recs), [{id: 1, points: [{node: 1, time: 21}, {node: 2, time: 23}]}]);
	eq(barrierLines(null, recs), []);
	eq(barrierLines(DECL, null), []);
});
