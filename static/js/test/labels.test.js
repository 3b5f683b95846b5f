import {test, eq, ok} from "./harness.js";
import {box, overlap, placeLabels, msgText, labelSize} from "../views/kit/labels.js";

test("msgText: a short label whole, a long list broken after commas", () => {
	eq(msgText("ELECTION(5)", "E"), ["ELECTION(5)"]);
	const lines = msgText("COORDINATOR(3,2,1,0,6,5,4,12,13)", "COORD", 12);
	eq(lines.join(""), "COORD(3,2,1,0,6,5,4,12,13)");
	ok(lines.every((l) => l.length <= 12), lines.join("|"));
	eq(msgText("A_VERY_LONG_TYPE_NAME", "", 10), ["A_VERY_LO…"]);
});

test("placeLabels: labels of tokens at one place do not overlap, nor obstacles", () => {
	const items = Array.from({length: 6}, () => ({x: 200, y: 200, w: 90, h: 20, ux: 0, uy: 1}));
	const obstacles = [box(200, 170, 40, 40)];
	const at = placeLabels(items, obstacles, {x0: 0, y0: 0, x1: 400, y1: 400});
	const boxes = at.map((p) => box(p.x, p.y, 90, 20));
	for (let i = 0; i < boxes.length; i++) {
		ok(at[i].free, `label ${i} found a free place`);
		eq(overlap(boxes[i], obstacles[0]), 0);
		for (let j = i + 1; j < boxes.length; j++) eq(overlap(boxes[i], boxes[j]), 0, `${i} and ${j}`);
	}
	ok(at[0].y > 200, "the first goes the preferred way");
});

test("placeLabels: stays inside the bounds", () => {
	const [p] = placeLabels([{x: 395, y: 5, w: 80, h: 20, ux: 1, uy: -1}], [], {x0: 0, y0: 0, x1: 400, y1: 400});
	ok(p.x + 40 <= 400 && p.y - 10 >= 0, JSON.stringify(p));
});

test("labelSize: grows with lines and length", () => {
	const a = labelSize(["AB"], 15);
	const b = labelSize(["ABCD", "AB"], 15);
	ok(b.w > a.w && b.h > a.h);
});
