// The clocks view's reading of a clock's marks (views/clocks/clockmodel.js):
// the reading at a time, the course up to now with its jumps, the skew.
import {test, eq, ok, near} from "./harness.js";
import {valueAt, course, skewOf, clocksOf, domains, ticks} from "../views/clocks/clockmodel.js";

// a clock 5 ahead running at 1.1; at t = 10 it jumps back to 10 (band 2);
// at t = 20 it slews at 0.5 until t = 40, then runs at 1
const MARKS = [
	{t: 0, c: 5, before: 5, rate: 1.1, kind: "start"},
	{t: 10, c: 10, before: 16, rate: 1.1, kind: "jump", band: 2},
	{t: 20, c: 21, before: 21, rate: 0.5, kind: "slew"},
	{t: 40, c: 31, before: 31, rate: 1, kind: "slewEnd"},
];

test("clocks: the reading at a time follows the marks", () => {
	near(valueAt(MARKS, 0), 5);
	near(valueAt(MARKS, 5), 10.5);
	near(valueAt(MARKS, 10), 10);
	near(valueAt(MARKS, 30), 26);
	near(valueAt(MARKS, 50), 41);
	eq(valueAt([], 3), null);
});

test("clocks: the course up to now has the jump as two points and no future slew's end", () => {
	const {points, corrections} = course(MARKS, 30);
	eq(JSON.stringify(points.map((p) => [p.t, Math.round(p.c * 100) / 100])), "[[0,5],[10,16],[10,10],[20,21],[20,21],[30,26]]");
	eq(corrections.map((k) => k.kind).join(","), "jump,slew");
	eq(corrections[0].before, 16);
	eq(corrections[0].band, 2);
	eq(course(MARKS, 45).corrections.length, 3, "the slew's end once reached");
});

test("clocks: the skew is the spread of the live clocks now", () => {
	const alg = {vars: [{name: "clock", kind: "value", use: "clockSeries"}]};
	const node = (pos, marks, crashed = false) => ({pos, crashed, vars: [{name: "clock", value: marks}]});
	const frame = {time: 10, nodes: [node(0, [{t: 0, c: 0, before: 0, rate: 1, kind: "start"}]),
		node(1, [{t: 0, c: 4, before: 4, rate: 1, kind: "start"}]), node(2, [{t: 0, c: 100, before: 100, rate: 1, kind: "start"}], true),
		{pos: 3, crashed: false, vars: []}]};
	const clocks = clocksOf(alg, frame);
	eq(clocks.length, 3, "processes without a clock are left out");
	eq(skewOf(clocks).skew, 4, "the crashed clock is left out");
	eq(skewOf(clocks.slice(0, 1)), null);
	const d = domains(clocks, 10, "deviation");
	ok(d.y[0] < -100 && d.y[1] > 100 && d.x[1] >= 10, "the deviation's range is symmetric and holds every clock");
	eq(ticks(0, 300, 3).join(","), "0,100,200,300");
	ok(!ticks(-20, 20, 4).some((v) => Object.is(v, -0)), "no tick is −0");
});
