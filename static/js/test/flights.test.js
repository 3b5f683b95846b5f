// The messages in flight (views/kit/flights.js): an element each while
// few, dots in bulk (one path per look) when the view's prepare says so,
// and back; the pointer finds a message drawn in bulk by where it is.
import {test, eq, ok} from "./harness.js";
import {createFlights} from "../views/kit/flights.js";
import {svg, SVGNS} from "../app/dom.js";

const alg = {messageTypes: ["A", "B"]};

// flights k of n processes on a line: message i from i to i+1, halfway, type A or B
function flightsOf(k) {
	return Array.from({length: k}, (_, i) => ({id: i + 1, from: i, to: i + 1, type: i % 2 ? "B" : "A", sentAt: 0, arrive: 2, label: "m"}));
}

test("flights: few messages an element each, many dots in bulk", () => {
	const root = document.createElementNS(SVGNS, "svg");
	document.body.append(root);
	const layer = svg("g", {}, root);
	try {
		const fl = createFlights(layer, {
			alg: () => alg,
			prepare: (list) => (list.length > 3 ? {bulk: true, r: 4} : {}),
			make: (m) => svg("circle", {class: "tok", r: 4}, m.g),
			at: (f, fr) => ({x: 100 * f.from + 100 * fr, y: 10}),
			place: () => {},
		});
		const frame = (k) => ({time: 1, flights: flightsOf(k)});
		fl.update(frame(2), null);
		eq(layer.querySelectorAll("[data-msg]").length, 2, "two messages: an element each");
		eq(layer.querySelectorAll("[data-msgs]").length, 0, "two messages: no bulk");
		fl.update(frame(5), null);
		eq(layer.querySelectorAll("[data-msg]").length, 0, "five: no element of their own");
		const paths = [...layer.querySelectorAll("path[data-msgs]")];
		eq(paths.length, 2, "five: a path per type");
		ok(paths.every((p) => p.classList.contains("tok") && p.classList.contains("msg")), "the paths are tokens");
		eq(paths.map((p) => (p.getAttribute("d").match(/M/g) || []).length).sort(), [2, 3], "a dot per message");
		eq(fl.size, 5, "size counts the dots");
		eq(fl.nearest(251, 11), 3, "the pointer finds message 3 at its dot (250, 10)");
		eq(fl.nearest(200, 60), null, "and none far from every dot");
		const some = frame(5);
		some.flights[0].deliverable = true;
		fl.update(some, null, {manual: true});
		const next = layer.querySelectorAll("path.deliverable");
		eq(next.length, 1, "manual: the message that may be delivered next has a path of its own");
		eq((next[0].getAttribute("d").match(/M/g) || []).length, 1, "with its dot alone");
		ok(parseFloat(next[0].style.strokeWidth) > parseFloat(layer.querySelector("path:not(.deliverable)").style.strokeWidth), "larger than the others");
		fl.update(frame(1), null);
		eq(layer.querySelectorAll("[data-msgs]").length, 0, "back to few: the bulk paths go");
		eq(layer.querySelectorAll("[data-msg]").length, 1, "and the message has its element");
		fl.clear();
		eq(layer.childElementCount, 0, "clear leaves nothing");
	} finally {
		root.remove();
	}
});

// A count hovering about the threshold does not switch the drawing at each
// crossing while the run plays (views/kit/bulk.js): many above 60, few again
// only below 48; a step reached otherwise is many above 60 alone.
test("flights: the switch to bulk and back has hysteresis while playing", () => {
	const root = document.createElementNS(SVGNS, "svg");
	document.body.append(root);
	const layer = svg("g", {}, root);
	try {
		const fl = createFlights(layer, {
			alg: () => alg,
			prepare: (list, frame, many) => (many ? {bulk: true, r: 4} : {}),
			make: (m) => svg("circle", {class: "tok", r: 4}, m.g),
			at: (f, fr) => ({x: 100 * f.from + 100 * fr, y: 10}),
			place: () => {},
		});
		const inBulk = (k, playing = true) => {
			fl.update({time: k, flights: flightsOf(k)}, null, {playing});
			const bulk = layer.querySelectorAll("[data-msgs]").length > 0;
			eq(layer.querySelectorAll("[data-msg]").length, bulk ? 0 : k, `${k} messages: an element each or none`);
			return bulk;
		};
		const counts = [59, 60, 61, 59, 60, 61, 50, 48, 47, 50, 60, 61];
		eq(counts.map((k) => inBulk(k)), [false, false, true, true, true, true, true, true, false, false, false, true]);
		eq(inBulk(55, false), false, "paused at 55 after many: few, as stepped to");
		fl.clear();
		eq(inBulk(55), false, "after clear (a new run) 55 are few");
	} finally {
		root.remove();
	}
});
