// The names screen readers give a view's items (views/kit/names.js): from
// the server's declarations, and holding the words the item shows.
import {test, eq} from "./harness.js";
import {namer, visibleText} from "../views/kit/names.js";
import {svg} from "../app/dom.js";
import {lang, setLang} from "../i18n/i18n.js";

const ALG = {labels: {en: {"role.w": "waiting"}}};
const RUN = {algorithm: ALG, nodes: [{label: "P0"}, {label: "P1"}, {label: "P2"}]};
const FRAME = {
	nodes: [{label: "P0", id: 5, role: "w"}, {label: "P1", id: 1, role: "w", crashed: true}, {label: "P2", id: 7}],
	flights: [{id: 3, from: 0, to: 2, label: "REQ(5)"}, {id: 4, from: 1, to: 2, label: "REQ(1)", deliverable: true}, {id: 6, from: 2, to: 0, label: "OK"}],
};

// drawn puts an item with texts (null: a hidden one) in a shown SVG
function drawn(...texts) {
	const root = svg("svg", {width: 200, height: 50});
	document.body.append(root);
	const g = svg("g", null, root);
	texts.forEach((s, i) => {
		const t = svg("text", {x: 10 + 40 * i, y: 20}, g);
		t.textContent = s === null ? "hidden" : s;
		if (s === null) t.setAttribute("visibility", "hidden");
	});
	return {g, done: () => root.remove()};
}

function inEnglish(f) {
	const was = lang();
	setLang("en");
	try {
		f();
	} finally {
		setLang(was);
	}
}

test("names: a process by its label, id, role, crash and the messages on their way to it", () =>
	inEnglish(() => {
		const n = namer(RUN, FRAME);
		const d = drawn("5", null);
		eq(n.node(0, d.g), "P0, ID 5, waiting, 1 message on its way to it");
		eq(n.node(1, d.g), "P1, ID 1, waiting, crashed, 5");
		eq(n.node(2, d.g), "P2, ID 7, 2 messages on their way to it, 5");
		d.done();
	}));

test("names: a message by its label, its ends, and whether it may be delivered next", () =>
	inEnglish(() => {
		const n = namer(RUN, FRAME);
		const d = drawn("REQ(1)");
		eq(n.msg(FRAME.flights[1], d.g), "REQ(1), message from P1 to P2, may be delivered next");
		eq(n.msg(FRAME.flights[0], d.g), "REQ(5), message from P0 to P2"); // (a parenthesis is no word of its own)
		d.done();
		const o = drawn("OK");
		eq(n.msg(FRAME.flights[0], o.g), "REQ(5), message from P0 to P2, OK");
		o.done();
	}));

test("names: the text shown, run together as a checker reads it, without hidden texts and tooltips", () => {
	const d = drawn("P2", "(1,2)", null, "P2 (1,2)");
	svg("title", null, d.g.lastChild).textContent = "locked by P2";
	eq(visibleText(d.g), "P2(1,2)P2 (1,2)");
	d.done();
});
