import {test, eq, ok} from "./harness.js";
import {splitMembers, groupLayout, laneCells, lanePlaces, alongLink, linkCurve, innerLabel} from "../views/group/grouplayout.js";

test("splitMembers: the processes that deliver nothing are the senders", () => {
	eq(splitMembers(4, (p) => p !== 0), {senders: [0], receivers: [1, 2, 3]});
	eq(splitMembers(3, () => true), {senders: [], receivers: [0, 1, 2]});
});

test("groupLayout: senders left of the receivers' rows, rows top to bottom, lanes right of them", () => {
	const L = groupLayout([0], [1, 2, 3], 600, 400);
	ok(L.pos[0].x < L.pos[1].x, "the sender is left of the receivers");
	ok(L.pos[1].y < L.pos[2].y && L.pos[2].y < L.pos[3].y, "rows in position order");
	ok(L.pos[1].x === L.pos[3].x, "the receivers share a column");
	ok(L.laneX0 > L.pos[1].x + L.r && L.laneX1 <= 600, "the lanes lie right of the receivers, inside the box");
	ok(!L.dense, "three rows in 400 px are roomy");
	ok(groupLayout([0], [...Array(63).keys()].map((p) => p + 1), 600, 400).dense, "63 rows are dense");
});

test("laneCells: delivered, held back and missing messages in order; the last ones when too many", () => {
	eq(laneCells([1], [3], [2], 10), {cells: [{seq: 1, state: "ok"}, {seq: 2, state: "miss"}, {seq: 3, state: "hold"}], cut: 0});
	eq(laneCells([], [], [], 5), {cells: [], cut: 0});
	eq(laneCells([1, 2, 3, 4], [], [5], 2), {cells: [{seq: 4, state: "ok"}, {seq: 5, state: "miss"}], cut: 3});
	eq(lanePlaces(0, 100, 20), 4);
});

test("alongLink: the way from a to b, off to the left of the direction of travel", () => {
	eq(alongLink({x: 0, y: 0}, {x: 10, y: 0}, 0.5, 0), {x: 5, y: 0});
	eq(alongLink({x: 0, y: 0}, {x: 10, y: 0}, 0.5, 2), {x: 5, y: -2});
	eq(innerLabel("DATA(3)", "DATA"), "3");
	eq(innerLabel("NACK(1,2,3,4,5)", "NACK"), "N");
});

test("linkCurve: straight between columns, bulging left between two rows of one column", () => {
	const s = linkCurve({x: 0, y: 0}, {x: 10, y: 0}, 5);
	eq(s.at(0.5, 0), {x: 5, y: 0});
	const c = linkCurve({x: 100, y: 0}, {x: 100, y: 40}, 20);
	eq(c.at(0, 0), {x: 100, y: 0});
	eq(c.at(1, 0), {x: 100, y: 40});
	ok(c.at(0.5, 0).x < 100, "the middle lies left of the column");
});
